// bitECS 0.4 adapter. Fast path per the bitECS 0.4 docs (README, docs/Intro.md): components
// are structure-of-arrays objects whose fields are typed arrays indexed by entity id ("A
// typed SoA component (recommended for threading and eliminating memory thrash)"), tags are
// empty objects, and systems are plain functions that call `query(world, terms)` and loop
// over the returned entity-id array. Entity removal (removeEntity, and removeComponent for
// a query's membership) is deferred until the next query() call, so removing inside a query
// loop is safe. Entity ids start at 1, so every store has room for max + 1 ids. Relations
// (hierarchy_10k, reparent_10k) per the docs' Relationships section: `createRelation({
// exclusive: true, autoRemoveSubject: true })`, pairs added with addComponent(world, child,
// ChildOf(parent)) and queried as components (`query(world, [ChildOf(parent)])`).
import {
  addComponent,
  addEntity,
  createRelation,
  createWorld,
  getAllEntities,
  getMaxHierarchyDepth,
  getRelationTargets,
  Hierarchy,
  Not,
  type QueryTerm,
  query,
  type Relation,
  removeComponent,
  removeEntity,
  Wildcard,
  type World,
} from "bitecs";
import { expectEqual } from "../check.js";
import { picks } from "../picks.js";
import type { StepImplementation } from "../types.js";
import type { Adapter } from "./types.js";

interface I32 {
  readonly value: Int32Array;
}

interface Vec2 {
  readonly x: Float32Array;
  readonly y: Float32Array;
}

/** A tag: a component with no data (any reference is a component in bitECS 0.4). */
type Tag = Record<string, never>;

function i32(capacity: number): I32 {
  return { value: new Int32Array(capacity + 1) };
}

function vec2(capacity: number): Vec2 {
  return { x: new Float32Array(capacity + 1), y: new Float32Array(capacity + 1) };
}

function tag(): Tag {
  return {};
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
  readonly world: World;
  readonly A: I32;
  readonly B: I32;
  readonly C: I32;
  readonly D: I32;
  readonly E: I32;
  readonly qa: QueryTerm[];
  readonly qb: QueryTerm[];
  readonly qc: QueryTerm[];
  readonly qd: QueryTerm[];
  readonly qe: QueryTerm[];
}

function packedDoubleA(s: PackedState): void {
  const ids = query(s.world, s.qa);
  const v = s.A.value;
  for (let i = 0; i < ids.length; i++) v[ids[i]] *= 2;
}

function packedDoubleB(s: PackedState): void {
  const ids = query(s.world, s.qb);
  const v = s.B.value;
  for (let i = 0; i < ids.length; i++) v[ids[i]] *= 2;
}

function packedDoubleC(s: PackedState): void {
  const ids = query(s.world, s.qc);
  const v = s.C.value;
  for (let i = 0; i < ids.length; i++) v[ids[i]] *= 2;
}

function packedDoubleD(s: PackedState): void {
  const ids = query(s.world, s.qd);
  const v = s.D.value;
  for (let i = 0; i < ids.length; i++) v[ids[i]] *= 2;
}

function packedDoubleE(s: PackedState): void {
  const ids = query(s.world, s.qe);
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
      const e = addEntity(world, A, B, C, D, E);
      A.value[e] = 1;
      B.value[e] = 1;
      C.value[e] = 1;
      D.value[e] = 1;
      E.value[e] = 1;
    }
    return { world, A, B, C, D, E, qa: [A], qb: [B], qc: [C], qd: [D], qe: [E] };
  },
  step: packedStep,
  check(s) {
    packedStep(s);
    expectEqual("packed_5", "entity count", getAllEntities(s.world).length, PACKED_N);
    const cases: [string, QueryTerm[], I32][] = [
      ["A", s.qa, s.A],
      ["B", s.qb, s.B],
      ["C", s.qc, s.C],
      ["D", s.qd, s.D],
      ["E", s.qe, s.E],
    ];
    for (const [name, terms, c] of cases) {
      const ids = query(s.world, terms);
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
  readonly world: World;
  readonly A: I32;
  readonly B: I32;
  readonly C: I32;
  readonly D: I32;
  readonly E: I32;
  readonly ab: QueryTerm[];
  readonly cd: QueryTerm[];
  readonly ce: QueryTerm[];
}

function simpleSwapAB(s: SimpleState): void {
  const ids = query(s.world, s.ab);
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
  const ids = query(s.world, s.cd);
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
  const ids = query(s.world, s.ce);
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
    const spawn = (extra: I32[]): void => {
      for (let i = 0; i < SIMPLE_N; i++) {
        const e = addEntity(world, A, B, ...extra);
        A.value[e] = 1;
        B.value[e] = 2;
        if (extra.includes(C)) C.value[e] = 3;
        if (extra.includes(D)) D.value[e] = 4;
        if (extra.includes(E)) E.value[e] = 5;
      }
    };
    spawn([]);
    spawn([C]);
    spawn([C, D]);
    spawn([C, E]);
    return { world, A, B, C, D, E, ab: [A, B], cd: [C, D], ce: [C, E] };
  },
  step: simpleStep,
  check(s) {
    simpleStep(s);
    const w = s.world;
    expectEqual("simple_iter", "entity count", getAllEntities(w).length, 4 * SIMPLE_N);
    const ab = query(w, s.ab);
    expectEqual("simple_iter", "(A,B) entities", ab.length, 4 * SIMPLE_N);
    expectEqual("simple_iter", "sum of A.value after one step", sumOver(ab, s.A.value), 4 * SIMPLE_N * 2);
    expectEqual("simple_iter", "sum of B.value after one step", sumOver(ab, s.B.value), 4 * SIMPLE_N);
    const c = query(w, [s.C]);
    expectEqual("simple_iter", "sum of C.value after one step", sumOver(c, s.C.value), SIMPLE_N * (3 + 4 + 5));
    expectEqual("simple_iter", "sum of D.value after one step", sumOver(query(w, s.cd), s.D.value), SIMPLE_N * 3);
    expectEqual("simple_iter", "sum of E.value after one step", sumOver(query(w, s.ce), s.E.value), SIMPLE_N * 3);
  },
};

// ---------------------------------------------------------------------------------------
// frag_iter: 26 letter components, 100 entities each with (Letter, Data), all { value: 1 };
// Data.value *= 2 on all 2,600, then Z.value *= 2 on the 100 Z entities.

const FRAG_PER_TYPE = 100;
const FRAG_TYPES = 26;

interface FragState {
  readonly world: World;
  readonly letters: readonly I32[];
  readonly Data: I32;
  readonly Z: I32;
  readonly qData: QueryTerm[];
  readonly qZ: QueryTerm[];
}

function fragDoubleData(s: FragState): void {
  const ids = query(s.world, s.qData);
  const v = s.Data.value;
  for (let i = 0; i < ids.length; i++) v[ids[i]] *= 2;
}

function fragDoubleZ(s: FragState): void {
  const ids = query(s.world, s.qZ);
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
        const e = addEntity(world, Letter, Data);
        Letter.value[e] = 1;
        Data.value[e] = 1;
      }
    }
    const Z = letters[25];
    return { world, letters, Data, Z, qData: [Data], qZ: [Z] };
  },
  step: fragStep,
  check(s) {
    fragStep(s);
    const w = s.world;
    expectEqual("frag_iter", "entity count", getAllEntities(w).length, FRAG_TYPES * FRAG_PER_TYPE);
    const data = query(w, s.qData);
    expectEqual("frag_iter", "entities with Data", data.length, FRAG_TYPES * FRAG_PER_TYPE);
    expectEqual("frag_iter", "sum of Data.value after one step", sumOver(data, s.Data.value), 2 * data.length);
    expectEqual("frag_iter", "sum of Z.value after one step", sumOver(query(w, s.qZ), s.Z.value), 2 * FRAG_PER_TYPE);
    const Y = s.letters[24];
    expectEqual("frag_iter", "sum of Y.value after one step", sumOver(query(w, [Y]), Y.value), FRAG_PER_TYPE);
  },
};

// ---------------------------------------------------------------------------------------
// entity_cycle: 1,000 entities with A { value: i }; spawn one B { value: A.value } per A
// entity, then destroy every B entity. Ids are recycled, so 2,000 ids cover the cycle.

const CYCLE_N = 1000;

interface CycleState {
  readonly world: World;
  readonly A: I32;
  readonly B: I32;
  readonly qa: QueryTerm[];
  readonly qb: QueryTerm[];
}

function cycleSpawnBs(s: CycleState): void {
  const world = s.world;
  const a = s.A.value;
  const B = s.B;
  const b = B.value;
  const ids = query(world, s.qa);
  for (let i = 0; i < ids.length; i++) {
    const e = addEntity(world, B);
    b[e] = a[ids[i]];
  }
}

function cycleDestroyBs(s: CycleState): void {
  const world = s.world;
  const ids = query(world, s.qb);
  for (let i = 0; i < ids.length; i++) removeEntity(world, ids[i]);
}

function cycleStep(s: CycleState): void {
  cycleSpawnBs(s);
  cycleDestroyBs(s);
}

const entityCycle: StepImplementation<CycleState> = {
  setup() {
    const world = createWorld();
    const A = i32(2 * CYCLE_N);
    const B = i32(2 * CYCLE_N);
    for (let i = 0; i < CYCLE_N; i++) {
      const e = addEntity(world, A);
      A.value[e] = i;
    }
    return { world, A, B, qa: [A], qb: [B] };
  },
  step: cycleStep,
  check(s) {
    const sumA = (CYCLE_N * (CYCLE_N - 1)) / 2;
    const w = s.world;
    for (let round = 1; round <= 3; round++) {
      const what = (thing: string): string => `${thing} in round ${round}`;
      cycleSpawnBs(s);
      const bs = query(w, s.qb);
      expectEqual("entity_cycle", what("B entities after the spawn system"), bs.length, CYCLE_N);
      expectEqual("entity_cycle", what("entities after the spawn system"), getAllEntities(w).length, 2 * CYCLE_N);
      expectEqual("entity_cycle", what("sum of B.value"), sumOver(bs, s.B.value), sumA);
      cycleDestroyBs(s);
      expectEqual("entity_cycle", what("B entities after the destroy system"), query(w, s.qb).length, 0);
      expectEqual("entity_cycle", what("entities after the destroy system"), getAllEntities(w).length, CYCLE_N);
      expectEqual("entity_cycle", what("sum of A.value"), sumOver(query(w, s.qa), s.A.value), sumA);
    }
  },
};

// ---------------------------------------------------------------------------------------
// add_remove: 1,000 entities with tag A; add tag B to each A entity, then remove B from
// each entity having it.

const ADD_N = 1000;

interface AddState {
  readonly world: World;
  readonly B: Tag;
  readonly qa: QueryTerm[];
  readonly qb: QueryTerm[];
}

function addRemoveAddB(s: AddState): void {
  const world = s.world;
  const B = s.B;
  const ids = query(world, s.qa);
  for (let i = 0; i < ids.length; i++) addComponent(world, ids[i], B);
}

function addRemoveRemoveB(s: AddState): void {
  const world = s.world;
  const B = s.B;
  const ids = query(world, s.qb);
  for (let i = 0; i < ids.length; i++) removeComponent(world, ids[i], B);
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
    for (let i = 0; i < ADD_N; i++) addEntity(world, A);
    return { world, B, qa: [A], qb: [B] };
  },
  step: addRemoveStep,
  check(s) {
    const w = s.world;
    for (let round = 1; round <= 3; round++) {
      addRemoveAddB(s);
      expectEqual("add_remove", `entities with B after the add system in round ${round}`, query(w, s.qb).length, ADD_N);
      expectEqual("add_remove", `entities with A after the add system in round ${round}`, query(w, s.qa).length, ADD_N);
      addRemoveRemoveB(s);
      expectEqual("add_remove", `entities with B after the remove system in round ${round}`, query(w, s.qb).length, 0);
      expectEqual("add_remove", `entities in round ${round}`, getAllEntities(w).length, ADD_N);
    }
  },
};

// ---------------------------------------------------------------------------------------
// iterate_1m: 1,000,000 entities with Position (0, 0) and Velocity (1, 0.5) in f32 stores;
// one system: pos += vel.

const ITER_N = 1_000_000;

interface IterState {
  readonly world: World;
  readonly Position: Vec2;
  readonly Velocity: Vec2;
  readonly moving: QueryTerm[];
}

function iterMove(s: IterState): void {
  const ids = query(s.world, s.moving);
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
    const world = createWorld();
    const Position = vec2(ITER_N);
    const Velocity = vec2(ITER_N);
    for (let i = 0; i < ITER_N; i++) {
      const e = addEntity(world, Position, Velocity);
      Velocity.x[e] = 1;
      Velocity.y[e] = 0.5;
    }
    return { world, Position, Velocity, moving: [Position, Velocity] };
  },
  step: iterMove,
  check(s) {
    iterMove(s);
    const ids = query(s.world, s.moving);
    expectEqual("iterate_1m", "entities visited", ids.length, ITER_N);
    expectEqual("iterate_1m", "sum of x after one step", sumOver(ids, s.Position.x), ITER_N);
    expectEqual("iterate_1m", "sum of y after one step", sumOver(ids, s.Position.y), ITER_N / 2);
  },
};

// ---------------------------------------------------------------------------------------
// spawn_1m: one op = create 1,000,000 entities with Position and Velocity (0, 0), then
// destroy all of them. The op records the query's count after each half (the count after
// destroying is what commits bitECS's deferred query removals).

const SPAWN_N = 1_000_000;

interface SpawnState {
  readonly world: World;
  readonly Position: Vec2;
  readonly Velocity: Vec2;
  readonly both: QueryTerm[];
  readonly ids: Uint32Array;
  readonly counts: [number, number];
}

function spawnAndDestroy(s: SpawnState): void {
  const { world, Position, Velocity, ids } = s;
  const px = Position.x;
  const py = Position.y;
  const vx = Velocity.x;
  const vy = Velocity.y;
  for (let i = 0; i < SPAWN_N; i++) {
    const e = addEntity(world, Position, Velocity);
    px[e] = 0;
    py[e] = 0;
    vx[e] = 0;
    vy[e] = 0;
    ids[i] = e;
  }
  s.counts[0] = query(world, s.both).length;
  for (let i = 0; i < SPAWN_N; i++) removeEntity(world, ids[i]);
  s.counts[1] = query(world, s.both).length;
}

const spawn1m: StepImplementation<SpawnState> = {
  setup() {
    const world = createWorld();
    const Position = vec2(SPAWN_N);
    const Velocity = vec2(SPAWN_N);
    return {
      world,
      Position,
      Velocity,
      both: [Position, Velocity],
      ids: new Uint32Array(SPAWN_N),
      counts: [-1, -1],
    };
  },
  step: spawnAndDestroy,
  check(s) {
    spawnAndDestroy(s);
    expectEqual("spawn_1m", "entities matching (Position, Velocity) after creating", s.counts[0], SPAWN_N);
    expectEqual("spawn_1m", "entities matching (Position, Velocity) after destroying", s.counts[1], 0);
    expectEqual("spawn_1m", "entities left after one op", getAllEntities(s.world).length, 0);
  },
};

// ---------------------------------------------------------------------------------------
// migrate_100k: 100,000 entities with Position { x: 1, y: 0 }; add Velocity { x: 1, y: 1 }
// to each, then remove it from each.

const MIGRATE_N = 100_000;

interface MigrateState {
  readonly world: World;
  readonly Position: Vec2;
  readonly Velocity: Vec2;
  readonly still: QueryTerm[];
  readonly moving: QueryTerm[];
}

function migrateAddVelocity(s: MigrateState): void {
  const world = s.world;
  const Velocity = s.Velocity;
  const vx = Velocity.x;
  const vy = Velocity.y;
  const ids = query(world, s.still);
  for (let i = 0; i < ids.length; i++) {
    const e = ids[i];
    addComponent(world, e, Velocity);
    vx[e] = 1;
    vy[e] = 1;
  }
}

function migrateRemoveVelocity(s: MigrateState): void {
  const world = s.world;
  const Velocity = s.Velocity;
  const ids = query(world, s.moving);
  for (let i = 0; i < ids.length; i++) removeComponent(world, ids[i], Velocity);
}

function migrateStep(s: MigrateState): void {
  migrateAddVelocity(s);
  migrateRemoveVelocity(s);
}

const migrate100k: StepImplementation<MigrateState> = {
  setup() {
    const world = createWorld();
    const Position = vec2(MIGRATE_N);
    const Velocity = vec2(MIGRATE_N);
    for (let i = 0; i < MIGRATE_N; i++) {
      const e = addEntity(world, Position);
      Position.x[e] = 1;
    }
    return {
      world,
      Position,
      Velocity,
      still: [Position, Not(Velocity)],
      moving: [Position, Velocity],
    };
  },
  step: migrateStep,
  check(s) {
    const w = s.world;
    migrateAddVelocity(s);
    const moving = query(w, s.moving);
    expectEqual("migrate_100k", "entities with Velocity after adding", moving.length, MIGRATE_N);
    expectEqual("migrate_100k", "sum of Velocity.x after adding", sumOver(moving, s.Velocity.x), MIGRATE_N);
    migrateRemoveVelocity(s);
    expectEqual("migrate_100k", "entities with Velocity after removing", query(w, s.moving).length, 0);
    const still = query(w, s.still);
    expectEqual("migrate_100k", "entities without Velocity after removing", still.length, MIGRATE_N);
    expectEqual("migrate_100k", "sum of Position.x after removing", sumOver(still, s.Position.x), MIGRATE_N);
  },
};

// ---------------------------------------------------------------------------------------
// fragmented_256: 4,096 entities with Data { value: 0 } plus the tags among T0..T7 given by
// the bits of (i mod 256); one query over Data: value += 1. bitECS has no archetype tables:
// the query is one sparse set of entity ids whatever the tag combinations.

const FRAGMENTED_N = 4096;
const FRAGMENTED_ARCHETYPES = 256;

interface FragmentedState {
  readonly world: World;
  readonly Data: I32;
  readonly qData: QueryTerm[];
}

function fragmentedIncrement(s: FragmentedState): void {
  const ids = query(s.world, s.qData);
  const v = s.Data.value;
  for (let i = 0; i < ids.length; i++) v[ids[i]] += 1;
}

const fragmented256: StepImplementation<FragmentedState> = {
  setup() {
    const world = createWorld();
    const Data = i32(FRAGMENTED_N);
    const tags = Array.from({ length: 8 }, tag);
    for (let i = 0; i < FRAGMENTED_N; i++) {
      const k = i % FRAGMENTED_ARCHETYPES;
      const e = addEntity(world, Data, ...tags.filter((_, bit) => (k >> bit) & 1));
      Data.value[e] = 0;
    }
    return { world, Data, qData: [Data] };
  },
  step: fragmentedIncrement,
  check(s) {
    fragmentedIncrement(s);
    const ids = query(s.world, s.qData);
    expectEqual("fragmented_256", "entities visited", ids.length, FRAGMENTED_N);
    expectEqual("fragmented_256", "sum of Data.value after one step", sumOver(ids, s.Data.value), FRAGMENTED_N);
  },
};

// ---------------------------------------------------------------------------------------
// random_access: 100,000 entities with Position (0, 0); for each of 100,000 seeded random
// picks, read Position.x and write x + 1. bitECS's per-entity access is the store itself:
// `Position.x[eid]`.

const RANDOM_N = 100_000;

interface RandomState {
  readonly world: World;
  readonly Position: Vec2;
  readonly targets: Uint32Array;
  readonly all: QueryTerm[];
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
    const world = createWorld();
    const Position = vec2(RANDOM_N);
    const ids = new Uint32Array(RANDOM_N);
    for (let i = 0; i < RANDOM_N; i++) ids[i] = addEntity(world, Position);
    return { world, Position, targets: picks().map((i) => ids[i]), all: [Position] };
  },
  step: randomTouch,
  check(s) {
    randomTouch(s);
    const ids = query(s.world, s.all);
    expectEqual("random_access", "entities with Position", ids.length, RANDOM_N);
    expectEqual("random_access", "sum of x after one step", sumOver(ids, s.Position.x), RANDOM_N);
  },
};

// ---------------------------------------------------------------------------------------
// hierarchy_10k: 1,000 roots with Local (i, 1) and WorldPos (0, 0), each with 10 children
// with Local (j, 2), WorldPos (0, 0) and ChildOf(root); moveRoots (Local.x += 1 on every
// entity with Local and no ChildOf), then propagate parents first: root WorldPos = Local,
// child WorldPos = parent's WorldPos + Local. Through the documented relation queries: the
// roots are [Local, Not(ChildOf(Wildcard))]; the parents of each level are
// `query(world, [Hierarchy(ChildOf, depth)])` for depth 0 .. getMaxHierarchyDepth - 1, and a
// parent's children are `query(world, [ChildOf(parent)])`, so each parent's WorldPos is read
// once. Every child has Local and WorldPos, so the children query needs no more terms (with
// them, query() hashing its terms on every call halves the rate). The other documented way,
// one `query(world, [Local, WorldPos, Hierarchy(ChildOf)])` in depth order with
// getRelationTargets(world, e, ChildOf) per entity for its parent, measured ~7x slower here:
// getRelationTargets scans the entity's component set and allocates an array per call.

const HIERARCHY_ROOTS = 1000;
const HIERARCHY_CHILDREN = 10;
const HIERARCHY_N = HIERARCHY_ROOTS * (1 + HIERARCHY_CHILDREN);

interface HierarchyState {
  readonly world: World;
  readonly Local: Vec2;
  readonly WorldPos: Vec2;
  readonly ChildOf: Relation<unknown>;
  readonly roots: QueryTerm[];
}

function hierarchyMoveRoots(s: HierarchyState): void {
  const ids = query(s.world, s.roots);
  const x = s.Local.x;
  for (let i = 0; i < ids.length; i++) x[ids[i]] += 1;
}

function hierarchyPropagate(s: HierarchyState): void {
  const { world, ChildOf } = s;
  const lx = s.Local.x;
  const ly = s.Local.y;
  const wx = s.WorldPos.x;
  const wy = s.WorldPos.y;
  const roots = query(world, s.roots);
  for (let i = 0; i < roots.length; i++) {
    const e = roots[i];
    wx[e] = lx[e];
    wy[e] = ly[e];
  }
  const depth = getMaxHierarchyDepth(world, ChildOf);
  for (let d = 0; d < depth; d++) {
    const parents = query(world, [Hierarchy(ChildOf, d)]);
    for (let i = 0; i < parents.length; i++) {
      const p = parents[i];
      const px = wx[p];
      const py = wy[p];
      const children = query(world, [ChildOf(p)]);
      for (let k = 0; k < children.length; k++) {
        const c = children[k];
        wx[c] = px + lx[c];
        wy[c] = py + ly[c];
      }
    }
  }
}

function hierarchyStep(s: HierarchyState): void {
  hierarchyMoveRoots(s);
  hierarchyPropagate(s);
}

const hierarchy10k: StepImplementation<HierarchyState> = {
  setup() {
    const world = createWorld();
    const Local = vec2(HIERARCHY_N);
    const WorldPos = vec2(HIERARCHY_N);
    const ChildOf = createRelation({ exclusive: true, autoRemoveSubject: true });
    for (let i = 0; i < HIERARCHY_ROOTS; i++) {
      const root = addEntity(world, Local, WorldPos);
      Local.x[root] = i;
      Local.y[root] = 1;
      for (let j = 0; j < HIERARCHY_CHILDREN; j++) {
        const child = addEntity(world, Local, WorldPos, ChildOf(root));
        Local.x[child] = j;
        Local.y[child] = 2;
      }
    }
    return { world, Local, WorldPos, ChildOf, roots: [Local, Not(ChildOf(Wildcard))] };
  },
  step: hierarchyStep,
  check(s) {
    hierarchyStep(s);
    const w = s.world;
    const all = getAllEntities(w);
    expectEqual("hierarchy_10k", "entity count", all.length, HIERARCHY_N);
    const children = query(w, [s.ChildOf(Wildcard)]);
    const childX = sumOver(children, s.WorldPos.x);
    expectEqual("hierarchy_10k", "sum of the children's WorldPos.x after one step", childX, 5_050_000);
    const childY = sumOver(children, s.WorldPos.y);
    expectEqual("hierarchy_10k", "sum of the children's WorldPos.y after one step", childY, 30_000);
    const roots = query(w, s.roots);
    expectEqual("hierarchy_10k", "sum of the roots' WorldPos.x after one step", sumOver(roots, s.WorldPos.x), 500_500);
    expectEqual("hierarchy_10k", "sum of the roots' WorldPos.y after one step", sumOver(roots, s.WorldPos.y), 1_000);
    let withTarget = 0;
    for (const e of all) if (getRelationTargets(w, e, s.ChildOf).length > 0) withTarget++;
    expectEqual("hierarchy_10k", "entities with a ChildOf target", withTarget, HIERARCHY_ROOTS * HIERARCHY_CHILDREN);
  },
};

// ---------------------------------------------------------------------------------------
// reparent_10k: 1,000 parents with Local (i, 1), each with 10 children with Local (j, 2) and
// ChildOf(parent); child k starts under parents[floor(k / 10)]. One op: shift += 1 (mod
// 1,000), then addComponent(world, child, ChildOf(parents[(floor(k / 10) + shift) % 1000]))
// per child: the relation is exclusive (createRelation({ exclusive: true })), so adding the
// new pair removes the old one (addComponent finds it with getRelationTargets).

const REPARENT_PARENTS = 1000;
const REPARENT_CHILDREN = 10;
const REPARENT_MOVES = REPARENT_PARENTS * REPARENT_CHILDREN;

interface ReparentState {
  readonly world: World;
  readonly ChildOf: Relation<unknown>;
  /** Index -> parent entity. */
  readonly parents: Uint32Array;
  /** Child k starts under parents[floor(k / 10)]. */
  readonly children: Uint32Array;
  shift: number;
}

function reparentMove(s: ReparentState): void {
  const shift = (s.shift + 1) % REPARENT_PARENTS;
  s.shift = shift;
  const { world, ChildOf, parents, children } = s;
  for (let k = 0; k < children.length; k++) {
    addComponent(world, children[k], ChildOf(parents[(((k / REPARENT_CHILDREN) | 0) + shift) % REPARENT_PARENTS]));
  }
}

const reparent10k: StepImplementation<ReparentState> = {
  setup() {
    const world = createWorld();
    const Local = vec2(REPARENT_PARENTS + REPARENT_MOVES);
    const ChildOf = createRelation({ exclusive: true, autoRemoveSubject: true });
    const parents = new Uint32Array(REPARENT_PARENTS);
    const children = new Uint32Array(REPARENT_MOVES);
    for (let i = 0; i < REPARENT_PARENTS; i++) {
      const p = addEntity(world, Local);
      Local.x[p] = i;
      Local.y[p] = 1;
      parents[i] = p;
    }
    for (let k = 0; k < REPARENT_MOVES; k++) {
      const c = addEntity(world, Local, ChildOf(parents[(k / REPARENT_CHILDREN) | 0]));
      Local.x[c] = k % REPARENT_CHILDREN;
      Local.y[c] = 2;
      children[k] = c;
    }
    return { world, ChildOf, parents, children, shift: 0 };
  },
  step: reparentMove,
  check(s) {
    reparentMove(s);
    const w = s.world;
    expectEqual("reparent_10k", "shift after one step", s.shift, 1);
    expectEqual("reparent_10k", "entity count", getAllEntities(w).length, REPARENT_PARENTS + REPARENT_MOVES);
    const parentIndex = new Map(Array.from(s.parents, (p, i) => [p, i]));
    let single = 0;
    let indexSum = 0;
    for (const child of s.children) {
      const targets = getRelationTargets(w, child, s.ChildOf);
      if (targets.length === 1) single++;
      indexSum += parentIndex.get(targets[0]) ?? Number.NaN;
    }
    expectEqual("reparent_10k", "children with exactly one ChildOf target", single, REPARENT_MOVES);
    expectEqual("reparent_10k", "sum of the targets' parent indexes", indexSum, 4_995_000);
    const childIndex = new Map(Array.from(s.children, (c, k) => [c, k]));
    const first = query(w, [s.ChildOf(s.parents[0])]);
    expectEqual("reparent_10k", "children of parents[0]", first.length, REPARENT_CHILDREN);
    let fromLast = 0;
    for (const e of first) {
      const k = childIndex.get(e) ?? Number.NaN;
      if (Math.floor(k / REPARENT_CHILDREN) === REPARENT_PARENTS - 1) fromLast++;
    }
    expectEqual("reparent_10k", "children of parents[0] that started under parents[999]", fromLast, REPARENT_CHILDREN);
  },
};

export const adapter: Adapter = {
  library: "bitecs 0.4",
  packageName: "bitecs",
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
    hierarchy_10k: hierarchy10k,
    reparent_10k: reparent10k,
  },
};
