// becsy 0.16 adapter, on its performance build. The docs (guide/deploying) say to import
// `@lastolivegames/becsy/perf` for production: "fully API-compatible but excludes all safety
// checks". The package has no `exports` map, so in Node that build is the file
// lib/perf.js (its declarations come from becsy-perf.d.ts). (The package's `main`,
// lib/index.umd.js, loads in Node ESM as an empty module; lib/index.js is the checked build.)
//
// Components are classes with a static `schema` and `declare`d fields; tags are classes
// without a schema. Systems are System subclasses whose queries declare entitlements
// (`q.current.with(A).write`); they iterate `query.current` and use `entity.read(A)` /
// `entity.write(A)`, create entities with `this.createEntity(...)` and delete them with
// `entity.delete()`. Storage is `sparse` (guide: the fastest strategy, storage for every
// possible entity) and the world's buffers (`maxEntities`, `maxLimboComponents`,
// `maxShapeChangesPerFrame`) are sized per scenario: the perf build does not check them, and
// an overflow silently loses entity ids (seen while sizing spawn_1m), so every check runs
// several ops and verifies counts on each.
//
// One op is one frame. world.execute() is async (`await frame.begin()` comes first, so the
// systems run in a later microtask, after a synchronous timing loop has already stopped
// its clock), so the step drives a custom executor instead (world.createCustomExecutor,
// guide/world "Custom executor"): frame.begin(), frame.execute(group), frame.end(). In a
// single-threaded world all three do their work synchronously ("If your world is
// single-threaded then execution is synchronous and you can ignore the returned promise"),
// which is what a synchronous step needs. The group holds all of the scenario's systems, so
// the frame does what world.execute() would.
//
// Checks run a second executor that adds a probe group (a system that reads counts and sums
// through its own queries, as any becsy code must) and, where the check must look between
// two systems, single-system groups; the probe group is stopped before timing starts.
import { type Entity, type Frame, System, type SystemGroup, Type, World } from "@lastolivegames/becsy/lib/perf.js";
import { expectEqual } from "../check.js";
import { picks } from "../picks.js";
import type { StepImplementation } from "../types.js";
import type { Adapter } from "./types.js";

interface State {
  readonly world: World;
  /** Executor the timed step runs: one group with every system of the scenario. */
  readonly timed: Frame;
  readonly work: SystemGroup;
  /** Executor for checks: the scenario's group (or its single-system groups) and the probe. */
  readonly checking: Frame;
  readonly probe: SystemGroup;
  /** What the probe system recorded, in order. */
  readonly out: number[];
}

/** The timed op: one frame of the scenario's systems. */
function frame(s: State): void {
  const timed = s.timed;
  timed.begin();
  timed.execute(s.work);
  timed.end();
}

/** One checking frame running `groups` in order; returns what the probe recorded. */
function checkFrame(s: State, ...groups: SystemGroup[]): number[] {
  s.out.length = 0;
  s.checking.begin();
  for (const group of groups) s.checking.execute(group);
  s.checking.end();
  return [...s.out];
}

/** Stops the probe before timing (systems outside the timed executor must be stopped). */
function stopProbe(s: State): void {
  s.world.control({ stop: [s.probe], restart: [] });
}

interface Sizes {
  readonly maxEntities: number;
  readonly maxLimboComponents?: number;
  readonly maxShapeChangesPerFrame?: number;
}

/** World.create's `defs`: component types, systems (with props), groups, nested arrays. */
type Defs = NonNullable<NonNullable<Parameters<typeof World.create>[0]>["defs"]>;

/**
 * Creates the world with `defs` and the two executors. `split` are single-system groups the
 * check runs one at a time instead of `work` (a frame ends a cycle only once every group of
 * its executor has run, so the checking executor holds exactly the groups the check runs).
 */
async function create(
  defs: Defs,
  work: SystemGroup,
  probe: SystemGroup,
  out: number[],
  sizes: Sizes,
  split: SystemGroup[] = [],
): Promise<State> {
  const world = await World.create({
    defs: [defs, work, probe, split],
    defaultComponentStorage: "sparse",
    ...sizes,
  });
  return {
    world,
    timed: world.createCustomExecutor(work),
    work,
    checking: world.createCustomExecutor(...(split.length > 0 ? split : [work]), probe),
    probe,
    out,
  };
}

// ---------------------------------------------------------------------------------------
// packed_5: 1,000 entities with A..E { value: 1 }; 5 systems doubling one component each.

const PACKED_N = 1000;

class A {
  static schema = { value: Type.int32 };
  declare value: number;
}
class B {
  static schema = { value: Type.int32 };
  declare value: number;
}
class C {
  static schema = { value: Type.int32 };
  declare value: number;
}
class D {
  static schema = { value: Type.int32 };
  declare value: number;
}
class E {
  static schema = { value: Type.int32 };
  declare value: number;
}

class DoubleA extends System {
  private readonly q = this.query((q) => q.current.with(A).write);
  override execute(): void {
    const list = this.q.current;
    for (let i = 0; i < list.length; i++) list[i].write(A).value *= 2;
  }
}
class DoubleB extends System {
  private readonly q = this.query((q) => q.current.with(B).write);
  override execute(): void {
    const list = this.q.current;
    for (let i = 0; i < list.length; i++) list[i].write(B).value *= 2;
  }
}
class DoubleC extends System {
  private readonly q = this.query((q) => q.current.with(C).write);
  override execute(): void {
    const list = this.q.current;
    for (let i = 0; i < list.length; i++) list[i].write(C).value *= 2;
  }
}
class DoubleD extends System {
  private readonly q = this.query((q) => q.current.with(D).write);
  override execute(): void {
    const list = this.q.current;
    for (let i = 0; i < list.length; i++) list[i].write(D).value *= 2;
  }
}
class DoubleE extends System {
  private readonly q = this.query((q) => q.current.with(E).write);
  override execute(): void {
    const list = this.q.current;
    for (let i = 0; i < list.length; i++) list[i].write(E).value *= 2;
  }
}

/** Records the entity count and the sums of A..E. */
class ProbePacked extends System {
  declare out: number[];
  private readonly q = this.query((q) => q.current.with(A, B, C, D, E).read);
  override execute(): void {
    const sums = [0, 0, 0, 0, 0];
    for (const e of this.q.current) {
      sums[0] += e.read(A).value;
      sums[1] += e.read(B).value;
      sums[2] += e.read(C).value;
      sums[3] += e.read(D).value;
      sums[4] += e.read(E).value;
    }
    this.out.push(this.q.current.length, ...sums);
  }
}

const packed5: StepImplementation<State> = {
  async setup() {
    const out: number[] = [];
    const s = await create(
      [A, B, C, D, E],
      System.group(DoubleA, DoubleB, DoubleC, DoubleD, DoubleE),
      System.group(ProbePacked, { out }),
      out,
      { maxEntities: 2 * PACKED_N, maxShapeChangesPerFrame: 10 * PACKED_N },
    );
    s.world.build((sys) => {
      for (let i = 0; i < PACKED_N; i++) {
        sys.createEntity(A, { value: 1 }, B, { value: 1 }, C, { value: 1 }, D, { value: 1 }, E, { value: 1 });
      }
    });
    return s;
  },
  step: frame,
  check(s) {
    for (let round = 1; round <= 3; round++) {
      const [n, ...sums] = checkFrame(s, s.work, s.probe);
      expectEqual("packed_5", `entities in round ${round}`, n, PACKED_N);
      sums.forEach((sum, i) => {
        expectEqual("packed_5", `sum of ${"ABCDE"[i]}.value after ${round} steps`, sum, 2 ** round * PACKED_N);
      });
    }
    stopProbe(s);
  },
};

// ---------------------------------------------------------------------------------------
// simple_iter: 1,000 each of (A,B), (A,B,C), (A,B,C,D), (A,B,C,E) with A=1, B=2, C=3, D=4,
// E=5; 3 systems swapping (A,B), (C,D), (C,E), in that order.

const SIMPLE_N = 1000;

class SwapAB extends System {
  private readonly q = this.query((q) => q.current.with(A, B).write);
  override execute(): void {
    const list = this.q.current;
    for (let i = 0; i < list.length; i++) {
      const a = list[i].write(A);
      const b = list[i].write(B);
      const x = a.value;
      a.value = b.value;
      b.value = x;
    }
  }
}
class SwapCD extends System {
  private readonly q = this.query((q) => q.current.with(C, D).write);
  readonly order = this.schedule((s) => s.after(SwapAB));
  override execute(): void {
    const list = this.q.current;
    for (let i = 0; i < list.length; i++) {
      const c = list[i].write(C);
      const d = list[i].write(D);
      const x = c.value;
      c.value = d.value;
      d.value = x;
    }
  }
}
class SwapCE extends System {
  private readonly q = this.query((q) => q.current.with(C, E).write);
  readonly order = this.schedule((s) => s.after(SwapCD));
  override execute(): void {
    const list = this.q.current;
    for (let i = 0; i < list.length; i++) {
      const c = list[i].write(C);
      const e = list[i].write(E);
      const x = c.value;
      c.value = e.value;
      e.value = x;
    }
  }
}

/** Records the (A,B) count and the sums of A, B (over (A,B)), C, D, E. */
class ProbeSimple extends System {
  declare out: number[];
  private readonly ab = this.query((q) => q.current.with(A, B).read);
  private readonly c = this.query((q) => q.current.with(C).read);
  private readonly d = this.query((q) => q.current.with(D).read);
  private readonly e = this.query((q) => q.current.with(E).read);
  override execute(): void {
    let a = 0;
    let b = 0;
    for (const e of this.ab.current) {
      a += e.read(A).value;
      b += e.read(B).value;
    }
    let c = 0;
    for (const e of this.c.current) c += e.read(C).value;
    let d = 0;
    for (const e of this.d.current) d += e.read(D).value;
    let e5 = 0;
    for (const e of this.e.current) e5 += e.read(E).value;
    this.out.push(this.ab.current.length, a, b, c, d, e5);
  }
}

const simpleIter: StepImplementation<State> = {
  async setup() {
    const out: number[] = [];
    const s = await create(
      [A, B, C, D, E],
      System.group(SwapAB, SwapCD, SwapCE),
      System.group(ProbeSimple, { out }),
      out,
      { maxEntities: 5 * SIMPLE_N, maxShapeChangesPerFrame: 30 * SIMPLE_N },
    );
    s.world.build((sys) => {
      for (let i = 0; i < SIMPLE_N; i++) sys.createEntity(A, { value: 1 }, B, { value: 2 });
      for (let i = 0; i < SIMPLE_N; i++) sys.createEntity(A, { value: 1 }, B, { value: 2 }, C, { value: 3 });
      for (let i = 0; i < SIMPLE_N; i++) {
        sys.createEntity(A, { value: 1 }, B, { value: 2 }, C, { value: 3 }, D, { value: 4 });
      }
      for (let i = 0; i < SIMPLE_N; i++) {
        sys.createEntity(A, { value: 1 }, B, { value: 2 }, C, { value: 3 }, E, { value: 5 });
      }
    });
    return s;
  },
  step: frame,
  check(s) {
    const [ab, a, b, c, d, e] = checkFrame(s, s.work, s.probe);
    expectEqual("simple_iter", "(A,B) entities", ab, 4 * SIMPLE_N);
    expectEqual("simple_iter", "sum of A.value after one step", a, 4 * SIMPLE_N * 2);
    expectEqual("simple_iter", "sum of B.value after one step", b, 4 * SIMPLE_N * 1);
    expectEqual("simple_iter", "sum of C.value after one step", c, SIMPLE_N * (3 + 4 + 5));
    expectEqual("simple_iter", "sum of D.value after one step", d, SIMPLE_N * 3);
    expectEqual("simple_iter", "sum of E.value after one step", e, SIMPLE_N * 3);
    stopProbe(s);
  },
};

// ---------------------------------------------------------------------------------------
// frag_iter: 26 letter components, 100 entities each with (Letter, Data), all { value: 1 };
// Data.value *= 2 on all 2,600, then Z.value *= 2 on the 100 Z entities.

const FRAG_PER_TYPE = 100;

class Data {
  static schema = { value: Type.int32 };
  declare value: number;
}

/** Gives a generated class its name: becsy requires component type names to be unique. */
function named<T extends abstract new () => unknown>(name: string, type: T): T {
  Object.defineProperty(type, "name", { value: name });
  return type;
}

/** A fresh { value: i32 } component type named `name` (one per letter). */
function valueComponent(name: string): typeof Data {
  const type = class {
    static schema = { value: Type.int32 };
    declare value: number;
  };
  return named(name, type);
}

const LETTERS = Array.from("ABCDEFGHIJKLMNOPQRSTUVWXYZ", (letter) => valueComponent(`Letter${letter}`));
const Y = LETTERS[24];
const Z = LETTERS[25];

class DoubleData extends System {
  private readonly q = this.query((q) => q.current.with(Data).write);
  override execute(): void {
    const list = this.q.current;
    for (let i = 0; i < list.length; i++) list[i].write(Data).value *= 2;
  }
}
class DoubleZ extends System {
  private readonly q = this.query((q) => q.current.with(Z).write);
  override execute(): void {
    const list = this.q.current;
    for (let i = 0; i < list.length; i++) list[i].write(Z).value *= 2;
  }
}

/** Records the Data count and the sums of Data, Z and Y. */
class ProbeFrag extends System {
  declare out: number[];
  private readonly data = this.query((q) => q.current.with(Data).read);
  private readonly z = this.query((q) => q.current.with(Z).read);
  private readonly y = this.query((q) => q.current.with(Y).read);
  override execute(): void {
    let data = 0;
    for (const e of this.data.current) data += e.read(Data).value;
    let z = 0;
    for (const e of this.z.current) z += e.read(Z).value;
    let y = 0;
    for (const e of this.y.current) y += e.read(Y).value;
    this.out.push(this.data.current.length, data, z, y);
  }
}

const fragIter: StepImplementation<State> = {
  async setup() {
    const out: number[] = [];
    const s = await create([LETTERS, Data], System.group(DoubleData, DoubleZ), System.group(ProbeFrag, { out }), out, {
      maxEntities: 2 * 26 * FRAG_PER_TYPE,
      maxShapeChangesPerFrame: 4 * 26 * FRAG_PER_TYPE,
    });
    s.world.build((sys) => {
      for (const Letter of LETTERS) {
        for (let i = 0; i < FRAG_PER_TYPE; i++) sys.createEntity(Letter, { value: 1 }, Data, { value: 1 });
      }
    });
    return s;
  },
  step: frame,
  check(s) {
    const [n, data, z, y] = checkFrame(s, s.work, s.probe);
    expectEqual("frag_iter", "entities with Data", n, 26 * FRAG_PER_TYPE);
    expectEqual("frag_iter", "sum of Data.value after one step", data, 26 * FRAG_PER_TYPE * 2);
    expectEqual("frag_iter", "sum of Z.value after one step", z, FRAG_PER_TYPE * 2);
    expectEqual("frag_iter", "sum of Y.value after one step", y, FRAG_PER_TYPE);
    stopProbe(s);
  },
};

// ---------------------------------------------------------------------------------------
// entity_cycle: 1,000 entities with A { value: i }; spawn one B { value: A.value } per A
// entity, then destroy every B entity.

const CYCLE_N = 1000;

class SpawnBs extends System {
  private readonly as = this.query((q) => q.current.with(A).read.using(B).create);
  override execute(): void {
    const list = this.as.current;
    for (let i = 0; i < list.length; i++) this.createEntity(B, { value: list[i].read(A).value });
  }
}
class DestroyBs extends System {
  private readonly bs = this.query((q) => q.current.with(B).write);
  readonly order = this.schedule((s) => s.after(SpawnBs));
  override execute(): void {
    const list = this.bs.current;
    for (let i = 0; i < list.length; i++) list[i].delete();
  }
}

/** Records the A count, the sum of A, the B count and the sum of B. */
class ProbeCycle extends System {
  declare out: number[];
  private readonly as = this.query((q) => q.current.with(A).read);
  private readonly bs = this.query((q) => q.current.with(B).read);
  override execute(): void {
    let a = 0;
    for (const e of this.as.current) a += e.read(A).value;
    let b = 0;
    for (const e of this.bs.current) b += e.read(B).value;
    this.out.push(this.as.current.length, a, this.bs.current.length, b);
  }
}

interface SplitState extends State {
  readonly first: SystemGroup;
  readonly second: SystemGroup;
}

const entityCycle: StepImplementation<SplitState> = {
  async setup() {
    const out: number[] = [];
    const first = System.group(SpawnBs);
    const second = System.group(DestroyBs);
    const s = await create(
      [A, B],
      System.group(SpawnBs, DestroyBs),
      System.group(ProbeCycle, { out }),
      out,
      { maxEntities: 10 * CYCLE_N, maxLimboComponents: 20 * CYCLE_N, maxShapeChangesPerFrame: 20 * CYCLE_N },
      [first, second],
    );
    s.world.build((sys) => {
      for (let i = 0; i < CYCLE_N; i++) sys.createEntity(A, { value: i });
    });
    return { ...s, first, second };
  },
  step: frame,
  check(s) {
    const sumA = (CYCLE_N * (CYCLE_N - 1)) / 2;
    for (let round = 1; round <= 5; round++) {
      const [nA, a, nB, b, nA2, a2, nB2] = checkFrame(s, s.first, s.probe, s.second, s.probe);
      expectEqual("entity_cycle", `A entities in round ${round}`, nA, CYCLE_N);
      expectEqual("entity_cycle", `B entities after the spawn system in round ${round}`, nB, CYCLE_N);
      expectEqual("entity_cycle", `sum of B.value in round ${round}`, b, sumA);
      expectEqual("entity_cycle", `B entities after the destroy system in round ${round}`, nB2, 0);
      expectEqual("entity_cycle", `A entities after the destroy system in round ${round}`, nA2, CYCLE_N);
      expectEqual("entity_cycle", `sum of A.value in round ${round}`, a, sumA);
      expectEqual("entity_cycle", `sum of A.value after the destroy system in round ${round}`, a2, sumA);
    }
    stopProbe(s);
  },
};

// ---------------------------------------------------------------------------------------
// add_remove: 1,000 entities with tag A; add tag B to every A entity, then remove B from
// every entity having it.

const ADD_REMOVE_N = 1000;

class TagA {}
class TagB {}

class AddB extends System {
  private readonly q = this.query((q) => q.current.with(TagA).read.using(TagB).write);
  override execute(): void {
    const list = this.q.current;
    for (let i = 0; i < list.length; i++) list[i].add(TagB);
  }
}
class RemoveB extends System {
  private readonly q = this.query((q) => q.current.with(TagB).write);
  readonly order = this.schedule((s) => s.after(AddB));
  override execute(): void {
    const list = this.q.current;
    for (let i = 0; i < list.length; i++) list[i].remove(TagB);
  }
}

/** Records the A count, the B count and how many A entities hold B. */
class ProbeTags extends System {
  declare out: number[];
  private readonly as = this.query((q) => q.current.with(TagA).read.using(TagB).read);
  private readonly bs = this.query((q) => q.current.with(TagB).read);
  override execute(): void {
    let holding = 0;
    for (const e of this.as.current) if (e.has(TagB)) holding++;
    this.out.push(this.as.current.length, this.bs.current.length, holding);
  }
}

const addRemove: StepImplementation<SplitState> = {
  async setup() {
    const out: number[] = [];
    const first = System.group(AddB);
    const second = System.group(RemoveB);
    const s = await create(
      [TagA, TagB],
      System.group(AddB, RemoveB),
      System.group(ProbeTags, { out }),
      out,
      {
        maxEntities: 2 * ADD_REMOVE_N,
        maxLimboComponents: 10 * ADD_REMOVE_N,
        maxShapeChangesPerFrame: 10 * ADD_REMOVE_N,
      },
      [first, second],
    );
    s.world.build((sys) => {
      for (let i = 0; i < ADD_REMOVE_N; i++) sys.createEntity(TagA);
    });
    return { ...s, first, second };
  },
  step: frame,
  check(s) {
    for (let round = 1; round <= 5; round++) {
      const [nA, nB, holding, nA2, nB2, holding2] = checkFrame(s, s.first, s.probe, s.second, s.probe);
      expectEqual("add_remove", `entities with A after the add system in round ${round}`, nA, ADD_REMOVE_N);
      expectEqual("add_remove", `entities with B after the add system in round ${round}`, nB, ADD_REMOVE_N);
      expectEqual("add_remove", `A entities holding B after the add system in round ${round}`, holding, ADD_REMOVE_N);
      expectEqual("add_remove", `entities with A after the remove system in round ${round}`, nA2, ADD_REMOVE_N);
      expectEqual("add_remove", `entities with B after the remove system in round ${round}`, nB2, 0);
      expectEqual("add_remove", `A entities holding B after the remove system in round ${round}`, holding2, 0);
    }
    stopProbe(s);
  },
};

// ---------------------------------------------------------------------------------------
// Scale scenarios.

class Position {
  static schema = { x: Type.float32, y: Type.float32 };
  declare x: number;
  declare y: number;
}
class Velocity {
  static schema = { x: Type.float32, y: Type.float32 };
  declare x: number;
  declare y: number;
}

/** Records the (Position, Velocity) count, sums of Position.x / .y and of Velocity.x. */
class ProbeBodies extends System {
  declare out: number[];
  private readonly moving = this.query((q) => q.current.with(Position, Velocity).read);
  private readonly still = this.query((q) => q.current.with(Position).without(Velocity).read);
  override execute(): void {
    let px = 0;
    let py = 0;
    let vx = 0;
    for (const e of this.moving.current) {
      const p = e.read(Position);
      px += p.x;
      py += p.y;
      vx += e.read(Velocity).x;
    }
    let sx = 0;
    for (const e of this.still.current) sx += e.read(Position).x;
    this.out.push(this.moving.current.length, px, py, vx, this.still.current.length, sx);
  }
}

// iterate_1m: 1,000,000 entities with Position (0, 0) and Velocity (1, 0.5); pos += vel.

const ITERATE_N = 1_000_000;

class Move extends System {
  private readonly q = this.query((q) => q.current.with(Velocity).read.with(Position).write);
  override execute(): void {
    const list = this.q.current;
    for (let i = 0; i < list.length; i++) {
      const e = list[i];
      const v = e.read(Velocity);
      const p = e.write(Position);
      p.x += v.x;
      p.y += v.y;
    }
  }
}

const iterate1m: StepImplementation<State> = {
  async setup() {
    const out: number[] = [];
    const s = await create([Position, Velocity], System.group(Move), System.group(ProbeBodies, { out }), out, {
      maxEntities: ITERATE_N + 1000,
      maxShapeChangesPerFrame: 4 * ITERATE_N,
    });
    s.world.build((sys) => {
      for (let i = 0; i < ITERATE_N; i++) sys.createEntity(Position, { x: 0, y: 0 }, Velocity, { x: 1, y: 0.5 });
    });
    return s;
  },
  step: frame,
  check(s) {
    const [n, x, y] = checkFrame(s, s.work, s.probe);
    expectEqual("iterate_1m", "entities visited", n, ITERATE_N);
    expectEqual("iterate_1m", "sum of x after one step", x, ITERATE_N);
    expectEqual("iterate_1m", "sum of y after one step", y, ITERATE_N / 2);
    stopProbe(s);
  },
};

// spawn_1m: create 1,000,000 entities with Position and Velocity, then delete them all.
// Deleted entities stay in limbo for up to two frames, so the world holds ~3M ids.

const SPAWN_N = 1_000_000;

class SpawnAll extends System {
  readonly entitlements = this.query((q) => q.using(Position, Velocity).create);
  override execute(): void {
    for (let i = 0; i < SPAWN_N; i++) this.createEntity(Position, Velocity);
  }
}
class DeleteAll extends System {
  private readonly q = this.query((q) => q.current.with(Position, Velocity).write);
  readonly order = this.schedule((s) => s.after(SpawnAll));
  override execute(): void {
    const list = this.q.current;
    for (let i = 0; i < list.length; i++) list[i].delete();
  }
}

const spawn1m: StepImplementation<SplitState> = {
  async setup() {
    const out: number[] = [];
    const first = System.group(SpawnAll);
    const second = System.group(DeleteAll);
    const s = await create(
      [Position, Velocity],
      System.group(SpawnAll, DeleteAll),
      System.group(ProbeBodies, { out }),
      out,
      { maxEntities: 3_200_000, maxLimboComponents: 10_000_000, maxShapeChangesPerFrame: 8_000_000 },
      [first, second],
    );
    return { ...s, first, second };
  },
  step: frame,
  check(s) {
    // Several ops, so that entity ids are seen coming back from limbo at a steady rate.
    for (let round = 1; round <= 4; round++) {
      const [created, , , , , , destroyed] = checkFrame(s, s.first, s.probe, s.second, s.probe);
      expectEqual("spawn_1m", `entities matching (Position, Velocity) after creating in op ${round}`, created, SPAWN_N);
      expectEqual("spawn_1m", `entities matching (Position, Velocity) after deleting in op ${round}`, destroyed, 0);
    }
    stopProbe(s);
  },
};

// migrate_100k: 100,000 entities with Position (1, 0); add Velocity (1, 1) to each entity
// without one, then remove Velocity from each entity having it.

const MIGRATE_N = 100_000;

class AddVelocity extends System {
  private readonly q = this.query((q) => q.current.with(Position).without(Velocity).using(Velocity).write);
  override execute(): void {
    const list = this.q.current;
    for (let i = 0; i < list.length; i++) list[i].add(Velocity, { x: 1, y: 1 });
  }
}
class RemoveVelocity extends System {
  private readonly q = this.query((q) => q.current.with(Velocity).write);
  readonly order = this.schedule((s) => s.after(AddVelocity));
  override execute(): void {
    const list = this.q.current;
    for (let i = 0; i < list.length; i++) list[i].remove(Velocity);
  }
}

const migrate100k: StepImplementation<SplitState> = {
  async setup() {
    const out: number[] = [];
    const first = System.group(AddVelocity);
    const second = System.group(RemoveVelocity);
    const s = await create(
      [Position, Velocity],
      System.group(AddVelocity, RemoveVelocity),
      System.group(ProbeBodies, { out }),
      out,
      { maxEntities: 2 * MIGRATE_N, maxLimboComponents: 10 * MIGRATE_N, maxShapeChangesPerFrame: 10 * MIGRATE_N },
      [first, second],
    );
    s.world.build((sys) => {
      for (let i = 0; i < MIGRATE_N; i++) sys.createEntity(Position, { x: 1, y: 0 });
    });
    return { ...s, first, second };
  },
  step: frame,
  check(s) {
    for (let round = 1; round <= 3; round++) {
      const [moving, , , vx, , , moving2, , , , still2, px2] = checkFrame(s, s.first, s.probe, s.second, s.probe);
      expectEqual("migrate_100k", `entities with Velocity after adding in op ${round}`, moving, MIGRATE_N);
      expectEqual("migrate_100k", `sum of Velocity.x after adding in op ${round}`, vx, MIGRATE_N);
      expectEqual("migrate_100k", `entities with Velocity after removing in op ${round}`, moving2, 0);
      expectEqual("migrate_100k", `entities without Velocity after removing in op ${round}`, still2, MIGRATE_N);
      expectEqual("migrate_100k", `sum of Position.x after removing in op ${round}`, px2, MIGRATE_N);
    }
    stopProbe(s);
  },
};

// fragmented_256: 4,096 entities with Data { value: 0 } plus the tags T0..T7 given by the
// bits of (i mod 256); one system over everything with Data: value += 1.

const FRAGMENTED_N = 4096;

const TAGS: (typeof TagA)[] = Array.from({ length: 8 }, (_, i) => named(`T${i}`, class {}));

class IncrementData extends System {
  private readonly q = this.query((q) => q.current.with(Data).write);
  override execute(): void {
    const list = this.q.current;
    for (let i = 0; i < list.length; i++) list[i].write(Data).value += 1;
  }
}

/** Records the Data count, the sum of Data and the number of distinct tag combinations. */
class ProbeFragmented extends System {
  declare out: number[];
  private readonly q = this.query((q) => q.current.with(Data).read.using(...TAGS).read);
  override execute(): void {
    let sum = 0;
    const combos = new Set<number>();
    for (const e of this.q.current) {
      sum += e.read(Data).value;
      let mask = 0;
      for (let bit = 0; bit < 8; bit++) if (e.has(TAGS[bit])) mask |= 1 << bit;
      combos.add(mask);
    }
    this.out.push(this.q.current.length, sum, combos.size);
  }
}

const fragmented256: StepImplementation<State> = {
  async setup() {
    const out: number[] = [];
    const s = await create([Data, TAGS], System.group(IncrementData), System.group(ProbeFragmented, { out }), out, {
      maxEntities: 2 * FRAGMENTED_N,
      maxShapeChangesPerFrame: 12 * FRAGMENTED_N,
    });
    s.world.build((sys) => {
      for (let i = 0; i < FRAGMENTED_N; i++) {
        const k = i % 256;
        sys.createEntity(Data, { value: 0 }, ...TAGS.filter((_, bit) => (k >> bit) & 1));
      }
    });
    return s;
  },
  step: frame,
  check(s) {
    const [n, sum, combos] = checkFrame(s, s.work, s.probe);
    expectEqual("fragmented_256", "entities visited", n, FRAGMENTED_N);
    expectEqual("fragmented_256", "distinct tag combinations", combos, 256);
    expectEqual("fragmented_256", "sum of Data.value after one step", sum, FRAGMENTED_N);
    stopProbe(s);
  },
};

// random_access: 100,000 entities with Position (0, 0); 100,000 seeded picks; per pick
// entity.write(Position), read x, write x + 1. The picks are held entities (entity.hold(),
// the documented way to keep an entity across frames); a system with a write entitlement
// on Position touches them, one frame per op.

const RANDOM_N = 100_000;

class Touch extends System {
  declare targets: Entity[];
  readonly entitlements = this.query((q) => q.using(Position).write);
  override execute(): void {
    const targets = this.targets;
    for (let i = 0; i < targets.length; i++) {
      const p = targets[i].write(Position);
      const x = p.x;
      p.x = x + 1;
    }
  }
}

const randomAccess: StepImplementation<State> = {
  async setup() {
    const out: number[] = [];
    const targets: Entity[] = [];
    const s = await create(
      [Position, Velocity],
      System.group(Touch, { targets }),
      System.group(ProbeBodies, { out }),
      out,
      { maxEntities: 2 * RANDOM_N, maxShapeChangesPerFrame: 4 * RANDOM_N },
    );
    const spawned: Entity[] = [];
    s.world.build((sys) => {
      for (let i = 0; i < RANDOM_N; i++) spawned.push(sys.createEntity(Position, { x: 0, y: 0 }).hold());
    });
    for (const i of picks()) targets.push(spawned[i]);
    return s;
  },
  step: frame,
  check(s) {
    const [, , , , still, x] = checkFrame(s, s.work, s.probe);
    expectEqual("random_access", "entities", still, RANDOM_N);
    expectEqual("random_access", "sum of x after one step", x, RANDOM_N);
    stopProbe(s);
  },
};

export const adapter: Adapter = {
  library: "becsy",
  packageName: "@lastolivegames/becsy",
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
    hierarchy_10k: "no relations (ref fields with backrefs only)",
    reparent_10k: "no relations (ref fields with backrefs only)",
  },
};
