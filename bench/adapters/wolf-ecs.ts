// WolfECS 2.1 adapter. Archetype ECS with typed-array component stores: defineComponent({
// value: types.i32 }) gives `{ value: Int32Array }` sized for the ECS's entity limit (the
// `max` constructor argument), defineComponent() a tag. Fast path per the WolfECS README
// ("The more performant method of iterating queries is using a manual for loop"): a query
// made once by createQuery(...) holds its archetypes in `query.a`, each with its entity ids
// in `.e`; loop over the archetypes, and over each archetype's ids backwards ("Backward
// iteration helps prevent double counting entities"). addComponent / removeComponent /
// destroyEntity run immediately (DEFAULT_DEFER is false); the loops that move entities to
// another archetype of the same query also walk the archetypes backwards, so an entity is
// never visited twice. Entity ids start at 0 and are recycled.
import { all, ECS, not, types } from "wolf-ecs";
import { expectEqual } from "../check.js";
import { picks } from "../picks.js";
import type { StepImplementation } from "../types.js";
import type { Adapter } from "./types.js";

/** Entities in every archetype a query matches (check only). */
function countOf(q: Query): number {
  let n = 0;
  for (const archetype of q.a) n += archetype.e.length;
  return n;
}

/** Sum of one typed array over the entities a query matches (check only). */
function sumOf(q: Query, field: ArrayLike<number>): number {
  let sum = 0;
  for (const archetype of q.a) {
    const ids = archetype.e;
    for (let i = 0; i < ids.length; i++) sum += field[ids[i]];
  }
  return sum;
}

// Type aliases, not interfaces: the library's component parameter type has a string index
// signature, which only an alias's implicit index signature satisfies.
type I32 = { readonly value: Int32Array<ArrayBuffer> };
type Vec2 = { readonly x: Float32Array<ArrayBuffer>; readonly y: Float32Array<ArrayBuffer> };
/** A tag component (defineComponent() with no shape). */
type Tag = ReturnType<ECS["defineComponent"]>;
/** The package declares its Query class without exporting it. */
type Query = ReturnType<ECS["createQuery"]>;

function i32(ecs: ECS): I32 {
  return ecs.defineComponent({ value: types.i32 });
}

function vec2(ecs: ECS): Vec2 {
  return ecs.defineComponent({ x: types.f32, y: types.f32 });
}

// ---------------------------------------------------------------------------------------
// packed_5: 1,000 entities with A..E { value: 1 }; 5 systems doubling one component each.

const PACKED_N = 1000;

interface PackedState {
  readonly A: I32;
  readonly B: I32;
  readonly C: I32;
  readonly D: I32;
  readonly E: I32;
  readonly qa: Query;
  readonly qb: Query;
  readonly qc: Query;
  readonly qd: Query;
  readonly qe: Query;
}

function packedDoubleA(s: PackedState): void {
  const v = s.A.value;
  const archetypes = s.qa.a;
  for (let a = 0; a < archetypes.length; a++) {
    const ids = archetypes[a].e;
    for (let i = ids.length - 1; i >= 0; i--) v[ids[i]] *= 2;
  }
}

function packedDoubleB(s: PackedState): void {
  const v = s.B.value;
  const archetypes = s.qb.a;
  for (let a = 0; a < archetypes.length; a++) {
    const ids = archetypes[a].e;
    for (let i = ids.length - 1; i >= 0; i--) v[ids[i]] *= 2;
  }
}

function packedDoubleC(s: PackedState): void {
  const v = s.C.value;
  const archetypes = s.qc.a;
  for (let a = 0; a < archetypes.length; a++) {
    const ids = archetypes[a].e;
    for (let i = ids.length - 1; i >= 0; i--) v[ids[i]] *= 2;
  }
}

function packedDoubleD(s: PackedState): void {
  const v = s.D.value;
  const archetypes = s.qd.a;
  for (let a = 0; a < archetypes.length; a++) {
    const ids = archetypes[a].e;
    for (let i = ids.length - 1; i >= 0; i--) v[ids[i]] *= 2;
  }
}

function packedDoubleE(s: PackedState): void {
  const v = s.E.value;
  const archetypes = s.qe.a;
  for (let a = 0; a < archetypes.length; a++) {
    const ids = archetypes[a].e;
    for (let i = ids.length - 1; i >= 0; i--) v[ids[i]] *= 2;
  }
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
    const ecs = new ECS(PACKED_N);
    const [A, B, C, D, E] = [i32(ecs), i32(ecs), i32(ecs), i32(ecs), i32(ecs)];
    const s: PackedState = {
      A,
      B,
      C,
      D,
      E,
      qa: ecs.createQuery(all(A)),
      qb: ecs.createQuery(all(B)),
      qc: ecs.createQuery(all(C)),
      qd: ecs.createQuery(all(D)),
      qe: ecs.createQuery(all(E)),
    };
    for (let i = 0; i < PACKED_N; i++) {
      const e = ecs.createEntity();
      for (const c of [A, B, C, D, E]) {
        ecs.addComponent(e, c);
        c.value[e] = 1;
      }
    }
    return s;
  },
  step: packedStep,
  check(s) {
    packedStep(s);
    const cases: [string, Query, I32][] = [
      ["A", s.qa, s.A],
      ["B", s.qb, s.B],
      ["C", s.qc, s.C],
      ["D", s.qd, s.D],
      ["E", s.qe, s.E],
    ];
    for (const [name, q, c] of cases) {
      expectEqual("packed_5", `entities with ${name}`, countOf(q), PACKED_N);
      expectEqual("packed_5", `sum of ${name}.value after one step`, sumOf(q, c.value), 2 * PACKED_N);
    }
  },
};

// ---------------------------------------------------------------------------------------
// simple_iter: 1,000 each of (A,B), (A,B,C), (A,B,C,D), (A,B,C,E) with A=1, B=2, C=3, D=4,
// E=5; 3 systems swapping (A,B), (C,D), (C,E).

const SIMPLE_N = 1000;

interface SimpleState {
  readonly A: I32;
  readonly B: I32;
  readonly C: I32;
  readonly D: I32;
  readonly E: I32;
  readonly ab: Query;
  readonly cd: Query;
  readonly ce: Query;
  readonly c: Query;
}

function simpleSwapAB(s: SimpleState): void {
  const x = s.A.value;
  const y = s.B.value;
  const archetypes = s.ab.a;
  for (let a = 0; a < archetypes.length; a++) {
    const ids = archetypes[a].e;
    for (let i = ids.length - 1; i >= 0; i--) {
      const e = ids[i];
      const t = x[e];
      x[e] = y[e];
      y[e] = t;
    }
  }
}

function simpleSwapCD(s: SimpleState): void {
  const x = s.C.value;
  const y = s.D.value;
  const archetypes = s.cd.a;
  for (let a = 0; a < archetypes.length; a++) {
    const ids = archetypes[a].e;
    for (let i = ids.length - 1; i >= 0; i--) {
      const e = ids[i];
      const t = x[e];
      x[e] = y[e];
      y[e] = t;
    }
  }
}

function simpleSwapCE(s: SimpleState): void {
  const x = s.C.value;
  const y = s.E.value;
  const archetypes = s.ce.a;
  for (let a = 0; a < archetypes.length; a++) {
    const ids = archetypes[a].e;
    for (let i = ids.length - 1; i >= 0; i--) {
      const e = ids[i];
      const t = x[e];
      x[e] = y[e];
      y[e] = t;
    }
  }
}

function simpleStep(s: SimpleState): void {
  simpleSwapAB(s);
  simpleSwapCD(s);
  simpleSwapCE(s);
}

const simpleIter: StepImplementation<SimpleState> = {
  setup() {
    const ecs = new ECS(4 * SIMPLE_N);
    const [A, B, C, D, E] = [i32(ecs), i32(ecs), i32(ecs), i32(ecs), i32(ecs)];
    const s: SimpleState = {
      A,
      B,
      C,
      D,
      E,
      ab: ecs.createQuery(all(A, B)),
      cd: ecs.createQuery(all(C, D)),
      ce: ecs.createQuery(all(C, E)),
      c: ecs.createQuery(all(C)),
    };
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
        const e = ecs.createEntity();
        for (const c of set) {
          ecs.addComponent(e, c);
          c.value[e] = initial.get(c) ?? 0;
        }
      }
    }
    return s;
  },
  step: simpleStep,
  check(s) {
    simpleStep(s);
    expectEqual("simple_iter", "(A,B) entities", countOf(s.ab), 4 * SIMPLE_N);
    expectEqual("simple_iter", "sum of A.value after one step", sumOf(s.ab, s.A.value), 4 * SIMPLE_N * 2);
    expectEqual("simple_iter", "sum of B.value after one step", sumOf(s.ab, s.B.value), 4 * SIMPLE_N);
    expectEqual("simple_iter", "sum of C.value after one step", sumOf(s.c, s.C.value), SIMPLE_N * (3 + 4 + 5));
    expectEqual("simple_iter", "sum of D.value after one step", sumOf(s.cd, s.D.value), SIMPLE_N * 3);
    expectEqual("simple_iter", "sum of E.value after one step", sumOf(s.ce, s.E.value), SIMPLE_N * 3);
  },
};

// ---------------------------------------------------------------------------------------
// frag_iter: 26 letter components, 100 entities each with (Letter, Data), all { value: 1 };
// Data.value *= 2 on all 2,600, then Z.value *= 2 on the 100 Z entities.

const FRAG_PER_TYPE = 100;
const FRAG_TYPES = 26;

interface FragState {
  readonly letters: readonly I32[];
  readonly Data: I32;
  readonly Z: I32;
  readonly data: Query;
  readonly z: Query;
  readonly y: Query;
}

function fragDoubleData(s: FragState): void {
  const v = s.Data.value;
  const archetypes = s.data.a;
  for (let a = 0; a < archetypes.length; a++) {
    const ids = archetypes[a].e;
    for (let i = ids.length - 1; i >= 0; i--) v[ids[i]] *= 2;
  }
}

function fragDoubleZ(s: FragState): void {
  const v = s.Z.value;
  const archetypes = s.z.a;
  for (let a = 0; a < archetypes.length; a++) {
    const ids = archetypes[a].e;
    for (let i = ids.length - 1; i >= 0; i--) v[ids[i]] *= 2;
  }
}

function fragStep(s: FragState): void {
  fragDoubleData(s);
  fragDoubleZ(s);
}

const fragIter: StepImplementation<FragState> = {
  setup() {
    const ecs = new ECS(FRAG_TYPES * FRAG_PER_TYPE);
    const letters = Array.from({ length: FRAG_TYPES }, () => i32(ecs));
    const Data = i32(ecs);
    const Z = letters[25];
    const s: FragState = {
      letters,
      Data,
      Z,
      data: ecs.createQuery(all(Data)),
      z: ecs.createQuery(all(Z)),
      y: ecs.createQuery(all(letters[24])),
    };
    for (const Letter of letters) {
      for (let i = 0; i < FRAG_PER_TYPE; i++) {
        const e = ecs.createEntity();
        ecs.addComponent(e, Letter).addComponent(e, Data);
        Letter.value[e] = 1;
        Data.value[e] = 1;
      }
    }
    return s;
  },
  step: fragStep,
  check(s) {
    fragStep(s);
    expectEqual("frag_iter", "entities with Data", countOf(s.data), FRAG_TYPES * FRAG_PER_TYPE);
    expectEqual("frag_iter", "archetypes matching Data", s.data.a.length, FRAG_TYPES);
    expectEqual(
      "frag_iter",
      "sum of Data.value after one step",
      sumOf(s.data, s.Data.value),
      2 * FRAG_TYPES * FRAG_PER_TYPE,
    );
    expectEqual("frag_iter", "sum of Z.value after one step", sumOf(s.z, s.Z.value), 2 * FRAG_PER_TYPE);
    expectEqual("frag_iter", "sum of Y.value after one step", sumOf(s.y, s.letters[24].value), FRAG_PER_TYPE);
  },
};

// ---------------------------------------------------------------------------------------
// entity_cycle: 1,000 entities with A { value: i }; spawn one B { value: A.value } per A
// entity (createEntity + addComponent), then destroy every B entity (destroyEntity).

const CYCLE_N = 1000;

interface CycleState {
  readonly ecs: ECS;
  readonly A: I32;
  readonly B: I32;
  readonly qa: Query;
  readonly qb: Query;
}

function cycleSpawnBs(s: CycleState): void {
  const ecs = s.ecs;
  const av = s.A.value;
  const B = s.B;
  const bv = B.value;
  const archetypes = s.qa.a;
  for (let a = 0; a < archetypes.length; a++) {
    const ids = archetypes[a].e;
    for (let i = ids.length - 1; i >= 0; i--) {
      const e = ecs.createEntity();
      ecs.addComponent(e, B);
      bv[e] = av[ids[i]];
    }
  }
}

function cycleDestroyBs(s: CycleState): void {
  const ecs = s.ecs;
  const archetypes = s.qb.a;
  for (let a = archetypes.length - 1; a >= 0; a--) {
    const ids = archetypes[a].e;
    for (let i = ids.length - 1; i >= 0; i--) ecs.destroyEntity(ids[i]);
  }
}

function cycleStep(s: CycleState): void {
  cycleSpawnBs(s);
  cycleDestroyBs(s);
}

const entityCycle: StepImplementation<CycleState> = {
  setup() {
    const ecs = new ECS(2 * CYCLE_N);
    const A = i32(ecs);
    const B = i32(ecs);
    const s: CycleState = { ecs, A, B, qa: ecs.createQuery(all(A)), qb: ecs.createQuery(all(B)) };
    for (let i = 0; i < CYCLE_N; i++) {
      const e = ecs.createEntity();
      ecs.addComponent(e, A);
      A.value[e] = i;
    }
    return s;
  },
  step: cycleStep,
  check(s) {
    const sumA = (CYCLE_N * (CYCLE_N - 1)) / 2;
    for (let round = 1; round <= 3; round++) {
      const what = (thing: string): string => `${thing} in round ${round}`;
      cycleSpawnBs(s);
      expectEqual("entity_cycle", what("B entities after the spawn system"), countOf(s.qb), CYCLE_N);
      expectEqual("entity_cycle", what("sum of B.value"), sumOf(s.qb, s.B.value), sumA);
      cycleDestroyBs(s);
      expectEqual("entity_cycle", what("B entities after the destroy system"), countOf(s.qb), 0);
      expectEqual("entity_cycle", what("A entities after the destroy system"), countOf(s.qa), CYCLE_N);
      expectEqual("entity_cycle", what("sum of A.value"), sumOf(s.qa, s.A.value), sumA);
    }
  },
};

// ---------------------------------------------------------------------------------------
// add_remove: 1,000 entities with tag A; add tag B to each A entity, then remove B from
// each entity having it.

const ADD_N = 1000;

interface AddState {
  readonly ecs: ECS;
  readonly B: Tag;
  readonly qa: Query;
  readonly qb: Query;
}

function addRemoveAddB(s: AddState): void {
  const ecs = s.ecs;
  const B = s.B;
  const archetypes = s.qa.a;
  for (let a = archetypes.length - 1; a >= 0; a--) {
    const ids = archetypes[a].e;
    for (let i = ids.length - 1; i >= 0; i--) ecs.addComponent(ids[i], B);
  }
}

function addRemoveRemoveB(s: AddState): void {
  const ecs = s.ecs;
  const B = s.B;
  const archetypes = s.qb.a;
  for (let a = archetypes.length - 1; a >= 0; a--) {
    const ids = archetypes[a].e;
    for (let i = ids.length - 1; i >= 0; i--) ecs.removeComponent(ids[i], B);
  }
}

function addRemoveStep(s: AddState): void {
  addRemoveAddB(s);
  addRemoveRemoveB(s);
}

const addRemove: StepImplementation<AddState> = {
  setup() {
    const ecs = new ECS(ADD_N);
    const A = ecs.defineComponent();
    const B = ecs.defineComponent();
    const s: AddState = { ecs, B, qa: ecs.createQuery(all(A)), qb: ecs.createQuery(all(B)) };
    for (let i = 0; i < ADD_N; i++) ecs.addComponent(ecs.createEntity(), A);
    return s;
  },
  step: addRemoveStep,
  check(s) {
    for (let round = 1; round <= 3; round++) {
      addRemoveAddB(s);
      expectEqual("add_remove", `entities with B after the add system in round ${round}`, countOf(s.qb), ADD_N);
      expectEqual("add_remove", `entities with A after the add system in round ${round}`, countOf(s.qa), ADD_N);
      addRemoveRemoveB(s);
      expectEqual("add_remove", `entities with B after the remove system in round ${round}`, countOf(s.qb), 0);
      expectEqual("add_remove", `entities with A in round ${round}`, countOf(s.qa), ADD_N);
    }
  },
};

// ---------------------------------------------------------------------------------------
// iterate_1m: 1,000,000 entities with Position (0, 0) and Velocity (1, 0.5) in f32 stores;
// one system: pos += vel.

const ITER_N = 1_000_000;

interface IterState {
  readonly Position: Vec2;
  readonly Velocity: Vec2;
  readonly moving: Query;
}

function iterMove(s: IterState): void {
  const px = s.Position.x;
  const py = s.Position.y;
  const vx = s.Velocity.x;
  const vy = s.Velocity.y;
  const archetypes = s.moving.a;
  for (let a = 0; a < archetypes.length; a++) {
    const ids = archetypes[a].e;
    for (let i = ids.length - 1; i >= 0; i--) {
      const e = ids[i];
      px[e] += vx[e];
      py[e] += vy[e];
    }
  }
}

const iterate1m: StepImplementation<IterState> = {
  setup() {
    const ecs = new ECS(ITER_N);
    const Position = vec2(ecs);
    const Velocity = vec2(ecs);
    const s: IterState = { Position, Velocity, moving: ecs.createQuery(all(Position, Velocity)) };
    for (let i = 0; i < ITER_N; i++) {
      const e = ecs.createEntity();
      ecs.addComponent(e, Position).addComponent(e, Velocity);
      Velocity.x[e] = 1;
      Velocity.y[e] = 0.5;
    }
    return s;
  },
  step: iterMove,
  check(s) {
    iterMove(s);
    expectEqual("iterate_1m", "entities visited", countOf(s.moving), ITER_N);
    expectEqual("iterate_1m", "sum of x after one step", sumOf(s.moving, s.Position.x), ITER_N);
    expectEqual("iterate_1m", "sum of y after one step", sumOf(s.moving, s.Position.y), ITER_N / 2);
  },
};

// ---------------------------------------------------------------------------------------
// spawn_1m: one op = create 1,000,000 entities with Position and Velocity (0, 0), then
// destroy all of them; the op records the query's count after each half.

const SPAWN_N = 1_000_000;

interface SpawnState {
  readonly ecs: ECS;
  readonly Position: Vec2;
  readonly Velocity: Vec2;
  readonly both: Query;
  readonly ids: Uint32Array;
  readonly counts: [number, number];
}

function spawnAndDestroy(s: SpawnState): void {
  const { ecs, Position, Velocity, ids } = s;
  const px = Position.x;
  const py = Position.y;
  const vx = Velocity.x;
  const vy = Velocity.y;
  for (let i = 0; i < SPAWN_N; i++) {
    const e = ecs.createEntity();
    ecs.addComponent(e, Position).addComponent(e, Velocity);
    px[e] = 0;
    py[e] = 0;
    vx[e] = 0;
    vy[e] = 0;
    ids[i] = e;
  }
  s.counts[0] = countOf(s.both);
  for (let i = 0; i < SPAWN_N; i++) ecs.destroyEntity(ids[i]);
  s.counts[1] = countOf(s.both);
}

const spawn1m: StepImplementation<SpawnState> = {
  setup() {
    const ecs = new ECS(SPAWN_N);
    const Position = vec2(ecs);
    const Velocity = vec2(ecs);
    return {
      ecs,
      Position,
      Velocity,
      both: ecs.createQuery(all(Position, Velocity)),
      ids: new Uint32Array(SPAWN_N),
      counts: [-1, -1],
    };
  },
  step: spawnAndDestroy,
  check(s) {
    spawnAndDestroy(s);
    expectEqual("spawn_1m", "entities matching (Position, Velocity) after creating", s.counts[0], SPAWN_N);
    expectEqual("spawn_1m", "entities matching (Position, Velocity) after destroying", s.counts[1], 0);
  },
};

// ---------------------------------------------------------------------------------------
// migrate_100k: 100,000 entities with Position { x: 1, y: 0 }; add Velocity { x: 1, y: 1 }
// to each entity of (Position, not Velocity), then remove it from each of (Position,
// Velocity).

const MIGRATE_N = 100_000;

interface MigrateState {
  readonly ecs: ECS;
  readonly Position: Vec2;
  readonly Velocity: Vec2;
  readonly still: Query;
  readonly moving: Query;
}

function migrateAddVelocity(s: MigrateState): void {
  const ecs = s.ecs;
  const Velocity = s.Velocity;
  const vx = Velocity.x;
  const vy = Velocity.y;
  const archetypes = s.still.a;
  for (let a = archetypes.length - 1; a >= 0; a--) {
    const ids = archetypes[a].e;
    for (let i = ids.length - 1; i >= 0; i--) {
      const e = ids[i];
      ecs.addComponent(e, Velocity);
      vx[e] = 1;
      vy[e] = 1;
    }
  }
}

function migrateRemoveVelocity(s: MigrateState): void {
  const ecs = s.ecs;
  const Velocity = s.Velocity;
  const archetypes = s.moving.a;
  for (let a = archetypes.length - 1; a >= 0; a--) {
    const ids = archetypes[a].e;
    for (let i = ids.length - 1; i >= 0; i--) ecs.removeComponent(ids[i], Velocity);
  }
}

function migrateStep(s: MigrateState): void {
  migrateAddVelocity(s);
  migrateRemoveVelocity(s);
}

const migrate100k: StepImplementation<MigrateState> = {
  setup() {
    const ecs = new ECS(MIGRATE_N);
    const Position = vec2(ecs);
    const Velocity = vec2(ecs);
    const s: MigrateState = {
      ecs,
      Position,
      Velocity,
      still: ecs.createQuery(all(Position), not(Velocity)),
      moving: ecs.createQuery(all(Position, Velocity)),
    };
    for (let i = 0; i < MIGRATE_N; i++) {
      const e = ecs.createEntity();
      ecs.addComponent(e, Position);
      Position.x[e] = 1;
      Position.y[e] = 0;
    }
    return s;
  },
  step: migrateStep,
  check(s) {
    migrateAddVelocity(s);
    expectEqual("migrate_100k", "entities with Velocity after adding", countOf(s.moving), MIGRATE_N);
    expectEqual("migrate_100k", "sum of Velocity.x after adding", sumOf(s.moving, s.Velocity.x), MIGRATE_N);
    migrateRemoveVelocity(s);
    expectEqual("migrate_100k", "entities with Velocity after removing", countOf(s.moving), 0);
    expectEqual("migrate_100k", "entities without Velocity after removing", countOf(s.still), MIGRATE_N);
    expectEqual("migrate_100k", "sum of Position.x after removing", sumOf(s.still, s.Position.x), MIGRATE_N);
  },
};

// ---------------------------------------------------------------------------------------
// fragmented_256: 4,096 entities with Data { value: 0 } plus the tags among T0..T7 given by
// the bits of (i mod 256), 16 per archetype; one query over Data: value += 1.

const FRAGMENTED_N = 4096;
const FRAGMENTED_ARCHETYPES = 256;

interface FragmentedState {
  readonly Data: I32;
  readonly data: Query;
}

function fragmentedIncrement(s: FragmentedState): void {
  const v = s.Data.value;
  const archetypes = s.data.a;
  for (let a = 0; a < archetypes.length; a++) {
    const ids = archetypes[a].e;
    for (let i = ids.length - 1; i >= 0; i--) v[ids[i]] += 1;
  }
}

const fragmented256: StepImplementation<FragmentedState> = {
  setup() {
    const ecs = new ECS(FRAGMENTED_N);
    const Data = i32(ecs);
    const tags = Array.from({ length: 8 }, () => ecs.defineComponent());
    const s: FragmentedState = { Data, data: ecs.createQuery(all(Data)) };
    for (let i = 0; i < FRAGMENTED_N; i++) {
      const k = i % FRAGMENTED_ARCHETYPES;
      const e = ecs.createEntity();
      ecs.addComponent(e, Data);
      Data.value[e] = 0;
      tags.forEach((t, bit) => {
        if ((k >> bit) & 1) ecs.addComponent(e, t);
      });
    }
    return s;
  },
  step: fragmentedIncrement,
  check(s) {
    fragmentedIncrement(s);
    expectEqual("fragmented_256", "entities visited", countOf(s.data), FRAGMENTED_N);
    // Entities pass through intermediate archetypes while their tags are added one by
    // one; only the 256 final ones hold entities.
    expectEqual(
      "fragmented_256",
      "non-empty archetypes matched",
      s.data.a.filter((a) => a.e.length > 0).length,
      FRAGMENTED_ARCHETYPES,
    );
    expectEqual("fragmented_256", "sum of Data.value after one step", sumOf(s.data, s.Data.value), FRAGMENTED_N);
  },
};

// ---------------------------------------------------------------------------------------
// random_access: 100,000 entities with Position (0, 0); for each of 100,000 seeded random
// picks, read Position.x and write x + 1 (per-entity access is the store: Position.x[id]).

const RANDOM_N = 100_000;

interface RandomState {
  readonly Position: Vec2;
  readonly targets: Uint32Array;
  readonly all: Query;
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
    const ecs = new ECS(RANDOM_N);
    const Position = vec2(ecs);
    const ids = new Uint32Array(RANDOM_N);
    for (let i = 0; i < RANDOM_N; i++) {
      const e = ecs.createEntity();
      ecs.addComponent(e, Position);
      ids[i] = e;
    }
    return { Position, targets: picks().map((i) => ids[i]), all: ecs.createQuery(all(Position)) };
  },
  step: randomTouch,
  check(s) {
    randomTouch(s);
    expectEqual("random_access", "entities with Position", countOf(s.all), RANDOM_N);
    expectEqual("random_access", "sum of x after one step", sumOf(s.all, s.Position.x), RANDOM_N);
  },
};

export const adapter: Adapter = {
  library: "wolf-ecs",
  packageName: "wolf-ecs",
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
