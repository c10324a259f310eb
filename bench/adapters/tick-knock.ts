// tick-knock 4.0 adapter. Components are plain classes, data-less markers are tick-knock
// tags (strings: README "Tag": "Using tags is much easier and consumes less memory if you do
// not have additional component data"). Entities are `new Entity().add(...)` handed to
// `engine.addEntity`; `entity.get(Class)` reads a component. The documented fast path for
// systems is a Query built with `new QueryBuilder().contains(...).build()` and added to the
// engine, which "will always contain an up-to-date list of entities"; each system here is
// a plain function looping over `query.entities` (what ReactionSystem's README example
// does; IterativeSystem would route every system through one shared updateEntities loop).
//
// Scale: a Query checks membership with `Array.prototype.indexOf` on every entity added to
// the engine and on every component added or removed (lib/ecs/Query.js), and
// `engine.removeEntity` does the same on the engine's entity list, so both are O(n) per
// entity. At 1e5-1e6 entities a query costs O(n^2) to fill (about 2.5e11 comparisons for
// 1e6, minutes), so iterate_1m and migrate_100k use the README's query-less pattern
// instead (loop over `engine.entities` and read components with `entity.get`).
import { Engine, Entity, type Query, QueryBuilder } from "tick-knock";
import { expectEqual } from "../check.js";
import { picks } from "../picks.js";
import type { StepImplementation } from "../types.js";
import type { Adapter } from "./types.js";

/** A component class with a numeric `value`. */
type ValueClass = new (value?: number) => { value: number };

/** Sum of `value` over the entities of the engine having component `C`, and their number. */
function sumValue(engine: Engine, C: ValueClass): { sum: number; count: number } {
  let sum = 0;
  let count = 0;
  for (const e of engine.entities) {
    const c = e.get(C);
    if (c === undefined) continue;
    sum += c.value;
    count++;
  }
  return { sum, count };
}

/** A query over entities having every one of `componentsOrTags`, added to the engine. */
function query(engine: Engine, ...componentsOrTags: unknown[]): Query {
  const q = new QueryBuilder().contains(...componentsOrTags).build();
  engine.addQuery(q);
  return q;
}

class A {
  value: number;
  constructor(value = 0) {
    this.value = value;
  }
}
class B {
  value: number;
  constructor(value = 0) {
    this.value = value;
  }
}
class C {
  value: number;
  constructor(value = 0) {
    this.value = value;
  }
}
class D {
  value: number;
  constructor(value = 0) {
    this.value = value;
  }
}
class E {
  value: number;
  constructor(value = 0) {
    this.value = value;
  }
}

class Position {
  x: number;
  y: number;
  constructor(x = 0, y = 0) {
    this.x = x;
    this.y = y;
  }
}
class Velocity {
  x: number;
  y: number;
  constructor(x = 0, y = 0) {
    this.x = x;
    this.y = y;
  }
}

// ---------------------------------------------------------------------------------------
// packed_5: 1,000 entities with A..E { value: 1 }; 5 systems doubling one component each.

const PACKED_N = 1000;

interface PackedState {
  readonly engine: Engine;
  readonly qa: Query;
  readonly qb: Query;
  readonly qc: Query;
  readonly qd: Query;
  readonly qe: Query;
}

function doubleA(q: Query): void {
  const es = q.entities;
  for (let i = 0; i < es.length; i++) es[i].get(A)!.value *= 2;
}
function doubleB(q: Query): void {
  const es = q.entities;
  for (let i = 0; i < es.length; i++) es[i].get(B)!.value *= 2;
}
function doubleC(q: Query): void {
  const es = q.entities;
  for (let i = 0; i < es.length; i++) es[i].get(C)!.value *= 2;
}
function doubleD(q: Query): void {
  const es = q.entities;
  for (let i = 0; i < es.length; i++) es[i].get(D)!.value *= 2;
}
function doubleE(q: Query): void {
  const es = q.entities;
  for (let i = 0; i < es.length; i++) es[i].get(E)!.value *= 2;
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
    const engine = new Engine();
    const state = {
      engine,
      qa: query(engine, A),
      qb: query(engine, B),
      qc: query(engine, C),
      qd: query(engine, D),
      qe: query(engine, E),
    };
    for (let i = 0; i < PACKED_N; i++) {
      engine.addEntity(new Entity().add(new A(1)).add(new B(1)).add(new C(1)).add(new D(1)).add(new E(1)));
    }
    return state;
  },
  step: packedStep,
  check(s) {
    packedStep(s);
    expectEqual("packed_5", "entity count", s.engine.entities.length, PACKED_N);
    for (const [name, T, q] of [
      ["A", A, s.qa],
      ["B", B, s.qb],
      ["C", C, s.qc],
      ["D", D, s.qd],
      ["E", E, s.qe],
    ] as const) {
      expectEqual("packed_5", `entities in the ${name} query`, q.length, PACKED_N);
      expectEqual("packed_5", `sum of ${name}.value after one step`, sumValue(s.engine, T).sum, 2 * PACKED_N);
    }
  },
};

// ---------------------------------------------------------------------------------------
// simple_iter: 1,000 each of (A,B), (A,B,C), (A,B,C,D), (A,B,C,E) with A=1, B=2, C=3, D=4,
// E=5; 3 systems swapping (A,B), (C,D), (C,E).

const SIMPLE_N = 1000;

interface SimpleState {
  readonly engine: Engine;
  readonly ab: Query;
  readonly cd: Query;
  readonly ce: Query;
}

function swapAB(q: Query): void {
  const es = q.entities;
  for (let i = 0; i < es.length; i++) {
    const a = es[i].get(A)!;
    const b = es[i].get(B)!;
    const x = a.value;
    a.value = b.value;
    b.value = x;
  }
}
function swapCD(q: Query): void {
  const es = q.entities;
  for (let i = 0; i < es.length; i++) {
    const c = es[i].get(C)!;
    const d = es[i].get(D)!;
    const x = c.value;
    c.value = d.value;
    d.value = x;
  }
}
function swapCE(q: Query): void {
  const es = q.entities;
  for (let i = 0; i < es.length; i++) {
    const c = es[i].get(C)!;
    const e = es[i].get(E)!;
    const x = c.value;
    c.value = e.value;
    e.value = x;
  }
}

function simpleStep(s: SimpleState): void {
  swapAB(s.ab);
  swapCD(s.cd);
  swapCE(s.ce);
}

const simpleIter: StepImplementation<SimpleState> = {
  setup() {
    const engine = new Engine();
    const state = { engine, ab: query(engine, A, B), cd: query(engine, C, D), ce: query(engine, C, E) };
    for (let i = 0; i < SIMPLE_N; i++) engine.addEntity(new Entity().add(new A(1)).add(new B(2)));
    for (let i = 0; i < SIMPLE_N; i++) engine.addEntity(new Entity().add(new A(1)).add(new B(2)).add(new C(3)));
    for (let i = 0; i < SIMPLE_N; i++) {
      engine.addEntity(new Entity().add(new A(1)).add(new B(2)).add(new C(3)).add(new D(4)));
    }
    for (let i = 0; i < SIMPLE_N; i++) {
      engine.addEntity(new Entity().add(new A(1)).add(new B(2)).add(new C(3)).add(new E(5)));
    }
    return state;
  },
  step: simpleStep,
  check(s) {
    simpleStep(s);
    const en = s.engine;
    expectEqual("simple_iter", "entity count", en.entities.length, 4 * SIMPLE_N);
    expectEqual("simple_iter", "(A,B) entities", s.ab.length, 4 * SIMPLE_N);
    expectEqual("simple_iter", "sum of A.value after one step", sumValue(en, A).sum, 4 * SIMPLE_N * 2);
    expectEqual("simple_iter", "sum of B.value after one step", sumValue(en, B).sum, 4 * SIMPLE_N * 1);
    expectEqual("simple_iter", "sum of C.value after one step", sumValue(en, C).sum, SIMPLE_N * (3 + 4 + 5));
    expectEqual("simple_iter", "sum of D.value after one step", sumValue(en, D).sum, SIMPLE_N * 3);
    expectEqual("simple_iter", "sum of E.value after one step", sumValue(en, E).sum, SIMPLE_N * 3);
  },
};

// ---------------------------------------------------------------------------------------
// frag_iter: 26 component types A..Z, 100 entities per type, each with (Letter, Data), all
// { value: 1 }; Data.value *= 2 on all 2,600, then Z.value *= 2 on the 100 Z entities.

const FRAG_PER_TYPE = 100;

class Data {
  value: number;
  constructor(value = 0) {
    this.value = value;
  }
}

/** A fresh component class (tick-knock identifies components by class). */
function letterClass(): ValueClass {
  return class {
    value: number;
    constructor(value = 0) {
      this.value = value;
    }
  };
}

const LETTERS = Array.from({ length: 26 }, letterClass);
const Z = LETTERS[25];

interface FragState {
  readonly engine: Engine;
  readonly data: Query;
  readonly z: Query;
}

function doubleData(q: Query): void {
  const es = q.entities;
  for (let i = 0; i < es.length; i++) es[i].get(Data)!.value *= 2;
}
function doubleZ(q: Query): void {
  const es = q.entities;
  for (let i = 0; i < es.length; i++) es[i].get(Z)!.value *= 2;
}

function fragStep(s: FragState): void {
  doubleData(s.data);
  doubleZ(s.z);
}

const fragIter: StepImplementation<FragState> = {
  setup() {
    const engine = new Engine();
    const state = { engine, data: query(engine, Data), z: query(engine, Z) };
    for (const Letter of LETTERS) {
      for (let i = 0; i < FRAG_PER_TYPE; i++) engine.addEntity(new Entity().add(new Letter(1)).add(new Data(1)));
    }
    return state;
  },
  step: fragStep,
  check(s) {
    fragStep(s);
    const en = s.engine;
    expectEqual("frag_iter", "entity count", en.entities.length, 26 * FRAG_PER_TYPE);
    expectEqual("frag_iter", "entities in the Data query", s.data.length, 26 * FRAG_PER_TYPE);
    expectEqual("frag_iter", "sum of Data.value after one step", sumValue(en, Data).sum, 26 * FRAG_PER_TYPE * 2);
    expectEqual("frag_iter", "entities in the Z query", s.z.length, FRAG_PER_TYPE);
    expectEqual("frag_iter", "sum of Z.value after one step", sumValue(en, Z).sum, FRAG_PER_TYPE * 2);
    expectEqual("frag_iter", "sum of Y.value after one step", sumValue(en, LETTERS[24]).sum, FRAG_PER_TYPE);
  },
};

// ---------------------------------------------------------------------------------------
// entity_cycle: 1,000 entities with A { value: i }; spawn one B { value: A.value } per A
// entity, then destroy every B entity.

const CYCLE_N = 1000;

interface CycleState {
  readonly engine: Engine;
  readonly qa: Query;
  readonly qb: Query;
}

function spawnBs(s: CycleState): void {
  const engine = s.engine;
  const es = s.qa.entities;
  for (let i = 0; i < es.length; i++) engine.addEntity(new Entity().add(new B(es[i].get(A)!.value)));
}

function destroyBs(s: CycleState): void {
  const engine = s.engine;
  // The query's list shrinks as entities leave the engine; take from its end (measured
  // faster than the front here).
  const es = s.qb.entities;
  while (es.length > 0) engine.removeEntity(es[es.length - 1]);
}

function cycleStep(s: CycleState): void {
  spawnBs(s);
  destroyBs(s);
}

const entityCycle: StepImplementation<CycleState> = {
  setup() {
    const engine = new Engine();
    const state = { engine, qa: query(engine, A), qb: query(engine, B) };
    for (let i = 0; i < CYCLE_N; i++) engine.addEntity(new Entity().add(new A(i)));
    return state;
  },
  step: cycleStep,
  check(s) {
    const sumA = (CYCLE_N * (CYCLE_N - 1)) / 2;
    for (let round = 1; round <= 3; round++) {
      const what = (thing: string): string => `${thing} in round ${round}`;
      spawnBs(s);
      const b = sumValue(s.engine, B);
      expectEqual("entity_cycle", what("B entities after the spawn system"), b.count, CYCLE_N);
      expectEqual("entity_cycle", what("B query after the spawn system"), s.qb.length, CYCLE_N);
      expectEqual("entity_cycle", what("entities after the spawn system"), s.engine.entities.length, 2 * CYCLE_N);
      expectEqual("entity_cycle", what("sum of B.value"), b.sum, sumA);
      destroyBs(s);
      expectEqual("entity_cycle", what("B entities after the destroy system"), sumValue(s.engine, B).count, 0);
      expectEqual("entity_cycle", what("entities after the destroy system"), s.engine.entities.length, CYCLE_N);
      expectEqual("entity_cycle", what("sum of A.value"), sumValue(s.engine, A).sum, sumA);
    }
  },
};

// ---------------------------------------------------------------------------------------
// add_remove: 1,000 entities with tag A; add tag B to every A entity, then remove B from
// every entity having it.

const ADD_N = 1000;
const TAG_A = "A";
const TAG_B = "B";

interface AddRemoveState {
  readonly engine: Engine;
  readonly qa: Query;
  readonly qb: Query;
}

function addB(s: AddRemoveState): void {
  const es = s.qa.entities;
  for (let i = 0; i < es.length; i++) es[i].add(TAG_B);
}

function removeB(s: AddRemoveState): void {
  // Entities leave the B query as the tag goes; take from its front (measured faster than
  // the end: the query's indexOf finds the entity at once).
  const es = s.qb.entities;
  while (es.length > 0) es[0].remove(TAG_B);
}

function addRemoveStep(s: AddRemoveState): void {
  addB(s);
  removeB(s);
}

/** Entities of the engine having `tag`. */
function countTag(engine: Engine, tag: string): number {
  let count = 0;
  for (const e of engine.entities) if (e.hasTag(tag)) count++;
  return count;
}

const addRemove: StepImplementation<AddRemoveState> = {
  setup() {
    const engine = new Engine();
    const state = { engine, qa: query(engine, TAG_A), qb: query(engine, TAG_B) };
    for (let i = 0; i < ADD_N; i++) engine.addEntity(new Entity().add(TAG_A));
    return state;
  },
  step: addRemoveStep,
  check(s) {
    for (let round = 1; round <= 3; round++) {
      addB(s);
      expectEqual(
        "add_remove",
        `entities with B after the add system in round ${round}`,
        countTag(s.engine, TAG_B),
        ADD_N,
      );
      expectEqual("add_remove", `B query after the add system in round ${round}`, s.qb.length, ADD_N);
      expectEqual(
        "add_remove",
        `entities with A after the add system in round ${round}`,
        countTag(s.engine, TAG_A),
        ADD_N,
      );
      removeB(s);
      expectEqual(
        "add_remove",
        `entities with B after the remove system in round ${round}`,
        countTag(s.engine, TAG_B),
        0,
      );
      expectEqual("add_remove", `entities in round ${round}`, s.engine.entities.length, ADD_N);
    }
  },
};

// ---------------------------------------------------------------------------------------
// iterate_1m: 1,000,000 entities with Position (0, 0) and Velocity (1, 0.5); pos += vel.
// Query-less (see the header): the system walks engine.entities and reads both components.

const ITER_N = 1_000_000;

interface EngineState {
  readonly engine: Engine;
}

function move(s: EngineState): void {
  const es = s.engine.entities;
  for (let i = 0; i < es.length; i++) {
    const e = es[i];
    const p = e.get(Position);
    const v = e.get(Velocity);
    if (p === undefined || v === undefined) continue;
    p.x += v.x;
    p.y += v.y;
  }
}

const iterate1m: StepImplementation<EngineState> = {
  setup() {
    const engine = new Engine();
    for (let i = 0; i < ITER_N; i++) engine.addEntity(new Entity().add(new Position(0, 0)).add(new Velocity(1, 0.5)));
    return { engine };
  },
  step: move,
  check(s) {
    move(s);
    let x = 0;
    let y = 0;
    let count = 0;
    for (const e of s.engine.entities) {
      const p = e.get(Position);
      if (p === undefined || !e.has(Velocity)) continue;
      x += p.x;
      y += p.y;
      count++;
    }
    expectEqual("iterate_1m", "entities visited", count, ITER_N);
    expectEqual("iterate_1m", "sum of x after one step", x, ITER_N);
    expectEqual("iterate_1m", "sum of y after one step", y, ITER_N / 2);
  },
};

// ---------------------------------------------------------------------------------------
// migrate_100k: 100,000 entities with Position { x: 1, y: 0 }; add Velocity { x: 1, y: 1 }
// to each, then remove Velocity from each. Query-less (see the header).

const MIGRATE_N = 100_000;

function addVelocity(s: EngineState): void {
  const es = s.engine.entities;
  for (let i = 0; i < es.length; i++) es[i].add(new Velocity(1, 1));
}

function removeVelocity(s: EngineState): void {
  const es = s.engine.entities;
  for (let i = 0; i < es.length; i++) es[i].remove(Velocity);
}

function migrateStep(s: EngineState): void {
  addVelocity(s);
  removeVelocity(s);
}

const migrate100k: StepImplementation<EngineState> = {
  setup() {
    const engine = new Engine();
    for (let i = 0; i < MIGRATE_N; i++) engine.addEntity(new Entity().add(new Position(1, 0)));
    return { engine };
  },
  step: migrateStep,
  check(s) {
    addVelocity(s);
    let count = 0;
    let vx = 0;
    for (const e of s.engine.entities) {
      const v = e.get(Velocity);
      if (v === undefined) continue;
      count++;
      vx += v.x;
    }
    expectEqual("migrate_100k", "entities with Velocity after adding", count, MIGRATE_N);
    expectEqual("migrate_100k", "sum of Velocity.x after adding", vx, MIGRATE_N);
    removeVelocity(s);
    let left = 0;
    let px = 0;
    for (const e of s.engine.entities) {
      if (e.has(Velocity)) left++;
      px += e.get(Position)?.x ?? 0;
    }
    expectEqual("migrate_100k", "entities with Velocity after removing", left, 0);
    expectEqual("migrate_100k", "sum of Position.x after removing", px, MIGRATE_N);
  },
};

// ---------------------------------------------------------------------------------------
// fragmented_256: 4,096 entities, each with Data { value: 0 } plus the tags among T0..T7
// given by the bits of (i mod 256); one query over Data: value += 1.

const FRAGMENTED_N = 4096;
const TAGS = Array.from({ length: 8 }, (_, i) => `T${i}`);

interface FragmentedState {
  readonly engine: Engine;
  readonly data: Query;
}

function increment(s: FragmentedState): void {
  const es = s.data.entities;
  for (let i = 0; i < es.length; i++) es[i].get(Data)!.value += 1;
}

const fragmented256: StepImplementation<FragmentedState> = {
  setup() {
    const engine = new Engine();
    const data = query(engine, Data);
    for (let i = 0; i < FRAGMENTED_N; i++) {
      const k = i % 256;
      const e = new Entity().add(new Data(0));
      for (let bit = 0; bit < 8; bit++) if ((k >> bit) & 1) e.add(TAGS[bit]);
      engine.addEntity(e);
    }
    return { engine, data };
  },
  step: increment,
  check(s) {
    increment(s);
    const { sum, count } = sumValue(s.engine, Data);
    expectEqual("fragmented_256", "entities visited", s.data.length, FRAGMENTED_N);
    expectEqual("fragmented_256", "entities with Data", count, FRAGMENTED_N);
    expectEqual("fragmented_256", "entities with T7", countTag(s.engine, TAGS[7]), FRAGMENTED_N / 2);
    expectEqual("fragmented_256", "sum of Data.value after one step", sum, FRAGMENTED_N);
  },
};

// ---------------------------------------------------------------------------------------
// random_access: 100,000 entities with Position (0, 0); for each of 100,000 seeded random
// picks, read Position.x with entity.get and write x + 1 into the component.

const RANDOM_N = 100_000;

interface RandomState {
  readonly engine: Engine;
  readonly targets: readonly Entity[];
}

function touch(s: RandomState): void {
  const targets = s.targets;
  for (let i = 0; i < targets.length; i++) {
    const p = targets[i].get(Position)!;
    const x = p.x;
    p.x = x + 1;
  }
}

const randomAccess: StepImplementation<RandomState> = {
  setup() {
    const engine = new Engine();
    const spawned: Entity[] = [];
    for (let i = 0; i < RANDOM_N; i++) {
      const e = new Entity().add(new Position(0, 0));
      engine.addEntity(e);
      spawned.push(e);
    }
    return { engine, targets: Array.from(picks(), (i) => spawned[i]) };
  },
  step: touch,
  check(s) {
    touch(s);
    let sum = 0;
    for (const e of s.engine.entities) sum += e.get(Position)?.x ?? 0;
    expectEqual("random_access", "sum of x after one step", sum, RANDOM_N);
  },
};

export const adapter: Adapter = {
  library: "tick-knock",
  packageName: "tick-knock",
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
      "creating 1e6 entities alone takes ~4.5 s of CPU per op (each Entity allocates 3 Signals and a Set; addEntity connects 3 handlers), and per-entity engine.removeEntity is O(n) (indexOf + splice)",
    hierarchy_10k: "no relations",
    reparent_10k: "no relations",
  },
};
