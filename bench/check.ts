// The correctness check every (spec, implementation) pair passes before any timing, and the
// helpers micro benches use for their own checks. Runtime-neutral: run.ts's child processes
// and runtimes/entry.ts (Node, Deno, Bun, browsers) both call prepare(). Never timed.
import type { Query, Table } from "wasm-ecs";
import type { Implementation, Readings, Spec } from "./spec.js";

/** Modules of one scenario job, as paths relative to the compiled bench folder. */
export interface ScenarioTarget {
  /** "scenarios/<name>.js" */
  readonly spec: string;
  /** "libs/<lib>/<name>.js" or "libs/<lib>/<name>.<variant>.js" */
  readonly implementation: string;
}

/**
 * Compares one readout with the spec's: every spec key (but optional ones) must be there
 * and equal, no key may be unknown, the implementation's invariants must hold.
 */
function compare(where: string, when: string, expected: Readings, actual: Readings, spec: Spec, impl: Implementation) {
  const want: Record<string, number> = { ...expected, ...impl.invariants };
  for (const [key, value] of Object.entries(want)) {
    if (!(key in actual)) {
      if (spec.optional?.includes(key)) continue;
      throw new Error(`${where}: read() returns no ${key} (after ${when}; expected ${value})`);
    }
    if (actual[key] !== value) {
      throw new Error(`${where}: ${key} after ${when} is ${actual[key]}, expected ${value}`);
    }
  }
  for (const key of Object.keys(actual)) {
    if (!(key in want)) throw new Error(`${where}: read() returns ${key}, which the spec does not define`);
  }
}

/**
 * Runs an implementation from its fresh state and compares its readout with the spec's
 * after setup, after every stage of `rounds` steps run stage by stage (when the
 * implementation exposes stages), then after each of `rounds` whole steps. Throws an Error
 * naming the scenario, the row, the readout key, and both numbers. Timing then continues
 * on the same state.
 */
export function checkImplementation(spec: Spec, impl: Implementation, row: string, state: unknown): void {
  const where = `${spec.name}, ${row}`;
  const rounds = spec.rounds ?? 3;
  if (impl.stages !== undefined && impl.stages.length !== spec.stages.length) {
    throw new Error(`${where}: ${impl.stages.length} stage functions for the spec's ${spec.stages.length} stages`);
  }
  let model = spec.initial();
  compare(where, "setup", spec.readout(model), impl.read(state), spec, impl);
  let steps = 0;
  const stages = impl.stages ?? [];
  for (let r = 0; r < (impl.stages === undefined ? 0 : rounds); r++) {
    steps++;
    for (let k = 0; k < spec.stages.length; k++) {
      stages[k](state);
      model = spec.stages[k].next(model);
      const when = `stage ${spec.stages[k].name} of step ${steps}`;
      compare(where, when, spec.readout(model), impl.read(state), spec, impl);
    }
  }
  for (let r = 0; r < rounds; r++) {
    steps++;
    impl.step(state);
    for (const stage of spec.stages) model = stage.next(model);
    compare(where, `step ${steps}`, spec.readout(model), impl.read(state), spec, impl);
  }
}

const MODULE = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_.-]+)*\.js$/;

async function load<T>(root: URL, path: string, name: string): Promise<T> {
  if (!MODULE.test(path) || path.includes("..")) throw new Error(`bad module path ${JSON.stringify(path)}`);
  const mod = (await import(new URL(path, root).href)) as Record<string, T | undefined>;
  const value = mod[name];
  if (value === undefined) throw new Error(`${path} exports no \`${name}\``);
  return value;
}

/**
 * Imports a spec and one implementation (relative to `root`, the compiled bench folder),
 * sets the implementation up and checks it. Returns what the timed loop needs.
 */
export async function prepare(
  root: URL,
  target: ScenarioTarget,
  row: string,
): Promise<{ readonly step: (state: unknown) => void; readonly state: unknown }> {
  const spec = await load<Spec>(root, target.spec, "spec");
  const impl = await load<Implementation>(root, target.implementation, "implementation");
  const state = await impl.setup();
  checkImplementation(spec, impl, row, state);
  return { step: impl.step, state };
}

// ── Helpers for the micro benches' own checks and wasm-ecs's read() ─────────────────────

/** Throws unless actual === expected. */
export function expectEqual(scenario: string, what: string, actual: number, expected: number): void {
  if (actual !== expected) {
    throw new Error(
      `${scenario}: ${what} is ${actual}, expected ${expected}; the scenario is not measuring what it claims`,
    );
  }
}

/** Sum of one column over every table the query matches: `sumOf(q, (t) => t.columns(A).value)`. */
export function sumOf(q: Query, column: (t: Table) => ArrayLike<number>): number {
  let sum = 0;
  for (const t of q) {
    const col = column(t);
    for (let i = 0; i < t.count; i++) sum += col[i];
  }
  return sum;
}
