// bitECS 0.3 adapter (bitecs@0.3.40, installed under the npm alias "bitecs-0.3"). Fast path
// per the 0.3 README and docs/INTRO.md: `defineComponent({ value: Types.i32 })` gives a
// structure of typed arrays indexed by entity id, `defineComponent()` a tag, and a system is
// a plain function calling a query made once by `defineQuery([...])` and looping over the
// returned id array by index (the README's movementSystem). Removals (removeEntity, and
// removeComponent for a query's membership) are deferred until the next query call, so
// removing inside a query loop is safe.
//
// Types: the package's declaration file is an ambient `declare module 'bitecs'` (not a module,
// and it would shadow bitecs 0.4's types), so the module is imported by a specifier the
// compiler does not resolve and narrowed to the small interface below.
//
// spawn_1m is not implemented: see `unsupported` at the end.
import { expectEqual } from "../check.js";
import { picks } from "../picks.js";
import type { StepImplementation } from "../types.js";
import type { Adapter } from "./types.js";

/** A bitECS 0.3 world: an object the library keeps its symbols on. */
type World03 = object;
/** A component store (typed-array fields, or none for a tag). */
type Store03 = object;
type Query03 = (world: World03) => readonly number[];

/** The part of bitECS 0.3 this adapter uses (its shipped types are not importable). */
interface Bitecs03 {
  readonly Types: { readonly i32: string; readonly f32: string };
  createWorld(size?: number): World03;
  addEntity(world: World03): number;
  removeEntity(world: World03, eid: number): void;
  defineComponent(schema?: Readonly<Record<string, string>>, size?: number): unknown;
  addComponent(world: World03, component: Store03, eid: number): void;
  removeComponent(world: World03, component: Store03, eid: number): void;
  defineQuery(components: readonly unknown[]): Query03;
  Not(component: Store03): unknown;
  getAllEntities(world: World03): readonly number[];
}

const FUNCTIONS = [
  "createWorld",
  "addEntity",
  "removeEntity",
  "defineComponent",
  "addComponent",
  "removeComponent",
  "defineQuery",
  "Not",
  "getAllEntities",
] as const;

function isBitecs03(mod: unknown): mod is Bitecs03 {
  if (typeof mod !== "object" || mod === null) return false;
  const record = mod as Record<string, unknown>;
  const types = record.Types;
  return (
    FUNCTIONS.every((name) => typeof record[name] === "function") &&
    typeof types === "object" &&
    types !== null &&
    "i32" in types &&
    "f32" in types
  );
}

/** Kept in a variable so the compiler does not resolve the package's ambient declarations. */
const SPECIFIER = "bitecs-0.3";
const loaded: unknown = await import(SPECIFIER);
if (!isBitecs03(loaded)) throw new Error(`${SPECIFIER} does not export the bitECS 0.3 API`);
const {
  Types,
  createWorld,
  addEntity,
  removeEntity,
  defineComponent,
  addComponent,
  removeComponent,
  defineQuery,
  Not,
  getAllEntities,
} = loaded;

interface I32 {
  readonly value: Int32Array;
}

interface Vec2 {
  readonly x: Float32Array;
  readonly y: Float32Array;
}

function isI32(c: unknown): c is I32 {
  return typeof c === "object" && c !== null && "value" in c && c.value instanceof Int32Array;
}

function isVec2(c: unknown): c is Vec2 {
  return (
    typeof c === "object" &&
    c !== null &&
    "x" in c &&
    "y" in c &&
    c.x instanceof Float32Array &&
    c.y instanceof Float32Array
  );
}

/** The store itself (its identity is the component), narrowed to its typed-array field. */
function i32(size: number): I32 {
  const c = defineComponent({ value: Types.i32 }, size);
  if (!isI32(c)) throw new Error("defineComponent({ value: Types.i32 }) did not give an Int32Array store");
  return c;
}

function vec2(size: number): Vec2 {
  const c = defineComponent({ x: Types.f32, y: Types.f32 }, size);
  if (!isVec2(c)) throw new Error("defineComponent({ x: Types.f32, y: Types.f32 }) did not give Float32Array stores");
  return c;
}

function tag(): Store03 {
  const c = defineComponent();
  if (typeof c !== "object" || c === null) throw new Error("defineComponent() did not give a tag store");
  return c;
}

/** Sum of one typed-array field over a query result (check only). */
function sumOver(ids: ArrayLike<number>, field: ArrayLike<number>): number {
  let sum = 0;
  for (let i = 0; i < ids.length; i++) sum += field[ids[i]];
  return sum;
}

// ---------------------------------------------------------------------------------------
// packed_5: 1,000 entities with A..E { value: 1 }; 5 systems doubling one component each.

const PACKED_N = 1000;

interface PackedState {
  readonly world: World03;
  readonly A: I32;
  readonly B: I32;
  readonly C: I32;
  readonly D: I32;
  readonly E: I32;
  readonly qa: Query03;
  readonly qb: Query03;
  readonly qc: Query03;
  readonly qd: Query03;
  readonly qe: Query03;
}

function packedDoubleA(s: PackedState): void {
  const ids = s.qa(s.world);
  const v = s.A.value;
  for (let i = 0; i < ids.length; i++) v[ids[i]] *= 2;
}

function packedDoubleB(s: PackedState): void {
  const ids = s.qb(s.world);
  const v = s.B.value;
  for (let i = 0; i < ids.length; i++) v[ids[i]] *= 2;
}

function packedDoubleC(s: PackedState): void {
  const ids = s.qc(s.world);
  const v = s.C.value;
  for (let i = 0; i < ids.length; i++) v[ids[i]] *= 2;
}

function packedDoubleD(s: PackedState): void {
  const ids = s.qd(s.world);
  const v = s.D.value;
  for (let i = 0; i < ids.length; i++) v[ids[i]] *= 2;
}

function packedDoubleE(s: PackedState): void {
  const ids = s.qe(s.world);
  const v = s.E.value;
  for (let i = 0; i < ids.length; i++) v[ids[i]] *= 2;
}

function packedStep(s: PackedState): void {
  packedDoubleA(s);
  packedDoubleB(s);
  packedDoubleC(s);
  packedDoubleD(s);
  packedDoubleE(s);
}

const packed5: StepImplementation<PackedState> = {
  setup() {
    const world = createWorld();
    const [A, B, C, D, E] = [i32(PACKED_N), i32(PACKED_N), i32(PACKED_N), i32(PACKED_N), i32(PACKED_N)];
    for (let i = 0; i < PACKED_N; i++) {
      const e = addEntity(world);
      for (const c of [A, B, C, D, E]) {
        addComponent(world, c, e);
        c.value[e] = 1;
      }
    }
    return {
      world,
      A,
      B,
      C,
      D,
      E,
      qa: defineQuery([A]),
      qb: defineQuery([B]),
      qc: defineQuery([C]),
      qd: defineQuery([D]),
      qe: defineQuery([E]),
    };
  },
  step: packedStep,
  check(s) {
    packedStep(s);
    expectEqual("packed_5", "entity count", getAllEntities(s.world).length, PACKED_N);
    const cases: [string, Query03, I32][] = [
      ["A", s.qa, s.A],
      ["B", s.qb, s.B],
      ["C", s.qc, s.C],
      ["D", s.qd, s.D],
      ["E", s.qe, s.E],
    ];
    for (const [name, q, c] of cases) {
      const ids = q(s.world);
      expectEqual("packed_5", `entities with ${name}`, ids.length, PACKED_N);
      expectEqual("packed_5", `sum of ${name}.value after one step`, sumOver(ids, c.value), 2 * PACKED_N);
    }
  },
};

// ---------------------------------------------------------------------------------------
// simple_iter: 1,000 each of (A,B), (A,B,C), (A,B,C,D), (A,B,C,E) with A=1, B=2, C=3, D=4,
// E=5; 3 systems swapping (A,B), (C,D), (C,E).

const SIMPLE_N = 1000;

interface SimpleState {
  readonly world: World03;
  readonly A: I32;
  readonly B: I32;
  readonly C: I32;
  readonly D: I32;
  readonly E: I32;
  readonly ab: Query03;
  readonly cd: Query03;
  readonly ce: Query03;
}

function simpleSwapAB(s: SimpleState): void {
  const ids = s.ab(s.world);
  const a = s.A.value;
  const b = s.B.value;
  for (let i = 0; i < ids.length; i++) {
    const e = ids[i];
    const x = a[e];
    a[e] = b[e];
    b[e] = x;
  }
}

function simpleSwapCD(s: SimpleState): void {
  const ids = s.cd(s.world);
  const c = s.C.value;
  const d = s.D.value;
  for (let i = 0; i < ids.length; i++) {
    const e = ids[i];
    const x = c[e];
    c[e] = d[e];
    d[e] = x;
  }
}

function simpleSwapCE(s: SimpleState): void {
  const ids = s.ce(s.world);
  const c = s.C.value;
  const e5 = s.E.value;
  for (let i = 0; i < ids.length; i++) {
    const e = ids[i];
    const x = c[e];
    c[e] = e5[e];
    e5[e] = x;
  }
}

function simpleStep(s: SimpleState): void {
  simpleSwapAB(s);
  simpleSwapCD(s);
  simpleSwapCE(s);
}

const simpleIter: StepImplementation<SimpleState> = {
  setup() {
    const world = createWorld();
    const cap = 4 * SIMPLE_N;
    const [A, B, C, D, E] = [i32(cap), i32(cap), i32(cap), i32(cap), i32(cap)];
    const initial = new Map<I32, number>([
      [A, 1],
      [B, 2],
      [C, 3],
      [D, 4],
      [E, 5],
    ]);
    for (const set of [
      [A, B],
      [A, B, C],
      [A, B, C, D],
      [A, B, C, E],
    ]) {
      for (let i = 0; i < SIMPLE_N; i++) {
        const e = addEntity(world);
        for (const c of set) {
          addComponent(world, c, e);
          c.value[e] = initial.get(c) ?? 0;
        }
      }
    }
    return { world, A, B, C, D, E, ab: defineQuery([A, B]), cd: defineQuery([C, D]), ce: defineQuery([C, E]) };
  },
  step: simpleStep,
  check(s) {
    simpleStep(s);
    const w = s.world;
    expectEqual("simple_iter", "entity count", getAllEntities(w).length, 4 * SIMPLE_N);
    const ab = s.ab(w);
    expectEqual("simple_iter", "(A,B) entities", ab.length, 4 * SIMPLE_N);
    expectEqual("simple_iter", "sum of A.value after one step", sumOver(ab, s.A.value), 4 * SIMPLE_N * 2);
    expectEqual("simple_iter", "sum of B.value after one step", sumOver(ab, s.B.value), 4 * SIMPLE_N);
    const c = defineQuery([s.C])(w);
    expectEqual("simple_iter", "sum of C.value after one step", sumOver(c, s.C.value), SIMPLE_N * (3 + 4 + 5));
    expectEqual("simple_iter", "sum of D.value after one step", sumOver(s.cd(w), s.D.value), SIMPLE_N * 3);
    expectEqual("simple_iter", "sum of E.value after one step", sumOver(s.ce(w), s.E.value), SIMPLE_N * 3);
  },
};

// ---------------------------------------------------------------------------------------
// frag_iter: 26 letter components, 100 entities each with (Letter, Data), all { value: 1 };
// Data.value *= 2 on all 2,600, then Z.value *= 2 on the 100 Z entities.

const FRAG_PER_TYPE = 100;
const FRAG_TYPES = 26;

interface FragState {
  readonly world: World03;
  readonly letters: readonly I32[];
  readonly Data: I32;
  readonly Z: I32;
  readonly qData: Query03;
  readonly qZ: Query03;
}

function fragDoubleData(s: FragState): void {
  const ids = s.qData(s.world);
  const v = s.Data.value;
  for (let i = 0; i < ids.length; i++) v[ids[i]] *= 2;
}

function fragDoubleZ(s: FragState): void {
  const ids = s.qZ(s.world);
  const v = s.Z.value;
  for (let i = 0; i < ids.length; i++) v[ids[i]] *= 2;
}

function fragStep(s: FragState): void {
  fragDoubleData(s);
  fragDoubleZ(s);
}

const fragIter: StepImplementation<FragState> = {
  setup() {
    const world = createWorld();
    const cap = FRAG_TYPES * FRAG_PER_TYPE;
    const letters = Array.from({ length: FRAG_TYPES }, () => i32(cap));
    const Data = i32(cap);
    for (const Letter of letters) {
      for (let i = 0; i < FRAG_PER_TYPE; i++) {
        const e = addEntity(world);
        addComponent(world, Letter, e);
        addComponent(world, Data, e);
        Letter.value[e] = 1;
        Data.value[e] = 1;
      }
    }
    const Z = letters[25];
    return { world, letters, Data, Z, qData: defineQuery([Data]), qZ: defineQuery([Z]) };
  },
  step: fragStep,
  check(s) {
    fragStep(s);
    const w = s.world;
    expectEqual("frag_iter", "entity count", getAllEntities(w).length, FRAG_TYPES * FRAG_PER_TYPE);
    const data = s.qData(w);
    expectEqual("frag_iter", "entities with Data", data.length, FRAG_TYPES * FRAG_PER_TYPE);
    expectEqual("frag_iter", "sum of Data.value after one step", sumOver(data, s.Data.value), 2 * data.length);
    expectEqual("frag_iter", "sum of Z.value after one step", sumOver(s.qZ(w), s.Z.value), 2 * FRAG_PER_TYPE);
    const Y = s.letters[24];
    expectEqual("frag_iter", "sum of Y.value after one step", sumOver(defineQuery([Y])(w), Y.value), FRAG_PER_TYPE);
  },
};

// ---------------------------------------------------------------------------------------
// entity_cycle: 1,000 entities with A { value: i }; spawn one B { value: A.value } per A
// entity, then destroy every B entity. bitECS 0.3 reuses removed ids only once more than 1%
// of the global size (1,000 of 100,000) are waiting, so ids stay below ~4,000.

const CYCLE_N = 1000;

interface CycleState {
  readonly world: World03;
  readonly A: I32;
  readonly B: I32;
  readonly qa: Query03;
  readonly qb: Query03;
}

function cycleSpawnBs(s: CycleState): void {
  const world = s.world;
  const a = s.A.value;
  const B = s.B;
  const b = B.value;
  const ids = s.qa(world);
  for (let i = 0; i < ids.length; i++) {
    const e = addEntity(world);
    addComponent(world, B, e);
    b[e] = a[ids[i]];
  }
}

function cycleDestroyBs(s: CycleState): void {
  const world = s.world;
  const ids = s.qb(world);
  for (let i = 0; i < ids.length; i++) removeEntity(world, ids[i]);
}

function cycleStep(s: CycleState): void {
  cycleSpawnBs(s);
  cycleDestroyBs(s);
}

const entityCycle: StepImplementation<CycleState> = {
  setup() {
    const world = createWorld();
    const A = i32(100_000);
    const B = i32(100_000);
    for (let i = 0; i < CYCLE_N; i++) {
      const e = addEntity(world);
      addComponent(world, A, e);
      A.value[e] = i;
    }
    return { world, A, B, qa: defineQuery([A]), qb: defineQuery([B]) };
  },
  step: cycleStep,
  check(s) {
    const sumA = (CYCLE_N * (CYCLE_N - 1)) / 2;
    const w = s.world;
    for (let round = 1; round <= 3; round++) {
      const what = (thing: string): string => `${thing} in round ${round}`;
      cycleSpawnBs(s);
      const bs = s.qb(w);
      expectEqual("entity_cycle", what("B entities after the spawn system"), bs.length, CYCLE_N);
      expectEqual("entity_cycle", what("entities after the spawn system"), getAllEntities(w).length, 2 * CYCLE_N);
      expectEqual("entity_cycle", what("sum of B.value"), sumOver(bs, s.B.value), sumA);
      cycleDestroyBs(s);
      expectEqual("entity_cycle", what("B entities after the destroy system"), s.qb(w).length, 0);
      expectEqual("entity_cycle", what("entities after the destroy system"), getAllEntities(w).length, CYCLE_N);
      expectEqual("entity_cycle", what("sum of A.value"), sumOver(s.qa(w), s.A.value), sumA);
    }
  },
};

// ---------------------------------------------------------------------------------------
// add_remove: 1,000 entities with tag A; add tag B to each A entity, then remove B from
// each entity having it.

const ADD_N = 1000;

interface AddState {
  readonly world: World03;
  readonly B: Store03;
  readonly qa: Query03;
  readonly qb: Query03;
}

function addRemoveAddB(s: AddState): void {
  const world = s.world;
  const B = s.B;
  const ids = s.qa(world);
  for (let i = 0; i < ids.length; i++) addComponent(world, B, ids[i]);
}

function addRemoveRemoveB(s: AddState): void {
  const world = s.world;
  const B = s.B;
  const ids = s.qb(world);
  for (let i = 0; i < ids.length; i++) removeComponent(world, B, ids[i]);
}

function addRemoveStep(s: AddState): void {
  addRemoveAddB(s);
  addRemoveRemoveB(s);
}

const addRemove: StepImplementation<AddState> = {
  setup() {
    const world = createWorld();
    const A = tag();
    const B = tag();
    for (let i = 0; i < ADD_N; i++) addComponent(world, A, addEntity(world));
    return { world, B, qa: defineQuery([A]), qb: defineQuery([B]) };
  },
  step: addRemoveStep,
  check(s) {
    const w = s.world;
    for (let round = 1; round <= 3; round++) {
      addRemoveAddB(s);
      expectEqual("add_remove", `entities with B after the add system in round ${round}`, s.qb(w).length, ADD_N);
      expectEqual("add_remove", `entities with A after the add system in round ${round}`, s.qa(w).length, ADD_N);
      addRemoveRemoveB(s);
      expectEqual("add_remove", `entities with B after the remove system in round ${round}`, s.qb(w).length, 0);
      expectEqual("add_remove", `entities in round ${round}`, getAllEntities(w).length, ADD_N);
    }
  },
};

// ---------------------------------------------------------------------------------------
// iterate_1m: 1,000,000 entities with Position (0, 0) and Velocity (1, 0.5) in f32 stores;
// one system: pos += vel. World and stores are sized for 1M ids (the default is 100,000).

const ITER_N = 1_000_000;

interface IterState {
  readonly world: World03;
  readonly Position: Vec2;
  readonly Velocity: Vec2;
  readonly moving: Query03;
}

function iterMove(s: IterState): void {
  const ids = s.moving(s.world);
  const px = s.Position.x;
  const py = s.Position.y;
  const vx = s.Velocity.x;
  const vy = s.Velocity.y;
  for (let i = 0; i < ids.length; i++) {
    const e = ids[i];
    px[e] += vx[e];
    py[e] += vy[e];
  }
}

const iterate1m: StepImplementation<IterState> = {
  setup() {
    const world = createWorld(ITER_N + 1);
    const Position = vec2(ITER_N + 1);
    const Velocity = vec2(ITER_N + 1);
    for (let i = 0; i < ITER_N; i++) {
      const e = addEntity(world);
      addComponent(world, Position, e);
      addComponent(world, Velocity, e);
      Velocity.x[e] = 1;
      Velocity.y[e] = 0.5;
    }
    return { world, Position, Velocity, moving: defineQuery([Position, Velocity]) };
  },
  step: iterMove,
  check(s) {
    iterMove(s);
    const ids = s.moving(s.world);
    expectEqual("iterate_1m", "entities visited", ids.length, ITER_N);
    expectEqual("iterate_1m", "sum of x after one step", sumOver(ids, s.Position.x), ITER_N);
    expectEqual("iterate_1m", "sum of y after one step", sumOver(ids, s.Position.y), ITER_N / 2);
  },
};

// ---------------------------------------------------------------------------------------
// migrate_100k: 100,000 entities with Position { x: 1, y: 0 }; add Velocity { x: 1, y: 1 }
// to each, then remove it from each (removeComponent zeroes the store, the 0.3 default).

const MIGRATE_N = 100_000;

interface MigrateState {
  readonly world: World03;
  readonly Position: Vec2;
  readonly Velocity: Vec2;
  readonly still: Query03;
  readonly moving: Query03;
}

function migrateAddVelocity(s: MigrateState): void {
  const world = s.world;
  const Velocity = s.Velocity;
  const vx = Velocity.x;
  const vy = Velocity.y;
  const ids = s.still(world);
  for (let i = 0; i < ids.length; i++) {
    const e = ids[i];
    addComponent(world, Velocity, e);
    vx[e] = 1;
    vy[e] = 1;
  }
}

function migrateRemoveVelocity(s: MigrateState): void {
  const world = s.world;
  const Velocity = s.Velocity;
  const ids = s.moving(world);
  for (let i = 0; i < ids.length; i++) removeComponent(world, Velocity, ids[i]);
}

function migrateStep(s: MigrateState): void {
  migrateAddVelocity(s);
  migrateRemoveVelocity(s);
}

const migrate100k: StepImplementation<MigrateState> = {
  setup() {
    const world = createWorld(MIGRATE_N + 1);
    const Position = vec2(MIGRATE_N + 1);
    const Velocity = vec2(MIGRATE_N + 1);
    for (let i = 0; i < MIGRATE_N; i++) {
      const e = addEntity(world);
      addComponent(world, Position, e);
      Position.x[e] = 1;
    }
    return {
      world,
      Position,
      Velocity,
      still: defineQuery([Position, Not(Velocity)]),
      moving: defineQuery([Position, Velocity]),
    };
  },
  step: migrateStep,
  check(s) {
    const w = s.world;
    migrateAddVelocity(s);
    const moving = s.moving(w);
    expectEqual("migrate_100k", "entities with Velocity after adding", moving.length, MIGRATE_N);
    expectEqual("migrate_100k", "sum of Velocity.x after adding", sumOver(moving, s.Velocity.x), MIGRATE_N);
    migrateRemoveVelocity(s);
    expectEqual("migrate_100k", "entities with Velocity after removing", s.moving(w).length, 0);
    const still = s.still(w);
    expectEqual("migrate_100k", "entities without Velocity after removing", still.length, MIGRATE_N);
    expectEqual("migrate_100k", "sum of Position.x after removing", sumOver(still, s.Position.x), MIGRATE_N);
  },
};

// ---------------------------------------------------------------------------------------
// fragmented_256: 4,096 entities with Data { value: 0 } plus the tags among T0..T7 given by
// the bits of (i mod 256); one query over Data: value += 1. bitECS keeps one sparse set of
// ids per query, with no archetype tables.

const FRAGMENTED_N = 4096;
const FRAGMENTED_ARCHETYPES = 256;

interface FragmentedState {
  readonly world: World03;
  readonly Data: I32;
  readonly qData: Query03;
}

function fragmentedIncrement(s: FragmentedState): void {
  const ids = s.qData(s.world);
  const v = s.Data.value;
  for (let i = 0; i < ids.length; i++) v[ids[i]] += 1;
}

const fragmented256: StepImplementation<FragmentedState> = {
  setup() {
    const world = createWorld();
    const Data = i32(100_000);
    const tags = Array.from({ length: 8 }, tag);
    for (let i = 0; i < FRAGMENTED_N; i++) {
      const k = i % FRAGMENTED_ARCHETYPES;
      const e = addEntity(world);
      addComponent(world, Data, e);
      Data.value[e] = 0;
      tags.forEach((t, bit) => {
        if ((k >> bit) & 1) addComponent(world, t, e);
      });
    }
    return { world, Data, qData: defineQuery([Data]) };
  },
  step: fragmentedIncrement,
  check(s) {
    fragmentedIncrement(s);
    const ids = s.qData(s.world);
    expectEqual("fragmented_256", "entities visited", ids.length, FRAGMENTED_N);
    expectEqual("fragmented_256", "sum of Data.value after one step", sumOver(ids, s.Data.value), FRAGMENTED_N);
  },
};

// ---------------------------------------------------------------------------------------
// random_access: 100,000 entities with Position (0, 0); for each of 100,000 seeded random
// picks, read Position.x and write x + 1 (per-entity access is the store: Position.x[eid]).

const RANDOM_N = 100_000;

interface RandomState {
  readonly world: World03;
  readonly Position: Vec2;
  readonly targets: Uint32Array;
  readonly all: Query03;
}

function randomTouch(s: RandomState): void {
  const targets = s.targets;
  const px = s.Position.x;
  for (let i = 0; i < targets.length; i++) {
    const e = targets[i];
    const x = px[e];
    px[e] = x + 1;
  }
}

const randomAccess: StepImplementation<RandomState> = {
  setup() {
    const world = createWorld(RANDOM_N + 1);
    const Position = vec2(RANDOM_N + 1);
    const ids = new Uint32Array(RANDOM_N);
    for (let i = 0; i < RANDOM_N; i++) {
      const e = addEntity(world);
      addComponent(world, Position, e);
      ids[i] = e;
    }
    return { world, Position, targets: picks().map((i) => ids[i]), all: defineQuery([Position]) };
  },
  step: randomTouch,
  check(s) {
    randomTouch(s);
    const ids = s.all(s.world);
    expectEqual("random_access", "entities with Position", ids.length, RANDOM_N);
    expectEqual("random_access", "sum of x after one step", sumOver(ids, s.Position.x), RANDOM_N);
  },
};

export const adapter: Adapter = {
  library: "bitecs 0.3",
  packageName: "bitecs-0.3",
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
      "addEntity reuses removed ids via Array.shift on a 1M-long list (O(n) each): 55-90 s per op after the first, past the 120 s child limit",
    hierarchy_10k: "no relations",
    reparent_10k: "no relations",
  },
};
