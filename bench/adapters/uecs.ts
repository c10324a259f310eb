// uecs 0.3 adapter. Components are plain classes (uecs keys its stores by the constructor's
// name, so every component class here has a distinct name); data-less markers are
// `Tag.for(name)` constructors, emplaced as the constructor itself as the Tag docs show
// (`registry.create(Tag.for("Enemy"))`). Systems use the documented fast path
// `world.view(A, B).each((entity, a, b) => ...)`: a view is cached by the world and compiles
// its own iteration function, so each system keeps its view in the state and passes its
// own callback. Per-entity access is `world.get(entity, Position)`.
//
// How uecs works underneath (dist/, and its .d.ts doc comments): entities are a Set of numbers that only
// grow (no id reuse), each component type is an object keyed by entity id, and a view walks
// every entity of the world and skips those missing a component. Correctness checks read
// through `world.all()` and `world.get` rather than the timed views, so no other callback
// ever reaches a view's call site.
import { type Entity, Tag, type View, World } from "uecs";
import { expectEqual } from "../check.js";
import { picks } from "../picks.js";
import type { StepImplementation } from "../types.js";
import type { Adapter } from "./types.js";

/** A component class with a numeric `value`. */
type ValueClass = new (value?: number) => { value: number };

/** Sum of `value` and number of entities over every entity having component `C`. */
function sumValue(world: World, C: ValueClass): { sum: number; count: number } {
  let sum = 0;
  let count = 0;
  for (const e of world.all()) {
    const c = world.get(e, C);
    if (c === undefined) continue;
    sum += c.value;
    count++;
  }
  return { sum, count };
}

/** Number of entities having every one of `types`. */
function countWith(world: World, ...types: (new () => object)[]): number {
  let count = 0;
  for (const e of world.all()) {
    if (types.every((T) => world.has(e, T))) count++;
  }
  return count;
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
  readonly world: World;
  readonly a: View<[typeof A]>;
  readonly b: View<[typeof B]>;
  readonly c: View<[typeof C]>;
  readonly d: View<[typeof D]>;
  readonly e: View<[typeof E]>;
}

function doubleAEach(_: Entity, a: A): void {
  a.value *= 2;
}
function doubleBEach(_: Entity, b: B): void {
  b.value *= 2;
}
function doubleCEach(_: Entity, c: C): void {
  c.value *= 2;
}
function doubleDEach(_: Entity, d: D): void {
  d.value *= 2;
}
function doubleEEach(_: Entity, e: E): void {
  e.value *= 2;
}

function packedStep(s: PackedState): void {
  s.a.each(doubleAEach);
  s.b.each(doubleBEach);
  s.c.each(doubleCEach);
  s.d.each(doubleDEach);
  s.e.each(doubleEEach);
}

const packed5: StepImplementation<PackedState> = {
  setup() {
    const world = new World();
    for (let i = 0; i < PACKED_N; i++) world.create(new A(1), new B(1), new C(1), new D(1), new E(1));
    return {
      world,
      a: world.view(A),
      b: world.view(B),
      c: world.view(C),
      d: world.view(D),
      e: world.view(E),
    };
  },
  step: packedStep,
  check(s) {
    packedStep(s);
    expectEqual("packed_5", "entity count", s.world.size(), PACKED_N);
    for (const [name, T] of [
      ["A", A],
      ["B", B],
      ["C", C],
      ["D", D],
      ["E", E],
    ] as const) {
      const { sum, count } = sumValue(s.world, T);
      expectEqual("packed_5", `entities with ${name}`, count, PACKED_N);
      expectEqual("packed_5", `sum of ${name}.value after one step`, sum, 2 * PACKED_N);
    }
  },
};

// ---------------------------------------------------------------------------------------
// simple_iter: 1,000 each of (A,B), (A,B,C), (A,B,C,D), (A,B,C,E) with A=1, B=2, C=3, D=4,
// E=5; 3 systems swapping (A,B), (C,D), (C,E).

const SIMPLE_N = 1000;

interface SimpleState {
  readonly world: World;
  readonly ab: View<[typeof A, typeof B]>;
  readonly cd: View<[typeof C, typeof D]>;
  readonly ce: View<[typeof C, typeof E]>;
}

function swapABEach(_: Entity, a: A, b: B): void {
  const x = a.value;
  a.value = b.value;
  b.value = x;
}
function swapCDEach(_: Entity, c: C, d: D): void {
  const x = c.value;
  c.value = d.value;
  d.value = x;
}
function swapCEEach(_: Entity, c: C, e: E): void {
  const x = c.value;
  c.value = e.value;
  e.value = x;
}

function simpleStep(s: SimpleState): void {
  s.ab.each(swapABEach);
  s.cd.each(swapCDEach);
  s.ce.each(swapCEEach);
}

const simpleIter: StepImplementation<SimpleState> = {
  setup() {
    const world = new World();
    for (let i = 0; i < SIMPLE_N; i++) world.create(new A(1), new B(2));
    for (let i = 0; i < SIMPLE_N; i++) world.create(new A(1), new B(2), new C(3));
    for (let i = 0; i < SIMPLE_N; i++) world.create(new A(1), new B(2), new C(3), new D(4));
    for (let i = 0; i < SIMPLE_N; i++) world.create(new A(1), new B(2), new C(3), new E(5));
    return { world, ab: world.view(A, B), cd: world.view(C, D), ce: world.view(C, E) };
  },
  step: simpleStep,
  check(s) {
    simpleStep(s);
    const w = s.world;
    expectEqual("simple_iter", "entity count", w.size(), 4 * SIMPLE_N);
    expectEqual("simple_iter", "(A,B) entities", countWith(w, A, B), 4 * SIMPLE_N);
    expectEqual("simple_iter", "sum of A.value after one step", sumValue(w, A).sum, 4 * SIMPLE_N * 2);
    expectEqual("simple_iter", "sum of B.value after one step", sumValue(w, B).sum, 4 * SIMPLE_N * 1);
    expectEqual("simple_iter", "sum of C.value after one step", sumValue(w, C).sum, SIMPLE_N * (3 + 4 + 5));
    expectEqual("simple_iter", "sum of D.value after one step", sumValue(w, D).sum, SIMPLE_N * 3);
    expectEqual("simple_iter", "sum of E.value after one step", sumValue(w, E).sum, SIMPLE_N * 3);
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

/** A component class named `name` (uecs keys stores by class name). */
function letterClass(name: string): typeof A {
  return {
    [name]: class {
      value: number;
      constructor(value = 0) {
        this.value = value;
      }
    },
  }[name];
}

const LETTERS = Array.from("ABCDEFGHIJKLMNOPQRSTUVWXYZ", (name) => letterClass(`Letter${name}`));
const Z = LETTERS[25];
type ZInstance = InstanceType<typeof Z>;

interface FragState {
  readonly world: World;
  readonly data: View<[typeof Data]>;
  readonly z: View<[typeof Z]>;
}

function doubleDataEach(_: Entity, d: Data): void {
  d.value *= 2;
}
function doubleZEach(_: Entity, z: ZInstance): void {
  z.value *= 2;
}

function fragStep(s: FragState): void {
  s.data.each(doubleDataEach);
  s.z.each(doubleZEach);
}

const fragIter: StepImplementation<FragState> = {
  setup() {
    const world = new World();
    for (const Letter of LETTERS) {
      for (let i = 0; i < FRAG_PER_TYPE; i++) world.create(new Letter(1), new Data(1));
    }
    return { world, data: world.view(Data), z: world.view(Z) };
  },
  step: fragStep,
  check(s) {
    fragStep(s);
    const w = s.world;
    expectEqual("frag_iter", "entity count", w.size(), 26 * FRAG_PER_TYPE);
    const data = sumValue(w, Data);
    expectEqual("frag_iter", "entities with Data", data.count, 26 * FRAG_PER_TYPE);
    expectEqual("frag_iter", "sum of Data.value after one step", data.sum, 26 * FRAG_PER_TYPE * 2);
    const z = sumValue(w, Z);
    expectEqual("frag_iter", "entities with Z", z.count, FRAG_PER_TYPE);
    expectEqual("frag_iter", "sum of Z.value after one step", z.sum, FRAG_PER_TYPE * 2);
    expectEqual("frag_iter", "sum of Y.value after one step", sumValue(w, LETTERS[24]).sum, FRAG_PER_TYPE);
  },
};

// ---------------------------------------------------------------------------------------
// entity_cycle: 1,000 entities with A { value: i }; spawn one B { value: A.value } per A
// entity, then destroy every B entity.

const CYCLE_N = 1000;

interface CycleState {
  readonly world: World;
  readonly a: View<[typeof A]>;
  readonly b: View<[typeof B]>;
  readonly spawnEach: (e: Entity, a: A) => void;
  readonly destroyEach: (e: Entity, b: B) => void;
}

function spawnBs(s: CycleState): void {
  s.a.each(s.spawnEach);
}

function destroyBs(s: CycleState): void {
  s.b.each(s.destroyEach);
}

function cycleStep(s: CycleState): void {
  spawnBs(s);
  destroyBs(s);
}

const entityCycle: StepImplementation<CycleState> = {
  setup() {
    const world = new World();
    for (let i = 0; i < CYCLE_N; i++) world.create(new A(i));
    return {
      world,
      a: world.view(A),
      b: world.view(B),
      // One callback per system; they close over the world (created once, here).
      spawnEach: (_: Entity, a: A): void => {
        world.create(new B(a.value));
      },
      destroyEach: (e: Entity): void => {
        world.destroy(e);
      },
    };
  },
  step: cycleStep,
  check(s) {
    const sumA = (CYCLE_N * (CYCLE_N - 1)) / 2;
    for (let round = 1; round <= 3; round++) {
      const what = (thing: string): string => `${thing} in round ${round}`;
      spawnBs(s);
      const b = sumValue(s.world, B);
      expectEqual("entity_cycle", what("B entities after the spawn system"), b.count, CYCLE_N);
      expectEqual("entity_cycle", what("entities after the spawn system"), s.world.size(), 2 * CYCLE_N);
      expectEqual("entity_cycle", what("sum of B.value"), b.sum, sumA);
      destroyBs(s);
      expectEqual("entity_cycle", what("B entities after the destroy system"), sumValue(s.world, B).count, 0);
      expectEqual("entity_cycle", what("entities after the destroy system"), s.world.size(), CYCLE_N);
      expectEqual("entity_cycle", what("sum of A.value"), sumValue(s.world, A).sum, sumA);
    }
  },
};

// ---------------------------------------------------------------------------------------
// add_remove: 1,000 entities with tag A; add tag B to every A entity, then remove B from
// every entity having it.

const ADD_N = 1000;
const TagA = Tag.for("A");
const TagB = Tag.for("B");

interface AddRemoveState {
  readonly world: World;
  readonly a: View<[typeof TagA]>;
  readonly b: View<[typeof TagB]>;
  readonly addEach: (e: Entity) => void;
  readonly removeEach: (e: Entity) => void;
}

function addB(s: AddRemoveState): void {
  s.a.each(s.addEach);
}

function removeB(s: AddRemoveState): void {
  s.b.each(s.removeEach);
}

function addRemoveStep(s: AddRemoveState): void {
  addB(s);
  removeB(s);
}

const addRemove: StepImplementation<AddRemoveState> = {
  setup() {
    const world = new World();
    for (let i = 0; i < ADD_N; i++) world.create(TagA);
    return {
      world,
      a: world.view(TagA),
      b: world.view(TagB),
      addEach: (e: Entity): void => {
        world.emplace(e, TagB);
      },
      removeEach: (e: Entity): void => {
        world.remove(e, TagB);
      },
    };
  },
  step: addRemoveStep,
  check(s) {
    for (let round = 1; round <= 3; round++) {
      addB(s);
      expectEqual(
        "add_remove",
        `entities with B after the add system in round ${round}`,
        countWith(s.world, TagB),
        ADD_N,
      );
      expectEqual(
        "add_remove",
        `entities with A after the add system in round ${round}`,
        countWith(s.world, TagA),
        ADD_N,
      );
      removeB(s);
      expectEqual(
        "add_remove",
        `entities with B after the remove system in round ${round}`,
        countWith(s.world, TagB),
        0,
      );
      expectEqual("add_remove", `entities in round ${round}`, s.world.size(), ADD_N);
    }
  },
};

// ---------------------------------------------------------------------------------------
// iterate_1m: 1,000,000 entities with Position (0, 0) and Velocity (1, 0.5); pos += vel.

const ITER_N = 1_000_000;

interface IterState {
  readonly world: World;
  readonly moving: View<[typeof Position, typeof Velocity]>;
}

function moveEach(_: Entity, p: Position, v: Velocity): void {
  p.x += v.x;
  p.y += v.y;
}

function move(s: IterState): void {
  s.moving.each(moveEach);
}

/** Sums of Position.x, Position.y and the number of entities with Position and Velocity. */
function positionSums(world: World): { x: number; y: number; count: number } {
  let x = 0;
  let y = 0;
  let count = 0;
  for (const e of world.all()) {
    const p = world.get(e, Position);
    if (p === undefined || !world.has(e, Velocity)) continue;
    x += p.x;
    y += p.y;
    count++;
  }
  return { x, y, count };
}

const iterate1m: StepImplementation<IterState> = {
  setup() {
    const world = new World();
    for (let i = 0; i < ITER_N; i++) world.create(new Position(0, 0), new Velocity(1, 0.5));
    return { world, moving: world.view(Position, Velocity) };
  },
  step: move,
  check(s) {
    move(s);
    const sums = positionSums(s.world);
    expectEqual("iterate_1m", "entities visited", sums.count, ITER_N);
    expectEqual("iterate_1m", "sum of x after one step", sums.x, ITER_N);
    expectEqual("iterate_1m", "sum of y after one step", sums.y, ITER_N / 2);
  },
};

// ---------------------------------------------------------------------------------------
// spawn_1m: create 1,000,000 entities with Position and Velocity, then destroy all of them
// (through a (Position, Velocity) view, one world.destroy per entity).

const SPAWN_N = 1_000_000;

interface SpawnState {
  readonly world: World;
  readonly both: View<[typeof Position, typeof Velocity]>;
  /** The destroy system's callback; counts the entities the view visits. */
  readonly destroyCounting: (e: Entity) => void;
  destroyed: number;
  /** Matches of (Position, Velocity) after creating, entities left after destroying (last op). */
  readonly counts: [number, number];
}

function spawnAndDestroy(s: SpawnState): void {
  const world = s.world;
  for (let i = 0; i < SPAWN_N; i++) world.create(new Position(), new Velocity());
  s.destroyed = 0;
  s.both.each(s.destroyCounting);
  s.counts[0] = s.destroyed;
  s.counts[1] = world.size();
}

const spawn1m: StepImplementation<SpawnState> = {
  setup() {
    const world = new World();
    const state: SpawnState = {
      world,
      both: world.view(Position, Velocity),
      destroyCounting: (e: Entity): void => {
        state.destroyed++;
        world.destroy(e);
      },
      destroyed: 0,
      counts: [0, 0],
    };
    return state;
  },
  step: spawnAndDestroy,
  // One op is ~1.5-2 s of CPU, so the check runs exactly one: the destroy system's view visits
  // every entity matching (Position, Velocity) right after creating, and none is left after.
  check(s) {
    spawnAndDestroy(s);
    expectEqual("spawn_1m", "entities matching (Position, Velocity) after creating", s.counts[0], SPAWN_N);
    expectEqual("spawn_1m", "entities left after destroying", s.counts[1], 0);
    expectEqual(
      "spawn_1m",
      "entities with (Position, Velocity) after destroying",
      countWith(s.world, Position, Velocity),
      0,
    );
  },
};

// ---------------------------------------------------------------------------------------
// migrate_100k: 100,000 entities with Position { x: 1, y: 0 }; add Velocity { x: 1, y: 1 }
// to each, then remove Velocity from each.

const MIGRATE_N = 100_000;

interface MigrateState {
  readonly world: World;
  readonly still: View<[typeof Position]>;
  readonly moving: View<[typeof Velocity]>;
  readonly addEach: (e: Entity) => void;
  readonly removeEach: (e: Entity) => void;
}

function addVelocity(s: MigrateState): void {
  s.still.each(s.addEach);
}

function removeVelocity(s: MigrateState): void {
  s.moving.each(s.removeEach);
}

function migrateStep(s: MigrateState): void {
  addVelocity(s);
  removeVelocity(s);
}

const migrate100k: StepImplementation<MigrateState> = {
  setup() {
    const world = new World();
    for (let i = 0; i < MIGRATE_N; i++) world.create(new Position(1, 0));
    return {
      world,
      still: world.view(Position),
      moving: world.view(Velocity),
      addEach: (e: Entity): void => {
        world.emplace(e, new Velocity(1, 1));
      },
      removeEach: (e: Entity): void => {
        world.remove(e, Velocity);
      },
    };
  },
  step: migrateStep,
  check(s) {
    const w = s.world;
    addVelocity(s);
    let count = 0;
    let vx = 0;
    for (const e of w.all()) {
      const v = w.get(e, Velocity);
      if (v === undefined) continue;
      count++;
      vx += v.x;
    }
    expectEqual("migrate_100k", "entities with Velocity after adding", count, MIGRATE_N);
    expectEqual("migrate_100k", "sum of Velocity.x after adding", vx, MIGRATE_N);
    removeVelocity(s);
    expectEqual("migrate_100k", "entities with Velocity after removing", countWith(w, Velocity), 0);
    let px = 0;
    for (const e of w.all()) px += w.get(e, Position)?.x ?? 0;
    expectEqual("migrate_100k", "sum of Position.x after removing", px, MIGRATE_N);
  },
};

// ---------------------------------------------------------------------------------------
// fragmented_256: 4,096 entities, each with Data { value: 0 } plus the tags among T0..T7
// given by the bits of (i mod 256); one view over Data: value += 1.

const FRAGMENTED_N = 4096;
const TAGS = Array.from({ length: 8 }, (_, i) => Tag.for(`T${i}`));

interface FragmentedState {
  readonly world: World;
  readonly data: View<[typeof Data]>;
}

function incrementEach(_: Entity, d: Data): void {
  d.value += 1;
}

function increment(s: FragmentedState): void {
  s.data.each(incrementEach);
}

const fragmented256: StepImplementation<FragmentedState> = {
  setup() {
    const world = new World();
    for (let i = 0; i < FRAGMENTED_N; i++) {
      const k = i % 256;
      world.create(new Data(0), ...TAGS.filter((_, bit) => (k >> bit) & 1));
    }
    return { world, data: world.view(Data) };
  },
  step: increment,
  check(s) {
    increment(s);
    const { sum, count } = sumValue(s.world, Data);
    expectEqual("fragmented_256", "entities visited", count, FRAGMENTED_N);
    expectEqual("fragmented_256", "entities with T7", countWith(s.world, Data, TAGS[7]), FRAGMENTED_N / 2);
    expectEqual("fragmented_256", "sum of Data.value after one step", sum, FRAGMENTED_N);
  },
};

// ---------------------------------------------------------------------------------------
// random_access: 100,000 entities with Position (0, 0); for each of 100,000 seeded random
// picks, read Position.x through world.get and write x + 1 into the component.

const RANDOM_N = 100_000;

interface RandomState {
  readonly world: World;
  readonly targets: Uint32Array;
}

function touch(s: RandomState): void {
  const { world, targets } = s;
  for (let i = 0; i < targets.length; i++) {
    const p = world.get(targets[i], Position)!;
    const x = p.x;
    p.x = x + 1;
  }
}

const randomAccess: StepImplementation<RandomState> = {
  setup() {
    const world = new World();
    const ids: Entity[] = [];
    for (let i = 0; i < RANDOM_N; i++) ids.push(world.create(new Position(0, 0)));
    return { world, targets: picks().map((i) => ids[i]) };
  },
  step: touch,
  check(s) {
    touch(s);
    let sum = 0;
    for (const e of s.world.all()) sum += s.world.get(e, Position)?.x ?? 0;
    expectEqual("random_access", "sum of x after one step", sum, RANDOM_N);
  },
};

export const adapter: Adapter = {
  library: "uecs",
  packageName: "uecs",
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
