// What a query needs from its world: a leaf interface, so the query layer never imports
// the world. The world (world/host.ts) implements it over its store and deferral scope.
import type { Changes } from "../store/changes.js";
import type { Links } from "../store/links.js";
import type { SparseTags } from "../store/sparse.js";
import type { Table } from "../store/table.js";

/** Row-level terms of a query: change filters, sparse tags and pairs of non-fragmenting relations. */
export interface RowFilter {
  readonly added: readonly number[];
  readonly changed: readonly number[];
  readonly sparseAll: readonly number[];
  readonly sparseNone: readonly number[];
  /** Pairs of non-fragmenting relations required: relation id, target, ... */
  readonly links: readonly number[];
  /** Pairs of non-fragmenting relations left out: relation id, target, ... */
  readonly unlinks: readonly number[];
  /** Whether rows depend on change stamps (so reading advances the reader). */
  readonly byChange: boolean;
}

/** An open query iteration as its world sees it: ended from outside by flush()/step() (`by` names the call). */
export interface OpenIteration {
  /** Its query's guess whether the loop calls world.spawn / add / remove / destroy (world/mode-switch.ts). */
  readonly guess: LoopGuess;
  end(by: string): void;
  /** Whether its loop may hold views of table t's rows (a table it yielded): they must not move. */
  holds(t: Table): boolean;
}

/** What a loop's query guesses of its loops (Query.loops, world/mode-switch.ts): whether they call world.spawn / add / remove / destroy. */
export interface LoopGuess {
  loops: number;
}

/** LoopGuess.loops: not known yet (the deferred entry points are put in place), none, some (its first loop called one, or a later loop did). */
export const GUESS = 0;
export const NONE = 1;
export const SOME = 2;

/** What a query needs from its world. */
export interface QueryHost {
  /** Every table the core has, discovering new ones. */
  tablesNow(): readonly Table[];
  /** Registers an iteration at its first next(): structural changes wait until it ends. */
  beginIteration(it: OpenIteration): void;
  endIteration(it: OpenIteration): void;
  readonly changes: Changes;
  readonly sparse: SparseTags;
  /** Pairs of non-fragmenting relations. */
  readonly links: Links;
  /** u32 view of the whole memory (current). */
  readonly heap: Uint32Array;
  /** The tick the current reader last read at: the running system's, else the query's own. */
  readBase(q: Reading): number;
  /** Starts the tracking f's change terms still wait for, before a read outside a scope finds its tables. */
  startTracking(f: RowFilter): void;
  /** Ends a read of q outside systems: q's own base moves to now. */
  endRead(q: Reading): void;
  /**
   * Moves the listed rows of table t (ascending) to its first rows (store/window.ts);
   * ArgumentError when they must move while an open iteration is on t.
   */
  front(t: Table, rows: Uint32Array): void;
  /** Counts core calls: a table's rows move only through one. */
  readonly coreVersion: number;
  /** Changes whenever a table id came to stand for another table (match afresh then). */
  readonly tableGeneration: number;
  /** Changes whenever tables were created or recycled, or an entity that is a target moved. */
  readonly relationVersion: number;
  /** The sub-tables holding a pair whose target is e (live e), from the core's target chain. */
  tablesTargeting(e: number): Table[];
  /** The table of live entity e, or undefined. */
  tableOfEntity(e: number): Table | undefined;
}

/** Relation terms of a query, as component ids. */
export interface PairTerms {
  /** Pairs required: relation id, target, ... */
  readonly all: readonly number[];
  /** Pairs left out: relation id, target, ... */
  readonly none: readonly number[];
  /** Relation id for breadth order, or -1. */
  readonly cascade: number;
}

export const NO_PAIRS: PairTerms = Object.freeze({ all: [], none: [], cascade: -1 });

/** What a reader of changes needs of a query: its own base tick and its read terms. */
export interface Reading {
  lastSeen: number;
  readonly readMask: Uint32Array | undefined;
}
