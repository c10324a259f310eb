// Koota 0.6 adapter. Traits with a schema (`trait({ value: 0 })`) are stored as structure of
// arrays (plain JS arrays: Koota has no typed stores); tags are `trait()`. Fast path per the
// Koota README: queries are made once with createQuery(...) ("The query ref is used for fast
// array-based lookup") and bulk updates go through `world.query(ref).useStores((stores,
// entities) => ...)` ("For performance-critical operations ... modify trait stores
// directly"), indexing each store by `entity.id()`. Structural changes use the entity API
// (world.spawn(Trait(values)), entity.add / remove / destroy); a query result is a copy,
// so changing entities while looping over one is safe. random_access uses the per-entity
// API the README documents: entity.get(Trait) and entity.set(Trait, values). Relations
// (hierarchy_10k, reparent_10k) per the README's Relations section: `relation({ exclusive:
// true, autoDestroy: "orphan" })`, pairs added with entity.add(ChildOf(parent)), a parent read
// with entity.targetFor(ChildOf), children queried with world.query(ChildOf(parent)).
//
// Each system is its own function; systems that need the world (spawning) get a callback
// made once in setup, each with its own body.
import { createQuery, createWorld, type Entity, relation, trait, type World } from "koota";
import { expectEqual } from "../check.js";
import { picks } from "../picks.js";
import type { StepImplementation } from "../types.js";
import type { Adapter } from "./types.js";

/**
 * Entities in the world (check only): world.entities is a copy of every live entity, the
 * world's own entity included. Not `world.query()`, which would add a query instance (and
 * its bookkeeping) to the world that the timed steps then pay for.
 */
function entityCount(world: World): number {
  return world.entities.length - 1;
}

/** Sum of one store field over a query result (check only). */
function sumOver(entities: readonly Entity[], field: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < entities.length; i++) sum += field[entities[i].id()];
  return sum;
}

// ---------------------------------------------------------------------------------------
// packed_5: 1,000 entities with A..E { value: 1 }; 5 systems doubling one component each.

const PACKED_N = 1000;

const PA = trait({ value: 0 });
const PB = trait({ value: 0 });
const PC = trait({ value: 0 });
const PD = trait({ value: 0 });
const PE = trait({ value: 0 });
const packedQa = createQuery(PA);
const packedQb = createQuery(PB);
const packedQc = createQuery(PC);
const packedQd = createQuery(PD);
const packedQe = createQuery(PE);

type ValueStore = { value: number[] };

function doubleAStores([a]: [ValueStore], entities: readonly Entity[]): void {
  const v = a.value;
  for (let i = 0; i < entities.length; i++) v[entities[i].id()] *= 2;
}

function doubleBStores([b]: [ValueStore], entities: readonly Entity[]): void {
  const v = b.value;
  for (let i = 0; i < entities.length; i++) v[entities[i].id()] *= 2;
}

function doubleCStores([c]: [ValueStore], entities: readonly Entity[]): void {
  const v = c.value;
  for (let i = 0; i < entities.length; i++) v[entities[i].id()] *= 2;
}

function doubleDStores([d]: [ValueStore], entities: readonly Entity[]): void {
  const v = d.value;
  for (let i = 0; i < entities.length; i++) v[entities[i].id()] *= 2;
}

function doubleEStores([e]: [ValueStore], entities: readonly Entity[]): void {
  const v = e.value;
  for (let i = 0; i < entities.length; i++) v[entities[i].id()] *= 2;
}

function packedDoubleA(world: World): void {
  world.query(packedQa).useStores(doubleAStores);
}

function packedDoubleB(world: World): void {
  world.query(packedQb).useStores(doubleBStores);
}

function packedDoubleC(world: World): void {
  world.query(packedQc).useStores(doubleCStores);
}

function packedDoubleD(world: World): void {
  world.query(packedQd).useStores(doubleDStores);
}

function packedDoubleE(world: World): void {
  world.query(packedQe).useStores(doubleEStores);
}

interface WorldState {
  readonly world: World;
}

function packedStep(s: WorldState): void {
  packedDoubleA(s.world);
  packedDoubleB(s.world);
  packedDoubleC(s.world);
  packedDoubleD(s.world);
  packedDoubleE(s.world);
}

const packed5: StepImplementation<WorldState> = {
  setup() {
    const world = createWorld();
    for (let i = 0; i < PACKED_N; i++) {
      world.spawn(PA({ value: 1 }), PB({ value: 1 }), PC({ value: 1 }), PD({ value: 1 }), PE({ value: 1 }));
    }
    return { world };
  },
  step: packedStep,
  check(s) {
    packedStep(s);
    const w = s.world;
    expectEqual("packed_5", "entity count", entityCount(w), PACKED_N);
    const cases = [
      ["A", packedQa, PA],
      ["B", packedQb, PB],
      ["C", packedQc, PC],
      ["D", packedQd, PD],
      ["E", packedQe, PE],
    ] as const;
    for (const [name, q] of cases) {
      w.query(q).useStores(([store], entities) => {
        expectEqual("packed_5", `entities with ${name}`, entities.length, PACKED_N);
        expectEqual("packed_5", `sum of ${name}.value after one step`, sumOver(entities, store.value), 2 * PACKED_N);
      });
    }
  },
};

// ---------------------------------------------------------------------------------------
// simple_iter: 1,000 each of (A,B), (A,B,C), (A,B,C,D), (A,B,C,E) with A=1, B=2, C=3, D=4,
// E=5; 3 systems swapping (A,B), (C,D), (C,E).

const SIMPLE_N = 1000;

const SA = trait({ value: 0 });
const SB = trait({ value: 0 });
const SC = trait({ value: 0 });
const SD = trait({ value: 0 });
const SE = trait({ value: 0 });
const simpleAB = createQuery(SA, SB);
const simpleCD = createQuery(SC, SD);
const simpleCE = createQuery(SC, SE);
const simpleC = createQuery(SC);

function swapABStores([a, b]: [ValueStore, ValueStore], entities: readonly Entity[]): void {
  const x = a.value;
  const y = b.value;
  for (let i = 0; i < entities.length; i++) {
    const id = entities[i].id();
    const t = x[id];
    x[id] = y[id];
    y[id] = t;
  }
}

function swapCDStores([c, d]: [ValueStore, ValueStore], entities: readonly Entity[]): void {
  const x = c.value;
  const y = d.value;
  for (let i = 0; i < entities.length; i++) {
    const id = entities[i].id();
    const t = x[id];
    x[id] = y[id];
    y[id] = t;
  }
}

function swapCEStores([c, e]: [ValueStore, ValueStore], entities: readonly Entity[]): void {
  const x = c.value;
  const y = e.value;
  for (let i = 0; i < entities.length; i++) {
    const id = entities[i].id();
    const t = x[id];
    x[id] = y[id];
    y[id] = t;
  }
}

function simpleSwapAB(world: World): void {
  world.query(simpleAB).useStores(swapABStores);
}

function simpleSwapCD(world: World): void {
  world.query(simpleCD).useStores(swapCDStores);
}

function simpleSwapCE(world: World): void {
  world.query(simpleCE).useStores(swapCEStores);
}

function simpleStep(s: WorldState): void {
  simpleSwapAB(s.world);
  simpleSwapCD(s.world);
  simpleSwapCE(s.world);
}

const simpleIter: StepImplementation<WorldState> = {
  setup() {
    const world = createWorld();
    for (let i = 0; i < SIMPLE_N; i++) world.spawn(SA({ value: 1 }), SB({ value: 2 }));
    for (let i = 0; i < SIMPLE_N; i++) world.spawn(SA({ value: 1 }), SB({ value: 2 }), SC({ value: 3 }));
    for (let i = 0; i < SIMPLE_N; i++) {
      world.spawn(SA({ value: 1 }), SB({ value: 2 }), SC({ value: 3 }), SD({ value: 4 }));
    }
    for (let i = 0; i < SIMPLE_N; i++) {
      world.spawn(SA({ value: 1 }), SB({ value: 2 }), SC({ value: 3 }), SE({ value: 5 }));
    }
    return { world };
  },
  step: simpleStep,
  check(s) {
    simpleStep(s);
    const w = s.world;
    expectEqual("simple_iter", "entity count", entityCount(w), 4 * SIMPLE_N);
    w.query(simpleAB).useStores(([a, b], entities) => {
      expectEqual("simple_iter", "(A,B) entities", entities.length, 4 * SIMPLE_N);
      expectEqual("simple_iter", "sum of A.value after one step", sumOver(entities, a.value), 4 * SIMPLE_N * 2);
      expectEqual("simple_iter", "sum of B.value after one step", sumOver(entities, b.value), 4 * SIMPLE_N);
    });
    w.query(simpleC).useStores(([c], entities) => {
      expectEqual("simple_iter", "sum of C.value after one step", sumOver(entities, c.value), SIMPLE_N * (3 + 4 + 5));
    });
    w.query(simpleCD).useStores(([, d], entities) => {
      expectEqual("simple_iter", "sum of D.value after one step", sumOver(entities, d.value), SIMPLE_N * 3);
    });
    w.query(simpleCE).useStores(([, e], entities) => {
      expectEqual("simple_iter", "sum of E.value after one step", sumOver(entities, e.value), SIMPLE_N * 3);
    });
  },
};

// ---------------------------------------------------------------------------------------
// frag_iter: 26 letter components, 100 entities each with (Letter, Data), all { value: 1 };
// Data.value *= 2 on all 2,600, then Z.value *= 2 on the 100 Z entities.

const FRAG_PER_TYPE = 100;
const FRAG_TYPES = 26;

const Letters = Array.from({ length: FRAG_TYPES }, () => trait({ value: 0 }));
const FData = trait({ value: 0 });
const fragData = createQuery(FData);
const fragZ = createQuery(Letters[25]);
const fragY = createQuery(Letters[24]);

function doubleDataStores([data]: [ValueStore], entities: readonly Entity[]): void {
  const v = data.value;
  for (let i = 0; i < entities.length; i++) v[entities[i].id()] *= 2;
}

function doubleZStores([z]: [ValueStore], entities: readonly Entity[]): void {
  const v = z.value;
  for (let i = 0; i < entities.length; i++) v[entities[i].id()] *= 2;
}

function fragDoubleData(world: World): void {
  world.query(fragData).useStores(doubleDataStores);
}

function fragDoubleZ(world: World): void {
  world.query(fragZ).useStores(doubleZStores);
}

function fragStep(s: WorldState): void {
  fragDoubleData(s.world);
  fragDoubleZ(s.world);
}

const fragIter: StepImplementation<WorldState> = {
  setup() {
    const world = createWorld();
    for (const Letter of Letters) {
      for (let i = 0; i < FRAG_PER_TYPE; i++) world.spawn(Letter({ value: 1 }), FData({ value: 1 }));
    }
    return { world };
  },
  step: fragStep,
  check(s) {
    fragStep(s);
    const w = s.world;
    expectEqual("frag_iter", "entity count", entityCount(w), FRAG_TYPES * FRAG_PER_TYPE);
    w.query(fragData).useStores(([data], entities) => {
      expectEqual("frag_iter", "entities with Data", entities.length, FRAG_TYPES * FRAG_PER_TYPE);
      expectEqual("frag_iter", "sum of Data.value after one step", sumOver(entities, data.value), 2 * entities.length);
    });
    w.query(fragZ).useStores(([z], entities) => {
      expectEqual("frag_iter", "sum of Z.value after one step", sumOver(entities, z.value), 2 * FRAG_PER_TYPE);
    });
    w.query(fragY).useStores(([y], entities) => {
      expectEqual("frag_iter", "sum of Y.value after one step", sumOver(entities, y.value), FRAG_PER_TYPE);
    });
  },
};

// ---------------------------------------------------------------------------------------
// entity_cycle: 1,000 entities with A { value: i }; spawn one B { value: A.value } per A
// entity (world.spawn(B({ value }))), then destroy every B entity (entity.destroy()).

const CYCLE_N = 1000;

const CA = trait({ value: 0 });
const CB = trait({ value: 0 });
const cycleQa = createQuery(CA);
const cycleQb = createQuery(CB);

interface CycleState {
  readonly world: World;
  readonly spawnFromStores: (stores: [ValueStore], entities: readonly Entity[]) => void;
}

function cycleSpawnBs(s: CycleState): void {
  s.world.query(cycleQa).useStores(s.spawnFromStores);
}

function cycleDestroyBs(s: CycleState): void {
  const bs = s.world.query(cycleQb);
  for (let i = 0; i < bs.length; i++) bs[i].destroy();
}

function cycleStep(s: CycleState): void {
  cycleSpawnBs(s);
  cycleDestroyBs(s);
}

const entityCycle: StepImplementation<CycleState> = {
  setup() {
    const world = createWorld();
    for (let i = 0; i < CYCLE_N; i++) world.spawn(CA({ value: i }));
    return {
      world,
      spawnFromStores([a], entities) {
        const v = a.value;
        for (let i = 0; i < entities.length; i++) world.spawn(CB({ value: v[entities[i].id()] }));
      },
    };
  },
  step: cycleStep,
  check(s) {
    const sumA = (CYCLE_N * (CYCLE_N - 1)) / 2;
    const w = s.world;
    for (let round = 1; round <= 3; round++) {
      const what = (thing: string): string => `${thing} in round ${round}`;
      cycleSpawnBs(s);
      w.query(cycleQb).useStores(([b], entities) => {
        expectEqual("entity_cycle", what("B entities after the spawn system"), entities.length, CYCLE_N);
        expectEqual("entity_cycle", what("sum of B.value"), sumOver(entities, b.value), sumA);
      });
      expectEqual("entity_cycle", what("entities after the spawn system"), entityCount(w), 2 * CYCLE_N);
      cycleDestroyBs(s);
      expectEqual("entity_cycle", what("B entities after the destroy system"), w.query(cycleQb).length, 0);
      expectEqual("entity_cycle", what("entities after the destroy system"), entityCount(w), CYCLE_N);
      w.query(cycleQa).useStores(([a], entities) => {
        expectEqual("entity_cycle", what("sum of A.value"), sumOver(entities, a.value), sumA);
      });
    }
  },
};

// ---------------------------------------------------------------------------------------
// add_remove: 1,000 entities with tag A; add tag B to each A entity, then remove B from
// each entity having it (entity.add / entity.remove).

const ADD_N = 1000;

const TA = trait();
const TB = trait();
const addQa = createQuery(TA);
const addQb = createQuery(TB);

function addRemoveAddB(s: WorldState): void {
  const as = s.world.query(addQa);
  for (let i = 0; i < as.length; i++) as[i].add(TB);
}

function addRemoveRemoveB(s: WorldState): void {
  const bs = s.world.query(addQb);
  for (let i = 0; i < bs.length; i++) bs[i].remove(TB);
}

function addRemoveStep(s: WorldState): void {
  addRemoveAddB(s);
  addRemoveRemoveB(s);
}

const addRemove: StepImplementation<WorldState> = {
  setup() {
    const world = createWorld();
    for (let i = 0; i < ADD_N; i++) world.spawn(TA);
    return { world };
  },
  step: addRemoveStep,
  check(s) {
    const w = s.world;
    for (let round = 1; round <= 3; round++) {
      addRemoveAddB(s);
      expectEqual("add_remove", `entities with B after the add system in round ${round}`, w.query(addQb).length, ADD_N);
      expectEqual("add_remove", `entities with A after the add system in round ${round}`, w.query(addQa).length, ADD_N);
      addRemoveRemoveB(s);
      expectEqual("add_remove", `entities with B after the remove system in round ${round}`, w.query(addQb).length, 0);
      expectEqual("add_remove", `entities in round ${round}`, entityCount(w), ADD_N);
    }
  },
};

// ---------------------------------------------------------------------------------------
// iterate_1m: 1,000,000 entities with Position (0, 0) and Velocity (1, 0.5); one system:
// pos += vel. Koota allows 2^20 entity ids per world, so 1M fits.

const ITER_N = 1_000_000;

const IPosition = trait({ x: 0, y: 0 });
const IVelocity = trait({ x: 0, y: 0 });
const iterMoving = createQuery(IPosition, IVelocity);

type Vec2Store = { x: number[]; y: number[] };

function moveStores([p, v]: [Vec2Store, Vec2Store], entities: readonly Entity[]): void {
  const px = p.x;
  const py = p.y;
  const vx = v.x;
  const vy = v.y;
  for (let i = 0; i < entities.length; i++) {
    const id = entities[i].id();
    px[id] += vx[id];
    py[id] += vy[id];
  }
}

function iterMove(s: WorldState): void {
  s.world.query(iterMoving).useStores(moveStores);
}

const iterate1m: StepImplementation<WorldState> = {
  setup() {
    const world = createWorld();
    const velocity = IVelocity({ x: 1, y: 0.5 });
    for (let i = 0; i < ITER_N; i++) world.spawn(IPosition, velocity);
    return { world };
  },
  step: iterMove,
  check(s) {
    iterMove(s);
    s.world.query(iterMoving).useStores(([p], entities) => {
      expectEqual("iterate_1m", "entities visited", entities.length, ITER_N);
      expectEqual("iterate_1m", "sum of x after one step", sumOver(entities, p.x), ITER_N);
      expectEqual("iterate_1m", "sum of y after one step", sumOver(entities, p.y), ITER_N / 2);
    });
  },
};

// ---------------------------------------------------------------------------------------
// migrate_100k: 100,000 entities with Position { x: 1, y: 0 }; add Velocity { x: 1, y: 1 }
// to each, then remove it from each, both over the Position query (every entity has
// Position). No query over Velocity exists in this world: with one (wasm-ecs's shape, a
// (Position, Not(Velocity)) and a (Position, Velocity) query) Koota 0.6.6 queues 100,000
// query removals per half and commitQueryRemovals flushes them in O(n^2) (it reads
// `toRemove.dense`, a getter that slices the whole set, once per element): measured over
// 120 s per op. The check counts Velocity per entity (entity.has / entity.get) for the same
// reason. The Velocity({ x: 1, y: 1 }) argument is made once.

const MIGRATE_N = 100_000;

const MPosition = trait({ x: 0, y: 0 });
const MVelocity = trait({ x: 0, y: 0 });
const migrateAll = createQuery(MPosition);
const velocityOne = MVelocity({ x: 1, y: 1 });

function migrateAddVelocity(s: WorldState): void {
  const all = s.world.query(migrateAll);
  for (let i = 0; i < all.length; i++) all[i].add(velocityOne);
}

function migrateRemoveVelocity(s: WorldState): void {
  const all = s.world.query(migrateAll);
  for (let i = 0; i < all.length; i++) all[i].remove(MVelocity);
}

function migrateStep(s: WorldState): void {
  migrateAddVelocity(s);
  migrateRemoveVelocity(s);
}

/** Entities having Velocity and the sum of their Velocity.x (check only). */
function velocityCensus(world: World): [number, number] {
  let n = 0;
  let sum = 0;
  for (const e of world.query(migrateAll)) {
    if (!e.has(MVelocity)) continue;
    n++;
    sum += e.get(MVelocity)?.x ?? Number.NaN;
  }
  return [n, sum];
}

const migrate100k: StepImplementation<WorldState> = {
  setup() {
    const world = createWorld();
    const position = MPosition({ x: 1, y: 0 });
    for (let i = 0; i < MIGRATE_N; i++) world.spawn(position);
    return { world };
  },
  step: migrateStep,
  check(s) {
    const w = s.world;
    migrateAddVelocity(s);
    const [moving, vx] = velocityCensus(w);
    expectEqual("migrate_100k", "entities with Velocity after adding", moving, MIGRATE_N);
    expectEqual("migrate_100k", "sum of Velocity.x after adding", vx, MIGRATE_N);
    migrateRemoveVelocity(s);
    expectEqual("migrate_100k", "entities with Velocity after removing", velocityCensus(w)[0], 0);
    w.query(migrateAll).useStores(([p], entities) => {
      expectEqual("migrate_100k", "entities with Position after removing", entities.length, MIGRATE_N);
      expectEqual("migrate_100k", "sum of Position.x after removing", sumOver(entities, p.x), MIGRATE_N);
    });
  },
};

// ---------------------------------------------------------------------------------------
// fragmented_256: 4,096 entities with Data { value: 0 } plus the tags among T0..T7 given by
// the bits of (i mod 256); one query over Data: value += 1. Koota queries are sets of
// entities (bitmask matching), not archetype tables.

const FRAGMENTED_N = 4096;
const FRAGMENTED_ARCHETYPES = 256;

const GData = trait({ value: 0 });
const GTags = Array.from({ length: 8 }, () => trait());
const fragmentedData = createQuery(GData);

function incrementStores([data]: [ValueStore], entities: readonly Entity[]): void {
  const v = data.value;
  for (let i = 0; i < entities.length; i++) v[entities[i].id()] += 1;
}

function fragmentedIncrement(s: WorldState): void {
  s.world.query(fragmentedData).useStores(incrementStores);
}

const fragmented256: StepImplementation<WorldState> = {
  setup() {
    const world = createWorld();
    for (let i = 0; i < FRAGMENTED_N; i++) {
      const k = i % FRAGMENTED_ARCHETYPES;
      world.spawn(GData, ...GTags.filter((_, bit) => (k >> bit) & 1));
    }
    return { world };
  },
  step: fragmentedIncrement,
  check(s) {
    fragmentedIncrement(s);
    s.world.query(fragmentedData).useStores(([data], entities) => {
      expectEqual("fragmented_256", "entities visited", entities.length, FRAGMENTED_N);
      expectEqual("fragmented_256", "sum of Data.value after one step", sumOver(entities, data.value), FRAGMENTED_N);
    });
  },
};

// ---------------------------------------------------------------------------------------
// random_access: 100,000 entities with Position (0, 0); for each of 100,000 seeded random
// picks, read Position.x with entity.get(Position) and write x + 1 with entity.set.

const RANDOM_N = 100_000;

const RPosition = trait({ x: 0, y: 0 });
const randomAll = createQuery(RPosition);

interface RandomState {
  readonly world: World;
  readonly targets: readonly Entity[];
}

function randomTouch(s: RandomState): void {
  const targets = s.targets;
  for (let i = 0; i < targets.length; i++) {
    const e = targets[i];
    const p = e.get(RPosition);
    if (p === undefined) throw new Error("random_access: a picked entity has no Position");
    e.set(RPosition, { x: p.x + 1 });
  }
}

const randomAccess: StepImplementation<RandomState> = {
  setup() {
    const world = createWorld();
    const ids: Entity[] = [];
    for (let i = 0; i < RANDOM_N; i++) ids.push(world.spawn(RPosition));
    return { world, targets: Array.from(picks(), (i) => ids[i]) };
  },
  step: randomTouch,
  check(s) {
    randomTouch(s);
    s.world.query(randomAll).useStores(([p], entities) => {
      expectEqual("random_access", "entities with Position", entities.length, RANDOM_N);
      expectEqual("random_access", "sum of x after one step", sumOver(entities, p.x), RANDOM_N);
    });
  },
};

// ---------------------------------------------------------------------------------------
// hierarchy_10k: 1,000 roots with Local (i, 1) and WorldPos (0, 0), each with 10 children
// with Local (j, 2), WorldPos (0, 0) and ChildOf(root) (relation({ exclusive: true,
// autoDestroy: "orphan" })); moveRoots (Local.x += 1 on every entity with Local and no
// ChildOf), then propagate parents first: root WorldPos = Local, child WorldPos = parent's
// WorldPos + Local, the parent read with entity.targetFor(ChildOf) (README: "children care
// about their parent, optimizing batch queries"). Koota 0.6.6's Not() takes traits only
// (`Not(ChildOf)` and `Not(ChildOf("*"))` throw when the query is made), so the roots are the
// Local entities whose targetFor(ChildOf) is undefined. Koota has no depth-ordered query:
// propagate sets the roots, then runs over the (Local, WorldPos, ChildOf("*")) query, which
// is parent-first because this tree is two levels deep.

const HIERARCHY_ROOTS = 1000;
const HIERARCHY_CHILDREN = 10;

const HLocal = trait({ x: 0, y: 0 });
const HWorldPos = trait({ x: 0, y: 0 });
const HChildOf = relation({ exclusive: true, autoDestroy: "orphan" });
const hierarchyLocal = createQuery(HLocal);
const hierarchyPlaced = createQuery(HLocal, HWorldPos);
const hierarchyChildren = createQuery(HLocal, HWorldPos, HChildOf("*"));

function moveRootsStores([local]: [Vec2Store], entities: readonly Entity[]): void {
  const x = local.x;
  for (let i = 0; i < entities.length; i++) {
    const e = entities[i];
    if (e.targetFor(HChildOf) === undefined) x[e.id()] += 1;
  }
}

function placeRootsStores([local, pos]: [Vec2Store, Vec2Store], entities: readonly Entity[]): void {
  const lx = local.x;
  const ly = local.y;
  const wx = pos.x;
  const wy = pos.y;
  for (let i = 0; i < entities.length; i++) {
    const e = entities[i];
    if (e.targetFor(HChildOf) !== undefined) continue;
    const id = e.id();
    wx[id] = lx[id];
    wy[id] = ly[id];
  }
}

function placeChildrenStores([local, pos]: [Vec2Store, Vec2Store, ...unknown[]], entities: readonly Entity[]): void {
  const lx = local.x;
  const ly = local.y;
  const wx = pos.x;
  const wy = pos.y;
  for (let i = 0; i < entities.length; i++) {
    const e = entities[i];
    const parent = e.targetFor(HChildOf);
    if (parent === undefined) continue;
    const id = e.id();
    const p = parent.id();
    wx[id] = wx[p] + lx[id];
    wy[id] = wy[p] + ly[id];
  }
}

function hierarchyMoveRoots(world: World): void {
  world.query(hierarchyLocal).useStores(moveRootsStores);
}

function hierarchyPropagate(world: World): void {
  world.query(hierarchyPlaced).useStores(placeRootsStores);
  world.query(hierarchyChildren).useStores(placeChildrenStores);
}

function hierarchyStep(s: WorldState): void {
  hierarchyMoveRoots(s.world);
  hierarchyPropagate(s.world);
}

const hierarchy10k: StepImplementation<WorldState> = {
  setup() {
    const world = createWorld();
    for (let i = 0; i < HIERARCHY_ROOTS; i++) {
      const root = world.spawn(HLocal({ x: i, y: 1 }), HWorldPos);
      for (let j = 0; j < HIERARCHY_CHILDREN; j++) world.spawn(HLocal({ x: j, y: 2 }), HWorldPos, HChildOf(root));
    }
    return { world };
  },
  step: hierarchyStep,
  check(s) {
    hierarchyStep(s);
    const w = s.world;
    const n = HIERARCHY_ROOTS * (1 + HIERARCHY_CHILDREN);
    expectEqual("hierarchy_10k", "entity count", entityCount(w), n);
    w.query(hierarchyChildren).useStores(([, pos], entities) => {
      const x = sumOver(entities, pos.x);
      expectEqual("hierarchy_10k", "sum of the children's WorldPos.x after one step", x, 5_050_000);
      const y = sumOver(entities, pos.y);
      expectEqual("hierarchy_10k", "sum of the children's WorldPos.y after one step", y, 30_000);
    });
    let withTarget = 0;
    w.query(hierarchyPlaced).useStores(([, pos], entities) => {
      const roots = entities.filter((e) => e.targetFor(HChildOf) === undefined);
      withTarget = entities.length - roots.length;
      expectEqual("hierarchy_10k", "sum of the roots' WorldPos.x after one step", sumOver(roots, pos.x), 500_500);
      expectEqual("hierarchy_10k", "sum of the roots' WorldPos.y after one step", sumOver(roots, pos.y), 1_000);
    });
    expectEqual("hierarchy_10k", "entities with a ChildOf target", withTarget, HIERARCHY_ROOTS * HIERARCHY_CHILDREN);
  },
};

// ---------------------------------------------------------------------------------------
// reparent_10k: 1,000 parents with Local (i, 1), each with 10 children with Local (j, 2) and
// ChildOf(parent); child k starts under parents[floor(k / 10)]. One op: shift += 1 (mod
// 1,000), then child.add(ChildOf(parents[(floor(k / 10) + shift) % 1000])) per child: the
// relation is exclusive (README, "Exclusive relations"), so adding the new pair drops the
// old target.

const REPARENT_PARENTS = 1000;
const REPARENT_CHILDREN = 10;
const REPARENT_MOVES = REPARENT_PARENTS * REPARENT_CHILDREN;

const ReLocal = trait({ x: 0, y: 0 });
const ReChildOf = relation({ exclusive: true, autoDestroy: "orphan" });

interface ReparentState {
  readonly world: World;
  /** Index -> parent entity. */
  readonly parents: readonly Entity[];
  /** Child k starts under parents[floor(k / 10)]. */
  readonly children: readonly Entity[];
  shift: number;
}

function reparentMove(s: ReparentState): void {
  const shift = (s.shift + 1) % REPARENT_PARENTS;
  s.shift = shift;
  const { parents, children } = s;
  for (let k = 0; k < children.length; k++) {
    children[k].add(ReChildOf(parents[(((k / REPARENT_CHILDREN) | 0) + shift) % REPARENT_PARENTS]));
  }
}

const reparent10k: StepImplementation<ReparentState> = {
  setup() {
    const world = createWorld();
    const parents: Entity[] = [];
    const children: Entity[] = [];
    for (let i = 0; i < REPARENT_PARENTS; i++) parents.push(world.spawn(ReLocal({ x: i, y: 1 })));
    for (let k = 0; k < REPARENT_MOVES; k++) {
      const parent = parents[(k / REPARENT_CHILDREN) | 0];
      children.push(world.spawn(ReLocal({ x: k % REPARENT_CHILDREN, y: 2 }), ReChildOf(parent)));
    }
    return { world, parents, children, shift: 0 };
  },
  step: reparentMove,
  check(s) {
    reparentMove(s);
    const w = s.world;
    expectEqual("reparent_10k", "shift after one step", s.shift, 1);
    expectEqual("reparent_10k", "entity count", entityCount(w), REPARENT_PARENTS + REPARENT_MOVES);
    const parentIndex = new Map(s.parents.map((p, i) => [p, i]));
    let single = 0;
    let indexSum = 0;
    for (const child of s.children) {
      const targets = child.targetsFor(ReChildOf);
      if (targets.length === 1) single++;
      indexSum += parentIndex.get(targets[0]) ?? Number.NaN;
    }
    expectEqual("reparent_10k", "children with exactly one ChildOf target", single, REPARENT_MOVES);
    expectEqual("reparent_10k", "sum of the targets' parent indexes", indexSum, 4_995_000);
    const childIndex = new Map(s.children.map((c, k) => [c, k]));
    const first = w.query(ReChildOf(s.parents[0]));
    expectEqual("reparent_10k", "children of parents[0]", first.length, REPARENT_CHILDREN);
    let fromLast = 0;
    for (const e of first) {
      if (Math.floor((childIndex.get(e) ?? Number.NaN) / REPARENT_CHILDREN) === REPARENT_PARENTS - 1) fromLast++;
    }
    expectEqual("reparent_10k", "children of parents[0] that started under parents[999]", fromLast, REPARENT_CHILDREN);
  },
};

export const adapter: Adapter = {
  library: "koota",
  packageName: "koota",
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
    hierarchy_10k: hierarchy10k,
    reparent_10k: reparent10k,
  },
  unsupported: {
    spawn_1m:
      "destroying 1M entities a live query matches queues 1M query removals, flushed in O(n^2) by commitQueryRemovals (koota 0.6.6): one op never ends",
  },
};
