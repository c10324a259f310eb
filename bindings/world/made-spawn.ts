// The immediate spawn of a known component set with values outside a scope:
// `world.spawn(P.with({ x, y }))` (world/spawn.ts spawnNowOne) and the README's
// `world.spawn(P.with(...), V.with(...), Health)` (spawnNowFew). Code made for the set and
// its pattern of inits reads each init's fields into locals and stages them in `vals`
// once they are read and found numbers (store/init-code.ts initsCode); MadeSpawn.spawn()
// makes the entity in the set's table and puts the staged fields into its row (the core
// gave every other field its default). The reads need no mark and no try/finally (with
// one, V8 allocated the caller's literals and the spawn took twice as long), and the
// code makes no call, so V8 inlines it into the user's loop and drops the literals.
//
// A getter among the values may call the world. begin() notes what the general path's
// restage of the set's row would see move (the set's row and its round) and counts the
// made spawns of the set begun; spawn() throws ArgumentError when a getter spawned the
// set with values meanwhile, or began to (its own begin, on this same object, moved the
// count): as the general path does. Every other change leaves the spawn to the general
// path (-1: the caller passes on what was staged).
import type { Component } from "../component.js";
import { H_EPOCH, H_TABLES, T_COUNT, T_STRIDE } from "../core/constants.generated.js";
import { statusError } from "../core/status.js";
import { ArgumentError } from "../errors.js";
import { spawnReentered } from "../messages.js";
import { tableOfSet, undoTables } from "../ops/archetypes.js";
import type { TypedArray } from "../schema.js";
import type { ComponentSet } from "../store/component-sets.js";
import { initsCode, type PutInits, type ReadInits } from "../store/init-code.js";
import type { InitRows } from "../store/init-rows.js";
import type { Store } from "../store/store.js";
import { spawnsPlain } from "./spawn-later.js";

/** The made immediate spawns of one component set in one world, and where they write. */
export class MadeSpawn {
  /** Per field of the set (its components' in order): what the read code staged. */
  readonly vals: Float64Array;
  /** The set's first component: spawn() of one init takes this code only for the very component. */
  readonly lead: Component | undefined;
  /** The read code of the pattern about to spawn (world/spawn.ts sets it with readOf). */
  read: ReadInits | null = null;
  private put: PutInits | null = null;
  /** By pattern of inits: its read and put code (null: none). */
  private readonly codes: ({ read: ReadInits; put: PutInits } | null | undefined)[] = [];
  /** Per field: the whole-memory view of its type and where row 0 of its column lies in it. */
  private views: TypedArray[] = [];
  private readonly bases: Int32Array;
  /** Per component: its first field's index in vals. */
  private readonly first: number[] = [];
  /** What begin() saw: the set's row and its round, the core's call count (the count of begins is the caller's). */
  private one: InitRows | undefined = undefined;
  private round = 0;
  private version = 0;
  /** The table and layout epoch `views` and `bases` were read for. */
  private table = -1;
  private epoch = -1;

  constructor(
    private readonly store: Store,
    /** The world's deferral (a spawn inside a scope is not this one's). */
    private readonly defer: { readonly depth: number },
    private readonly set: ComponentSet,
    /** The set's components in order (scalar fields only), and their ids. */
    private readonly comps: readonly Component[],
    private readonly ids: readonly number[],
  ) {
    this.lead = comps[0];
    let n = 0;
    for (const c of comps) {
      this.first.push(n);
      n += c.fields.length;
    }
    this.vals = new Float64Array(n);
    this.bases = new Int32Array(n);
  }

  /** Sets `read` to the code for the pattern `inits` (bit k: component k has an init); false when there is none. */
  readOf(inits: number): boolean {
    let code = this.codes[inits];
    if (code === undefined) code = this.codes[inits] = initsCode(this.comps, inits) ?? null;
    if (code === null) return false;
    this.read = code.read;
    this.put = code.put;
    return true;
  }

  /**
   * Before the code reads the values: the set's count of begun made spawns, which the
   * caller keeps (a getter's made spawn of the set, which would reuse this object's
   * fields, moves it on before it could write anything here).
   */
  begin(): number {
    const set = this.set;
    const one = set.one;
    this.one = one;
    this.round = one === undefined ? 0 : one.round;
    this.version = this.store.core.version;
    return ++set.madeSpawns;
  }

  /**
   * After the reads: an entity of the set with the staged values; -1 with nothing spawned
   * when the general path must spawn (a getter called the world, something to stamp or
   * follow, the core refused). ArgumentError when a getter spawned this set with values.
   * One function with its rare paths written in (the views followed, the table made):
   * more than V8's 460 bytes of bytecode, it is never inlined, so the read code before it
   * always fits the caller's inlining budget (else the caller's inits are allocated).
   */
  spawn(begun: number): number {
    const { store, set } = this;
    this.alone(begun);
    const core = store.core;
    if (core.version !== this.version || this.defer.depth !== 0 || !spawnsPlain(store)) return -1;
    let t = store.sets.cached(set, store.tables);
    let e: number;
    if (t >= 0) {
      e = core.spawn(t);
      if (e < 0) return -1;
    } else {
      // Its table is not known: found or made. When the core refuses, its error is thrown
      // here with the table dropped again (as the general path does; leaving that path to
      // make and drop it again would move the layout epoch twice).
      const before = core.tableSeq;
      e = core.spawn(tableOfSet(store, set, []));
      if (e < 0) {
        const error = statusError(store, e, "spawn an entity");
        undoTables(store, before);
        throw error;
      }
      t = core.tableOf(e);
    }
    const u32 = core.u32;
    const h = core.hdr;
    if (u32[h + H_EPOCH] !== this.epoch || t !== this.table) {
      // The views and column starts of table t, as the layout is now.
      const table = store.tables.at(t);
      const views: TypedArray[] = [];
      for (let k = 0; k < this.comps.length; k++) {
        const c = this.comps[k];
        this.bases.set(table.fieldBases(this.ids[k], c), this.first[k]);
        for (const f of c.fields) views.push(core.views[f.code]);
      }
      this.views = views;
      this.table = t;
      this.epoch = core.epoch;
    }
    (this.put as PutInits)(
      this.views,
      this.bases,
      u32[(u32[h + H_TABLES] >>> 2) + t * T_STRIDE + T_COUNT] - 1,
      this.vals,
    );
    return e;
  }

  /**
   * ArgumentError when a getter among the values read since begin() (which gave `begun`)
   * spawned this set with values, or tried to: restaged its row, or began a made spawn.
   */
  alone(begun: number): void {
    const set = this.set;
    const one = set.one;
    if (set.madeSpawns !== begun || one !== this.one || (one !== undefined && one.round !== this.round))
      throw new ArgumentError(spawnReentered(this.comps));
  }

  /** Component k's values as staged, for the general path (which checks them again). */
  staged(k: number): Record<string, number> {
    const values: Record<string, number> = {};
    const at = this.first[k];
    this.comps[k].fields.forEach((f, j) => {
      values[f.name] = this.vals[at + j];
    });
    return values;
  }
}
