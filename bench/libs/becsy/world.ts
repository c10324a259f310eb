// becsy for the implementations here: the world with its executors, the timed frame, the
// check's single-group frames and probe read, and the component types (and the probe) that
// several scenarios share. Only frame() is timed.
//
// One op is one frame. world.execute() is async (`await frame.begin()` comes first, so the
// systems run in a later microtask, after a synchronous timing loop has already stopped its
// clock), so the step drives a custom executor instead (world.createCustomExecutor,
// guide/world "Custom executor"): frame.begin(), frame.execute(group), frame.end(). In a
// single-threaded world all three do their work synchronously. A frame ends a cycle only once
// every group of its executor has run, so each executor holds exactly one group.
//
// read() runs a probe system (it reads counts and sums through its own queries, as any becsy
// code must) in a frame of its own executor. Systems no executor runs must be stopped ("or
// you'll run out of reserved buffer space"), so the probe is stopped from setup on and each
// read restarts it for its one frame (world.control applies at once between frames).
import { type Frame, System, type SystemGroup, Type, World } from "@lastolivegames/becsy/lib/perf.js";

export interface State {
  readonly world: World;
  /** Executor the timed step runs: one group with every system of the scenario. */
  readonly timed: Frame;
  readonly work: SystemGroup;
  /** One executor per single-system group, run one at a time by the check's stages. */
  readonly split: readonly (readonly [Frame, SystemGroup])[];
  /** Executor of the probe group, for read(). */
  readonly reading: Frame;
  readonly probe: SystemGroup;
  /** What the probe system recorded, in order. */
  readonly out: number[];
}

/** The timed op: one frame of the scenario's systems. */
export function frame(s: State): void {
  const timed = s.timed;
  timed.begin();
  timed.execute(s.work);
  timed.end();
}

/** Stage k of the check: one frame of the k-th single-system group. */
export function stage(k: number): (s: State) => void {
  return (s) => {
    const [executor, group] = s.split[k];
    executor.begin();
    executor.execute(group);
    executor.end();
  };
}

/** One frame of the probe (restarted for it, stopped again after); returns what it recorded. */
export function probe(s: State): number[] {
  s.out.length = 0;
  s.world.control({ stop: [], restart: [s.probe] });
  s.reading.begin();
  s.reading.execute(s.probe);
  s.reading.end();
  s.world.control({ stop: [s.probe], restart: [] });
  return [...s.out];
}

export interface Sizes {
  readonly maxEntities: number;
  readonly maxLimboComponents?: number;
  readonly maxShapeChangesPerFrame?: number;
}

/** World.create's `defs`: component types, systems (with props), groups, nested arrays. */
type Defs = NonNullable<NonNullable<Parameters<typeof World.create>[0]>["defs"]>;

/**
 * Creates the world (sparse storage: the guide's fastest strategy, storage for every possible
 * entity) with `defs`, the timed executor of `work`, one executor per single-system group of
 * `split` and one for the probe, which it stops. The perf build does not check the buffer
 * sizes: an overflow silently loses entity ids, so they are sized per scenario.
 */
export async function create(
  defs: Defs,
  work: SystemGroup,
  probe: SystemGroup,
  out: number[],
  sizes: Sizes,
  split: SystemGroup[] = [],
): Promise<State> {
  const world = await World.create({ defs: [defs, work, probe, split], defaultComponentStorage: "sparse", ...sizes });
  world.control({ stop: [probe], restart: [] });
  return {
    world,
    timed: world.createCustomExecutor(work),
    work,
    split: split.map((group) => [world.createCustomExecutor(group), group] as const),
    reading: world.createCustomExecutor(probe),
    probe,
    out,
  };
}

// A..E: packed_5, simple_iter, entity_cycle. Data: frag_iter, fragmented_256.

export class A {
  static schema = { value: Type.int32 };
  declare value: number;
}
export class B {
  static schema = { value: Type.int32 };
  declare value: number;
}
export class C {
  static schema = { value: Type.int32 };
  declare value: number;
}
export class D {
  static schema = { value: Type.int32 };
  declare value: number;
}
export class E {
  static schema = { value: Type.int32 };
  declare value: number;
}
export class Data {
  static schema = { value: Type.int32 };
  declare value: number;
}

/** Gives a generated class its name: becsy requires component type names to be unique. */
export function named<T extends abstract new () => unknown>(name: string, type: T): T {
  Object.defineProperty(type, "name", { value: name });
  return type;
}

// Scale scenarios.

export class Position {
  static schema = { x: Type.float32, y: Type.float32 };
  declare x: number;
  declare y: number;
}
export class Velocity {
  static schema = { x: Type.float32, y: Type.float32 };
  declare x: number;
  declare y: number;
}

/**
 * Records the (Position, Velocity) count, its sums of Position.x / .y and of Velocity.x, then the
 * (Position, no Velocity) count and its sum of Position.x.
 */
export class ProbeBodies extends System {
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
