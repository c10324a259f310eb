// Timing: warm-up by time, then samples that each last at least `plan.sampleMs`.
// Every measurement runs in a fresh child process (see child.ts), so each timed loop
// below sees exactly one step function and its call site stays monomorphic.
// Invariant: nothing is timed before the implementation's check has passed.
//
// One full collection runs before the warm-up (setup garbage must not land in a sample),
// none before each sample: on a 2-core machine the concurrent sweeping a forced GC
// starts competes with the timed loop (iterate_1m measured 15-30% slower with it).
import { performance } from "node:perf_hooks";
import type { Phase, PhaseImplementation, PhaseOutcome, Plan, Stats } from "./types.js";

const now = (): number => performance.now();

/** A full collection, when the process runs with --expose-gc. */
function collect(): void {
  if (typeof globalThis.gc === "function") globalThis.gc();
}

/** Statistics of per-op times in ns (one entry per sample). */
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

function medianOf(sorted: readonly number[]): number {
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Runs step n times and returns the elapsed ms. The only timed loop for step benches. */
function timeSteps<S>(step: (state: S) => void, state: S, n: number): number {
  const start = now();
  for (let i = 0; i < n; i++) step(state);
  return now() - start;
}

/** How many ops fill one sample, from the latest estimate of ms per op (at least 1). */
function opsFor(plan: Plan, msPerOp: number): number {
  return Math.max(1, Math.ceil((plan.sampleMs * 1.05) / Math.max(msPerOp, 1e-6)));
}

/** Measures a step function on a state that passed its check. */
export function measureSteps<S>(
  step: (state: S) => void,
  state: S,
  plan: Plan,
): { stats: Stats; opsPerSample: number } {
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
  for (let s = 0; s < plan.samples; s++) {
    const ms = timeSteps(step, state, n);
    samples.push((ms * 1e6) / n);
    msPerOp = ms / n;
    n = Math.max(n, opsFor(plan, msPerOp));
  }
  return { stats: statsOf(samples), opsPerSample: n };
}

/** Runs every phase once, adding each one's elapsed ms to `into`. */
function timeCycle<S>(phases: readonly Phase<S>[], state: S, into: Float64Array): number {
  let total = 0;
  for (let p = 0; p < phases.length; p++) {
    const start = now();
    phases[p].run(state);
    const ms = now() - start;
    into[p] += ms;
    total += ms;
  }
  return total;
}

/**
 * Measures a phase implementation: one sample is enough whole cycles (every phase in
 * order) to last `plan.sampleMs`; each phase's ns per unit is reported separately.
 */
export function measurePhases<S>(impl: PhaseImplementation<S>, state: S, plan: Plan): PhaseOutcome[] {
  const phases = impl.phases;
  const scratch = new Float64Array(phases.length);
  collect();
  let cycles = 0;
  let spent = 0;
  while (spent < plan.warmupMs) {
    spent += timeCycle(phases, state, scratch);
    cycles++;
  }
  let msPerCycle = spent / cycles;
  const perPhase: number[][] = phases.map(() => []);
  for (let s = 0; s < plan.samples; s++) {
    const n = opsFor(plan, msPerCycle);
    const sums = new Float64Array(phases.length);
    let ms = 0;
    for (let c = 0; c < n; c++) ms += timeCycle(phases, state, sums);
    msPerCycle = ms / n;
    for (let p = 0; p < phases.length; p++) perPhase[p].push((sums[p] * 1e6) / (n * phases[p].per));
  }
  return phases.map((phase, p) => ({
    name: phase.name,
    unit: phase.unit,
    per: phase.per,
    stats: statsOf(perPhase[p]),
  }));
}
