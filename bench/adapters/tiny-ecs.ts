// tiny-ecs 2.0 adapter. Components are classes; `entity.addComponent(Position)` takes a
// pooled instance and puts it on the entity as `entity.position` (README "Working with
// Entities"), so values are set on that object after adding. Pooled instances are
// re-initialised with the class's `__init()` (lib/ObjectPool.js; without it the pool calls
// the constructor without `new`, which a class refuses). Data-less markers are tiny-ecs tags
// (`entity.addTag("b")`, `manager.queryTag("b")`). Systems use the README's indexed query,
// `manager.queryComponents([Position, Velocity])`, which returns the same live array every
// time: each system is a plain loop over it, kept in the state.
//
// Scale: tiny-ecs keeps every entity and every indexed query in plain arrays and uses
// `indexOf` + `splice` on them: removing an entity is O(all entities), adding a component
// that completes an indexed query scans that query's list (lib/EntityManager.js). So
// spawn_1m is out of reach (1e6 removals over a 1e6-long list), and migrate_100k indexes
// only Position: Velocity is added to and removed from each entity of the Position query
// with no Velocity query to maintain (one would cost O(n) per add and per removal).
// tiny-ecs ships no types: ./tiny-ecs-module.d.ts declares what is used here.
import tinyEcs, { type Entity, type EntityManager } from "tiny-ecs";
import { expectEqual } from "../check.js";
import { picks } from "../picks.js";
import type { StepImplementation } from "../types.js";
import type { Adapter } from "./types.js";

class A {
  value = 0;
  __init(): void {
    this.value = 0;
  }
}
class B {
  value = 0;
  __init(): void {
    this.value = 0;
  }
}
class C {
  value = 0;
  __init(): void {
    this.value = 0;
  }
}
class D {
  value = 0;
  __init(): void {
    this.value = 0;
  }
}
class E {
  value = 0;
  __init(): void {
    this.value = 0;
  }
}

class Position {
  x = 0;
  y = 0;
  __init(): void {
    this.x = 0;
    this.y = 0;
  }
}
class Velocity {
  x = 0;
  y = 0;
  __init(): void {
    this.x = 0;
    this.y = 0;
  }
}

interface Value {
  value: number;
}

/** Sum of `value` over a list of components, read through `get`. */
function sumOver<T>(entities: readonly T[], get: (e: T) => Value): number {
  let sum = 0;
  for (const e of entities) sum += get(e).value;
  return sum;
}

// ---------------------------------------------------------------------------------------
// packed_5: 1,000 entities with A..E { value: 1 }; 5 systems doubling one component each.

const PACKED_N = 1000;

type WithA = Entity & { a: A };
type WithB = Entity & { b: B };
type WithC = Entity & { c: C };
type WithD = Entity & { d: D };
type WithE = Entity & { e: E };

interface PackedState {
  readonly manager: EntityManager;
  readonly qa: WithA[];
  readonly qb: WithB[];
  readonly qc: WithC[];
  readonly qd: WithD[];
  readonly qe: WithE[];
}

function doubleA(es: WithA[]): void {
  for (let i = 0; i < es.length; i++) es[i].a.value *= 2;
}
function doubleB(es: WithB[]): void {
  for (let i = 0; i < es.length; i++) es[i].b.value *= 2;
}
function doubleC(es: WithC[]): void {
  for (let i = 0; i < es.length; i++) es[i].c.value *= 2;
}
function doubleD(es: WithD[]): void {
  for (let i = 0; i < es.length; i++) es[i].d.value *= 2;
}
function doubleE(es: WithE[]): void {
  for (let i = 0; i < es.length; i++) es[i].e.value *= 2;
}

function packedStep(s: PackedState): void {
  doubleA(s.qa);
  doubleB(s.qb);
  doubleC(s.qc);
  doubleD(s.qd);
  doubleE(s.qe);
}

const packed5: StepImplementation<PackedState> = {
  setup() {
    const manager = new tinyEcs.EntityManager();
    for (let i = 0; i < PACKED_N; i++) {
      const e = manager
        .createEntity<WithA & WithB & WithC & WithD & WithE>()
        .addComponent(A)
        .addComponent(B)
        .addComponent(C)
        .addComponent(D)
        .addComponent(E);
      e.a.value = 1;
      e.b.value = 1;
      e.c.value = 1;
      e.d.value = 1;
      e.e.value = 1;
    }
    return {
      manager,
      qa: manager.queryComponents<WithA>([A]),
      qb: manager.queryComponents<WithB>([B]),
      qc: manager.queryComponents<WithC>([C]),
      qd: manager.queryComponents<WithD>([D]),
      qe: manager.queryComponents<WithE>([E]),
    };
  },
  step: packedStep,
  check(s) {
    packedStep(s);
    expectEqual("packed_5", "entity count", s.manager.count(), PACKED_N);
    for (const [name, list, sum] of [
      ["A", s.qa, sumOver(s.qa, (e) => e.a)],
      ["B", s.qb, sumOver(s.qb, (e) => e.b)],
      ["C", s.qc, sumOver(s.qc, (e) => e.c)],
      ["D", s.qd, sumOver(s.qd, (e) => e.d)],
      ["E", s.qe, sumOver(s.qe, (e) => e.e)],
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

interface SimpleState {
  readonly manager: EntityManager;
  readonly ab: (WithA & WithB)[];
  readonly cd: (WithC & WithD)[];
  readonly ce: (WithC & WithE)[];
}

function swapAB(es: (WithA & WithB)[]): void {
  for (let i = 0; i < es.length; i++) {
    const e = es[i];
    const a = e.a;
    const b = e.b;
    const x = a.value;
    a.value = b.value;
    b.value = x;
  }
}
function swapCD(es: (WithC & WithD)[]): void {
  for (let i = 0; i < es.length; i++) {
    const e = es[i];
    const c = e.c;
    const d = e.d;
    const x = c.value;
    c.value = d.value;
    d.value = x;
  }
}
function swapCE(es: (WithC & WithE)[]): void {
  for (let i = 0; i < es.length; i++) {
    const e = es[i];
    const c = e.c;
    const v = e.e;
    const x = c.value;
    c.value = v.value;
    v.value = x;
  }
}

function simpleStep(s: SimpleState): void {
  swapAB(s.ab);
  swapCD(s.cd);
  swapCE(s.ce);
}

const simpleIter: StepImplementation<SimpleState> = {
  setup() {
    const manager = new tinyEcs.EntityManager();
    const ab = (): WithA & WithB & WithC & WithD & WithE => {
      const e = manager.createEntity<WithA & WithB & WithC & WithD & WithE>().addComponent(A).addComponent(B);
      e.a.value = 1;
      e.b.value = 2;
      return e;
    };
    for (let i = 0; i < SIMPLE_N; i++) ab();
    for (let i = 0; i < SIMPLE_N; i++) ab().addComponent(C).c.value = 3;
    for (let i = 0; i < SIMPLE_N; i++) {
      const e = ab().addComponent(C).addComponent(D);
      e.c.value = 3;
      e.d.value = 4;
    }
    for (let i = 0; i < SIMPLE_N; i++) {
      const e = ab().addComponent(C).addComponent(E);
      e.c.value = 3;
      e.e.value = 5;
    }
    return {
      manager,
      ab: manager.queryComponents<WithA & WithB>([A, B]),
      cd: manager.queryComponents<WithC & WithD>([C, D]),
      ce: manager.queryComponents<WithC & WithE>([C, E]),
    };
  },
  step: simpleStep,
  check(s) {
    simpleStep(s);
    const m = s.manager;
    expectEqual("simple_iter", "entity count", m.count(), 4 * SIMPLE_N);
    expectEqual("simple_iter", "(A,B) entities", s.ab.length, 4 * SIMPLE_N);
    expectEqual(
      "simple_iter",
      "sum of A.value after one step",
      sumOver(s.ab, (e) => e.a),
      4 * SIMPLE_N * 2,
    );
    expectEqual(
      "simple_iter",
      "sum of B.value after one step",
      sumOver(s.ab, (e) => e.b),
      4 * SIMPLE_N * 1,
    );
    const withC = m.queryComponents<WithC>([C]);
    expectEqual(
      "simple_iter",
      "sum of C.value after one step",
      sumOver(withC, (e) => e.c),
      SIMPLE_N * (3 + 4 + 5),
    );
    expectEqual(
      "simple_iter",
      "sum of D.value after one step",
      sumOver(s.cd, (e) => e.d),
      SIMPLE_N * 3,
    );
    expectEqual(
      "simple_iter",
      "sum of E.value after one step",
      sumOver(s.ce, (e) => e.e),
      SIMPLE_N * 3,
    );
  },
};

// ---------------------------------------------------------------------------------------
// frag_iter: 26 component types A..Z, 100 entities per type, each with (Letter, Data), all
// { value: 1 }; Data.value *= 2 on all 2,600, then Z.value *= 2 on the 100 Z entities.

const FRAG_PER_TYPE = 100;

class Data {
  value = 0;
  __init(): void {
    this.value = 0;
  }
}

/**
 * A component class named `name` (tiny-ecs names the entity property after the class),
 * whose instances start at { value: 1 }, the scenario's initial value.
 */
function letterClass(name: string): typeof A {
  return {
    [name]: class {
      value = 1;
      __init(): void {
        this.value = 1;
      }
    },
  }[name];
}

const LETTERS = Array.from("ABCDEFGHIJKLMNOPQRSTUVWXYZ", letterClass);
const Z = LETTERS[25];
const Y = LETTERS[24];

type WithData = Entity & { data: Data };
type WithZ = Entity & { z: Value };
type WithY = Entity & { y: Value };

interface FragState {
  readonly manager: EntityManager;
  readonly data: WithData[];
  readonly z: WithZ[];
}

function doubleData(es: WithData[]): void {
  for (let i = 0; i < es.length; i++) es[i].data.value *= 2;
}
function doubleZ(es: WithZ[]): void {
  for (let i = 0; i < es.length; i++) es[i].z.value *= 2;
}

function fragStep(s: FragState): void {
  doubleData(s.data);
  doubleZ(s.z);
}

const fragIter: StepImplementation<FragState> = {
  setup() {
    const manager = new tinyEcs.EntityManager();
    for (const Letter of LETTERS) {
      for (let i = 0; i < FRAG_PER_TYPE; i++)
        manager.createEntity<WithData>().addComponent(Letter).addComponent(Data).data.value = 1;
    }
    return {
      manager,
      data: manager.queryComponents<WithData>([Data]),
      z: manager.queryComponents<WithZ>([Z]),
    };
  },
  step: fragStep,
  check(s) {
    fragStep(s);
    const m = s.manager;
    expectEqual("frag_iter", "entity count", m.count(), 26 * FRAG_PER_TYPE);
    expectEqual("frag_iter", "entities with Data", s.data.length, 26 * FRAG_PER_TYPE);
    expectEqual(
      "frag_iter",
      "sum of Data.value after one step",
      sumOver(s.data, (e) => e.data),
      26 * FRAG_PER_TYPE * 2,
    );
    expectEqual("frag_iter", "entities with Z", s.z.length, FRAG_PER_TYPE);
    expectEqual(
      "frag_iter",
      "sum of Z.value after one step",
      sumOver(s.z, (e) => e.z),
      FRAG_PER_TYPE * 2,
    );
    const y = m.queryComponents<WithY>([Y]);
    expectEqual(
      "frag_iter",
      "sum of Y.value after one step",
      sumOver(y, (e) => e.y),
      FRAG_PER_TYPE,
    );
  },
};

// ---------------------------------------------------------------------------------------
// entity_cycle: 1,000 entities with A { value: i }; spawn one B { value: A.value } per A
// entity, then destroy every B entity.

const CYCLE_N = 1000;

interface CycleState {
  readonly manager: EntityManager;
  readonly qa: WithA[];
  readonly qb: WithB[];
}

function spawnBs(s: CycleState): void {
  const manager = s.manager;
  const es = s.qa;
  for (let i = 0; i < es.length; i++) manager.createEntity<WithB>().addComponent(B).b.value = es[i].a.value;
}

function destroyBs(s: CycleState): void {
  // The query's list shrinks as entities go; take from its end (measured faster than the
  // front here).
  const es = s.qb;
  while (es.length > 0) es[es.length - 1].remove();
}

function cycleStep(s: CycleState): void {
  spawnBs(s);
  destroyBs(s);
}

const entityCycle: StepImplementation<CycleState> = {
  setup() {
    const manager = new tinyEcs.EntityManager();
    for (let i = 0; i < CYCLE_N; i++) manager.createEntity<WithA>().addComponent(A).a.value = i;
    return { manager, qa: manager.queryComponents<WithA>([A]), qb: manager.queryComponents<WithB>([B]) };
  },
  step: cycleStep,
  check(s) {
    const sumA = (CYCLE_N * (CYCLE_N - 1)) / 2;
    for (let round = 1; round <= 3; round++) {
      const what = (thing: string): string => `${thing} in round ${round}`;
      spawnBs(s);
      expectEqual("entity_cycle", what("B entities after the spawn system"), s.qb.length, CYCLE_N);
      expectEqual("entity_cycle", what("entities after the spawn system"), s.manager.count(), 2 * CYCLE_N);
      expectEqual(
        "entity_cycle",
        what("sum of B.value"),
        sumOver(s.qb, (e) => e.b),
        sumA,
      );
      destroyBs(s);
      expectEqual("entity_cycle", what("B entities after the destroy system"), s.qb.length, 0);
      expectEqual("entity_cycle", what("entities after the destroy system"), s.manager.count(), CYCLE_N);
      expectEqual(
        "entity_cycle",
        what("sum of A.value"),
        sumOver(s.qa, (e) => e.a),
        sumA,
      );
    }
  },
};

// ---------------------------------------------------------------------------------------
// add_remove: 1,000 entities with tag "a"; add tag "b" to every "a" entity, then remove "b"
// from every entity having it.

const ADD_N = 1000;

interface AddRemoveState {
  readonly manager: EntityManager;
  readonly qa: Entity[];
  readonly qb: Entity[];
}

function addB(s: AddRemoveState): void {
  const es = s.qa;
  for (let i = 0; i < es.length; i++) es[i].addTag("b");
}

function removeB(s: AddRemoveState): void {
  // Entities leave the tag's list as the tag goes; take from its front (measured faster
  // than the end: indexOf finds the entity at once).
  const es = s.qb;
  while (es.length > 0) es[0].removeTag("b");
}

function addRemoveStep(s: AddRemoveState): void {
  addB(s);
  removeB(s);
}

const addRemove: StepImplementation<AddRemoveState> = {
  setup() {
    const manager = new tinyEcs.EntityManager();
    for (let i = 0; i < ADD_N; i++) manager.createEntity().addTag("a");
    return { manager, qa: manager.queryTag("a"), qb: manager.queryTag("b") };
  },
  step: addRemoveStep,
  check(s) {
    for (let round = 1; round <= 3; round++) {
      addB(s);
      const tagged = s.qa.filter((e) => e.hasTag("b")).length;
      expectEqual("add_remove", `entities with b after the add system in round ${round}`, s.qb.length, ADD_N);
      expectEqual("add_remove", `"a" entities tagged b after the add system in round ${round}`, tagged, ADD_N);
      expectEqual("add_remove", `entities with a after the add system in round ${round}`, s.qa.length, ADD_N);
      removeB(s);
      const left = s.qa.filter((e) => e.hasTag("b")).length;
      expectEqual("add_remove", `entities with b after the remove system in round ${round}`, s.qb.length, 0);
      expectEqual("add_remove", `"a" entities tagged b after the remove system in round ${round}`, left, 0);
      expectEqual("add_remove", `entities in round ${round}`, s.manager.count(), ADD_N);
    }
  },
};

// ---------------------------------------------------------------------------------------
// iterate_1m: 1,000,000 entities with Position (0, 0) and Velocity (1, 0.5); pos += vel.

const ITER_N = 1_000_000;

type WithPosition = Entity & { position: Position };
type Moving = WithPosition & { velocity: Velocity };

interface IterState {
  readonly manager: EntityManager;
  readonly moving: Moving[];
}

function move(s: IterState): void {
  const es = s.moving;
  for (let i = 0; i < es.length; i++) {
    const e = es[i];
    const p = e.position;
    const v = e.velocity;
    p.x += v.x;
    p.y += v.y;
  }
}

const iterate1m: StepImplementation<IterState> = {
  setup() {
    const manager = new tinyEcs.EntityManager();
    for (let i = 0; i < ITER_N; i++) {
      const e = manager.createEntity<Moving>().addComponent(Position).addComponent(Velocity);
      e.velocity.x = 1;
      e.velocity.y = 0.5;
    }
    // Indexed once, after spawning (indexing first would scan the list on every add).
    return { manager, moving: manager.queryComponents<Moving>([Position, Velocity]) };
  },
  step: move,
  check(s) {
    move(s);
    let x = 0;
    let y = 0;
    for (const e of s.moving) {
      x += e.position.x;
      y += e.position.y;
    }
    expectEqual("iterate_1m", "entities visited", s.moving.length, ITER_N);
    expectEqual("iterate_1m", "sum of x after one step", x, ITER_N);
    expectEqual("iterate_1m", "sum of y after one step", y, ITER_N / 2);
  },
};

// ---------------------------------------------------------------------------------------
// migrate_100k: 100,000 entities with Position { x: 1, y: 0 }; add Velocity { x: 1, y: 1 }
// to each, then remove Velocity from each (over the Position query; see the header).

const MIGRATE_N = 100_000;

type Migrating = WithPosition & { velocity?: Velocity };

interface MigrateState {
  readonly manager: EntityManager;
  readonly still: Migrating[];
}

function addVelocity(s: MigrateState): void {
  const es = s.still;
  for (let i = 0; i < es.length; i++) {
    const v = es[i].addComponent(Velocity).velocity!;
    v.x = 1;
    v.y = 1;
  }
}

function removeVelocity(s: MigrateState): void {
  const es = s.still;
  for (let i = 0; i < es.length; i++) es[i].removeComponent(Velocity);
}

function migrateStep(s: MigrateState): void {
  addVelocity(s);
  removeVelocity(s);
}

const migrate100k: StepImplementation<MigrateState> = {
  setup() {
    const manager = new tinyEcs.EntityManager();
    for (let i = 0; i < MIGRATE_N; i++) manager.createEntity<WithPosition>().addComponent(Position).position.x = 1;
    return { manager, still: manager.queryComponents<Migrating>([Position]) };
  },
  step: migrateStep,
  check(s) {
    addVelocity(s);
    let count = 0;
    let vx = 0;
    for (const e of s.still) {
      if (!e.hasComponent(Velocity)) continue;
      count++;
      vx += e.velocity!.x;
    }
    expectEqual("migrate_100k", "entities with Velocity after adding", count, MIGRATE_N);
    expectEqual("migrate_100k", "sum of Velocity.x after adding", vx, MIGRATE_N);
    removeVelocity(s);
    let left = 0;
    let px = 0;
    for (const e of s.still) {
      if (e.hasComponent(Velocity) || e.velocity !== undefined) left++;
      px += e.position.x;
    }
    expectEqual("migrate_100k", "entities with Velocity after removing", left, 0);
    expectEqual("migrate_100k", "entities with Position after removing", s.still.length, MIGRATE_N);
    expectEqual("migrate_100k", "sum of Position.x after removing", px, MIGRATE_N);
  },
};

// ---------------------------------------------------------------------------------------
// fragmented_256: 4,096 entities, each with Data { value: 0 } plus the tags among t0..t7
// given by the bits of (i mod 256); one query over Data: value += 1.

const FRAGMENTED_N = 4096;
const TAGS = Array.from({ length: 8 }, (_, i) => `t${i}`);

interface FragmentedState {
  readonly manager: EntityManager;
  readonly data: WithData[];
}

function increment(s: FragmentedState): void {
  const es = s.data;
  for (let i = 0; i < es.length; i++) es[i].data.value += 1;
}

const fragmented256: StepImplementation<FragmentedState> = {
  setup() {
    const manager = new tinyEcs.EntityManager();
    for (let i = 0; i < FRAGMENTED_N; i++) {
      const k = i % 256;
      const e = manager.createEntity().addComponent(Data);
      for (let bit = 0; bit < 8; bit++) if ((k >> bit) & 1) e.addTag(TAGS[bit]);
    }
    return { manager, data: manager.queryComponents<WithData>([Data]) };
  },
  step: increment,
  check(s) {
    increment(s);
    expectEqual("fragmented_256", "entities visited", s.data.length, FRAGMENTED_N);
    expectEqual("fragmented_256", "entities tagged t7", s.manager.queryTag(TAGS[7]).length, FRAGMENTED_N / 2);
    expectEqual(
      "fragmented_256",
      "sum of Data.value after one step",
      sumOver(s.data, (e) => e.data),
      FRAGMENTED_N,
    );
  },
};

// ---------------------------------------------------------------------------------------
// random_access: 100,000 entities with Position (0, 0); for each of 100,000 seeded random
// picks, read entity.position.x and write x + 1 into the component.

const RANDOM_N = 100_000;

interface RandomState {
  readonly manager: EntityManager;
  readonly targets: readonly WithPosition[];
}

function touch(s: RandomState): void {
  const targets = s.targets;
  for (let i = 0; i < targets.length; i++) {
    const p = targets[i].position;
    const x = p.x;
    p.x = x + 1;
  }
}

const randomAccess: StepImplementation<RandomState> = {
  setup() {
    const manager = new tinyEcs.EntityManager();
    const spawned: WithPosition[] = [];
    for (let i = 0; i < RANDOM_N; i++) spawned.push(manager.createEntity<WithPosition>().addComponent(Position));
    return { manager, targets: Array.from(picks(), (i) => spawned[i]) };
  },
  step: touch,
  check(s) {
    touch(s);
    let sum = 0;
    for (const e of s.manager.queryComponents<WithPosition>([Position])) sum += e.position.x;
    expectEqual("random_access", "sum of x after one step", sum, RANDOM_N);
  },
};

export const adapter: Adapter = {
  library: "tiny-ecs",
  packageName: "tiny-ecs",
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
      "removing an entity is indexOf + splice over the manager's list of all entities (removeAllEntities too), so destroying 1e6 is O(n^2), ~1e12 element steps",
    hierarchy_10k: "no relations",
    reparent_10k: "no relations",
  },
};
