// One measurement, in any runtime: Node, Deno, Bun (through cli.ts) or a browser page
// (page.html). Loads one job of jobs.ts (a spec and one implementation) through
// check.ts's prepare(), which sets up and checks it, then warms up by time, takes samples
// of at least `plan.sampleMs` each and reports per-op statistics. Runtime-neutral on
// purpose: no node: imports (bench/harness.ts uses node:perf_hooks, so its loop is restated
// here), only `performance.now()`, dynamic `import()` and URLs relative to this module.
import { prepare, type ScenarioTarget } from "../check.js";
import type { Plan, Stats } from "../types.js";

/** Prefix of the one stdout line cli.ts prints with the reply (run.ts parses it). */
export const RESULT_PREFIX = "RESULT ";

/**
 * bench/types.ts's Plan plus a time budget for the samples: when `samples` samples would
 * take longer than `sampleBudgetMs` (an op of bitecs spawn_1m takes seconds), take fewer,
 * but never fewer than `minSamples`.
 */
export interface RuntimePlan extends Plan {
  readonly sampleBudgetMs: number;
  readonly minSamples: number;
}

export interface MeasureRequest {
  /** The job's spec and implementation modules, relative to the compiled bench folder. */
  readonly target: ScenarioTarget;
  /** The report's row ("wasm-ecs", "bitecs 0.4"), for check messages. */
  readonly row: string;
  readonly plan: RuntimePlan;
}

export interface Measurement {
  readonly stats: Stats;
  /** Samples taken (stats.samples.length): fewer than the plan's when an op is slow. */
  readonly samples: number;
  readonly opsPerSample: number;
  /** Ops run during the warm-up. */
  readonly warmupOps: number;
  /** Loading the modules, setup and the check, in ms (never timed as part of the result). */
  readonly setupMs: number;
  /** What the runtime says about itself (version or user agent). */
  readonly runtime: string;
  /** Browsers: whether the page was cross-origin isolated (finer performance.now()). */
  readonly crossOriginIsolated?: boolean;
}

export type MeasureReply =
  | { readonly ok: true; readonly measurement: Measurement }
  | { readonly ok: false; readonly error: string };

interface RuntimeGlobals {
  readonly Deno?: { readonly version: { readonly deno: string; readonly v8: string } };
  readonly Bun?: { readonly version: string; gc?(force: boolean): void };
  readonly gc?: () => void;
  readonly navigator?: { readonly userAgent: string };
  readonly crossOriginIsolated?: boolean;
  readonly process?: { readonly versions?: { readonly node?: string; readonly v8?: string } };
}

const globals = globalThis as unknown as RuntimeGlobals;

/** "deno 2.9.5 (V8 …)", "bun 1.4.5", "node 20.x (V8 …)", or the browser's user agent. */
export function runtimeName(): string {
  if (globals.Deno !== undefined) return `deno ${globals.Deno.version.deno} (V8 ${globals.Deno.version.v8})`;
  if (globals.Bun !== undefined) return `bun ${globals.Bun.version}`;
  const node = globals.process?.versions?.node;
  if (node !== undefined) return `node ${node} (V8 ${globals.process?.versions?.v8})`;
  return globals.navigator?.userAgent ?? "unknown";
}

/** One full collection where the runtime offers one (node/deno --expose-gc, Bun.gc). */
function collect(): void {
  if (typeof globals.gc === "function") globals.gc();
  else globals.Bun?.gc?.(true);
}

const now = (): number => performance.now();

function medianOf(sorted: readonly number[]): number {
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Statistics of per-op times in ns (one entry per sample), as bench/harness.ts computes them. */
export function statsOf(samples: readonly number[]): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  const median = medianOf(sorted);
  const deviations = sorted.map((s) => Math.abs(s - median)).sort((a, b) => a - b);
  return {
    samples,
    medianNs: median,
    minNs: sorted[0],
    maxNs: sorted[sorted.length - 1],
    spreadPct: ((sorted[sorted.length - 1] - sorted[0]) / median) * 100,
    madPct: (medianOf(deviations) / median) * 100,
  };
}

/** Runs step n times and returns the elapsed ms. The only timed loop. */
function timeSteps<S>(step: (state: S) => void, state: S, n: number): number {
  const start = now();
  for (let i = 0; i < n; i++) step(state);
  return now() - start;
}

/** How many ops fill one sample, from the latest estimate of ms per op (at least 1). */
function opsFor(plan: Plan, msPerOp: number): number {
  return Math.max(1, Math.ceil((plan.sampleMs * 1.05) / Math.max(msPerOp, 1e-6)));
}

/** Samples to take: the plan's, or fewer (down to minSamples) when they would overrun the budget. */
function sampleCount(plan: RuntimePlan, msPerOp: number): number {
  const msPerSample = Math.max(plan.sampleMs, msPerOp);
  if (msPerSample * plan.samples <= plan.sampleBudgetMs) return plan.samples;
  return Math.max(plan.minSamples, Math.min(plan.samples, Math.floor(plan.sampleBudgetMs / msPerSample)));
}

function measureSteps<S>(
  step: (state: S) => void,
  state: S,
  plan: RuntimePlan,
): { stats: Stats; opsPerSample: number; warmupOps: number } {
  collect();
  // Warm-up: batches that double until the warm-up time is spent.
  let batch = 1;
  let ops = 0;
  let spent = 0;
  while (spent < plan.warmupMs) {
    spent += timeSteps(step, state, batch);
    ops += batch;
    if (batch < 1 << 20) batch *= 2;
  }
  let msPerOp = spent / ops;
  const samples: number[] = [];
  let n = opsFor(plan, msPerOp);
  const count = sampleCount(plan, msPerOp);
  for (let s = 0; s < count; s++) {
    const ms = timeSteps(step, state, n);
    samples.push((ms * 1e6) / n);
    msPerOp = ms / n;
    n = Math.max(n, opsFor(plan, msPerOp));
  }
  return { stats: statsOf(samples), opsPerSample: n, warmupOps: ops };
}

/** Sets up, checks and measures; never throws (errors come back as `ok: false`). */
export async function measure(request: MeasureRequest): Promise<MeasureReply> {
  try {
    const t0 = now();
    const { step, state } = await prepare(new URL("../", import.meta.url), request.target, request.row);
    const setupMs = now() - t0;
    const { stats, opsPerSample, warmupOps } = measureSteps(step, state, request.plan);
    const measurement: Measurement = {
      stats,
      samples: stats.samples.length,
      opsPerSample,
      warmupOps,
      setupMs,
      runtime: runtimeName(),
      ...(globals.crossOriginIsolated === undefined ? {} : { crossOriginIsolated: globals.crossOriginIsolated }),
    };
    return { ok: true, measurement };
  } catch (error) {
    if (!(error instanceof Error)) return { ok: false, error: String(error) };
    // V8 stacks start with "Name: message"; SpiderMonkey and JavaScriptCore stacks are frames only.
    const stack = error.stack ?? "";
    const head = `${error.name}: ${error.message}`;
    return { ok: false, error: stack.includes(error.message) ? stack : `${head}\n${stack}` };
  }
}
