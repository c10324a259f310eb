// ape-ecs 1.3 adapter. Components are classes with static `properties`, tags are registered
// strings (world.registerTags), systems are System subclasses with persisted queries
// (`createQuery().fromAll(...).persist()`, "an index ... that automatically stays up to
// date"), run by world.runSystems(group) followed by world.tick() (docs/World.md: "Once
// you've run through all of your Systems you should world.tick()"). Components are created
// with a key (`c: { position: {...} }`) so a system reaches them as `entity.c.position`, the
// direct property the docs recommend over getOne() for single components; values are
// mutated in place (no change events are subscribed). Entity and component pools are spun up
// to the scenario's size (World `entityPool`, registerComponent's pool size), as documented.
//
// The package is CommonJS and Node's named-export detection only sees `World`, so the
// classes come from the default export (module.exports).
import ApeECS, { type Entity, type Query } from "ape-ecs";
import { expectEqual } from "../check.js";
import { picks } from "../picks.js";
import type { StepImplementation } from "../types.js";
import type { Adapter } from "./types.js";

const { World, System, Component } = ApeECS;
type World = InstanceType<typeof World>;

/** The timed op of every scenario: run the scenario's systems, then tick. */
function frame(s: { readonly world: World }): void {
  s.world.runSystems("frame");
  s.world.tick();
}

class A extends Component {
  static override properties = { value: 0 };
  declare value: number;
}
class B extends Component {
  static override properties = { value: 0 };
  declare value: number;
}
class C extends Component {
  static override properties = { value: 0 };
  declare value: number;
}
class D extends Component {
  static override properties = { value: 0 };
  declare value: number;
}
class E extends Component {
  static override properties = { value: 0 };
  declare value: number;
}

/** Sum of `value` of the component under `key` over a query's current results. */
function sumKey(query: Query, key: string): number {
  let sum = 0;
  for (const e of query.execute()) sum += (e.c[key] as A).value;
  return sum;
}

// ---------------------------------------------------------------------------------------
// packed_5: 1,000 entities with A..E { value: 1 }; 5 systems doubling one component each.

const PACKED_N = 1000;

class DoubleA extends System {
  declare q: Query;
  override init(): void {
    this.q = this.createQuery().fromAll("A").persist();
  }
  override update(): void {
    for (const e of this.q.execute()) (e.c.a as A).value *= 2;
  }
}
class DoubleB extends System {
  declare q: Query;
  override init(): void {
    this.q = this.createQuery().fromAll("B").persist();
  }
  override update(): void {
    for (const e of this.q.execute()) (e.c.b as B).value *= 2;
  }
}
class DoubleC extends System {
  declare q: Query;
  override init(): void {
    this.q = this.createQuery().fromAll("C").persist();
  }
  override update(): void {
    for (const e of this.q.execute()) (e.c.c as C).value *= 2;
  }
}
class DoubleD extends System {
  declare q: Query;
  override init(): void {
    this.q = this.createQuery().fromAll("D").persist();
  }
  override update(): void {
    for (const e of this.q.execute()) (e.c.d as D).value *= 2;
  }
}
class DoubleE extends System {
  declare q: Query;
  override init(): void {
    this.q = this.createQuery().fromAll("E").persist();
  }
  override update(): void {
    for (const e of this.q.execute()) (e.c.e as E).value *= 2;
  }
}

interface Packed5State {
  readonly world: World;
  readonly queries: readonly Query[];
}

const packed5: StepImplementation<Packed5State> = {
  setup() {
    const world = new World({ entityPool: PACKED_N });
    for (const type of [A, B, C, D, E]) world.registerComponent(type, PACKED_N);
    const systems = [DoubleA, DoubleB, DoubleC, DoubleD, DoubleE].map((type) => world.registerSystem("frame", type));
    for (let i = 0; i < PACKED_N; i++) {
      world.createEntity({
        c: {
          a: { type: "A", value: 1 },
          b: { type: "B", value: 1 },
          c: { type: "C", value: 1 },
          d: { type: "D", value: 1 },
          e: { type: "E", value: 1 },
        },
      });
    }
    return { world, queries: systems.map((system: InstanceType<typeof DoubleA>) => system.q) };
  },
  step: frame,
  check(s) {
    frame(s);
    s.world.updateIndexes();
    ["a", "b", "c", "d", "e"].forEach((key, i) => {
      const q = s.queries[i];
      expectEqual("packed_5", `entities with ${key.toUpperCase()}`, q.execute().size, PACKED_N);
      expectEqual("packed_5", `sum of ${key.toUpperCase()}.value after one step`, sumKey(q, key), 2 * PACKED_N);
    });
  },
};

// ---------------------------------------------------------------------------------------
// simple_iter: 1,000 each of (A,B), (A,B,C), (A,B,C,D), (A,B,C,E) with A=1, B=2, C=3, D=4,
// E=5; 3 systems swapping (A,B), (C,D), (C,E).

const SIMPLE_N = 1000;

class SwapAB extends System {
  declare q: Query;
  override init(): void {
    this.q = this.createQuery().fromAll("A", "B").persist();
  }
  override update(): void {
    for (const e of this.q.execute()) {
      const a = e.c.a as A;
      const b = e.c.b as B;
      const x = a.value;
      a.value = b.value;
      b.value = x;
    }
  }
}
class SwapCD extends System {
  declare q: Query;
  override init(): void {
    this.q = this.createQuery().fromAll("C", "D").persist();
  }
  override update(): void {
    for (const e of this.q.execute()) {
      const c = e.c.c as C;
      const d = e.c.d as D;
      const x = c.value;
      c.value = d.value;
      d.value = x;
    }
  }
}
class SwapCE extends System {
  declare q: Query;
  override init(): void {
    this.q = this.createQuery().fromAll("C", "E").persist();
  }
  override update(): void {
    for (const e of this.q.execute()) {
      const c = e.c.c as C;
      const e5 = e.c.e as E;
      const x = c.value;
      c.value = e5.value;
      e5.value = x;
    }
  }
}

interface SimpleState {
  readonly world: World;
  readonly ab: Query;
  readonly cd: Query;
  readonly ce: Query;
}

const simpleIter: StepImplementation<SimpleState> = {
  setup() {
    const world = new World({ entityPool: 4 * SIMPLE_N });
    for (const type of [A, B, C, D, E]) world.registerComponent(type, 4 * SIMPLE_N);
    const ab: InstanceType<typeof SwapAB> = world.registerSystem("frame", SwapAB);
    const cd: InstanceType<typeof SwapCD> = world.registerSystem("frame", SwapCD);
    const ce: InstanceType<typeof SwapCE> = world.registerSystem("frame", SwapCE);
    const a = () => ({ type: "A", value: 1 });
    const b = () => ({ type: "B", value: 2 });
    const c = () => ({ type: "C", value: 3 });
    for (let i = 0; i < SIMPLE_N; i++) world.createEntity({ c: { a: a(), b: b() } });
    for (let i = 0; i < SIMPLE_N; i++) world.createEntity({ c: { a: a(), b: b(), c: c() } });
    for (let i = 0; i < SIMPLE_N; i++)
      world.createEntity({ c: { a: a(), b: b(), c: c(), d: { type: "D", value: 4 } } });
    for (let i = 0; i < SIMPLE_N; i++)
      world.createEntity({ c: { a: a(), b: b(), c: c(), e: { type: "E", value: 5 } } });
    return { world, ab: ab.q, cd: cd.q, ce: ce.q };
  },
  step: frame,
  check(s) {
    frame(s);
    s.world.updateIndexes();
    let sumC = 0;
    for (const e of s.ab.execute()) if (e.has("C")) sumC += (e.c.c as C).value;
    expectEqual("simple_iter", "entities", s.world.entities.size, 4 * SIMPLE_N);
    expectEqual("simple_iter", "(A,B) entities", s.ab.execute().size, 4 * SIMPLE_N);
    expectEqual("simple_iter", "sum of A.value after one step", sumKey(s.ab, "a"), 4 * SIMPLE_N * 2);
    expectEqual("simple_iter", "sum of B.value after one step", sumKey(s.ab, "b"), 4 * SIMPLE_N * 1);
    expectEqual("simple_iter", "sum of C.value after one step", sumC, SIMPLE_N * (3 + 4 + 5));
    expectEqual("simple_iter", "sum of D.value after one step", sumKey(s.cd, "d"), SIMPLE_N * 3);
    expectEqual("simple_iter", "sum of E.value after one step", sumKey(s.ce, "e"), SIMPLE_N * 3);
  },
};

// ---------------------------------------------------------------------------------------
// frag_iter: 26 letter components, 100 entities each with (Letter, Data), all { value: 1 };
// Data.value *= 2 on all 2,600, then Z.value *= 2 on the 100 Z entities.

const FRAG_PER_TYPE = 100;
const LETTER_NAMES = "ABCDEFGHIJKLMNOPQRSTUVWXYZ".split("");

class Data extends Component {
  static override properties = { value: 0 };
  declare value: number;
}

/** A value component class named `name` (ape-ecs identifies component types by name). */
function letterComponent(name: string): typeof Data {
  return class extends Component {
    static override typeName = name;
    static override properties = { value: 0 };
    declare value: number;
  };
}

class DoubleData extends System {
  declare q: Query;
  override init(): void {
    this.q = this.createQuery().fromAll("Data").persist();
  }
  override update(): void {
    for (const e of this.q.execute()) (e.c.data as Data).value *= 2;
  }
}
class DoubleZ extends System {
  declare q: Query;
  override init(): void {
    this.q = this.createQuery().fromAll("Z").persist();
  }
  override update(): void {
    for (const e of this.q.execute()) (e.c.letter as Data).value *= 2;
  }
}

interface FragState {
  readonly world: World;
  readonly data: Query;
  readonly z: Query;
}

const fragIter: StepImplementation<FragState> = {
  setup() {
    const world = new World({ entityPool: 26 * FRAG_PER_TYPE });
    world.registerComponent(Data, 26 * FRAG_PER_TYPE);
    for (const name of LETTER_NAMES) world.registerComponent(letterComponent(name), FRAG_PER_TYPE);
    const data: InstanceType<typeof DoubleData> = world.registerSystem("frame", DoubleData);
    const z: InstanceType<typeof DoubleZ> = world.registerSystem("frame", DoubleZ);
    for (const name of LETTER_NAMES) {
      for (let i = 0; i < FRAG_PER_TYPE; i++) {
        world.createEntity({ c: { letter: { type: name, value: 1 }, data: { type: "Data", value: 1 } } });
      }
    }
    return { world, data: data.q, z: z.q };
  },
  step: frame,
  check(s) {
    frame(s);
    s.world.updateIndexes();
    let sumY = 0;
    for (const e of s.data.execute()) if (e.has("Y")) sumY += (e.c.letter as Data).value;
    expectEqual("frag_iter", "entities with Data", s.data.execute().size, 26 * FRAG_PER_TYPE);
    expectEqual("frag_iter", "sum of Data.value after one step", sumKey(s.data, "data"), 26 * FRAG_PER_TYPE * 2);
    expectEqual("frag_iter", "sum of Z.value after one step", sumKey(s.z, "letter"), FRAG_PER_TYPE * 2);
    expectEqual("frag_iter", "sum of Y.value after one step", sumY, FRAG_PER_TYPE);
  },
};

// ---------------------------------------------------------------------------------------
// entity_cycle: 1,000 entities with A { value: i }; spawn one B { value: A.value } per A
// entity, then destroy every B entity.

const CYCLE_N = 1000;

class SpawnBs extends System {
  declare q: Query;
  override init(): void {
    this.q = this.createQuery().fromAll("A").persist();
  }
  override update(): void {
    const world = this.world;
    for (const e of this.q.execute()) world.createEntity({ c: { b: { type: "B", value: (e.c.a as A).value } } });
  }
}
class DestroyBs extends System {
  declare q: Query;
  override init(): void {
    this.q = this.createQuery().fromAll("B").persist();
  }
  override update(): void {
    for (const e of this.q.execute()) e.destroy();
  }
}

interface CycleState {
  readonly world: World;
  readonly qa: Query;
  readonly qb: Query;
}

const entityCycle: StepImplementation<CycleState> = {
  setup() {
    const world = new World({ entityPool: 2 * CYCLE_N });
    world.registerComponent(A, CYCLE_N);
    world.registerComponent(B, CYCLE_N);
    // Each system also gets a group of its own, so the check can run them one at a time.
    const spawn: InstanceType<typeof SpawnBs> = world.registerSystem("frame", SpawnBs);
    const destroy: InstanceType<typeof DestroyBs> = world.registerSystem("frame", DestroyBs);
    world.registerSystem("spawn", spawn);
    world.registerSystem("destroy", destroy);
    for (let i = 0; i < CYCLE_N; i++) world.createEntity({ c: { a: { type: "A", value: i } } });
    return { world, qa: spawn.q, qb: destroy.q };
  },
  step: frame,
  check(s) {
    const sumA = (CYCLE_N * (CYCLE_N - 1)) / 2;
    const w = s.world;
    for (let round = 1; round <= 3; round++) {
      w.runSystems("spawn");
      w.updateIndexes();
      expectEqual("entity_cycle", `B entities after the spawn system in round ${round}`, s.qb.execute().size, CYCLE_N);
      expectEqual("entity_cycle", `entities after the spawn system in round ${round}`, w.entities.size, 2 * CYCLE_N);
      expectEqual("entity_cycle", `sum of B.value in round ${round}`, sumKey(s.qb, "b"), sumA);
      w.runSystems("destroy");
      w.tick();
      expectEqual("entity_cycle", `B entities after the destroy system in round ${round}`, s.qb.execute().size, 0);
      expectEqual("entity_cycle", `entities after the destroy system in round ${round}`, w.entities.size, CYCLE_N);
      expectEqual("entity_cycle", `sum of A.value in round ${round}`, sumKey(s.qa, "a"), sumA);
    }
  },
};

// ---------------------------------------------------------------------------------------
// add_remove: 1,000 entities with tag A; add tag B to every A entity, then remove B from
// every entity having it.

const ADD_REMOVE_N = 1000;

class AddB extends System {
  declare q: Query;
  override init(): void {
    this.q = this.createQuery().fromAll("TagA").persist();
  }
  override update(): void {
    for (const e of this.q.execute()) e.addTag("TagB");
  }
}
class RemoveB extends System {
  declare q: Query;
  override init(): void {
    this.q = this.createQuery().fromAll("TagB").persist();
  }
  override update(): void {
    for (const e of this.q.execute()) e.removeTag("TagB");
  }
}

const addRemove: StepImplementation<CycleState> = {
  setup() {
    const world = new World({ entityPool: ADD_REMOVE_N });
    world.registerTags("TagA", "TagB");
    const add: InstanceType<typeof AddB> = world.registerSystem("frame", AddB);
    const remove: InstanceType<typeof RemoveB> = world.registerSystem("frame", RemoveB);
    world.registerSystem("add", add);
    world.registerSystem("remove", remove);
    for (let i = 0; i < ADD_REMOVE_N; i++) world.createEntity({ tags: ["TagA"] });
    return { world, qa: add.q, qb: remove.q };
  },
  step: frame,
  check(s) {
    const w = s.world;
    for (let round = 1; round <= 3; round++) {
      w.runSystems("add");
      w.updateIndexes();
      expectEqual(
        "add_remove",
        `entities with B after the add system in round ${round}`,
        s.qb.execute().size,
        ADD_REMOVE_N,
      );
      expectEqual(
        "add_remove",
        `entities with A after the add system in round ${round}`,
        s.qa.execute().size,
        ADD_REMOVE_N,
      );
      w.runSystems("remove");
      w.tick();
      expectEqual("add_remove", `entities with B after the remove system in round ${round}`, s.qb.execute().size, 0);
      expectEqual("add_remove", `entities in round ${round}`, w.entities.size, ADD_REMOVE_N);
    }
  },
};

// ---------------------------------------------------------------------------------------
// Scale scenarios.

class Position extends Component {
  static override properties = { x: 0, y: 0 };
  declare x: number;
  declare y: number;
}
class Velocity extends Component {
  static override properties = { x: 0, y: 0 };
  declare x: number;
  declare y: number;
}

// iterate_1m: 1,000,000 entities with Position (0, 0) and Velocity (1, 0.5); pos += vel.

const ITERATE_N = 1_000_000;

class Move extends System {
  declare q: Query;
  override init(): void {
    this.q = this.createQuery().fromAll("Position", "Velocity").persist();
  }
  override update(): void {
    for (const e of this.q.execute()) {
      const c = e.c;
      const p = c.position as Position;
      const v = c.velocity as Velocity;
      p.x += v.x;
      p.y += v.y;
    }
  }
}

interface MoveState {
  readonly world: World;
  readonly moving: Query;
}

const iterate1m: StepImplementation<MoveState> = {
  setup() {
    const world = new World({ entityPool: ITERATE_N });
    world.registerComponent(Position, ITERATE_N);
    world.registerComponent(Velocity, ITERATE_N);
    const move: InstanceType<typeof Move> = world.registerSystem("frame", Move);
    for (let i = 0; i < ITERATE_N; i++) {
      world.createEntity({
        c: { position: { type: "Position", x: 0, y: 0 }, velocity: { type: "Velocity", x: 1, y: 0.5 } },
      });
    }
    return { world, moving: move.q };
  },
  step: frame,
  check(s) {
    frame(s);
    s.world.updateIndexes();
    let n = 0;
    let x = 0;
    let y = 0;
    for (const e of s.moving.execute()) {
      const p = e.c.position as Position;
      n++;
      x += p.x;
      y += p.y;
    }
    expectEqual("iterate_1m", "entities visited", n, ITERATE_N);
    expectEqual("iterate_1m", "sum of x after one step", x, ITERATE_N);
    expectEqual("iterate_1m", "sum of y after one step", y, ITERATE_N / 2);
  },
};

// migrate_100k: 100,000 entities with Position (1, 0); add Velocity (1, 1) to each entity
// without one, then remove Velocity from each entity having it.

const MIGRATE_N = 100_000;

class AddVelocity extends System {
  declare q: Query;
  override init(): void {
    this.q = this.createQuery().fromAll("Position").not("Velocity").persist();
  }
  override update(): void {
    for (const e of this.q.execute()) e.addComponent({ type: "Velocity", key: "velocity", x: 1, y: 1 });
  }
}
class RemoveVelocity extends System {
  declare q: Query;
  override init(): void {
    this.q = this.createQuery().fromAll("Position", "Velocity").persist();
  }
  override update(): void {
    for (const e of this.q.execute()) e.removeComponent("velocity");
  }
}

interface MigrateState {
  readonly world: World;
  readonly still: Query;
  readonly moving: Query;
}

const migrate100k: StepImplementation<MigrateState> = {
  setup() {
    const world = new World({ entityPool: MIGRATE_N });
    world.registerComponent(Position, MIGRATE_N);
    world.registerComponent(Velocity, MIGRATE_N);
    const add: InstanceType<typeof AddVelocity> = world.registerSystem("frame", AddVelocity);
    const remove: InstanceType<typeof RemoveVelocity> = world.registerSystem("frame", RemoveVelocity);
    world.registerSystem("add", add);
    world.registerSystem("remove", remove);
    for (let i = 0; i < MIGRATE_N; i++) world.createEntity({ c: { position: { type: "Position", x: 1, y: 0 } } });
    return { world, still: add.q, moving: remove.q };
  },
  step: frame,
  check(s) {
    const w = s.world;
    w.runSystems("add");
    w.updateIndexes();
    let vx = 0;
    for (const e of s.moving.execute()) vx += (e.c.velocity as Velocity).x;
    expectEqual("migrate_100k", "entities with Velocity after adding", s.moving.execute().size, MIGRATE_N);
    expectEqual("migrate_100k", "sum of Velocity.x after adding", vx, MIGRATE_N);
    w.runSystems("remove");
    w.tick();
    let px = 0;
    for (const e of s.still.execute()) px += (e.c.position as Position).x;
    expectEqual("migrate_100k", "entities with Velocity after removing", s.moving.execute().size, 0);
    expectEqual("migrate_100k", "entities without Velocity after removing", s.still.execute().size, MIGRATE_N);
    expectEqual("migrate_100k", "sum of Position.x after removing", px, MIGRATE_N);
  },
};

// fragmented_256: 4,096 entities with Data { value: 0 } plus the tags T0..T7 given by the
// bits of (i mod 256); one system over everything with Data: value += 1.

const FRAGMENTED_N = 4096;
const TAG_NAMES = ["T0", "T1", "T2", "T3", "T4", "T5", "T6", "T7"];

class IncrementData extends System {
  declare q: Query;
  override init(): void {
    this.q = this.createQuery().fromAll("Data").persist();
  }
  override update(): void {
    for (const e of this.q.execute()) (e.c.data as Data).value += 1;
  }
}

interface FragmentedState {
  readonly world: World;
  readonly data: Query;
}

const fragmented256: StepImplementation<FragmentedState> = {
  setup() {
    const world = new World({ entityPool: FRAGMENTED_N });
    world.registerComponent(Data, FRAGMENTED_N);
    world.registerTags(...TAG_NAMES);
    const increment: InstanceType<typeof IncrementData> = world.registerSystem("frame", IncrementData);
    for (let i = 0; i < FRAGMENTED_N; i++) {
      const k = i % 256;
      world.createEntity({
        tags: TAG_NAMES.filter((_, bit) => (k >> bit) & 1),
        c: { data: { type: "Data", value: 0 } },
      });
    }
    return { world, data: increment.q };
  },
  step: frame,
  check(s) {
    frame(s);
    s.world.updateIndexes();
    const combos = new Set<string>();
    for (const e of s.data.execute()) combos.add([...e.tags].sort().join());
    expectEqual("fragmented_256", "entities visited", s.data.execute().size, FRAGMENTED_N);
    expectEqual("fragmented_256", "distinct tag combinations", combos.size, 256);
    expectEqual("fragmented_256", "sum of Data.value after one step", sumKey(s.data, "data"), FRAGMENTED_N);
  },
};

// random_access: 100,000 entities with Position (0, 0); 100,000 seeded picks; per pick read
// Position.x and write x + 1 on the entity object createEntity() returned, through its
// keyed component (`entity.c.position`).

const RANDOM_N = 100_000;

interface RandomState {
  readonly spawned: readonly Entity[];
  readonly targets: readonly Entity[];
}

function touch(s: RandomState): void {
  const targets = s.targets;
  for (let i = 0; i < targets.length; i++) {
    const p = targets[i].c.position as Position;
    const x = p.x;
    p.x = x + 1;
  }
}

const randomAccess: StepImplementation<RandomState> = {
  setup() {
    const world = new World({ entityPool: RANDOM_N });
    world.registerComponent(Position, RANDOM_N);
    const spawned: Entity[] = [];
    for (let i = 0; i < RANDOM_N; i++) {
      spawned.push(world.createEntity({ c: { position: { type: "Position", x: 0, y: 0 } } }));
    }
    world.tick();
    return { spawned, targets: Array.from(picks(), (i) => spawned[i]) };
  },
  step: touch,
  check(s) {
    touch(s);
    let x = 0;
    for (const e of s.spawned) x += (e.c.position as Position).x;
    expectEqual("random_access", "sum of x after one step", x, RANDOM_N);
  },
};

export const adapter: Adapter = {
  library: "ape-ecs",
  packageName: "ape-ecs",
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
    hierarchy_10k: "no relations (EntityRef / EntitySet properties only)",
    reparent_10k: "no relations (EntityRef / EntitySet properties only)",
  },
};
