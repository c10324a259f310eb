// The record lookup behind world.get / set and world.access(C) (world/accessor.ts):
// random access to one component of single entities. A call reads the entity's record
// straight from memory (generation, table, row), checks it is alive and has the
// component, and reads or writes the column: no core call, no object.
// Per table it keeps the element index of row 0 of each field in the whole-memory view
// of the field's type, rebuilt when the layout epoch moved (a column or the memory
// moved), when a table appeared or a table record was recycled. Whether to look at the
// epoch at all is one compare: the core's call count (core.version) against the count
// the views were last found current at, as every change to the layout is a core call.
// A record is one u32 pair per slot (assembly/constants.ts), so finding e touches one
// cache line for the record and one for the value. The last entity found (table and row,
// at the core's call count) is remembered: `pos.setX(e, pos.x(e) + 1)`, or get then set,
// reads the record once. add(e, C, values) and spawn's inits read their values here too.
// While a command waits that drops rows of the component or writes over their fields at the
// flush, the fast paths are off and each write asks whether it covers its entity's row and
// fields (writable(): an ArgumentError then; ops/waiting-rows.ts).
import type { Component } from "../component.js";
import {
  H_EPOCH,
  H_RECORDS,
  H_SLOT_CAP,
  H_SLOT_COUNT,
  H_TABLE_COUNT,
  REC_ROW,
  REC_STRIDE,
  REC_TABLE_BITS,
  REC_TABLE_MASK,
  SLOT_BITS,
  SLOT_MASK,
} from "../core/constants.generated.js";
import type { Core } from "../core/core.js";
import { recordTable } from "../core/records.js";
import { stale } from "../core/status.js";
import { ArgumentError, MissingComponentError } from "../errors.js";
import { describeEntity, noTableYet } from "../messages.js";
import { ADD } from "../ops/command-kinds.js";
import type { CommandBuffer } from "../ops/commands.js";
import { addPlain } from "../ops/entity-ops.js";
import type { TypedArray } from "../schema.js";
import type { Store } from "../store/store.js";
import {
  literalStage,
  literalValues,
  literalWrite,
  type MakeValues,
  type Stager,
  valuesAt,
  type WriteValues,
} from "../store/values.js";

/** A slot no entity has (slots are below 2 ** SLOT_BITS): what a non-number maps to. */
const NO_SLOT = SLOT_MASK + 1;

/** One field of the component in every table: where its column starts, by table id. */
class FieldColumns {
  /** Element index of row 0 in `view`, by table id; -1: the table lacks the component. */
  base = new Int32Array(0);
  /** The whole-memory view of the field's type. */
  view: TypedArray = new Float32Array(0);
}

/**
 * What every field function of one accessor shares: the entity records and per table
 * the field bases. All of it is valid while the layout epoch stays: records, columns
 * and the memory move only when it moves, and so does a recycled table record
 * (assembly/archetype-map.ts bumps it). Each of those is a core call, so a call compares
 * the core's call count with `seen` before the record, and the slow path (renew) looks
 * at the epoch and the slot count only after a core call.
 *
 *   recs[slot * REC_STRIDE]            generation << REC_TABLE_BITS | table (table REC_FREE: free)
 *   recs[slot * REC_STRIDE + REC_ROW]  row   (a view over the core's slot records)
 *   first[t]    element index of row 0 of field 0 in table t (0 without numeric fields), -1: t lacks C
 *   flat[t * nf + f]   the same for every field f, for get / set
 */
export class Lookup {
  /**
   * core.version when the views below were last found current (renew): every change to
   * records, columns or the memory is a core call, which moves it on. -1: never.
   */
  seen = -1;
  /** The layout epoch the views were made for (a moved one rebuilds them). */
  epoch = -1;
  /** core.version when renew() last made the views current (`seen` stays -1 while a remove of C waits). */
  private current = -1;
  /** H_SLOT_COUNT at `seen` (spawns count it up without moving the epoch). */
  slots = 0;
  recs: Int32Array = new Int32Array(0);
  first: Int32Array = new Int32Array(0);
  /** `first` again, for indexOf (a FieldColumns' base for field 0). */
  base: Int32Array = this.first;
  flat: Int32Array = new Int32Array(0);
  /** The whole-memory view of each field's type. */
  views: TypedArray[] = [];
  /** Values set() read before it failed to find the entity (store/values.ts WriteTarget), for its general path. */
  late: Record<string, unknown> | undefined = undefined;
  /**
   * Whether C's changes are tracked, read by renew(): tracking starts (and a restore ends
   * it) with core calls, so it holds while `seen` is current, as the fast paths need.
   */
  tracked = false;
  /** The memo: entity hitE was alive with C in table hitTable at row hitRow while `seen` is current (renew drops it: NaN, which no id given equals). */
  hitE = Number.NaN;
  hitTable = 0;
  hitRow = 0;
  readonly core: Core;
  readonly columns: FieldColumns[];
  /** c's field names when all are scalars and none is "object": read() builds the copy itself. */
  readonly scalars: readonly string[] | undefined;
  /** The same copy as one object literal (store/values.ts), where the host lets us make one. */
  private readonly literal: MakeValues | undefined;
  /** Whether get and set take copy and put first (world/entities.ts): C is a user's, its literal made. */
  readonly quick: boolean;
  /** set()'s fast path in a world that stores values unchecked (not debug): store/values.ts literalWrite. */
  private readonly quickSet: WriteValues | undefined;
  private readonly ticksOf: readonly (number | undefined)[];
  readonly nf: number;

  constructor(
    readonly store: Store,
    readonly c: Component,
    readonly id: number,
    /** The deferral's commands: while a command that could lose a write of C waits there, a write asks (writable()). */
    private readonly commands: CommandBuffer,
  ) {
    this.nf = Math.max(1, c.fields.length);
    this.columns = c.fields.map(() => new FieldColumns());
    const plain = c.objectFields.length === 0 && c.fields.every((f) => !f.isArray);
    const names = plain ? c.fields.map((f) => f.name) : undefined;
    this.scalars = names;
    this.literal = names === undefined ? undefined : literalValues(names);
    this.quick = this.literal !== undefined && !c.hidden;
    this.quickSet = names === undefined || store.debug ? undefined : literalWrite(names);
    this.ticksOf = store.changes.ticksOf;
    this.core = store.core;
    this.given = new Int32Array(c.fields.length);
    this.values = new Float64Array(c.fields.length);
    this.staged = new Float64Array(c.fields.length);
    this.stagedGiven = new Uint8Array(c.fields.length);
    this.stager = names === undefined || store.debug ? undefined : literalStage(names);
  }

  /** Scratch of write(): field index and value of each value given. */
  private readonly given: Int32Array;
  private readonly values: Float64Array;

  /**
   * e's table when e is alive, else -1 (then table() says why); e's row is then rowOf(e).
   * Precondition: the views are current (table() renewed them since the last core call).
   */
  tableOf(e: number): number {
    const slot = typeof e === "number" ? e & SLOT_MASK : NO_SLOT; // a BigInt, symbol or object is no entity
    // e >>> 0 === e: a u32 (a number like 1.5 would pass for slot 1). Slot 0 is never alive (REC_FREE).
    if (slot >= this.slots || e >>> 0 !== e) return -1;
    return recordTable(this.recs[slot * REC_STRIDE], e);
  }

  /** Row of e (precondition: tableOf(e) >= 0). */
  rowOf(e: number): number {
    return this.recs[(e & SLOT_MASK) * REC_STRIDE + REC_ROW];
  }

  /**
   * e's table when e is alive and has C (its row then in hitRow), from the memo or from
   * the records while the views are current; else -1, and nothing is thrown.
   */
  find(e: number): number {
    return e === this.hitE && this.core.version === this.seen ? this.hitTable : this.locate(e);
  }

  /**
   * find() past the memo (a read: the entity is seldom the last one): e's table when it
   * is alive and has C, the memo set; else -1.
   */
  locate(e: number): number {
    return this.indexOf(e, this) >= 0 ? this.hitTable : -1;
  }

  /**
   * e's record read while the views are current: the element index of e's row in the
   * column whose row 0 lies at col.base[t] in table t (-1: t lacks C), the memo set; -1
   * when e is not alive or its table lacks C. The getter's whole fast path: the index is
   * made before the paths merge, so the row is not read back. tableOf(e) is written out:
   * get's and set's fast paths must fit V8's inlining budget together. After a core call
   * the views are renewed here, and only then is col.base read (renew may replace it).
   */
  indexOf(e: number, col: { readonly base: Int32Array }): number {
    if ((this.seen !== this.core.version && !this.renew()) || typeof e !== "number") return -1;
    const base = col.base;
    const s = e & SLOT_MASK;
    if (s >= this.slots || e >>> 0 !== e) return -1;
    const k = s * REC_STRIDE;
    const w = this.recs[k];
    // A free slot's table is REC_FREE, past `base`: undefined, not >= 0.
    const t = w & REC_TABLE_MASK;
    const b = base[t];
    if (w >>> REC_TABLE_BITS !== e >>> SLOT_BITS || !(b >= 0)) return -1;
    const row = this.recs[k + REC_ROW];
    this.hitE = e;
    this.hitTable = t;
    this.hitRow = row;
    return b + row;
  }

  /**
   * world.get's fast path when `quick` (C is scalar-only and its literal was made): the
   * copy of the values at table t, row hitRow (t from find or locate), as one literal.
   */
  copy(t: number): Record<string, number> {
    return (this.literal as MakeValues)(this.views, this.flat, t * this.nf, this.hitRow);
  }

  /**
   * world.set's fast path (a world that is not debug): numbers for scalar fields read,
   * then e found (find: the memo after a get) and they written there, the row stamped
   * when C is tracked. False, with nothing written, for anything else (the general path
   * checks, writes or throws; `late` then holds the values when they were read).
   */
  put(e: number, values: object): boolean {
    const write = this.quickSet;
    if (write === undefined || !write(values, this, e)) return false;
    if (this.tracked) this.stamp(this.hitTable, this.hitRow);
    return true;
  }

  /**
   * Table of live e (which has C), the views brought up to date first; throws
   * StaleEntityError or MissingComponentError (naming `action`). e's row is then rowOf(e).
   */
  table(e: number, action: string): number {
    if (this.seen !== this.core.version) this.renew();
    const t = this.tableOf(e);
    if (t >= 0 && this.first[t] >= 0) return t;
    return this.miss(e, action);
  }

  /** Why table(e) found nothing: a table made since the last look, or the error to throw. */
  private miss(e: number, action: string): number {
    const t = this.store.core.tableOf(e);
    if (t >= 0 && t >= this.first.length) {
      this.rebuild();
      return this.table(e, action);
    }
    if (t >= 0) throw new MissingComponentError(describeEntity(e), this.c.name, action);
    // Spawned while changes wait: it has no row yet (world.get / set reach its staged values).
    if (this.store.claims.has(e)) throw new ArgumentError(noTableYet(describeEntity(e)));
    throw stale(this.store, e);
  }

  /**
   * world.get(e, C): a copy of e's values (store/values.ts), e found through its record.
   * Short, so that V8 inlines it into the caller: the literal's copy may then never be made.
   */
  read(e: number): Record<string, unknown> {
    const t = this.table(e, "get");
    const row = this.rowOf(e);
    if (this.literal !== undefined) return this.literal(this.views, this.flat, t * this.nf, row);
    return this.readKeyed(t, row);
  }

  /** read() without a made literal: key by key (scalar fields only) or valuesAt. */
  private readKeyed(t: number, row: number): Record<string, unknown> {
    const names = this.scalars;
    const k = t * this.nf;
    if (names === undefined)
      return valuesAt(this.store.core.views, this.flat, k, row, this.c, this.store.tables.at(t), this.id);
    // Keys in schema order, as valuesAt gives them.
    const out: Record<string, number> = {};
    for (let i = 0; i < names.length; i++) out[names[i]] = this.views[i][this.flat[k + i] + row];
    return out;
  }

  /**
   * world.set(e, C, values) when the values are numbers of scalar fields (the usual
   * literal): checked, then written, the row stamped when C is tracked. False, with
   * nothing written, when they are anything else (the caller's general path checks and
   * writes them then). `values` is world.set's copy: read before e is looked up.
   */
  write(e: number, values: object): boolean {
    const t = this.table(e, "set");
    const m = this.gather(values);
    if (m < 0) return false;
    this.writable(e, "world.set()", values); // after the values' checks, as set's general path
    const row = this.rowOf(e);
    const k = t * this.nf;
    for (let x = 0; x < m; x++) {
      const i = this.given[x];
      this.views[i][this.flat[k + i] + row] = this.values[x];
    }
    if (this.tracked) this.stamp(t, row); // table() renewed it
    return true;
  }

  /**
   * world.add(e, C, values) (world/entities.ts addWith) when the values are numbers of
   * scalar fields and nothing about C is tracked or marked: the values read once, then
   * added as the general path adds them. Outside a scope: the core's add (which checks e),
   * then the given fields into e's row. While deferring, e alive in a table without C:
   * the add recorded with what was read (as world/deferral.ts add records it). False,
   * nothing read, for anything else; a copy of what was read, nothing done, when the
   * general path must take it: e has C or no table while deferring, or a getter among
   * the values called the world (a core call, a scope begun or ended, tracking or marks).
   */
  addWith(
    e: number,
    values: object,
    defer: { readonly depth: number; readonly commands: CommandBuffer },
  ): boolean | Record<string, number> {
    // While a spawn holds its values in lookups (a getter's add), the general path.
    if (!this.quiet() || this.store.staging || typeof e !== "number" || e >>> 0 !== e) return false;
    const { core } = this;
    const depth = defer.depth;
    const version = core.version;
    if (!this.stage(values)) return false;
    if (defer.depth !== depth || core.version !== version || !this.quiet()) return this.stagedCopy();
    if (depth > 0) {
      const t = core.tableOf(e);
      if (t < 0 || this.store.tables.at(t).hasId(this.id)) return this.stagedCopy();
      defer.commands.push(ADD, e, this.id, 0);
      defer.commands.stagedValues(this.id, this.stagedGiven, this.staged);
      return true;
    }
    addPlain(this.store, e, this.id, this.c); // the core checks e; its statuses become errors there
    this.putStaged(core.tableOf(e), core.rowOf(e));
    return true;
  }

  /** Whether nothing about C is tracked and no whole-table marks wait to be settled (the general path stamps them). */
  private quiet(): boolean {
    return this.ticksOf[this.id] === undefined && this.store.changes.pending.length === 0;
  }

  /**
   * addWith()'s and spawnWith()'s values (world/spawn-now.ts), read into `staged` when they
   * are numbers of scalar fields (store/values.ts literalStage: every value is read before
   * any is kept, so a getter among them that adds C elsewhere leaves these alone); false,
   * with nothing kept, for anything else or where there is no stager (a debug world, other fields).
   */
  stage(values: unknown): boolean {
    return this.stager?.(values, this.staged, this.stagedGiven) === true;
  }

  /** What stage() read last, written into row `row` of table t (which has C); the other fields stay. */
  putStaged(t: number, row: number): void {
    // The bases by table stay while the layout epoch does (a new table: rebuilt, as renew() does).
    if (this.core.header(H_EPOCH) !== this.epoch || t >= this.first.length) this.rebuild();
    const { views, flat, staged, stagedGiven } = this;
    const k = t * this.nf;
    for (let i = 0; i < staged.length; i++) if (stagedGiven[i] !== 0) views[i][flat[k + i] + row] = staged[i];
  }

  /** Values stage() read by field, whether each was given; the code that reads them (undefined: debug, other fields). */
  private readonly staged: Float64Array;
  private readonly stagedGiven: Uint8Array;
  private readonly stager: Stager | undefined;

  /** What stage() read, as a values object of the given fields. */
  stagedCopy(): Record<string, number> {
    const out: Record<string, number> = {};
    for (const [i, f] of this.c.fields.entries()) if (this.stagedGiven[i] !== 0) out[f.name] = this.staged[i];
    return out;
  }

  private stamp(t: number, row: number): void {
    this.store.changes.stamp(this.store.tables.at(t), this.id, row, 1, false);
  }

  /**
   * write()'s values, when they name fields in schema order only, each a number of a scalar
   * field: their count, field indexes and values in given / values; -1 for anything else.
   */
  private gather(values: object): number {
    const fields = this.c.fields;
    const nf = fields.length;
    const own = values as Record<string, unknown>;
    let j = 0;
    let m = 0;
    for (const name in own) {
      const value = own[name];
      while (j < nf && fields[j].name !== name) j++;
      if (j === nf || typeof value !== "number" || fields[j].isArray) return -1;
      this.given[m] = j;
      this.values[m++] = value;
      j++;
    }
    return m;
  }

  /**
   * Makes the views current after a core call: WorldPoisonedError in a dead world (its
   * retirement moved the version on to come here), the views rebuilt when the layout
   * epoch moved, the slot count read again, the memo dropped. Whether the fast paths may
   * read them now (not while a waiting command holds C's rows).
   */
  private renew(): boolean {
    const core = this.core;
    if (this.current !== core.version) {
      core.checkLive();
      if (core.header(H_EPOCH) !== this.epoch) this.rebuild();
      this.slots = core.header(H_SLOT_COUNT);
      this.tracked = this.ticksOf[this.id] !== undefined;
      this.hitE = Number.NaN;
      this.current = core.version;
    }
    // While a command that drops or writes over rows of C waits, the fast paths stay off:
    // writes go through writable().
    this.seen = this.commands.waiting.marked[this.id] === 1 ? -1 : core.version;
    return this.seen >= 0;
  }

  /**
   * Throws ArgumentError when a waiting command drops e's row of C (a remove: an add after
   * it starts a new row) or writes over one of `fields` (a mask of ops/waiting-rows.ts, or
   * the values given) at the flush (naming `call`).
   */
  writable(e: number, call: string, fields: number | object): void {
    this.commands.refuseWrite(this.id, e, this.c.name, call, fields);
  }

  private rebuild(): void {
    const { core, tables } = this.store;
    const h = core.hdr;
    const u32 = core.u32;
    const n = u32[h + H_TABLE_COUNT];
    const list = tables.now();
    const fields = this.c.fields;
    const nf = this.nf;
    const first = new Int32Array(n).fill(-1);
    const flat = new Int32Array(n * nf).fill(-1);
    for (const col of this.columns) col.base = new Int32Array(n).fill(-1);
    for (let t = 0; t < n; t++) {
      const table = list[t];
      if (table === undefined || table.seq < 0 || !table.hasId(this.id)) continue;
      if (fields.length === 0) {
        first[t] = flat[t] = 0;
        continue;
      }
      const bases = table.fieldBases(this.id, this.c);
      flat.set(bases, t * nf);
      first[t] = bases[0];
      for (let i = 0; i < fields.length; i++) this.columns[i].base[t] = bases[i];
    }
    this.first = this.base = first;
    this.flat = flat;
    this.views = fields.map((f) => core.views[f.code]);
    for (let i = 0; i < fields.length; i++) this.columns[i].view = this.views[i];
    const cap = u32[h + H_SLOT_CAP];
    this.recs = new Int32Array(u32.buffer, u32[h + H_RECORDS], cap * REC_STRIDE);
    this.epoch = u32[h + H_EPOCH];
  }
}
