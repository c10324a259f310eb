// perform-ecs 0.7 adapter, written from its README example (the package has no other docs)
// and its src/. A component is a `Component` subclass registered with `makeComponent` whose
// `reset(entity, ...args)` writes the component's fields onto the entity object itself: an
// entity is one plain object carrying every field of every component it has, so each
// component here owns distinct field names (A writes `a`, Position writes `x`/`y`,
// Velocity `vx`/`vy`). Entities come from `ecs.createEntity([{ component, args }])`. The
// fast path is a System subclass holding a view (`EntityViewFactory.createView({
// components })`), registered with `ecs.registerSystem`; its `update` loops over
// `this.view.entities`. Per-entity access is the entity object's own fields.
//
// Library behaviour that shapes this file (src/):
// - Component ids come from one global counter and a view matches by a 32-bit mask of
//   `1 << id`, so at most 32 component classes may ever be registered in a process. The
//   classes are declared below but registered (`makeComponent`) in the setup of the
//   scenario that uses them, which is the only setup a bench process runs.
// - A view only sees entities created (or given components) after it was registered, so
//   every setup registers its systems first.
// - Adding components pushes their initializers onto `entity.components`, and removing a
//   component never takes its initializer back out: an entity that gains and loses B every
//   op would grow that array forever. add_remove and migrate_100k take the removed
//   component's initializer out after removing it (lastIndexOf + splice on a 2-element
//   array), the only way to keep the state steady; their checks verify it.
// - Removing a component only takes the entity out of views: its fields stay on the object.
// - Removing an entity or a component is `indexOf` + `splice` on each matching view's
//   entity list, O(view size) per removal, and there is no bulk removal: see `unsupported`.
import { Component, ECS, EntityViewFactory, makeComponent, System } from "perform-ecs";
import { expectEqual } from "../check.js";
import { picks } from "../picks.js";
import type { StepImplementation } from "../types.js";
import type { Adapter } from "./types.js";

/** Registers component classes with perform-ecs (once each), in order. */
function register(...classes: (typeof Component)[]): void {
  for (const C of classes) if (!Object.hasOwn(C, "id")) makeComponent(C);
}

/** An ECS with `systems` registered, in order. */
function ecsWith(...systems: System[]): ECS {
  const ecs = new ECS();
  for (const system of systems) ecs.registerSystem(system);
  return ecs;
}

/** Sum of `read(entity)` over a list of entities. */
function sumOver<T>(entities: readonly T[], read: (e: T) => number): number {
  let sum = 0;
  for (const e of entities) sum += read(e);
  return sum;
}

class A extends Component {
  declare a: number;
  reset(entity: this, value = 1): void {
    entity.a = value;
  }
}
class B extends Component {
  declare b: number;
  reset(entity: this, value = 1): void {
    entity.b = value;
  }
}
class C extends Component {
  declare c: number;
  reset(entity: this, value = 1): void {
    entity.c = value;
  }
}
class D extends Component {
  declare d: number;
  reset(entity: this, value = 1): void {
    entity.d = value;
  }
}
class E extends Component {
  declare e: number;
  reset(entity: this, value = 1): void {
    entity.e = value;
  }
}

class Position extends Component {
  declare x: number;
  declare y: number;
  reset(entity: this, x = 0, y = 0): void {
    entity.x = x;
    entity.y = y;
  }
}
class Velocity extends Component {
  declare vx: number;
  declare vy: number;
  reset(entity: this, x = 0, y = 0): void {
    entity.vx = x;
    entity.vy = y;
  }
}

// ---------------------------------------------------------------------------------------
// packed_5: 1,000 entities with A..E { value: 1 }; 5 systems doubling one component each.

const PACKED_N = 1000;

class DoubleA extends System {
  view = EntityViewFactory.createView({ components: [A] });
  override update(): void {
    const es = this.view.entities;
    for (let i = 0; i < es.length; i++) es[i].a *= 2;
  }
}
class DoubleB extends System {
  view = EntityViewFactory.createView({ components: [B] });
  override update(): void {
    const es = this.view.entities;
    for (let i = 0; i < es.length; i++) es[i].b *= 2;
  }
}
class DoubleC extends System {
  view = EntityViewFactory.createView({ components: [C] });
  override update(): void {
    const es = this.view.entities;
    for (let i = 0; i < es.length; i++) es[i].c *= 2;
  }
}
class DoubleD extends System {
  view = EntityViewFactory.createView({ components: [D] });
  override update(): void {
    const es = this.view.entities;
    for (let i = 0; i < es.length; i++) es[i].d *= 2;
  }
}
class DoubleE extends System {
  view = EntityViewFactory.createView({ components: [E] });
  override update(): void {
    const es = this.view.entities;
    for (let i = 0; i < es.length; i++) es[i].e *= 2;
  }
}

interface PackedState {
  readonly ecs: ECS;
  readonly a: DoubleA;
  readonly b: DoubleB;
  readonly c: DoubleC;
  readonly d: DoubleD;
  readonly e: DoubleE;
}

/** One op of a scenario: the ECS runs its systems in registration order. */
function update(s: { readonly ecs: ECS }): void {
  s.ecs.update(0);
}

const packed5: StepImplementation<PackedState> = {
  setup() {
    register(A, B, C, D, E);
    const state = { a: new DoubleA(), b: new DoubleB(), c: new DoubleC(), d: new DoubleD(), e: new DoubleE() };
    const ecs = ecsWith(state.a, state.b, state.c, state.d, state.e);
    for (let i = 0; i < PACKED_N; i++) {
      ecs.createEntity([
        { component: A, args: [1] },
        { component: B, args: [1] },
        { component: C, args: [1] },
        { component: D, args: [1] },
        { component: E, args: [1] },
      ]);
    }
    return { ecs, ...state };
  },
  step: update,
  check(s) {
    update(s);
    for (const [name, list, sum] of [
      ["A", s.a.view.entities, sumOver(s.a.view.entities, (e) => e.a)],
      ["B", s.b.view.entities, sumOver(s.b.view.entities, (e) => e.b)],
      ["C", s.c.view.entities, sumOver(s.c.view.entities, (e) => e.c)],
      ["D", s.d.view.entities, sumOver(s.d.view.entities, (e) => e.d)],
      ["E", s.e.view.entities, sumOver(s.e.view.entities, (e) => e.e)],
    ] as const) {
      expectEqual("packed_5", `entities with ${name}`, list.length, PACKED_N);
      expectEqual("packed_5", `sum of ${name}.value after one step`, sum, 2 * PACKED_N);
    }
  },
};

// ---------------------------------------------------------------------------------------
// simple_iter: 1,000 each of (A,B), (A,B,C), (A,B,C,D), (A,B,C,E) with A=1, B=2, C=3, D=4,
// E=5; 3 systems swapping (A,B), (C,D), (C,E).

const SIMPLE_N = 1000;

class SwapAB extends System {
  view = EntityViewFactory.createView({ components: [A, B] });
  override update(): void {
    const es = this.view.entities;
    for (let i = 0; i < es.length; i++) {
      const e = es[i];
      const x = e.a;
      e.a = e.b;
      e.b = x;
    }
  }
}
class SwapCD extends System {
  view = EntityViewFactory.createView({ components: [C, D] });
  override update(): void {
    const es = this.view.entities;
    for (let i = 0; i < es.length; i++) {
      const e = es[i];
      const x = e.c;
      e.c = e.d;
      e.d = x;
    }
  }
}
class SwapCE extends System {
  view = EntityViewFactory.createView({ components: [C, E] });
  override update(): void {
    const es = this.view.entities;
    for (let i = 0; i < es.length; i++) {
      const e = es[i];
      const x = e.c;
      e.c = e.e;
      e.e = x;
    }
  }
}
/** Registered for the check only (a view sees only entities created after it). */
class AllC extends System {
  view = EntityViewFactory.createView({ components: [C] });
}

interface SimpleState {
  readonly ecs: ECS;
  readonly ab: SwapAB;
  readonly cd: SwapCD;
  readonly ce: SwapCE;
  readonly c: AllC;
}

const simpleIter: StepImplementation<SimpleState> = {
  setup() {
    register(A, B, C, D, E);
    const state = { ab: new SwapAB(), cd: new SwapCD(), ce: new SwapCE(), c: new AllC() };
    const ecs = ecsWith(state.ab, state.cd, state.ce, state.c);
    const a = { component: A, args: [1] };
    const b = { component: B, args: [2] };
    const c = { component: C, args: [3] };
    for (let i = 0; i < SIMPLE_N; i++) ecs.createEntity([a, b]);
    for (let i = 0; i < SIMPLE_N; i++) ecs.createEntity([a, b, c]);
    for (let i = 0; i < SIMPLE_N; i++) ecs.createEntity([a, b, c, { component: D, args: [4] }]);
    for (let i = 0; i < SIMPLE_N; i++) ecs.createEntity([a, b, c, { component: E, args: [5] }]);
    return { ecs, ...state };
  },
  step: update,
  check(s) {
    update(s);
    const ab = s.ab.view.entities;
    expectEqual("simple_iter", "(A,B) entities", ab.length, 4 * SIMPLE_N);
    expectEqual(
      "simple_iter",
      "sum of A.value after one step",
      sumOver(ab, (e) => e.a),
      4 * SIMPLE_N * 2,
    );
    expectEqual(
      "simple_iter",
      "sum of B.value after one step",
      sumOver(ab, (e) => e.b),
      4 * SIMPLE_N * 1,
    );
    expectEqual(
      "simple_iter",
      "sum of C.value after one step",
      sumOver(s.c.view.entities, (e) => e.c),
      SIMPLE_N * (3 + 4 + 5),
    );
    expectEqual(
      "simple_iter",
      "sum of D.value after one step",
      sumOver(s.cd.view.entities, (e) => e.d),
      SIMPLE_N * 3,
    );
    expectEqual(
      "simple_iter",
      "sum of E.value after one step",
      sumOver(s.ce.view.entities, (e) => e.e),
      SIMPLE_N * 3,
    );
  },
};

// ---------------------------------------------------------------------------------------
// frag_iter: 26 component types A..Z, 100 entities per type, each with (Letter, Data), all
// { value: 1 }; Data.value *= 2 on all 2,600, then Z.value *= 2 on the 100 Z entities.
// Letter K writes field `letterK` on its entities; Data writes `data`.

const FRAG_PER_TYPE = 100;

class Data extends Component {
  declare data: number;
  reset(entity: this, value = 0): void {
    entity.data = value;
  }
}

/** A letter component writing `letter<name> = 1` on its entities. */
function letterComponent(name: string): typeof Component {
  return class extends Component {
    reset(entity: this): void {
      Reflect.set(entity, `letter${name}`, 1);
    }
  };
}

class LetterY extends Component {
  declare letterY: number;
  reset(entity: this): void {
    entity.letterY = 1;
  }
}
class LetterZ extends Component {
  declare letterZ: number;
  reset(entity: this): void {
    entity.letterZ = 1;
  }
}

const LETTERS: (typeof Component)[] = [...Array.from("ABCDEFGHIJKLMNOPQRSTUVWX", letterComponent), LetterY, LetterZ];

class DoubleData extends System {
  view = EntityViewFactory.createView({ components: [Data] });
  override update(): void {
    const es = this.view.entities;
    for (let i = 0; i < es.length; i++) es[i].data *= 2;
  }
}
class DoubleZ extends System {
  view = EntityViewFactory.createView({ components: [LetterZ] });
  override update(): void {
    const es = this.view.entities;
    for (let i = 0; i < es.length; i++) es[i].letterZ *= 2;
  }
}
/** Registered for the check only. */
class AllY extends System {
  view = EntityViewFactory.createView({ components: [LetterY] });
}

interface FragState {
  readonly ecs: ECS;
  readonly data: DoubleData;
  readonly z: DoubleZ;
  readonly y: AllY;
}

const fragIter: StepImplementation<FragState> = {
  setup() {
    register(...LETTERS, Data);
    const state = { data: new DoubleData(), z: new DoubleZ(), y: new AllY() };
    const ecs = ecsWith(state.data, state.z, state.y);
    for (const Letter of LETTERS) {
      for (let i = 0; i < FRAG_PER_TYPE; i++) {
        ecs.createEntity([
          { component: Letter, args: [] },
          { component: Data, args: [1] },
        ]);
      }
    }
    return { ecs, ...state };
  },
  step: update,
  check(s) {
    update(s);
    const data = s.data.view.entities;
    expectEqual("frag_iter", "entities with Data", data.length, 26 * FRAG_PER_TYPE);
    expectEqual(
      "frag_iter",
      "sum of Data.value after one step",
      sumOver(data, (e) => e.data),
      26 * FRAG_PER_TYPE * 2,
    );
    const z = s.z.view.entities;
    expectEqual("frag_iter", "entities with Z", z.length, FRAG_PER_TYPE);
    expectEqual(
      "frag_iter",
      "sum of Z.value after one step",
      sumOver(z, (e) => e.letterZ),
      FRAG_PER_TYPE * 2,
    );
    const y = s.y.view.entities;
    expectEqual(
      "frag_iter",
      "sum of Y.value after one step",
      sumOver(y, (e) => e.letterY),
      FRAG_PER_TYPE,
    );
  },
};

// ---------------------------------------------------------------------------------------
// entity_cycle: 1,000 entities with A { value: i }; spawn one B { value: A.value } per A
// entity, then destroy every B entity.

const CYCLE_N = 1000;

class SpawnBs extends System {
  view = EntityViewFactory.createView({ components: [A] });
  override update(): void {
    const ecs = this.ecs;
    const es = this.view.entities;
    for (let i = 0; i < es.length; i++) ecs.createEntity([{ component: B, args: [es[i].a] }]);
  }
}
class DestroyBs extends System {
  view = EntityViewFactory.createView({ components: [B] });
  override update(): void {
    const ecs = this.ecs;
    // The view's list shrinks as entities go. Taking from its front measured faster here
    // (indexOf finds the entity at once; splice shifts a 1,000-long list).
    const es = this.view.entities;
    while (es.length > 0) ecs.removeEntity(es[0]);
  }
}

interface CycleState {
  readonly ecs: ECS;
  readonly spawn: SpawnBs;
  readonly destroy: DestroyBs;
}

const entityCycle: StepImplementation<CycleState> = {
  setup() {
    register(A, B);
    const state = { spawn: new SpawnBs(), destroy: new DestroyBs() };
    const ecs = ecsWith(state.spawn, state.destroy);
    for (let i = 0; i < CYCLE_N; i++) ecs.createEntity([{ component: A, args: [i] }]);
    return { ecs, ...state };
  },
  step: update,
  check(s) {
    const sumA = (CYCLE_N * (CYCLE_N - 1)) / 2;
    for (let round = 1; round <= 3; round++) {
      const what = (thing: string): string => `${thing} in round ${round}`;
      s.spawn.update();
      const bs = s.destroy.view.entities;
      expectEqual("entity_cycle", what("B entities after the spawn system"), bs.length, CYCLE_N);
      expectEqual(
        "entity_cycle",
        what("sum of B.value"),
        sumOver(bs, (e) => e.b),
        sumA,
      );
      s.destroy.update();
      expectEqual("entity_cycle", what("B entities after the destroy system"), bs.length, 0);
      const as = s.spawn.view.entities;
      expectEqual("entity_cycle", what("A entities after the destroy system"), as.length, CYCLE_N);
      expectEqual(
        "entity_cycle",
        what("sum of A.value"),
        sumOver(as, (e) => e.a),
        sumA,
      );
    }
  },
};

// ---------------------------------------------------------------------------------------
// add_remove: 1,000 entities with A (no data); add B (no data) to every A entity, then
// remove B from every entity having it.

const ADD_N = 1000;

class TagA extends Component {
  reset(): void {}
}
class TagB extends Component {
  reset(): void {}
}

/** The initializer list adding TagB (one constant list: it carries no per-entity data). */
const ADD_TAG_B = [{ component: TagB, args: [] }];

class AddB extends System {
  view = EntityViewFactory.createView({ components: [TagA] });
  override update(): void {
    const ecs = this.ecs;
    const es = this.view.entities;
    for (let i = 0; i < es.length; i++) ecs.addComponentsToEntity(es[i], ADD_TAG_B);
  }
}
class RemoveB extends System {
  view = EntityViewFactory.createView({ components: [TagB] });
  override update(): void {
    const ecs = this.ecs;
    // The view's list shrinks as B goes; take from its front (as in DestroyBs).
    const es = this.view.entities;
    while (es.length > 0) {
      const e = es[0];
      ecs.removeComponentsFromEntity(e, TagB);
      // perform-ecs keeps the removed initializer in entity.components (see the header).
      const list = e.components;
      list.splice(list.lastIndexOf(ADD_TAG_B[0]), 1);
    }
  }
}

interface AddRemoveState {
  readonly ecs: ECS;
  readonly add: AddB;
  readonly remove: RemoveB;
}

const addRemove: StepImplementation<AddRemoveState> = {
  setup() {
    register(TagA, TagB);
    const state = { add: new AddB(), remove: new RemoveB() };
    const ecs = ecsWith(state.add, state.remove);
    for (let i = 0; i < ADD_N; i++) ecs.createEntity([{ component: TagA, args: [] }]);
    return { ecs, ...state };
  },
  step: update,
  check(s) {
    const as = s.add.view.entities;
    const bs = s.remove.view.entities;
    for (let round = 1; round <= 3; round++) {
      s.add.update();
      expectEqual("add_remove", `entities with B after the add system in round ${round}`, bs.length, ADD_N);
      expectEqual("add_remove", `entities with A after the add system in round ${round}`, as.length, ADD_N);
      s.remove.update();
      expectEqual("add_remove", `entities with B after the remove system in round ${round}`, bs.length, 0);
      expectEqual("add_remove", `entities with A after the remove system in round ${round}`, as.length, ADD_N);
      const initializers = sumOver(as, (e) => e.components.length);
      expectEqual("add_remove", `component initializers on the entities in round ${round}`, initializers, ADD_N);
    }
  },
};

// ---------------------------------------------------------------------------------------
// iterate_1m: 1,000,000 entities with Position (0, 0) and Velocity (1, 0.5); pos += vel.

const ITER_N = 1_000_000;

class Move extends System {
  view = EntityViewFactory.createView({ components: [Position, Velocity] });
  override update(): void {
    const es = this.view.entities;
    for (let i = 0; i < es.length; i++) {
      const e = es[i];
      e.x += e.vx;
      e.y += e.vy;
    }
  }
}

interface IterState {
  readonly ecs: ECS;
  readonly move: Move;
}

const iterate1m: StepImplementation<IterState> = {
  setup() {
    register(Position, Velocity);
    const move = new Move();
    const ecs = ecsWith(move);
    const p = { component: Position, args: [0, 0] };
    const v = { component: Velocity, args: [1, 0.5] };
    for (let i = 0; i < ITER_N; i++) ecs.createEntity([p, v]);
    return { ecs, move };
  },
  step: update,
  check(s) {
    update(s);
    const es = s.move.view.entities;
    expectEqual("iterate_1m", "entities visited", es.length, ITER_N);
    expectEqual(
      "iterate_1m",
      "sum of x after one step",
      sumOver(es, (e) => e.x),
      ITER_N,
    );
    expectEqual(
      "iterate_1m",
      "sum of y after one step",
      sumOver(es, (e) => e.y),
      ITER_N / 2,
    );
  },
};

// ---------------------------------------------------------------------------------------
// fragmented_256: 4,096 entities, each with Data { value: 0 } plus the tags among T0..T7
// given by the bits of (i mod 256); one view over Data: value += 1. perform-ecs has no tags:
// T0..T7 are components without fields.

const FRAGMENTED_N = 4096;

function tagComponent(): typeof Component {
  return class extends Component {
    reset(): void {}
  };
}

const TAGS = Array.from({ length: 8 }, tagComponent);

class Increment extends System {
  view = EntityViewFactory.createView({ components: [Data] });
  override update(): void {
    const es = this.view.entities;
    for (let i = 0; i < es.length; i++) es[i].data += 1;
  }
}

interface FragmentedState {
  readonly ecs: ECS;
  readonly increment: Increment;
}

const fragmented256: StepImplementation<FragmentedState> = {
  setup() {
    register(Data, ...TAGS);
    const increment = new Increment();
    const ecs = ecsWith(increment);
    for (let i = 0; i < FRAGMENTED_N; i++) {
      const k = i % 256;
      const components = [{ component: Data as typeof Component, args: [0] }];
      for (let bit = 0; bit < 8; bit++) if ((k >> bit) & 1) components.push({ component: TAGS[bit], args: [] });
      ecs.createEntity(components);
    }
    return { ecs, increment };
  },
  step: update,
  check(s) {
    update(s);
    const es = s.increment.view.entities;
    expectEqual("fragmented_256", "entities visited", es.length, FRAGMENTED_N);
    const withT7 = es.filter((e) => e.components.some((c) => c.component === TAGS[7])).length;
    expectEqual("fragmented_256", "entities with T7", withT7, FRAGMENTED_N / 2);
    expectEqual(
      "fragmented_256",
      "sum of Data.value after one step",
      sumOver(es, (e) => e.data),
      FRAGMENTED_N,
    );
  },
};

// ---------------------------------------------------------------------------------------
// migrate_100k: 100,000 entities with Position { x: 1, y: 0 }; add Velocity { x: 1, y: 1 }
// to each, then remove Velocity from each.

const MIGRATE_N = 100_000;

/** The initializer list adding Velocity { x: 1, y: 1 } (the same for every entity). */
const ADD_VELOCITY = [{ component: Velocity, args: [1, 1] }];

class AddVelocity extends System {
  view = EntityViewFactory.createView({ components: [Position] });
  override update(): void {
    const ecs = this.ecs;
    const es = this.view.entities;
    for (let i = 0; i < es.length; i++) ecs.addComponentsToEntity(es[i], ADD_VELOCITY);
  }
}
/**
 * Views Velocity alone: adding components only offers the entity to views whose components
 * are all among the ones being added (src/ComponentGroupRegistry.ts), so a (Position,
 * Velocity) view would never see these entities.
 */
class RemoveVelocity extends System {
  view = EntityViewFactory.createView({ components: [Velocity] });
  override update(): void {
    const ecs = this.ecs;
    // The view's list shrinks as Velocity goes. Take from its end: at 1e5 a splice at the
    // front (shifting the whole list) costs more than indexOf scanning it.
    const es = this.view.entities;
    while (es.length > 0) {
      const e = es[es.length - 1];
      ecs.removeComponentsFromEntity(e, Velocity);
      // perform-ecs keeps the removed initializer in entity.components (see the header).
      const list = e.components;
      list.splice(list.lastIndexOf(ADD_VELOCITY[0]), 1);
    }
  }
}

interface MigrateState {
  readonly ecs: ECS;
  readonly add: AddVelocity;
  readonly remove: RemoveVelocity;
}

const migrate100k: StepImplementation<MigrateState> = {
  setup() {
    register(Position, Velocity);
    const state = { add: new AddVelocity(), remove: new RemoveVelocity() };
    const ecs = ecsWith(state.add, state.remove);
    const p = { component: Position, args: [1, 0] };
    for (let i = 0; i < MIGRATE_N; i++) ecs.createEntity([p]);
    return { ecs, ...state };
  },
  step: update,
  check(s) {
    const moving = s.remove.view.entities;
    s.add.update();
    expectEqual("migrate_100k", "entities with Velocity after adding", moving.length, MIGRATE_N);
    expectEqual(
      "migrate_100k",
      "sum of Velocity.x after adding",
      sumOver(moving, (e) => e.vx),
      MIGRATE_N,
    );
    s.remove.update();
    expectEqual("migrate_100k", "entities with Velocity after removing", moving.length, 0);
    const still = s.add.view.entities;
    expectEqual("migrate_100k", "entities with Position after removing", still.length, MIGRATE_N);
    expectEqual(
      "migrate_100k",
      "sum of Position.x after removing",
      sumOver(still, (e) => e.x),
      MIGRATE_N,
    );
    const initializers = sumOver(still, (e) => e.components.length);
    expectEqual("migrate_100k", "component initializers on the entities after removing", initializers, MIGRATE_N);
  },
};

// ---------------------------------------------------------------------------------------
// random_access: 100,000 entities with Position (0, 0); for each of 100,000 seeded random
// picks, read the entity's x and write x + 1 (the entity object carries the fields).

const RANDOM_N = 100_000;

/** Registered for the check only. */
class AllPositions extends System {
  view = EntityViewFactory.createView({ components: [Position] });
}

interface Positioned {
  x: number;
}

interface RandomState {
  readonly ecs: ECS;
  readonly all: AllPositions;
  readonly targets: readonly Positioned[];
}

function touch(s: RandomState): void {
  const targets = s.targets;
  for (let i = 0; i < targets.length; i++) {
    const e = targets[i];
    const x = e.x;
    e.x = x + 1;
  }
}

const randomAccess: StepImplementation<RandomState> = {
  setup() {
    register(Position);
    const all = new AllPositions();
    const ecs = ecsWith(all);
    const spawned: Positioned[] = [];
    for (let i = 0; i < RANDOM_N; i++) spawned.push(ecs.createEntity([{ component: Position, args: [0, 0] }]));
    return { ecs, all, targets: Array.from(picks(), (i) => spawned[i]) };
  },
  step: touch,
  check(s) {
    touch(s);
    expectEqual(
      "random_access",
      "sum of x after one step",
      sumOver(s.all.view.entities, (e) => e.x),
      RANDOM_N,
    );
  },
};

export const adapter: Adapter = {
  library: "perform-ecs",
  packageName: "perform-ecs",
  scenarios: {
    packed_5: packed5,
    simple_iter: simpleIter,
    frag_iter: fragIter,
    entity_cycle: entityCycle,
    add_remove: addRemove,
    iterate_1m: iterate1m,
    migrate_100k: migrate100k,
    fragmented_256: fragmented256,
    random_access: randomAccess,
  },
  unsupported: {
    spawn_1m:
      "no bulk removal, and ecs.removeEntity is indexOf + splice on each matching view's list: destroying 1e6 entities is O(n^2), ~2.5e11 comparisons",
    hierarchy_10k: "no relations",
    reparent_10k: "no relations",
  },
};
