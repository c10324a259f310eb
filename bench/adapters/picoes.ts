// picoes 1.0 adapter. Components are unregistered and named by strings (README "Unregistered
// components and queries"): `entity.set("a", { value: 1 })` stores the object, and
// `entity.set("b")` with no value stores `{}`, which serves as a data-less tag. Systems use
// the documented query `world.each("a", "b", ({ a, b }, entity) => ...)`, one callback
// function per system; per-entity access is `entity.get("position")`.
//
// How picoes works underneath (src/entity_storage.js): one Map per component name from
// entity id to entity; `each` walks the smallest of the named Maps and keeps the entities
// whose `data` has every name, calling the callback with (entity.data, entity). That call
// site inside picoes is shared by every system and by nothing the adapter can separate.
// Checks use the callback-less form of `each` (an array of entities), never the timed
// callbacks. picoes ships no types: ./picoes-module.d.ts declares what is used here.
import { type Entity, World } from "picoes";
import { expectEqual } from "../check.js";
import { picks } from "../picks.js";
import type { StepImplementation } from "../types.js";
import type { Adapter } from "./types.js";

interface Value {
  value: number;
}
interface Vec2 {
  x: number;
  y: number;
}

/** Sum of `<name>.value` over the entities having component `name`, and their number. */
function sumValue(world: World, name: string): { sum: number; count: number } {
  let sum = 0;
  let count = 0;
  for (const e of world.each(name)) {
    sum += e.get<Value>(name)!.value;
    count++;
  }
  return { sum, count };
}

// ---------------------------------------------------------------------------------------
// packed_5: 1,000 entities with a..e { value: 1 }; 5 systems doubling one component each.

const PACKED_N = 1000;

interface StateWithWorld {
  readonly world: World;
}

function doubleAEach({ a }: { a: Value }): void {
  a.value *= 2;
}
function doubleBEach({ b }: { b: Value }): void {
  b.value *= 2;
}
function doubleCEach({ c }: { c: Value }): void {
  c.value *= 2;
}
function doubleDEach({ d }: { d: Value }): void {
  d.value *= 2;
}
function doubleEEach({ e }: { e: Value }): void {
  e.value *= 2;
}

function packedStep(s: StateWithWorld): void {
  const world = s.world;
  world.each("a", doubleAEach);
  world.each("b", doubleBEach);
  world.each("c", doubleCEach);
  world.each("d", doubleDEach);
  world.each("e", doubleEEach);
}

const packed5: StepImplementation<StateWithWorld> = {
  setup() {
    const world = new World();
    for (let i = 0; i < PACKED_N; i++) {
      world
        .entity()
        .set("a", { value: 1 })
        .set("b", { value: 1 })
        .set("c", { value: 1 })
        .set("d", { value: 1 })
        .set("e", { value: 1 });
    }
    return { world };
  },
  step: packedStep,
  check(s) {
    packedStep(s);
    expectEqual("packed_5", "entity count", s.world.each().length, PACKED_N);
    for (const name of ["a", "b", "c", "d", "e"]) {
      const { sum, count } = sumValue(s.world, name);
      expectEqual("packed_5", `entities with ${name}`, count, PACKED_N);
      expectEqual("packed_5", `sum of ${name}.value after one step`, sum, 2 * PACKED_N);
    }
  },
};

// ---------------------------------------------------------------------------------------
// simple_iter: 1,000 each of (a,b), (a,b,c), (a,b,c,d), (a,b,c,e) with a=1, b=2, c=3, d=4,
// e=5; 3 systems swapping (a,b), (c,d), (c,e).

const SIMPLE_N = 1000;

function swapABEach({ a, b }: { a: Value; b: Value }): void {
  const x = a.value;
  a.value = b.value;
  b.value = x;
}
function swapCDEach({ c, d }: { c: Value; d: Value }): void {
  const x = c.value;
  c.value = d.value;
  d.value = x;
}
function swapCEEach({ c, e }: { c: Value; e: Value }): void {
  const x = c.value;
  c.value = e.value;
  e.value = x;
}

function simpleStep(s: StateWithWorld): void {
  const world = s.world;
  world.each("a", "b", swapABEach);
  world.each("c", "d", swapCDEach);
  world.each("c", "e", swapCEEach);
}

const simpleIter: StepImplementation<StateWithWorld> = {
  setup() {
    const world = new World();
    const ab = (): Entity => world.entity().set("a", { value: 1 }).set("b", { value: 2 });
    for (let i = 0; i < SIMPLE_N; i++) ab();
    for (let i = 0; i < SIMPLE_N; i++) ab().set("c", { value: 3 });
    for (let i = 0; i < SIMPLE_N; i++) ab().set("c", { value: 3 }).set("d", { value: 4 });
    for (let i = 0; i < SIMPLE_N; i++) ab().set("c", { value: 3 }).set("e", { value: 5 });
    return { world };
  },
  step: simpleStep,
  check(s) {
    simpleStep(s);
    const w = s.world;
    expectEqual("simple_iter", "entity count", w.each().length, 4 * SIMPLE_N);
    expectEqual("simple_iter", "(a,b) entities", w.each("a", "b").length, 4 * SIMPLE_N);
    expectEqual("simple_iter", "sum of a.value after one step", sumValue(w, "a").sum, 4 * SIMPLE_N * 2);
    expectEqual("simple_iter", "sum of b.value after one step", sumValue(w, "b").sum, 4 * SIMPLE_N * 1);
    expectEqual("simple_iter", "sum of c.value after one step", sumValue(w, "c").sum, SIMPLE_N * (3 + 4 + 5));
    expectEqual("simple_iter", "sum of d.value after one step", sumValue(w, "d").sum, SIMPLE_N * 3);
    expectEqual("simple_iter", "sum of e.value after one step", sumValue(w, "e").sum, SIMPLE_N * 3);
  },
};

// ---------------------------------------------------------------------------------------
// frag_iter: 26 component types A..Z, 100 entities per type, each with (letter, data), all
// { value: 1 }; data.value *= 2 on all 2,600, then Z.value *= 2 on the 100 Z entities.

const FRAG_PER_TYPE = 100;
const LETTERS = Array.from("ABCDEFGHIJKLMNOPQRSTUVWXYZ");

function doubleDataEach({ data }: { data: Value }): void {
  data.value *= 2;
}
function doubleZEach({ Z }: { Z: Value }): void {
  Z.value *= 2;
}

function fragStep(s: StateWithWorld): void {
  s.world.each("data", doubleDataEach);
  s.world.each("Z", doubleZEach);
}

const fragIter: StepImplementation<StateWithWorld> = {
  setup() {
    const world = new World();
    for (const letter of LETTERS) {
      for (let i = 0; i < FRAG_PER_TYPE; i++) {
        world.entity().set(letter, { value: 1 }).set("data", { value: 1 });
      }
    }
    return { world };
  },
  step: fragStep,
  check(s) {
    fragStep(s);
    const w = s.world;
    expectEqual("frag_iter", "entity count", w.each().length, 26 * FRAG_PER_TYPE);
    const data = sumValue(w, "data");
    expectEqual("frag_iter", "entities with data", data.count, 26 * FRAG_PER_TYPE);
    expectEqual("frag_iter", "sum of data.value after one step", data.sum, 26 * FRAG_PER_TYPE * 2);
    const z = sumValue(w, "Z");
    expectEqual("frag_iter", "entities with Z", z.count, FRAG_PER_TYPE);
    expectEqual("frag_iter", "sum of Z.value after one step", z.sum, FRAG_PER_TYPE * 2);
    expectEqual("frag_iter", "sum of Y.value after one step", sumValue(w, "Y").sum, FRAG_PER_TYPE);
  },
};

// ---------------------------------------------------------------------------------------
// entity_cycle: 1,000 entities with a { value: i }; spawn one b { value: a.value } per a
// entity, then destroy every b entity.

const CYCLE_N = 1000;

interface CycleState {
  readonly world: World;
  readonly spawnEach: (data: { a: Value }) => void;
}

function destroyEach(_: unknown, entity: Entity): void {
  entity.destroy();
}

function spawnBs(s: CycleState): void {
  s.world.each("a", s.spawnEach);
}

function destroyBs(s: CycleState): void {
  s.world.each("b", destroyEach);
}

function cycleStep(s: CycleState): void {
  spawnBs(s);
  destroyBs(s);
}

const entityCycle: StepImplementation<CycleState> = {
  setup() {
    const world = new World();
    for (let i = 0; i < CYCLE_N; i++) world.entity().set("a", { value: i });
    return {
      world,
      // The spawn system's callback closes over the world (created once, here).
      spawnEach: ({ a }: { a: Value }): void => {
        world.entity().set("b", { value: a.value });
      },
    };
  },
  step: cycleStep,
  check(s) {
    const sumA = (CYCLE_N * (CYCLE_N - 1)) / 2;
    for (let round = 1; round <= 3; round++) {
      const what = (thing: string): string => `${thing} in round ${round}`;
      spawnBs(s);
      const b = sumValue(s.world, "b");
      expectEqual("entity_cycle", what("b entities after the spawn system"), b.count, CYCLE_N);
      expectEqual("entity_cycle", what("entities after the spawn system"), s.world.each().length, 2 * CYCLE_N);
      expectEqual("entity_cycle", what("sum of b.value"), b.sum, sumA);
      destroyBs(s);
      expectEqual("entity_cycle", what("b entities after the destroy system"), s.world.each("b").length, 0);
      expectEqual("entity_cycle", what("entities after the destroy system"), s.world.each().length, CYCLE_N);
      expectEqual("entity_cycle", what("sum of a.value"), sumValue(s.world, "a").sum, sumA);
    }
  },
};

// ---------------------------------------------------------------------------------------
// add_remove: 1,000 entities with tag a (no data); add tag b to every a entity, then remove
// b from every entity having it.

const ADD_N = 1000;

function addBEach(_: unknown, entity: Entity): void {
  entity.set("b");
}

function removeBEach(_: unknown, entity: Entity): void {
  entity.remove("b");
}

function addB(s: StateWithWorld): void {
  s.world.each("a", addBEach);
}

function removeB(s: StateWithWorld): void {
  s.world.each("b", removeBEach);
}

function addRemoveStep(s: StateWithWorld): void {
  addB(s);
  removeB(s);
}

const addRemove: StepImplementation<StateWithWorld> = {
  setup() {
    const world = new World();
    for (let i = 0; i < ADD_N; i++) world.entity().set("a");
    return { world };
  },
  step: addRemoveStep,
  check(s) {
    const w = s.world;
    for (let round = 1; round <= 3; round++) {
      addB(s);
      expectEqual("add_remove", `entities with b after the add system in round ${round}`, w.each("b").length, ADD_N);
      expectEqual("add_remove", `entities with a after the add system in round ${round}`, w.each("a").length, ADD_N);
      removeB(s);
      expectEqual("add_remove", `entities with b after the remove system in round ${round}`, w.each("b").length, 0);
      expectEqual("add_remove", `entities in round ${round}`, w.each().length, ADD_N);
    }
  },
};

// ---------------------------------------------------------------------------------------
// iterate_1m: 1,000,000 entities with position (0, 0) and velocity (1, 0.5); pos += vel.

const ITER_N = 1_000_000;

function moveEach({ position, velocity }: { position: Vec2; velocity: Vec2 }): void {
  position.x += velocity.x;
  position.y += velocity.y;
}

function move(s: StateWithWorld): void {
  s.world.each("position", "velocity", moveEach);
}

const iterate1m: StepImplementation<StateWithWorld> = {
  setup() {
    const world = new World();
    for (let i = 0; i < ITER_N; i++) {
      world.entity().set("position", { x: 0, y: 0 }).set("velocity", { x: 1, y: 0.5 });
    }
    return { world };
  },
  step: move,
  check(s) {
    move(s);
    const moving = s.world.each("position", "velocity");
    let x = 0;
    let y = 0;
    for (const e of moving) {
      const p = e.get<Vec2>("position")!;
      x += p.x;
      y += p.y;
    }
    expectEqual("iterate_1m", "entities visited", moving.length, ITER_N);
    expectEqual("iterate_1m", "sum of x after one step", x, ITER_N);
    expectEqual("iterate_1m", "sum of y after one step", y, ITER_N / 2);
  },
};

// ---------------------------------------------------------------------------------------
// spawn_1m: create 1,000,000 entities with position and velocity, then destroy all of them
// (one entity.destroy() per entity of a (position, velocity) query).

const SPAWN_N = 1_000_000;

interface SpawnState {
  readonly world: World;
  /** Counts the entities the destroy system visits (all matches of its query). */
  readonly destroyCounting: (data: unknown, entity: Entity) => void;
  destroyed: number;
  /** Matches of (position, velocity) after creating and after destroying, by the last op. */
  readonly counts: [number, number];
}

function spawnAll(world: World): void {
  for (let i = 0; i < SPAWN_N; i++) {
    world.entity().set("position", { x: 0, y: 0 }).set("velocity", { x: 0, y: 0 });
  }
}

function spawnAndDestroy(s: SpawnState): void {
  spawnAll(s.world);
  s.destroyed = 0;
  s.world.each("position", "velocity", s.destroyCounting);
  s.counts[0] = s.destroyed;
  s.counts[1] = s.world.each("position", "velocity").length;
}

const spawn1m: StepImplementation<SpawnState> = {
  setup() {
    const state: SpawnState = {
      world: new World(),
      destroyCounting: (_: unknown, entity: Entity): void => {
        state.destroyed++;
        entity.destroy();
      },
      destroyed: 0,
      counts: [0, 0],
    };
    return state;
  },
  step: spawnAndDestroy,
  // One op is ~3.5 s of CPU, so the check runs exactly one: the destroy system's query visits
  // every entity matching (position, velocity) right after creating, and none matches after.
  check(s) {
    spawnAndDestroy(s);
    expectEqual("spawn_1m", "entities matching (position, velocity) after creating", s.counts[0], SPAWN_N);
    expectEqual("spawn_1m", "entities matching (position, velocity) after destroying", s.counts[1], 0);
    expectEqual("spawn_1m", "entities in the world after one op", s.world.each().length, 0);
  },
};

// ---------------------------------------------------------------------------------------
// migrate_100k: 100,000 entities with position { x: 1, y: 0 }; add velocity { x: 1, y: 1 }
// to each, then remove velocity from each.

const MIGRATE_N = 100_000;

function addVelocityEach(_: unknown, entity: Entity): void {
  entity.set("velocity", { x: 1, y: 1 });
}

function removeVelocityEach(_: unknown, entity: Entity): void {
  entity.remove("velocity");
}

function addVelocity(s: StateWithWorld): void {
  s.world.each("position", addVelocityEach);
}

function removeVelocity(s: StateWithWorld): void {
  s.world.each("velocity", removeVelocityEach);
}

function migrateStep(s: StateWithWorld): void {
  addVelocity(s);
  removeVelocity(s);
}

const migrate100k: StepImplementation<StateWithWorld> = {
  setup() {
    const world = new World();
    for (let i = 0; i < MIGRATE_N; i++) world.entity().set("position", { x: 1, y: 0 });
    return { world };
  },
  step: migrateStep,
  check(s) {
    const w = s.world;
    addVelocity(s);
    const moving = w.each("velocity");
    let vx = 0;
    for (const e of moving) vx += e.get<Vec2>("velocity")!.x;
    expectEqual("migrate_100k", "entities with velocity after adding", moving.length, MIGRATE_N);
    expectEqual("migrate_100k", "sum of velocity.x after adding", vx, MIGRATE_N);
    removeVelocity(s);
    expectEqual("migrate_100k", "entities with velocity after removing", w.each("velocity").length, 0);
    let px = 0;
    for (const e of w.each("position")) px += e.get<Vec2>("position")!.x;
    expectEqual("migrate_100k", "sum of position.x after removing", px, MIGRATE_N);
  },
};

// ---------------------------------------------------------------------------------------
// fragmented_256: 4,096 entities, each with data { value: 0 } plus the tags among t0..t7
// given by the bits of (i mod 256); one query over data: value += 1.

const FRAGMENTED_N = 4096;
const TAGS = Array.from({ length: 8 }, (_, i) => `t${i}`);

function incrementEach({ data }: { data: Value }): void {
  data.value += 1;
}

function increment(s: StateWithWorld): void {
  s.world.each("data", incrementEach);
}

const fragmented256: StepImplementation<StateWithWorld> = {
  setup() {
    const world = new World();
    for (let i = 0; i < FRAGMENTED_N; i++) {
      const k = i % 256;
      const e = world.entity().set("data", { value: 0 });
      for (let bit = 0; bit < 8; bit++) if ((k >> bit) & 1) e.set(TAGS[bit]);
    }
    return { world };
  },
  step: increment,
  check(s) {
    increment(s);
    const { sum, count } = sumValue(s.world, "data");
    expectEqual("fragmented_256", "entities visited", count, FRAGMENTED_N);
    expectEqual("fragmented_256", "entities with t7", s.world.each("data", "t7").length, FRAGMENTED_N / 2);
    expectEqual("fragmented_256", "sum of data.value after one step", sum, FRAGMENTED_N);
  },
};

// ---------------------------------------------------------------------------------------
// random_access: 100,000 entities with position (0, 0); for each of 100,000 seeded random
// picks, read position.x with entity.get and write x + 1 into the component.

const RANDOM_N = 100_000;

interface RandomState {
  readonly world: World;
  readonly targets: readonly Entity[];
}

function touch(s: RandomState): void {
  const targets = s.targets;
  for (let i = 0; i < targets.length; i++) {
    const p = targets[i].get<Vec2>("position")!;
    const x = p.x;
    p.x = x + 1;
  }
}

const randomAccess: StepImplementation<RandomState> = {
  setup() {
    const world = new World();
    const spawned: Entity[] = [];
    for (let i = 0; i < RANDOM_N; i++) spawned.push(world.entity().set("position", { x: 0, y: 0 }));
    return { world, targets: Array.from(picks(), (i) => spawned[i]) };
  },
  step: touch,
  check(s) {
    touch(s);
    let sum = 0;
    for (const e of s.world.each("position")) sum += e.get<Vec2>("position")!.x;
    expectEqual("random_access", "sum of x after one step", sum, RANDOM_N);
  },
};

export const adapter: Adapter = {
  library: "picoes",
  packageName: "picoes",
  scenarios: {
    packed_5: packed5,
    simple_iter: simpleIter,
    frag_iter: fragIter,
    entity_cycle: entityCycle,
    add_remove: addRemove,
    iterate_1m: iterate1m,
    spawn_1m: spawn1m,
    migrate_100k: migrate100k,
    fragmented_256: fragmented256,
    random_access: randomAccess,
  },
  unsupported: {
    hierarchy_10k: "no relations",
    reparent_10k: "no relations",
  },
};
