// Scenario specs and the implementations that run them.
//
// A spec (scenarios/<name>.ts) is written once: sizes as named constants, the stages of one
// step, and a small model of the world from which the spec computes the readout (entity
// counts, sums of values) every implementation must show after setup, after each stage and
// after each step. An implementation (libs/<lib>/<name>.ts) builds one library's world, runs
// each stage as its own function, and reads the world back; it never restates an expected
// number. check.ts compares the two before anything is timed. A spec imports no library: a
// peer's process loads the spec and that peer only.
import type { Group } from "./types.js";

/** Named numbers read from a world: entity counts and sums of values. */
export type Readings = Readonly<Record<string, number>>;

export interface Stage<Model> {
  /** What the stage does, in check messages ("spawn", "doubleA"). */
  readonly name: string;
  /** The model after this stage, from the model before it. Pure. */
  next(model: Model): Model;
}

export interface Spec<Model = unknown, Readout extends Readings = Readings> {
  readonly name: string;
  readonly group: Exclude<Group, "micro">;
  readonly description: string;
  /** When one op covers several units (tables, entities): ns per unit is reported too. */
  readonly per?: { readonly count: number; readonly unit: string };
  /** The stages of one step, in order; one system each. */
  readonly stages: readonly Stage<Model>[];
  /**
   * Steps the check runs stage by stage (when the implementation exposes its stages), and
   * then as whole steps. Default 3; slow scale scenarios take 1.
   */
  readonly rounds?: number;
  /** Readout keys a library without the concept may leave out (archetype tables). */
  readonly optional?: readonly (keyof Readout & string)[];
  /** The model of the world right after setup. */
  initial(): Model;
  /** The readout an implementation's read() must return for this model. */
  readout(model: Model): Readout;
}

/**
 * One library's implementation of one spec: the one export (`implementation`) of
 * libs/<lib>/<scenario>.ts, or of libs/<lib>/<scenario>.<variant>.ts for a named variant.
 * Functions are called unbound (no `this`).
 */
export interface Implementation<State = unknown, Readout extends Readings = Readings> {
  /** A variant's label: the report's row is then "<library> (<variant>)". */
  readonly variant?: string;
  /** Builds the world; never timed. */
  setup(): Promise<State> | State;
  /** One op: calls each system, one function per stage, in the spec's order. */
  step(state: State): void;
  /** The same systems, one entry per spec stage, when the library can run them one by one. */
  readonly stages?: readonly ((state: State) => void)[];
  /** The spec's readout, read from the world (check only; never timed). */
  read(state: State): Readout;
  /**
   * Numbers of this implementation's own that read() returns too and that must hold after
   * every stage (a sparse tag creates no archetype: `{ archetypes: 2 }`).
   */
  readonly invariants?: Readings;
}

/** libs/<lib>/notes.ts exports `notes`: who the library is and how it is measured. */
export interface LibraryNotes {
  /** Name in the report ("bitecs 0.4"). */
  readonly name: string;
  /** npm package the version is read from (an alias such as "bitecs-0.3"); none for wasm-ecs. */
  readonly packageName?: string;
  /** The fast path the implementations follow, per the library's own docs. */
  readonly fastPath: string;
  /** Scenarios the library cannot do, and why (the report shows "-" with this note). */
  readonly cannot?: Readonly<Record<string, string>>;
}
