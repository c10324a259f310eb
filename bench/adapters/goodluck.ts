// goodluck 7 adapter ("The minimal ECS implementation powering Goodluck", piesku). The
// library is WorldImpl (a Signature array of component bitmasks, CreateEntity /
// DestroyEntity with a graveyard of ids to reuse) and instantiate(world, blueprint); the
// user defines the masks, the component storage (arrays on a WorldImpl subclass) and the
// mixins. Everything here follows the package README: storage is one array of component
// objects per component (`world.Position[entity] = { x, y }`), entities are made by
// instantiate(world, [mixin, ...]) with mixins that set the mask bit and the data, and a
// system walks `world.Signature` testing `(signature & QUERY) === QUERY`. Adding or removing a
// component on a live entity is what a mixin does: set (or clear) the bit, and for a data
// component store a fresh object. There is no archetype or query index, so every system
// scans every entity id.
//
// Types: the package ships none; it is imported by a specifier the compiler does not resolve
// and narrowed to the small interface below.
import { expectEqual } from "../check.js";
import { picks } from "../picks.js";
import type { StepImplementation } from "../types.js";
import type { Adapter } from "./types.js";

/** The WorldImpl base class of goodluck 7 (index.cjs). */
interface WorldBase {
  Signature: number[];
  Graveyard: number[];
  CreateEntity(): number;
  DestroyEntity(entity: number): void;
}

type Mixin<W extends WorldBase> = (world: W, entity: number) => void;

interface Goodluck {
  readonly WorldImpl: new () => WorldBase;
  instantiate<W extends WorldBase>(world: W, blueprint: readonly Mixin<W>[]): number;
}

function isGoodluck(mod: unknown): mod is Goodluck {
  if (typeof mod !== "object" || mod === null) return false;
  const record = mod as Record<string, unknown>;
  return typeof record.WorldImpl === "function" && typeof record.instantiate === "function";
}

/** Kept in a variable so the compiler does not look for the (missing) declarations. */
const SPECIFIER = "goodluck";
const loaded: unknown = await import(SPECIFIER);
if (!isGoodluck(loaded)) throw new Error(`${SPECIFIER} does not export WorldImpl and instantiate`);
const { WorldImpl, instantiate } = loaded;

interface Value {
  value: number;
}

interface Vec2 {
  x: number;
  y: number;
}

/** Entities whose signature has every bit of `mask` (check only). */
function countOf(world: WorldBase, mask: number): number {
  let n = 0;
  for (let e = 0; e < world.Signature.length; e++) if ((world.Signature[e] & mask) === mask) n++;
  return n;
}

/** Sum of one field over the entities having `mask` (check only). */
function sumOf<T>(world: WorldBase, mask: number, store: readonly T[], field: (t: T) => number): number {
  let sum = 0;
  for (let e = 0; e < world.Signature.length; e++) if ((world.Signature[e] & mask) === mask) sum += field(store[e]);
  return sum;
}

const valueField = (v: Value): number => v.value;
const xOf = (v: Vec2): number => v.x;
const yOf = (v: Vec2): number => v.y;

// ---------------------------------------------------------------------------------------
// packed_5: 1,000 entities with A..E { value: 1 }; 5 systems doubling one component each.

const PACKED_N = 1000;
const HAS_A = 1 << 0;
const HAS_B = 1 << 1;
const HAS_C = 1 << 2;
const HAS_D = 1 << 3;
const HAS_E = 1 << 4;

class PackedWorld extends WorldImpl {
  A: Value[] = [];
  B: Value[] = [];
  C: Value[] = [];
  D: Value[] = [];
  E: Value[] = [];
}

function packedA(value: number): Mixin<PackedWorld> {
  return (world, entity) => {
    world.Signature[entity] |= HAS_A;
    world.A[entity] = { value };
  };
}

function packedB(value: number): Mixin<PackedWorld> {
  return (world, entity) => {
    world.Signature[entity] |= HAS_B;
    world.B[entity] = { value };
  };
}

function packedC(value: number): Mixin<PackedWorld> {
  return (world, entity) => {
    world.Signature[entity] |= HAS_C;
    world.C[entity] = { value };
  };
}

function packedD(value: number): Mixin<PackedWorld> {
  return (world, entity) => {
    world.Signature[entity] |= HAS_D;
    world.D[entity] = { value };
  };
}

function packedE(value: number): Mixin<PackedWorld> {
  return (world, entity) => {
    world.Signature[entity] |= HAS_E;
    world.E[entity] = { value };
  };
}

function packedDoubleA(world: PackedWorld): void {
  const signature = world.Signature;
  const a = world.A;
  for (let e = 0; e < signature.length; e++) if ((signature[e] & HAS_A) === HAS_A) a[e].value *= 2;
}

function packedDoubleB(world: PackedWorld): void {
  const signature = world.Signature;
  const b = world.B;
  for (let e = 0; e < signature.length; e++) if ((signature[e] & HAS_B) === HAS_B) b[e].value *= 2;
}

function packedDoubleC(world: PackedWorld): void {
  const signature = world.Signature;
  const c = world.C;
  for (let e = 0; e < signature.length; e++) if ((signature[e] & HAS_C) === HAS_C) c[e].value *= 2;
}

function packedDoubleD(world: PackedWorld): void {
  const signature = world.Signature;
  const d = world.D;
  for (let e = 0; e < signature.length; e++) if ((signature[e] & HAS_D) === HAS_D) d[e].value *= 2;
}

function packedDoubleE(world: PackedWorld): void {
  const signature = world.Signature;
  const e5 = world.E;
  for (let e = 0; e < signature.length; e++) if ((signature[e] & HAS_E) === HAS_E) e5[e].value *= 2;
}

interface State<W> {
  readonly world: W;
}

function packedStep(s: State<PackedWorld>): void {
  packedDoubleA(s.world);
  packedDoubleB(s.world);
  packedDoubleC(s.world);
  packedDoubleD(s.world);
  packedDoubleE(s.world);
}

const packed5: StepImplementation<State<PackedWorld>> = {
  setup() {
    const world = new PackedWorld();
    for (let i = 0; i < PACKED_N; i++) {
      instantiate(world, [packedA(1), packedB(1), packedC(1), packedD(1), packedE(1)]);
    }
    return { world };
  },
  step: packedStep,
  check(s) {
    packedStep(s);
    const w = s.world;
    expectEqual("packed_5", "entity count", w.Signature.length - w.Graveyard.length, PACKED_N);
    const cases: [string, number, Value[]][] = [
      ["A", HAS_A, w.A],
      ["B", HAS_B, w.B],
      ["C", HAS_C, w.C],
      ["D", HAS_D, w.D],
      ["E", HAS_E, w.E],
    ];
    for (const [name, mask, store] of cases) {
      expectEqual("packed_5", `entities with ${name}`, countOf(w, mask), PACKED_N);
      expectEqual("packed_5", `sum of ${name}.value after one step`, sumOf(w, mask, store, valueField), 2 * PACKED_N);
    }
  },
};

// ---------------------------------------------------------------------------------------
// simple_iter: 1,000 each of (A,B), (A,B,C), (A,B,C,D), (A,B,C,E) with A=1, B=2, C=3, D=4,
// E=5; 3 systems swapping (A,B), (C,D), (C,E). Same world shape and mixins as packed_5.

const SIMPLE_N = 1000;
const QUERY_AB = HAS_A | HAS_B;
const QUERY_CD = HAS_C | HAS_D;
const QUERY_CE = HAS_C | HAS_E;

function simpleSwapAB(world: PackedWorld): void {
  const signature = world.Signature;
  const a = world.A;
  const b = world.B;
  for (let e = 0; e < signature.length; e++) {
    if ((signature[e] & QUERY_AB) === QUERY_AB) {
      const x = a[e];
      const y = b[e];
      const t = x.value;
      x.value = y.value;
      y.value = t;
    }
  }
}

function simpleSwapCD(world: PackedWorld): void {
  const signature = world.Signature;
  const c = world.C;
  const d = world.D;
  for (let e = 0; e < signature.length; e++) {
    if ((signature[e] & QUERY_CD) === QUERY_CD) {
      const x = c[e];
      const y = d[e];
      const t = x.value;
      x.value = y.value;
      y.value = t;
    }
  }
}

function simpleSwapCE(world: PackedWorld): void {
  const signature = world.Signature;
  const c = world.C;
  const e5 = world.E;
  for (let e = 0; e < signature.length; e++) {
    if ((signature[e] & QUERY_CE) === QUERY_CE) {
      const x = c[e];
      const y = e5[e];
      const t = x.value;
      x.value = y.value;
      y.value = t;
    }
  }
}

function simpleStep(s: State<PackedWorld>): void {
  simpleSwapAB(s.world);
  simpleSwapCD(s.world);
  simpleSwapCE(s.world);
}

const simpleIter: StepImplementation<State<PackedWorld>> = {
  setup() {
    const world = new PackedWorld();
    for (let i = 0; i < SIMPLE_N; i++) instantiate(world, [packedA(1), packedB(2)]);
    for (let i = 0; i < SIMPLE_N; i++) instantiate(world, [packedA(1), packedB(2), packedC(3)]);
    for (let i = 0; i < SIMPLE_N; i++) instantiate(world, [packedA(1), packedB(2), packedC(3), packedD(4)]);
    for (let i = 0; i < SIMPLE_N; i++) instantiate(world, [packedA(1), packedB(2), packedC(3), packedE(5)]);
    return { world };
  },
  step: simpleStep,
  check(s) {
    simpleStep(s);
    const w = s.world;
    expectEqual("simple_iter", "entity count", w.Signature.length - w.Graveyard.length, 4 * SIMPLE_N);
    expectEqual("simple_iter", "(A,B) entities", countOf(w, QUERY_AB), 4 * SIMPLE_N);
    expectEqual("simple_iter", "sum of A.value after one step", sumOf(w, QUERY_AB, w.A, valueField), 4 * SIMPLE_N * 2);
    expectEqual("simple_iter", "sum of B.value after one step", sumOf(w, QUERY_AB, w.B, valueField), 4 * SIMPLE_N);
    expectEqual(
      "simple_iter",
      "sum of C.value after one step",
      sumOf(w, HAS_C, w.C, valueField),
      SIMPLE_N * (3 + 4 + 5),
    );
    expectEqual("simple_iter", "sum of D.value after one step", sumOf(w, QUERY_CD, w.D, valueField), SIMPLE_N * 3);
    expectEqual("simple_iter", "sum of E.value after one step", sumOf(w, QUERY_CE, w.E, valueField), SIMPLE_N * 3);
  },
};

// ---------------------------------------------------------------------------------------
// frag_iter: 26 letter components, 100 entities each with (Letter, Data), all { value: 1 };
// Data.value *= 2 on all 2,600, then Z.value *= 2 on the 100 Z entities. Letter k is bit k,
// Data bit 26.

const FRAG_PER_TYPE = 100;
const FRAG_TYPES = 26;
const HAS_DATA = 1 << 26;
const HAS_Z = 1 << 25;
const HAS_Y = 1 << 24;

class FragWorld extends WorldImpl {
  Letters: Value[][] = Array.from({ length: FRAG_TYPES }, () => []);
  Data: Value[] = [];
}

function fragLetter(k: number, value: number): Mixin<FragWorld> {
  return (world, entity) => {
    world.Signature[entity] |= 1 << k;
    world.Letters[k][entity] = { value };
  };
}

function fragData(value: number): Mixin<FragWorld> {
  return (world, entity) => {
    world.Signature[entity] |= HAS_DATA;
    world.Data[entity] = { value };
  };
}

function fragDoubleData(world: FragWorld): void {
  const signature = world.Signature;
  const data = world.Data;
  for (let e = 0; e < signature.length; e++) if ((signature[e] & HAS_DATA) === HAS_DATA) data[e].value *= 2;
}

function fragDoubleZ(world: FragWorld): void {
  const signature = world.Signature;
  const z = world.Letters[25];
  for (let e = 0; e < signature.length; e++) if ((signature[e] & HAS_Z) === HAS_Z) z[e].value *= 2;
}

function fragStep(s: State<FragWorld>): void {
  fragDoubleData(s.world);
  fragDoubleZ(s.world);
}

const fragIter: StepImplementation<State<FragWorld>> = {
  setup() {
    const world = new FragWorld();
    for (let k = 0; k < FRAG_TYPES; k++) {
      for (let i = 0; i < FRAG_PER_TYPE; i++) instantiate(world, [fragLetter(k, 1), fragData(1)]);
    }
    return { world };
  },
  step: fragStep,
  check(s) {
    fragStep(s);
    const w = s.world;
    expectEqual("frag_iter", "entities with Data", countOf(w, HAS_DATA), FRAG_TYPES * FRAG_PER_TYPE);
    expectEqual(
      "frag_iter",
      "sum of Data.value after one step",
      sumOf(w, HAS_DATA, w.Data, valueField),
      2 * FRAG_TYPES * FRAG_PER_TYPE,
    );
    expectEqual(
      "frag_iter",
      "sum of Z.value after one step",
      sumOf(w, HAS_Z, w.Letters[25], valueField),
      2 * FRAG_PER_TYPE,
    );
    expectEqual(
      "frag_iter",
      "sum of Y.value after one step",
      sumOf(w, HAS_Y, w.Letters[24], valueField),
      FRAG_PER_TYPE,
    );
  },
};

// ---------------------------------------------------------------------------------------
// entity_cycle: 1,000 entities with A { value: i }; spawn one B { value: A.value } per A
// entity (instantiate with a B mixin), then destroy every B entity (DestroyEntity). Ids
// come back from the graveyard, so the signature array stays at 2,000.

const CYCLE_N = 1000;

class CycleWorld extends WorldImpl {
  A: Value[] = [];
  B: Value[] = [];
}

function cycleA(value: number): Mixin<CycleWorld> {
  return (world, entity) => {
    world.Signature[entity] |= HAS_A;
    world.A[entity] = { value };
  };
}

function cycleB(value: number): Mixin<CycleWorld> {
  return (world, entity) => {
    world.Signature[entity] |= HAS_B;
    world.B[entity] = { value };
  };
}

function cycleSpawnBs(world: CycleWorld): void {
  const signature = world.Signature;
  const a = world.A;
  for (let e = 0; e < signature.length; e++) {
    if ((signature[e] & HAS_A) === HAS_A) instantiate(world, [cycleB(a[e].value)]);
  }
}

function cycleDestroyBs(world: CycleWorld): void {
  const signature = world.Signature;
  for (let e = 0; e < signature.length; e++) if ((signature[e] & HAS_B) === HAS_B) world.DestroyEntity(e);
}

function cycleStep(s: State<CycleWorld>): void {
  cycleSpawnBs(s.world);
  cycleDestroyBs(s.world);
}

const entityCycle: StepImplementation<State<CycleWorld>> = {
  setup() {
    const world = new CycleWorld();
    for (let i = 0; i < CYCLE_N; i++) instantiate(world, [cycleA(i)]);
    return { world };
  },
  step: cycleStep,
  check(s) {
    const sumA = (CYCLE_N * (CYCLE_N - 1)) / 2;
    const w = s.world;
    for (let round = 1; round <= 3; round++) {
      const what = (thing: string): string => `${thing} in round ${round}`;
      cycleSpawnBs(w);
      expectEqual("entity_cycle", what("B entities after the spawn system"), countOf(w, HAS_B), CYCLE_N);
      expectEqual(
        "entity_cycle",
        what("entities after the spawn system"),
        w.Signature.length - w.Graveyard.length,
        2 * CYCLE_N,
      );
      expectEqual("entity_cycle", what("sum of B.value"), sumOf(w, HAS_B, w.B, valueField), sumA);
      cycleDestroyBs(w);
      expectEqual("entity_cycle", what("B entities after the destroy system"), countOf(w, HAS_B), 0);
      expectEqual(
        "entity_cycle",
        what("entities after the destroy system"),
        w.Signature.length - w.Graveyard.length,
        CYCLE_N,
      );
      expectEqual("entity_cycle", what("sum of A.value"), sumOf(w, HAS_A, w.A, valueField), sumA);
    }
  },
};

// ---------------------------------------------------------------------------------------
// add_remove: 1,000 entities with tag A; add tag B to each A entity, then remove B from
// each entity having it: with no data, a tag is its signature bit.

const ADD_N = 1000;

function tagA(world: WorldBase, entity: number): void {
  world.Signature[entity] |= HAS_A;
}

function addRemoveAddB(world: WorldBase): void {
  const signature = world.Signature;
  for (let e = 0; e < signature.length; e++) if ((signature[e] & HAS_A) === HAS_A) signature[e] |= HAS_B;
}

function addRemoveRemoveB(world: WorldBase): void {
  const signature = world.Signature;
  for (let e = 0; e < signature.length; e++) if ((signature[e] & HAS_B) === HAS_B) signature[e] &= ~HAS_B;
}

function addRemoveStep(s: State<WorldBase>): void {
  addRemoveAddB(s.world);
  addRemoveRemoveB(s.world);
}

const addRemove: StepImplementation<State<WorldBase>> = {
  setup() {
    const world = new WorldImpl();
    for (let i = 0; i < ADD_N; i++) instantiate(world, [tagA]);
    return { world };
  },
  step: addRemoveStep,
  check(s) {
    const w = s.world;
    for (let round = 1; round <= 3; round++) {
      addRemoveAddB(w);
      expectEqual("add_remove", `entities with B after the add system in round ${round}`, countOf(w, HAS_B), ADD_N);
      expectEqual("add_remove", `entities with A after the add system in round ${round}`, countOf(w, HAS_A), ADD_N);
      addRemoveRemoveB(w);
      expectEqual("add_remove", `entities with B after the remove system in round ${round}`, countOf(w, HAS_B), 0);
      expectEqual("add_remove", `entities in round ${round}`, w.Signature.length - w.Graveyard.length, ADD_N);
    }
  },
};

// ---------------------------------------------------------------------------------------
// Position / Velocity worlds for the scale scenarios.

const HAS_POSITION = 1 << 0;
const HAS_VELOCITY = 1 << 1;
const QUERY_MOVE = HAS_POSITION | HAS_VELOCITY;

class MotionWorld extends WorldImpl {
  Position: Vec2[] = [];
  Velocity: Vec2[] = [];
}

function position(x: number, y: number): Mixin<MotionWorld> {
  return (world, entity) => {
    world.Signature[entity] |= HAS_POSITION;
    world.Position[entity] = { x, y };
  };
}

function velocity(x: number, y: number): Mixin<MotionWorld> {
  return (world, entity) => {
    world.Signature[entity] |= HAS_VELOCITY;
    world.Velocity[entity] = { x, y };
  };
}

// ---------------------------------------------------------------------------------------
// iterate_1m: 1,000,000 entities with Position (0, 0) and Velocity (1, 0.5); one system:
// pos += vel (the README's sys_move).

const ITER_N = 1_000_000;

function iterMove(s: State<MotionWorld>): void {
  const world = s.world;
  const signature = world.Signature;
  const p = world.Position;
  const v = world.Velocity;
  for (let e = 0; e < signature.length; e++) {
    if ((signature[e] & QUERY_MOVE) === QUERY_MOVE) {
      const pos = p[e];
      const vel = v[e];
      pos.x += vel.x;
      pos.y += vel.y;
    }
  }
}

const iterate1m: StepImplementation<State<MotionWorld>> = {
  setup() {
    const world = new MotionWorld();
    const blueprint = [position(0, 0), velocity(1, 0.5)];
    for (let i = 0; i < ITER_N; i++) instantiate(world, blueprint);
    return { world };
  },
  step: iterMove,
  check(s) {
    iterMove(s);
    const w = s.world;
    expectEqual("iterate_1m", "entities visited", countOf(w, QUERY_MOVE), ITER_N);
    expectEqual("iterate_1m", "sum of x after one step", sumOf(w, QUERY_MOVE, w.Position, xOf), ITER_N);
    expectEqual("iterate_1m", "sum of y after one step", sumOf(w, QUERY_MOVE, w.Position, yOf), ITER_N / 2);
  },
};

// ---------------------------------------------------------------------------------------
// spawn_1m: one op = instantiate 1,000,000 entities with Position and Velocity (0, 0), then
// destroy all of them; the op records the (Position, Velocity) count after each half (a
// scan of the signatures, goodluck's only query).

const SPAWN_N = 1_000_000;

interface SpawnState {
  readonly world: MotionWorld;
  readonly blueprint: readonly Mixin<MotionWorld>[];
  readonly ids: Uint32Array;
  readonly counts: [number, number];
}

function spawnAndDestroy(s: SpawnState): void {
  const { world, blueprint, ids } = s;
  for (let i = 0; i < SPAWN_N; i++) ids[i] = instantiate(world, blueprint);
  s.counts[0] = countOf(world, QUERY_MOVE);
  for (let i = 0; i < SPAWN_N; i++) world.DestroyEntity(ids[i]);
  s.counts[1] = countOf(world, QUERY_MOVE);
}

const spawn1m: StepImplementation<SpawnState> = {
  setup() {
    return {
      world: new MotionWorld(),
      blueprint: [position(0, 0), velocity(0, 0)],
      ids: new Uint32Array(SPAWN_N),
      counts: [-1, -1],
    };
  },
  step: spawnAndDestroy,
  check(s) {
    spawnAndDestroy(s);
    expectEqual("spawn_1m", "entities matching (Position, Velocity) after creating", s.counts[0], SPAWN_N);
    expectEqual("spawn_1m", "entities matching (Position, Velocity) after destroying", s.counts[1], 0);
    expectEqual("spawn_1m", "entities left after one op", s.world.Signature.length - s.world.Graveyard.length, 0);
  },
};

// ---------------------------------------------------------------------------------------
// migrate_100k: 100,000 entities with Position { x: 1, y: 0 }; add Velocity { x: 1, y: 1 }
// to each entity with Position and no Velocity, then remove Velocity from each having it.

const MIGRATE_N = 100_000;

function migrateAddVelocity(world: MotionWorld): void {
  const signature = world.Signature;
  const v = world.Velocity;
  for (let e = 0; e < signature.length; e++) {
    if ((signature[e] & QUERY_MOVE) === HAS_POSITION) {
      signature[e] |= HAS_VELOCITY;
      v[e] = { x: 1, y: 1 };
    }
  }
}

function migrateRemoveVelocity(world: MotionWorld): void {
  const signature = world.Signature;
  for (let e = 0; e < signature.length; e++) {
    if ((signature[e] & QUERY_MOVE) === QUERY_MOVE) signature[e] &= ~HAS_VELOCITY;
  }
}

function migrateStep(s: State<MotionWorld>): void {
  migrateAddVelocity(s.world);
  migrateRemoveVelocity(s.world);
}

const migrate100k: StepImplementation<State<MotionWorld>> = {
  setup() {
    const world = new MotionWorld();
    for (let i = 0; i < MIGRATE_N; i++) instantiate(world, [position(1, 0)]);
    return { world };
  },
  step: migrateStep,
  check(s) {
    const w = s.world;
    migrateAddVelocity(w);
    expectEqual("migrate_100k", "entities with Velocity after adding", countOf(w, HAS_VELOCITY), MIGRATE_N);
    expectEqual("migrate_100k", "sum of Velocity.x after adding", sumOf(w, HAS_VELOCITY, w.Velocity, xOf), MIGRATE_N);
    migrateRemoveVelocity(w);
    expectEqual("migrate_100k", "entities with Velocity after removing", countOf(w, HAS_VELOCITY), 0);
    expectEqual("migrate_100k", "entities with Position after removing", countOf(w, HAS_POSITION), MIGRATE_N);
    expectEqual("migrate_100k", "sum of Position.x after removing", sumOf(w, HAS_POSITION, w.Position, xOf), MIGRATE_N);
  },
};

// ---------------------------------------------------------------------------------------
// fragmented_256: 4,096 entities with Data { value: 0 } plus the tags among T0..T7 (bits
// 1..8) given by the bits of (i mod 256); one system over Data: value += 1. goodluck has no
// archetypes: the 256 tag combinations are only different signature values.

const FRAGMENTED_N = 4096;
const FRAGMENTED_ARCHETYPES = 256;
const HAS_DATA_256 = 1 << 0;

class FragmentedWorld extends WorldImpl {
  Data: Value[] = [];
}

function fragmentedData(value: number): Mixin<FragmentedWorld> {
  return (world, entity) => {
    world.Signature[entity] |= HAS_DATA_256;
    world.Data[entity] = { value };
  };
}

function fragmentedTags(k: number): Mixin<FragmentedWorld> {
  return (world, entity) => {
    world.Signature[entity] |= k << 1;
  };
}

function fragmentedIncrement(s: State<FragmentedWorld>): void {
  const world = s.world;
  const signature = world.Signature;
  const data = world.Data;
  for (let e = 0; e < signature.length; e++) {
    if ((signature[e] & HAS_DATA_256) === HAS_DATA_256) data[e].value += 1;
  }
}

const fragmented256: StepImplementation<State<FragmentedWorld>> = {
  setup() {
    const world = new FragmentedWorld();
    for (let i = 0; i < FRAGMENTED_N; i++) {
      instantiate(world, [fragmentedData(0), fragmentedTags(i % FRAGMENTED_ARCHETYPES)]);
    }
    return { world };
  },
  step: fragmentedIncrement,
  check(s) {
    fragmentedIncrement(s);
    const w = s.world;
    expectEqual("fragmented_256", "entities visited", countOf(w, HAS_DATA_256), FRAGMENTED_N);
    expectEqual("fragmented_256", "distinct signatures", new Set(w.Signature).size, FRAGMENTED_ARCHETYPES);
    expectEqual(
      "fragmented_256",
      "sum of Data.value after one step",
      sumOf(w, HAS_DATA_256, w.Data, valueField),
      FRAGMENTED_N,
    );
  },
};

// ---------------------------------------------------------------------------------------
// random_access: 100,000 entities with Position (0, 0); for each of 100,000 seeded random
// picks, read Position.x and write x + 1 (per-entity access: world.Position[entity]).

const RANDOM_N = 100_000;

interface RandomState {
  readonly world: MotionWorld;
  readonly targets: Uint32Array;
}

function randomTouch(s: RandomState): void {
  const targets = s.targets;
  const p = s.world.Position;
  for (let i = 0; i < targets.length; i++) {
    const pos = p[targets[i]];
    const x = pos.x;
    pos.x = x + 1;
  }
}

const randomAccess: StepImplementation<RandomState> = {
  setup() {
    const world = new MotionWorld();
    const blueprint = [position(0, 0)];
    const ids = new Uint32Array(RANDOM_N);
    for (let i = 0; i < RANDOM_N; i++) ids[i] = instantiate(world, blueprint);
    return { world, targets: picks().map((i) => ids[i]) };
  },
  step: randomTouch,
  check(s) {
    randomTouch(s);
    const w = s.world;
    expectEqual("random_access", "entities with Position", countOf(w, HAS_POSITION), RANDOM_N);
    expectEqual("random_access", "sum of x after one step", sumOf(w, HAS_POSITION, w.Position, xOf), RANDOM_N);
  },
};

export const adapter: Adapter = {
  library: "goodluck",
  packageName: "goodluck",
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
