// Systems, their schedule and the runner: named functions over a query, run by
// world.step() in declared order, moved only as far as their before / after constraints
// require; each runs in a deferral scope of its own, flushed when it returns.
// Invariant: `ordered()` is a topological order of the constraints that keeps the
// declaration order wherever the constraints allow (ties go to the earlier system).
import { ArgumentError, closeAfter } from "../errors.js";
import {
  duplicateSystem,
  stepDt,
  stepInStep,
  stepWhileDeferring,
  systemCycle,
  systemOption,
  unknownOption,
  unknownSystem,
} from "../messages.js";
import type { OpenIteration } from "../query/host.js";
import type { Query } from "../query/query.js";
import { nextTick } from "../store/changes.js";
import type { Store } from "../store/store.js";
import type { Deferral } from "./deferral.js";

/** What a system gets besides its query. */
export interface SystemContext<W = unknown> {
  readonly world: W;
  /** The dt passed to step(). */
  readonly dt: number;
  /** The step number, from 1. */
  readonly tick: number;
}

export interface SystemOptions<W = unknown> {
  /** Names of systems this one runs before. */
  readonly before?: readonly string[];
  /** Names of systems this one runs after. */
  readonly after?: readonly string[];
  /** Called before the system's function, in the same deferral scope. */
  readonly begin?: (ctx: SystemContext<W>) => void;
  /** Called after the system's function (also when it threw), before the flush. */
  readonly end?: (ctx: SystemContext<W>) => void;
}

/**
 * System `name`'s options read once and checked (ArgumentError naming the option): an
 * object whose before / after are arrays of strings and begin / end functions, each
 * optional. Returns the copy the schedule keeps, so that step() never meets a bad one.
 */
export function checkOptions<W>(name: string, options: SystemOptions<W>): SystemOptions<W> {
  if (options === null || typeof options !== "object")
    throw new ArgumentError(systemOption(name, "options", options, 'an object such as { after: ["input"] }'));
  const known = ["before", "after", "begin", "end"];
  for (const key in options)
    if (!known.includes(key)) throw new ArgumentError(unknownOption(`System "${name}"`, key, known));
  const names = (key: "before" | "after"): readonly string[] | undefined => {
    const list: unknown = options[key];
    if (list === undefined) return undefined;
    if (!Array.isArray(list) || !list.every((x) => typeof x === "string"))
      throw new ArgumentError(systemOption(name, key, list, "an array of system names"));
    return [...list];
  };
  const fn = (key: "begin" | "end"): ((ctx: SystemContext<W>) => void) | undefined => {
    const f: unknown = options[key];
    if (f !== undefined && typeof f !== "function") throw new ArgumentError(systemOption(name, key, f, "a function"));
    return f as ((ctx: SystemContext<W>) => void) | undefined;
  };
  return { before: names("before"), after: names("after"), begin: fn("begin"), end: fn("end") };
}

export type SystemFn<W = unknown, Q = Query> = (query: Q, ctx: SystemContext<W>) => void;

export class System<W = unknown> {
  /** The change tick this system last ran at (0: never): its filters see newer stamps. */
  lastRun = 0;
  constructor(
    readonly name: string,
    readonly query: Query,
    readonly fn: SystemFn<W>,
    readonly options: SystemOptions<W>,
    /** Declaration order. */
    readonly index: number,
  ) {}
}

export class Schedule<W = unknown> {
  private readonly systems: System<W>[] = [];
  private readonly byName = new Map<string, System<W>>();
  private order: System<W>[] | undefined;

  get size(): number {
    return this.systems.length;
  }

  /** Every system, in declaration order. */
  all(): readonly System<W>[] {
    return this.systems;
  }

  /** Adds system `name`; its query is made once the name is known to be free (a refused system starts no tracking). */
  add(name: string, query: () => Query, fn: SystemFn<W>, options: SystemOptions<W>): System<W> {
    if (this.byName.has(name)) throw new ArgumentError(duplicateSystem(name));
    const s = new System(name, query(), fn, options, this.systems.length);
    this.systems.push(s);
    this.byName.set(name, s);
    this.order = undefined;
    return s;
  }

  /** Systems in run order; ArgumentError for an unknown name or a cycle in before / after. */
  ordered(): readonly System<W>[] {
    this.order ??= this.sort();
    return this.order;
  }

  /**
   * Declared order, each system preceded by those that must run before it (their
   * `before`, its `after`), placed the same way: depth first from each system in
   * declaration order, its predecessors in theirs. Declared A, B, C with C before A runs
   * C, A, B. Iterative: a chain of thousands of systems needs no deep recursion.
   */
  private sort(): System<W>[] {
    const n = this.systems.length;
    const preds: number[][] = this.systems.map(() => []);
    for (const s of this.systems) {
      for (const other of s.options.before ?? []) preds[this.find(other, s, "before").index].push(s.index);
      for (const other of s.options.after ?? []) preds[s.index].push(this.find(other, s, "after").index);
    }
    for (const p of preds) p.sort((a, b) => a - b);
    const state = new Uint8Array(n); // 0: not reached, 1: on the path, 2: placed
    const out: System<W>[] = [];
    const path: number[] = [];
    const next: number[] = []; // per path entry: its next predecessor to look at
    for (let root = 0; root < n; root++) {
      if (state[root] !== 0) continue;
      state[root] = 1;
      path.push(root);
      next.push(0);
      while (path.length > 0) {
        const top = path.length - 1;
        const v = path[top];
        const k = next[top];
        if (k < preds[v].length) {
          next[top] = k + 1;
          const u = preds[v][k];
          if (state[u] === 1) throw new ArgumentError(systemCycle(this.stuck(preds)));
          if (state[u] === 0) {
            state[u] = 1;
            path.push(u);
            next.push(0);
          }
          continue;
        }
        path.pop();
        next.pop();
        state[v] = 2;
        out.push(this.systems[v]);
      }
    }
    return out;
  }

  /**
   * The systems of the cycles, by name, in declaration order: those no order can place
   * (in a cycle or after one) that can reach themselves through the constraints.
   */
  private stuck(preds: readonly number[][]): string[] {
    const placed = new Uint8Array(preds.length);
    for (let more = true; more; ) {
      more = false;
      preds.forEach((p, i) => {
        if (placed[i] === 1 || !p.every((u) => placed[u] === 1)) return;
        placed[i] = 1;
        more = true;
      });
    }
    const onCycle = (start: number): boolean => {
      const seen = new Uint8Array(preds.length);
      const todo = [...preds[start]];
      for (let u = todo.pop(); u !== undefined; u = todo.pop()) {
        if (u === start) return true;
        if (seen[u] === 0 && placed[u] === 0) todo.push(...preds[u]);
        seen[u] = 1;
      }
      return false;
    };
    return this.systems.filter((s) => placed[s.index] === 0 && onCycle(s.index)).map((s) => `"${s.name}"`);
  }

  private find(name: string, from: System<W>, key: string): System<W> {
    const s = this.byName.get(name);
    if (s === undefined) {
      throw new ArgumentError(unknownSystem(from.name, key, name));
    }
    return s;
  }
}

/** Runs the schedule: world.step(), the running system (change readers), the step counter. */
export class Runner {
  readonly schedule = new Schedule();
  /** The system being run by step(), if any. */
  running: System | undefined = undefined;
  /** Steps run so far. */
  steps = 0;
  inStep = false;

  constructor(
    private readonly store: Store,
    private readonly defer: Deferral,
  ) {}

  /**
   * Runs every system once, in order; after each one its deferred changes are applied.
   * `endStep` runs at the end (events rotate), unless a system threw. Not allowed inside a step or a scope.
   */
  step<W>(world: W, dt: number, endStep: () => void): void {
    if (this.inStep) throw new ArgumentError(stepInStep());
    if (this.defer.active) throw new ArgumentError(stepWhileDeferring());
    if (typeof dt !== "number" || !Number.isFinite(dt)) throw new ArgumentError(stepDt(dt));
    const order = this.schedule.ordered();
    // The count stops at the largest safe integer (2^53 - 1), so that a snapshot of the world always restores.
    this.steps = Math.min(this.steps + 1, Number.MAX_SAFE_INTEGER);
    const ctx: SystemContext<W> = { world, dt, tick: this.steps };
    this.inStep = true;
    const defer = this.defer;
    defer.modes.swap(true);
    defer.stepping = true;
    try {
      for (let i = 0; i < order.length; i++) this.run(order[i] as System<W>, ctx);
    } finally {
      defer.stepping = false;
      // An iteration a system left open keeps the world deferring: its end swaps them back.
      if (defer.depth === 0) defer.modes.swap(false);
      this.inStep = false;
    }
    // Only a step that ran every system ends: after a throw, the systems it did not reach
    // read this step's events in the next one.
    endStep();
  }

  private run<W>(s: System<W>, ctx: SystemContext<W>): void {
    const changes = this.store.changes;
    changes.tick = nextTick(changes.tick);
    this.running = s as System;
    const defer = this.defer;
    const before = defer.open();
    try {
      const { begin, end } = s.options;
      if (begin !== undefined) begin(ctx);
      try {
        s.fn(s.query, ctx);
      } finally {
        if (end !== undefined) end(ctx);
      }
    } catch (error) {
      const read = changes.tick;
      // A flush error after the system (or a hook) threw carries that error as its cause.
      try {
        closeAfter(() => this.close(s.name, before), error);
      } finally {
        this.ran(s, read);
      }
      throw error;
    }
    const read = changes.tick;
    try {
      this.close(s.name, before);
    } finally {
      this.ran(s, read);
    }
  }

  /**
   * Ends system `name`'s scope: iterators it left unfinished end as its reads (a filtered
   * one moves no outside reader on), then what it deferred applies, stamped with the tick
   * its run ended at.
   */
  private close(name: string, before: readonly OpenIteration[]): void {
    // The name is made only when a loop is open (a step runs this for every system).
    if (this.defer.iterations.length > 0) this.defer.endIterations(`the end of system "${name}"`, before);
    this.running = undefined;
    this.defer.close();
  }

  /**
   * The bookkeeping after system s ran (or threw) and its deferred changes were applied:
   * it has read everything stamped up to `read`, the tick its run ended at, which its own
   * writes and deferred changes carry (a reader never sees its own writes). Tracking its
   * flush started is stamped later, so it reads those rows in its next run.
   */
  private ran<W>(s: System<W>, read: number): void {
    const changes = this.store.changes;
    s.lastRun = read;
    changes.tick = nextTick(changes.tick);
  }
}
