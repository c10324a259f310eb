// geotic 4.3 adapter. Components are classes with static `properties`, registered on an
// Engine; an attached component is a property of its entity named after the class in
// camelCase (`entity.position`). Queries (`world.createQuery({ all, none })`) are kept up to
// date on every add/remove/destroy. Fast path per the README: query results read with
// `query.get()` from queries created with `immutableResult: false` ("Performance
// enhancement": the query's own array instead of a copy per call). That array changes when
// an entity leaves the query, so loops that remove or destroy walk it backwards. geotic has
// no systems: each system is a plain function over its query. The package ships no types;
// geotic-module.d.ts declares the part used here.
//
// Query membership is kept with Array indexOf/splice (src/Query.js), a linear scan per
// candidate entity, so building or churning a large query is quadratic: iterate_1m,
// spawn_1m and migrate_100k are out of reach (see `unsupported`).
import { Component, Engine, type Entity, type Query, type World } from "geotic";
import { expectEqual } from "../check.js";
import { picks } from "../picks.js";
import type { StepImplementation } from "../types.js";
import type { Adapter } from "./types.js";

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

/** Entities seen through a query: the component properties geotic attaches (camelCase). */
interface HasA extends Entity {
  readonly a: A;
}
interface HasB extends Entity {
  readonly b: B;
}
interface HasC extends Entity {
  readonly c: C;
}
interface HasD extends Entity {
  readonly d: D;
}
interface HasE extends Entity {
  readonly e: E;
}

function worldOf(...components: (typeof Component)[]): World {
  const engine = new Engine();
  for (const type of components) engine.registerComponent(type);
  return engine.createWorld();
}

function liveQuery(world: World, all: (typeof Component)[]): Query {
  return world.createQuery({ all, immutableResult: false });
}

// ---------------------------------------------------------------------------------------
// packed_5: 1,000 entities with A..E { value: 1 }; 5 systems doubling one component each.

const PACKED_N = 1000;

interface PackedState {
  readonly qa: Query;
  readonly qb: Query;
  readonly qc: Query;
  readonly qd: Query;
  readonly qe: Query;
}

function doubleA(q: Query): void {
  const r = q.get() as HasA[];
  for (let i = 0; i < r.length; i++) r[i].a.value *= 2;
}
function doubleB(q: Query): void {
  const r = q.get() as HasB[];
  for (let i = 0; i < r.length; i++) r[i].b.value *= 2;
}
function doubleC(q: Query): void {
  const r = q.get() as HasC[];
  for (let i = 0; i < r.length; i++) r[i].c.value *= 2;
}
function doubleD(q: Query): void {
  const r = q.get() as HasD[];
  for (let i = 0; i < r.length; i++) r[i].d.value *= 2;
}
function doubleE(q: Query): void {
  const r = q.get() as HasE[];
  for (let i = 0; i < r.length; i++) r[i].e.value *= 2;
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
    const world = worldOf(A, B, C, D, E);
    const s: PackedState = {
      qa: liveQuery(world, [A]),
      qb: liveQuery(world, [B]),
      qc: liveQuery(world, [C]),
      qd: liveQuery(world, [D]),
      qe: liveQuery(world, [E]),
    };
    for (let i = 0; i < PACKED_N; i++) {
      const e = world.createEntity();
      for (const type of [A, B, C, D, E]) e.add(type, { value: 1 });
    }
    return s;
  },
  step: packedStep,
  check(s) {
    packedStep(s);
    const sums = [0, 0, 0, 0, 0];
    for (const e of s.qa.get() as HasA[]) sums[0] += e.a.value;
    for (const e of s.qb.get() as HasB[]) sums[1] += e.b.value;
    for (const e of s.qc.get() as HasC[]) sums[2] += e.c.value;
    for (const e of s.qd.get() as HasD[]) sums[3] += e.d.value;
    for (const e of s.qe.get() as HasE[]) sums[4] += e.e.value;
    expectEqual("packed_5", "entities with A", s.qa.get().length, PACKED_N);
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
  readonly ab: Query;
  readonly cd: Query;
  readonly ce: Query;
  readonly c: Query;
}

function swapAB(q: Query): void {
  const r = q.get() as (HasA & HasB)[];
  for (let i = 0; i < r.length; i++) {
    const a = r[i].a;
    const b = r[i].b;
    const x = a.value;
    a.value = b.value;
    b.value = x;
  }
}
function swapCD(q: Query): void {
  const r = q.get() as (HasC & HasD)[];
  for (let i = 0; i < r.length; i++) {
    const c = r[i].c;
    const d = r[i].d;
    const x = c.value;
    c.value = d.value;
    d.value = x;
  }
}
function swapCE(q: Query): void {
  const r = q.get() as (HasC & HasE)[];
  for (let i = 0; i < r.length; i++) {
    const c = r[i].c;
    const e = r[i].e;
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
    const world = worldOf(A, B, C, D, E);
    const s: SimpleState = {
      ab: liveQuery(world, [A, B]),
      cd: liveQuery(world, [C, D]),
      ce: liveQuery(world, [C, E]),
      c: liveQuery(world, [C]),
    };
    const spawn = (...parts: [typeof A, number][]): void => {
      const e = world.createEntity();
      for (const [type, value] of parts) e.add(type, { value });
    };
    for (let i = 0; i < SIMPLE_N; i++) spawn([A, 1], [B, 2]);
    for (let i = 0; i < SIMPLE_N; i++) spawn([A, 1], [B, 2], [C, 3]);
    for (let i = 0; i < SIMPLE_N; i++) spawn([A, 1], [B, 2], [C, 3], [D, 4]);
    for (let i = 0; i < SIMPLE_N; i++) spawn([A, 1], [B, 2], [C, 3], [E, 5]);
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
    for (const e of s.ab.get() as (HasA & HasB)[]) {
      a += e.a.value;
      b += e.b.value;
    }
    for (const e of s.c.get() as HasC[]) c += e.c.value;
    for (const e of s.cd.get() as HasD[]) d += e.d.value;
    for (const e of s.ce.get() as HasE[]) e5 += e.e.value;
    expectEqual("simple_iter", "(A,B) entities", s.ab.get().length, 4 * SIMPLE_N);
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

class Data extends Component {
  static override properties = { value: 0 };
  declare value: number;
}
interface HasData extends Entity {
  readonly data: Data;
}

/** A component class named `name`: geotic keys components by class name (camelCased). */
function named<T extends typeof Component>(name: string, type: T): T {
  Object.defineProperty(type, "name", { value: name });
  return type;
}

const LETTER_NAMES = "ABCDEFGHIJKLMNOPQRSTUVWXYZ".split("");
const LETTERS: (typeof Data)[] = LETTER_NAMES.map((name) =>
  named(
    name,
    class extends Component {
      static override properties = { value: 0 };
      declare value: number;
    },
  ),
);
/** Z's property on an entity is `z` (and Y's `y`). */
interface HasZ extends Entity {
  readonly z: Data;
}
interface HasY extends Entity {
  readonly y: Data;
}

interface FragState {
  readonly data: Query;
  readonly z: Query;
  readonly y: Query;
}

function doubleData(q: Query): void {
  const r = q.get() as HasData[];
  for (let i = 0; i < r.length; i++) r[i].data.value *= 2;
}
function doubleZ(q: Query): void {
  const r = q.get() as HasZ[];
  for (let i = 0; i < r.length; i++) r[i].z.value *= 2;
}

function fragStep(s: FragState): void {
  doubleData(s.data);
  doubleZ(s.z);
}

const fragIter: StepImplementation<FragState> = {
  setup() {
    const world = worldOf(...LETTERS, Data);
    const s: FragState = {
      data: liveQuery(world, [Data]),
      z: liveQuery(world, [LETTERS[25]]),
      y: liveQuery(world, [LETTERS[24]]),
    };
    for (const Letter of LETTERS) {
      for (let i = 0; i < FRAG_PER_TYPE; i++) {
        const e = world.createEntity();
        e.add(Letter, { value: 1 });
        e.add(Data, { value: 1 });
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
    for (const e of s.data.get() as HasData[]) data += e.data.value;
    for (const e of s.z.get() as HasZ[]) z += e.z.value;
    for (const e of s.y.get() as HasY[]) y += e.y.value;
    expectEqual("frag_iter", "entities with Data", s.data.get().length, 26 * FRAG_PER_TYPE);
    expectEqual("frag_iter", "sum of Data.value after one step", data, 26 * FRAG_PER_TYPE * 2);
    expectEqual("frag_iter", "sum of Z.value after one step", z, FRAG_PER_TYPE * 2);
    expectEqual("frag_iter", "sum of Y.value after one step", y, FRAG_PER_TYPE);
  },
};

// ---------------------------------------------------------------------------------------
// entity_cycle: 1,000 entities with A { value: i }; spawn one B { value: A.value } per A
// entity, then destroy every B entity.

const CYCLE_N = 1000;

interface CycleState {
  readonly world: World;
  readonly qa: Query;
  readonly qb: Query;
}

function spawnBs(s: CycleState): void {
  const world = s.world;
  const r = s.qa.get() as HasA[];
  for (let i = 0; i < r.length; i++) world.createEntity().add(B, { value: r[i].a.value });
}

function destroyBs(s: CycleState): void {
  const r = s.qb.get();
  for (let i = r.length - 1; i >= 0; i--) r[i].destroy();
}

function cycleStep(s: CycleState): void {
  spawnBs(s);
  destroyBs(s);
}

function count(world: World): number {
  let n = 0;
  for (const _ of world.getEntities()) n++;
  return n;
}

const entityCycle: StepImplementation<CycleState> = {
  setup() {
    const world = worldOf(A, B);
    const s: CycleState = { world, qa: liveQuery(world, [A]), qb: liveQuery(world, [B]) };
    for (let i = 0; i < CYCLE_N; i++) world.createEntity().add(A, { value: i });
    return s;
  },
  step: cycleStep,
  check(s) {
    const sumA = (CYCLE_N * (CYCLE_N - 1)) / 2;
    for (let round = 1; round <= 3; round++) {
      spawnBs(s);
      let sumB = 0;
      for (const e of s.qb.get() as HasB[]) sumB += e.b.value;
      expectEqual("entity_cycle", `B entities after the spawn system in round ${round}`, s.qb.get().length, CYCLE_N);
      expectEqual("entity_cycle", `entities after the spawn system in round ${round}`, count(s.world), 2 * CYCLE_N);
      expectEqual("entity_cycle", `sum of B.value in round ${round}`, sumB, sumA);
      destroyBs(s);
      let sumA2 = 0;
      for (const e of s.qa.get() as HasA[]) sumA2 += e.a.value;
      expectEqual("entity_cycle", `B entities after the destroy system in round ${round}`, s.qb.get().length, 0);
      expectEqual("entity_cycle", `entities after the destroy system in round ${round}`, count(s.world), CYCLE_N);
      expectEqual("entity_cycle", `sum of A.value in round ${round}`, sumA2, sumA);
    }
  },
};

// ---------------------------------------------------------------------------------------
// add_remove: 1,000 entities with tag A; add tag B to every A entity, then remove B from
// every entity having it. Tags are components without properties (README: `IsFrozen`).

const ADD_REMOVE_N = 1000;

class TagA extends Component {}
class TagB extends Component {}
interface HasTagB extends Entity {
  readonly tagB: TagB;
}

interface AddRemoveState {
  readonly world: World;
  readonly qa: Query;
  readonly qb: Query;
}

function addB(s: AddRemoveState): void {
  const r = s.qa.get();
  for (let i = 0; i < r.length; i++) r[i].add(TagB);
}

function removeB(s: AddRemoveState): void {
  const r = s.qb.get() as HasTagB[];
  for (let i = r.length - 1; i >= 0; i--) r[i].remove(r[i].tagB);
}

function addRemoveStep(s: AddRemoveState): void {
  addB(s);
  removeB(s);
}

const addRemove: StepImplementation<AddRemoveState> = {
  setup() {
    const world = worldOf(TagA, TagB);
    const s: AddRemoveState = { world, qa: liveQuery(world, [TagA]), qb: liveQuery(world, [TagB]) };
    for (let i = 0; i < ADD_REMOVE_N; i++) world.createEntity().add(TagA);
    return s;
  },
  step: addRemoveStep,
  check(s) {
    for (let round = 1; round <= 3; round++) {
      addB(s);
      const holding = s.qa.get().filter((e) => e.has(TagB)).length;
      expectEqual(
        "add_remove",
        `entities with B after the add system in round ${round}`,
        s.qb.get().length,
        ADD_REMOVE_N,
      );
      expectEqual("add_remove", `A entities holding B in round ${round}`, holding, ADD_REMOVE_N);
      removeB(s);
      expectEqual("add_remove", `entities with B after the remove system in round ${round}`, s.qb.get().length, 0);
      expectEqual("add_remove", `entities with A in round ${round}`, s.qa.get().length, ADD_REMOVE_N);
      expectEqual("add_remove", `entities in round ${round}`, count(s.world), ADD_REMOVE_N);
    }
  },
};

// ---------------------------------------------------------------------------------------
// fragmented_256: 4,096 entities with Data { value: 0 } plus the tags T0..T7 given by the
// bits of (i mod 256); one query over everything with Data: value += 1.

const FRAGMENTED_N = 4096;

const TAGS: (typeof TagA)[] = Array.from({ length: 8 }, (_, i) => named(`T${i}`, class extends Component {}));

interface FragmentedState {
  readonly data: Query;
}

function increment(s: FragmentedState): void {
  const r = s.data.get() as HasData[];
  for (let i = 0; i < r.length; i++) r[i].data.value += 1;
}

const fragmented256: StepImplementation<FragmentedState> = {
  setup() {
    const world = worldOf(Data, ...TAGS);
    const data = liveQuery(world, [Data]);
    for (let i = 0; i < FRAGMENTED_N; i++) {
      const k = i % 256;
      const e = world.createEntity();
      e.add(Data, { value: 0 });
      for (let bit = 0; bit < 8; bit++) if ((k >> bit) & 1) e.add(TAGS[bit]);
    }
    return { data };
  },
  step: increment,
  check(s) {
    increment(s);
    let sum = 0;
    const combos = new Set<number>();
    for (const e of s.data.get() as HasData[]) {
      sum += e.data.value;
      let mask = 0;
      for (let bit = 0; bit < 8; bit++) if (e.has(TAGS[bit])) mask |= 1 << bit;
      combos.add(mask);
    }
    expectEqual("fragmented_256", "entities visited", s.data.get().length, FRAGMENTED_N);
    expectEqual("fragmented_256", "distinct tag combinations", combos.size, 256);
    expectEqual("fragmented_256", "sum of Data.value after one step", sum, FRAGMENTED_N);
  },
};

// ---------------------------------------------------------------------------------------
// random_access: 100,000 entities with Position (0, 0); 100,000 seeded picks; per pick read
// Position.x and write x + 1 through the entity's component property (`entity.position`)
// on the entity objects createEntity() returned. No query is created: none is needed.

const RANDOM_N = 100_000;

class Position extends Component {
  static override properties = { x: 0, y: 0 };
  declare x: number;
  declare y: number;
}
interface HasPosition extends Entity {
  readonly position: Position;
}

interface RandomState {
  readonly spawned: readonly HasPosition[];
  readonly targets: readonly HasPosition[];
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
    const world = worldOf(Position);
    const spawned: HasPosition[] = [];
    for (let i = 0; i < RANDOM_N; i++) {
      const e = world.createEntity();
      e.add(Position, { x: 0, y: 0 });
      spawned.push(e as HasPosition);
    }
    return { spawned, targets: Array.from(picks(), (i) => spawned[i]) };
  },
  step: touch,
  check(s) {
    touch(s);
    let x = 0;
    for (const e of s.spawned) x += e.position.x;
    expectEqual("random_access", "sum of x after one step", x, RANDOM_N);
  },
};

export const adapter: Adapter = {
  library: "geotic",
  packageName: "geotic",
  scenarios: {
    packed_5: packed5,
    simple_iter: simpleIter,
    frag_iter: fragIter,
    entity_cycle: entityCycle,
    add_remove: addRemove,
    fragmented_256: fragmented256,
    random_access: randomAccess,
  },
  unsupported: {
    iterate_1m:
      "quadratic: query membership is Array indexOf per entity (building a query over 40k entities took 0.43 s here, ~270 s at 1M)",
    spawn_1m:
      "quadratic: every add/destroy runs Array indexOf (+ splice) on each query's entity array; ~5e11 steps at 1M entities",
    migrate_100k:
      "quadratic: each add/remove runs indexOf + splice on both queries' arrays (2.2 s per op at 40k here, ~14 s at 100k)",
    hierarchy_10k: "no relations",
    reparent_10k: "no relations",
  },
};
