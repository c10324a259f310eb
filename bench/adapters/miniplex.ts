// miniplex 2.0 adapter. Entities are plain objects and components are their properties;
// queries are buckets kept up to date by world.add / world.remove / addComponent /
// removeComponent. Fast path per the README ("Best Practices"): iterate queries with
// `for...of` (reverse order, so removing the current entity inside the loop is safe), mutate
// component values in place, change composition only through addComponent / removeComponent.
// miniplex has no systems: each system is a plain function over its query.
import { type Query, type With, World } from "miniplex";
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

// ---------------------------------------------------------------------------------------
// packed_5: 1,000 entities with A..E { value: 1 }; 5 systems doubling one component each.

interface Packed {
  a?: Value;
  b?: Value;
  c?: Value;
  d?: Value;
  e?: Value;
}

const PACKED_N = 1000;

interface PackedState {
  readonly qa: Query<With<Packed, "a">>;
  readonly qb: Query<With<Packed, "b">>;
  readonly qc: Query<With<Packed, "c">>;
  readonly qd: Query<With<Packed, "d">>;
  readonly qe: Query<With<Packed, "e">>;
}

function doubleA(q: Query<With<Packed, "a">>): void {
  for (const e of q) e.a.value *= 2;
}

function doubleB(q: Query<With<Packed, "b">>): void {
  for (const e of q) e.b.value *= 2;
}

function doubleC(q: Query<With<Packed, "c">>): void {
  for (const e of q) e.c.value *= 2;
}

function doubleD(q: Query<With<Packed, "d">>): void {
  for (const e of q) e.d.value *= 2;
}

function doubleE(q: Query<With<Packed, "e">>): void {
  for (const e of q) e.e.value *= 2;
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
    const world = new World<Packed>();
    const s: PackedState = {
      qa: world.with("a"),
      qb: world.with("b"),
      qc: world.with("c"),
      qd: world.with("d"),
      qe: world.with("e"),
    };
    for (let i = 0; i < PACKED_N; i++) {
      world.add({ a: { value: 1 }, b: { value: 1 }, c: { value: 1 }, d: { value: 1 }, e: { value: 1 } });
    }
    return s;
  },
  step: packedStep,
  check(s) {
    packedStep(s);
    const sums = [0, 0, 0, 0, 0];
    for (const e of s.qa) sums[0] += e.a.value;
    for (const e of s.qb) sums[1] += e.b.value;
    for (const e of s.qc) sums[2] += e.c.value;
    for (const e of s.qd) sums[3] += e.d.value;
    for (const e of s.qe) sums[4] += e.e.value;
    expectEqual("packed_5", "entities with A", s.qa.size, PACKED_N);
    "ABCDE".split("").forEach((name, i) => {
      expectEqual("packed_5", `sum of ${name}.value after one step`, sums[i], 2 * PACKED_N);
    });
  },
};

// ---------------------------------------------------------------------------------------
// simple_iter: 1,000 each of (A,B), (A,B,C), (A,B,C,D), (A,B,C,E) with A=1, B=2, C=3, D=4,
// E=5; 3 systems swapping (A,B), (C,D), (C,E).

const SIMPLE_N = 1000;

interface SimpleState {
  readonly ab: Query<With<Packed, "a" | "b">>;
  readonly cd: Query<With<Packed, "c" | "d">>;
  readonly ce: Query<With<Packed, "c" | "e">>;
  readonly c: Query<With<Packed, "c">>;
}

function swapAB(q: Query<With<Packed, "a" | "b">>): void {
  for (const e of q) {
    const x = e.a.value;
    e.a.value = e.b.value;
    e.b.value = x;
  }
}

function swapCD(q: Query<With<Packed, "c" | "d">>): void {
  for (const e of q) {
    const x = e.c.value;
    e.c.value = e.d.value;
    e.d.value = x;
  }
}

function swapCE(q: Query<With<Packed, "c" | "e">>): void {
  for (const e of q) {
    const x = e.c.value;
    e.c.value = e.e.value;
    e.e.value = x;
  }
}

function simpleStep(s: SimpleState): void {
  swapAB(s.ab);
  swapCD(s.cd);
  swapCE(s.ce);
}

const simpleIter: StepImplementation<SimpleState> = {
  setup() {
    const world = new World<Packed>();
    const s: SimpleState = {
      ab: world.with("a", "b"),
      cd: world.with("c", "d"),
      ce: world.with("c", "e"),
      c: world.with("c"),
    };
    for (let i = 0; i < SIMPLE_N; i++) world.add({ a: { value: 1 }, b: { value: 2 } });
    for (let i = 0; i < SIMPLE_N; i++) world.add({ a: { value: 1 }, b: { value: 2 }, c: { value: 3 } });
    for (let i = 0; i < SIMPLE_N; i++) {
      world.add({ a: { value: 1 }, b: { value: 2 }, c: { value: 3 }, d: { value: 4 } });
    }
    for (let i = 0; i < SIMPLE_N; i++) {
      world.add({ a: { value: 1 }, b: { value: 2 }, c: { value: 3 }, e: { value: 5 } });
    }
    return s;
  },
  step: simpleStep,
  check(s) {
    simpleStep(s);
    let a = 0;
    let b = 0;
    let c = 0;
    let d = 0;
    let e5 = 0;
    for (const e of s.ab) {
      a += e.a.value;
      b += e.b.value;
    }
    for (const e of s.c) c += e.c.value;
    for (const e of s.cd) d += e.d.value;
    for (const e of s.ce) e5 += e.e.value;
    expectEqual("simple_iter", "(A,B) entities", s.ab.size, 4 * SIMPLE_N);
    expectEqual("simple_iter", "sum of A.value after one step", a, 4 * SIMPLE_N * 2);
    expectEqual("simple_iter", "sum of B.value after one step", b, 4 * SIMPLE_N * 1);
    expectEqual("simple_iter", "sum of C.value after one step", c, SIMPLE_N * (3 + 4 + 5));
    expectEqual("simple_iter", "sum of D.value after one step", d, SIMPLE_N * 3);
    expectEqual("simple_iter", "sum of E.value after one step", e5, SIMPLE_N * 3);
  },
};

// ---------------------------------------------------------------------------------------
// frag_iter: 26 letter components, 100 entities each with (Letter, Data), all { value: 1 };
// Data.value *= 2 on all 2,600, then Z.value *= 2 on the 100 Z entities.

const FRAG_PER_TYPE = 100;
const LETTER_KEYS = [
  "a",
  "b",
  "c",
  "d",
  "e",
  "f",
  "g",
  "h",
  "i",
  "j",
  "k",
  "l",
  "m",
  "n",
  "o",
  "p",
  "q",
  "r",
  "s",
  "t",
  "u",
  "v",
  "w",
  "x",
  "y",
  "z",
] as const;
type Letter = (typeof LETTER_KEYS)[number];
type Frag = { [K in Letter]?: Value } & { data?: Value };

interface FragState {
  readonly data: Query<With<Frag, "data">>;
  readonly z: Query<With<Frag, "z">>;
  readonly y: Query<With<Frag, "y">>;
}

function doubleData(q: Query<With<Frag, "data">>): void {
  for (const e of q) e.data.value *= 2;
}

function doubleZ(q: Query<With<Frag, "z">>): void {
  for (const e of q) e.z.value *= 2;
}

function fragStep(s: FragState): void {
  doubleData(s.data);
  doubleZ(s.z);
}

const fragIter: StepImplementation<FragState> = {
  setup() {
    const world = new World<Frag>();
    const s: FragState = { data: world.with("data"), z: world.with("z"), y: world.with("y") };
    for (const letter of LETTER_KEYS) {
      for (let i = 0; i < FRAG_PER_TYPE; i++) {
        const entity: Frag = {};
        entity[letter] = { value: 1 };
        entity.data = { value: 1 };
        world.add(entity);
      }
    }
    return s;
  },
  step: fragStep,
  check(s) {
    fragStep(s);
    let data = 0;
    let z = 0;
    let y = 0;
    for (const e of s.data) data += e.data.value;
    for (const e of s.z) z += e.z.value;
    for (const e of s.y) y += e.y.value;
    expectEqual("frag_iter", "entities with Data", s.data.size, 26 * FRAG_PER_TYPE);
    expectEqual("frag_iter", "sum of Data.value after one step", data, 26 * FRAG_PER_TYPE * 2);
    expectEqual("frag_iter", "sum of Z.value after one step", z, FRAG_PER_TYPE * 2);
    expectEqual("frag_iter", "sum of Y.value after one step", y, FRAG_PER_TYPE);
  },
};

// ---------------------------------------------------------------------------------------
// entity_cycle: 1,000 entities with A { value: i }; spawn one B { value: A.value } per A
// entity, then destroy every B entity.

const CYCLE_N = 1000;

interface Cycle {
  a?: Value;
  b?: Value;
}

interface CycleState {
  readonly world: World<Cycle>;
  readonly qa: Query<With<Cycle, "a">>;
  readonly qb: Query<With<Cycle, "b">>;
}

function spawnBs(s: CycleState): void {
  const world = s.world;
  for (const e of s.qa) world.add({ b: { value: e.a.value } });
}

function destroyBs(s: CycleState): void {
  const world = s.world;
  for (const e of s.qb) world.remove(e);
}

function cycleStep(s: CycleState): void {
  spawnBs(s);
  destroyBs(s);
}

const entityCycle: StepImplementation<CycleState> = {
  setup() {
    const world = new World<Cycle>();
    const s: CycleState = { world, qa: world.with("a"), qb: world.with("b") };
    for (let i = 0; i < CYCLE_N; i++) world.add({ a: { value: i } });
    return s;
  },
  step: cycleStep,
  check(s) {
    const sumA = (CYCLE_N * (CYCLE_N - 1)) / 2;
    for (let round = 1; round <= 3; round++) {
      spawnBs(s);
      let sumB = 0;
      for (const e of s.qb) sumB += e.b.value;
      expectEqual("entity_cycle", `B entities after the spawn system in round ${round}`, s.qb.size, CYCLE_N);
      expectEqual("entity_cycle", `entities after the spawn system in round ${round}`, s.world.size, 2 * CYCLE_N);
      expectEqual("entity_cycle", `sum of B.value in round ${round}`, sumB, sumA);
      destroyBs(s);
      let sumA2 = 0;
      for (const e of s.qa) sumA2 += e.a.value;
      expectEqual("entity_cycle", `B entities after the destroy system in round ${round}`, s.qb.size, 0);
      expectEqual("entity_cycle", `entities after the destroy system in round ${round}`, s.world.size, CYCLE_N);
      expectEqual("entity_cycle", `sum of A.value in round ${round}`, sumA2, sumA);
    }
  },
};

// ---------------------------------------------------------------------------------------
// add_remove: 1,000 entities with tag A; add tag B to every A entity, then remove B from
// every entity having it. Tags are `true`-valued properties (the README's `poisoned?: true`).

const ADD_REMOVE_N = 1000;

interface Tagged {
  a?: true;
  b?: true;
}

interface AddRemoveState {
  readonly world: World<Tagged>;
  readonly qa: Query<With<Tagged, "a">>;
  readonly qb: Query<With<Tagged, "b">>;
}

function addB(s: AddRemoveState): void {
  const world = s.world;
  for (const e of s.qa) world.addComponent(e, "b", true);
}

function removeB(s: AddRemoveState): void {
  const world = s.world;
  for (const e of s.qb) world.removeComponent(e, "b");
}

function addRemoveStep(s: AddRemoveState): void {
  addB(s);
  removeB(s);
}

const addRemove: StepImplementation<AddRemoveState> = {
  setup() {
    const world = new World<Tagged>();
    const s: AddRemoveState = { world, qa: world.with("a"), qb: world.with("b") };
    for (let i = 0; i < ADD_REMOVE_N; i++) world.add({ a: true });
    return s;
  },
  step: addRemoveStep,
  check(s) {
    for (let round = 1; round <= 3; round++) {
      addB(s);
      expectEqual("add_remove", `entities with B after the add system in round ${round}`, s.qb.size, ADD_REMOVE_N);
      expectEqual("add_remove", `entities with A after the add system in round ${round}`, s.qa.size, ADD_REMOVE_N);
      removeB(s);
      expectEqual("add_remove", `entities with B after the remove system in round ${round}`, s.qb.size, 0);
      expectEqual("add_remove", `entities in round ${round}`, s.world.size, ADD_REMOVE_N);
    }
  },
};

// ---------------------------------------------------------------------------------------
// Scale scenarios share Position / Velocity entities.

interface Body {
  position?: Vec2;
  velocity?: Vec2;
}

// iterate_1m: 1,000,000 entities with position (0, 0) and velocity (1, 0.5); pos += vel.

const ITERATE_N = 1_000_000;

interface IterateState {
  readonly moving: Query<With<Body, "position" | "velocity">>;
}

function move(s: IterateState): void {
  for (const e of s.moving) {
    const p = e.position;
    const v = e.velocity;
    p.x += v.x;
    p.y += v.y;
  }
}

const iterate1m: StepImplementation<IterateState> = {
  setup() {
    const world = new World<Body>();
    const moving = world.with("position", "velocity");
    for (let i = 0; i < ITERATE_N; i++) world.add({ position: { x: 0, y: 0 }, velocity: { x: 1, y: 0.5 } });
    return { moving };
  },
  step: move,
  check(s) {
    move(s);
    let n = 0;
    let x = 0;
    let y = 0;
    for (const e of s.moving) {
      n++;
      x += e.position.x;
      y += e.position.y;
    }
    expectEqual("iterate_1m", "entities visited", n, ITERATE_N);
    expectEqual("iterate_1m", "sum of x after one step", x, ITERATE_N);
    expectEqual("iterate_1m", "sum of y after one step", y, ITERATE_N / 2);
  },
};

// spawn_1m: create 1,000,000 entities with position and velocity, then destroy them all.

const SPAWN_N = 1_000_000;

interface SpawnState {
  readonly world: World<Body>;
  readonly both: Query<With<Body, "position" | "velocity">>;
  /** Matching entities after creating and after destroying, recorded by the last op. */
  readonly counts: [number, number];
}

function spawnAll(s: SpawnState): void {
  const world = s.world;
  for (let i = 0; i < SPAWN_N; i++) world.add({ position: { x: 0, y: 0 }, velocity: { x: 0, y: 0 } });
}

function destroyAll(s: SpawnState): void {
  const world = s.world;
  for (const e of s.both) world.remove(e);
}

function spawnAndDestroy(s: SpawnState): void {
  spawnAll(s);
  s.counts[0] = s.both.size;
  destroyAll(s);
  s.counts[1] = s.both.size;
}

const spawn1m: StepImplementation<SpawnState> = {
  setup() {
    const world = new World<Body>();
    return { world, both: world.with("position", "velocity"), counts: [0, 0] };
  },
  step: spawnAndDestroy,
  check(s) {
    spawnAndDestroy(s);
    expectEqual("spawn_1m", "entities matching (position, velocity) after creating", s.counts[0], SPAWN_N);
    expectEqual("spawn_1m", "entities matching (position, velocity) after destroying", s.counts[1], 0);
    expectEqual("spawn_1m", "entities left in the world", s.world.size, 0);
  },
};

// migrate_100k: 100,000 entities with position (1, 0); add velocity (1, 1) to each entity
// without one, then remove velocity from each entity having it.

const MIGRATE_N = 100_000;

interface MigrateState {
  readonly world: World<Body>;
  readonly still: Query<With<Body, "position">>;
  readonly moving: Query<With<Body, "position" | "velocity">>;
}

function addVelocity(s: MigrateState): void {
  const world = s.world;
  for (const e of s.still) world.addComponent(e, "velocity", { x: 1, y: 1 });
}

function removeVelocity(s: MigrateState): void {
  const world = s.world;
  for (const e of s.moving) world.removeComponent(e, "velocity");
}

function migrateStep(s: MigrateState): void {
  addVelocity(s);
  removeVelocity(s);
}

const migrate100k: StepImplementation<MigrateState> = {
  setup() {
    const world = new World<Body>();
    const s: MigrateState = {
      world,
      still: world.with("position").without("velocity"),
      moving: world.with("position", "velocity"),
    };
    for (let i = 0; i < MIGRATE_N; i++) world.add({ position: { x: 1, y: 0 } });
    return s;
  },
  step: migrateStep,
  check(s) {
    addVelocity(s);
    let vx = 0;
    for (const e of s.moving) vx += e.velocity.x;
    expectEqual("migrate_100k", "entities with velocity after adding", s.moving.size, MIGRATE_N);
    expectEqual("migrate_100k", "sum of velocity.x after adding", vx, MIGRATE_N);
    removeVelocity(s);
    let px = 0;
    for (const e of s.still) px += e.position.x;
    expectEqual("migrate_100k", "entities with velocity after removing", s.moving.size, 0);
    expectEqual("migrate_100k", "entities without velocity after removing", s.still.size, MIGRATE_N);
    expectEqual("migrate_100k", "sum of position.x after removing", px, MIGRATE_N);
  },
};

// fragmented_256: 4,096 entities with data { value: 0 } plus the tags t0..t7 given by the
// bits of (i mod 256); one query over everything with data: value += 1.

const FRAGMENTED_N = 4096;
const TAG_KEYS = ["t0", "t1", "t2", "t3", "t4", "t5", "t6", "t7"] as const;
type TagKey = (typeof TAG_KEYS)[number];
type Fragmented = { [K in TagKey]?: true } & { data?: Value };

interface FragmentedState {
  readonly data: Query<With<Fragmented, "data">>;
}

function increment(s: FragmentedState): void {
  for (const e of s.data) e.data.value += 1;
}

const fragmented256: StepImplementation<FragmentedState> = {
  setup() {
    const world = new World<Fragmented>();
    const data = world.with("data");
    for (let i = 0; i < FRAGMENTED_N; i++) {
      const k = i % 256;
      const entity: Fragmented = { data: { value: 0 } };
      for (let bit = 0; bit < 8; bit++) if ((k >> bit) & 1) entity[TAG_KEYS[bit]] = true;
      world.add(entity);
    }
    return { data };
  },
  step: increment,
  check(s) {
    increment(s);
    let n = 0;
    let sum = 0;
    const combos = new Set<string>();
    for (const e of s.data) {
      n++;
      sum += e.data.value;
      combos.add(TAG_KEYS.filter((key) => e[key] === true).join());
    }
    expectEqual("fragmented_256", "entities visited", n, FRAGMENTED_N);
    expectEqual("fragmented_256", "distinct tag combinations", combos.size, 256);
    expectEqual("fragmented_256", "sum of data.value after one step", sum, FRAGMENTED_N);
  },
};

// random_access: 100,000 entities with position (0, 0); 100,000 seeded picks; per pick read
// position.x and write x + 1. miniplex identifies entities by object identity (README:
// "Focus on Object Identities over numerical IDs"), so the per-entity access is the entity
// object the world returned from add().

const RANDOM_N = 100_000;

interface RandomState {
  readonly targets: readonly With<Body, "position">[];
  readonly all: Query<With<Body, "position">>;
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
    const world = new World<Body>();
    const all = world.with("position");
    const spawned: With<Body, "position">[] = [];
    for (let i = 0; i < RANDOM_N; i++) {
      const e = { position: { x: 0, y: 0 } };
      world.add(e);
      spawned.push(e);
    }
    const order = picks();
    return { targets: Array.from(order, (i) => spawned[i]), all };
  },
  step: touch,
  check(s) {
    touch(s);
    let x = 0;
    for (const e of s.all) x += e.position.x;
    expectEqual("random_access", "entities", s.all.size, RANDOM_N);
    expectEqual("random_access", "sum of x after one step", x, RANDOM_N);
  },
};

export const adapter: Adapter = {
  library: "miniplex",
  packageName: "miniplex",
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
