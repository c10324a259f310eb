// The shapes of the micro benches (micro/*.ts: each file exports `bench` with wasm-ecs's
// implementations and their own checks; a peer's implementation of one is
// libs/<lib>/<bench>.ts exporting `micro`), of measurements and of results. The compared
// scenarios use spec.ts instead (a spec written once, one implementation file per library).
//
// Three kinds of micro bench:
//   steps    one op = one call of step()
//   phases   one op = one pass of a phase over `per` entities; phases run in order
//            and are timed separately (spawn then destroy, add then remove)
//   figures  measured once, not timed (bytes per entity)
//
// Implementations use method syntax on purpose: method parameters are compared
// bivariantly, so an implementation over its own State fits `StepImplementation<unknown>`
// and each keeps a precise state type of its own.

/**
 * Standard scenarios (docs/design.md) and scale scenarios compare libraries; micro figures
 * check the budget of docs/design.md (peers' micro rows stand beside them, with no budget).
 */
export type Group = "standard" | "scale" | "micro";

export interface StepImplementation<State> {
  /** Builds the world; never timed. */
  setup(): Promise<State> | State;
  /** One op. Each system is its own function, called from here. Called unbound: no `this`. */
  step(state: State): void;
  /**
   * Runs on the fresh state before any timing; calls step (or its systems) itself and
   * throws an Error saying what is wrong unless value sums and entity counts are right.
   * Timing then continues on the same state, so check must leave it steady.
   */
  check(state: State): void;
}

export interface StepBench {
  readonly kind: "steps";
  readonly name: string;
  readonly group: Group;
  readonly description: string;
  /** When one op covers several units (tables, entities): ns per unit is reported too. */
  readonly per?: { readonly count: number; readonly unit: string };
  readonly implementations: Readonly<Record<string, StepImplementation<unknown>>>;
}

export interface Phase<State> {
  readonly name: string;
  /** Units (entities, migrations) one run of the phase handles. */
  readonly per: number;
  readonly unit: string;
  /** Called unbound: no `this`. */
  run(state: State): void;
}

export interface PhaseImplementation<State> {
  setup(): Promise<State> | State;
  /** As StepImplementation.check: runs every phase once and throws unless the result is right. */
  check(state: State): void;
  /** Run in this order; after the last one the state must be back where setup left it. */
  readonly phases: readonly Phase<State>[];
}

export interface PhaseBench {
  readonly kind: "phases";
  readonly name: string;
  readonly group: Group;
  readonly description: string;
  readonly implementations: Readonly<Record<string, PhaseImplementation<unknown>>>;
}

/** One measured number, with the unit it is in. */
export interface Figure {
  readonly value: number;
  readonly unit: string;
}

export interface FigureImplementation {
  measure(): Promise<Readonly<Record<string, Figure>>>;
}

export interface FigureBench {
  readonly kind: "figures";
  readonly name: string;
  readonly group: Group;
  readonly description: string;
  readonly implementations: Readonly<Record<string, FigureImplementation>>;
}

export type Bench = StepBench | PhaseBench | FigureBench;

/**
 * A peer's implementation of a micro bench: the one export (`micro`) of libs/<lib>/<bench>.ts,
 * of the kind of micro/<bench>.ts, with its own check(). A phase bench's peer has the same
 * phases (names, units, units per run) as wasm-ecs's; jobs.ts checks both.
 */
export type MicroImplementation =
  | ({ readonly kind: "steps" } & StepImplementation<unknown>)
  | ({ readonly kind: "phases" } & PhaseImplementation<unknown>)
  | ({ readonly kind: "figures" } & FigureImplementation);

/** Timing statistics over the samples of one measurement, in ns per op. */
export interface Stats {
  readonly samples: readonly number[];
  readonly medianNs: number;
  readonly minNs: number;
  readonly maxNs: number;
  /** (max - min) / median, in percent. */
  readonly spreadPct: number;
  /** Median absolute deviation / median, in percent. */
  readonly madPct: number;
}

/** What a child process reports for one bench and one library. */
export type Outcome =
  | { readonly kind: "steps"; readonly stats: Stats; readonly opsPerSample: number }
  | { readonly kind: "phases"; readonly phases: readonly PhaseOutcome[] }
  | { readonly kind: "figures"; readonly figures: Readonly<Record<string, Figure>> };

export interface PhaseOutcome {
  readonly name: string;
  readonly unit: string;
  readonly per: number;
  /** Statistics of ns per unit. */
  readonly stats: Stats;
}

/**
 * Sampling plan: warm-up by time, then `samples` samples of at least `sampleMs` each, in
 * each of `rounds` fresh processes per job (every job once per round, in turn; 1 when
 * left out, as the runtimes runner does).
 */
export interface Plan {
  readonly warmupMs: number;
  readonly samples: number;
  readonly sampleMs: number;
  readonly rounds?: number;
}

/** One row of the results: a measured (bench, row) pair, a failure, or a library that cannot. */
export interface Entry {
  readonly bench: string;
  readonly group: Group;
  readonly description: string;
  /**
   * The report's row: "wasm-ecs", "wasm-ecs (batch)", "bitecs 0.4"; a micro bench's
   * implementation key ("wasm-ecs", "typed-arrays") or the peer's library name ("piecs").
   */
  readonly library: string;
  /** Units per op for step benches that cover several tables or entities per op. */
  readonly per?: { readonly count: number; readonly unit: string };
  readonly outcome?: Outcome;
  readonly error?: string;
  /** A peer that cannot do this scenario, and why (shown as "-"). */
  readonly unsupported?: string;
  /** Library version (peers: from their package.json). */
  readonly version?: string;
  readonly seconds: number;
  /** V8 protectors the child invalidated (see report.ts, DETACHING). */
  readonly protectors: readonly string[];
  /** 1-minute load average when the measurement ended (other processes compete on a small machine). */
  readonly load: number;
}
