// Init values of spawns, staged in JS columns before the spawn: one row per spawn, one
// column per field of the spawned set's components (in the set's order; a typed array
// of the field's type, array fields `length` numbers per row; "object" fields a JS array). Staging checks each value as
// it copies it (SchemaError, and the row does not count), so the spawn that follows
// cannot fail on a value, and nothing the caller holds is read again: not an object it
// changes before a deferred spawn is applied, not a view on the world's memory that a
// growing call detaches. A row holds every field, the component's default where the
// init leaves one out, so a run of deferred spawns lands as one copy per column (of
// one type to the same type: a memmove).
import type { Component, ComponentArg, ComponentInit } from "../component.js";
import { checkInit, fieldOf, isValues, objectFieldOf } from "../component.js";
import type { Core } from "../core/core.js";
import { ArgumentError, SchemaError } from "../errors.js";
import { notValues, spawnReentered, unknownField } from "../messages.js";
import type { FieldInfo, TypedArray } from "../schema.js";
import {
  type FewSpawn,
  fewSpawn,
  makePut,
  type Put,
  type SoloSpawn,
  type Stager,
  soloSpawnOf,
  stagerOf,
} from "./init-code.js";
import type { Table } from "./table.js";

/** Where a component set's init values go: its components, in order, and their columns. */
export class InitLayout {
  /** Column of the first field of component k; its object fields start at objBase[k]. */
  readonly base: number[] = [];
  readonly objBase: number[] = [];
  /** Per column: its field, and its default row (`length` numbers). */
  readonly fields: FieldInfo[] = [];
  readonly defaults: Float64Array[] = [];
  /** Per object column: its default value. */
  readonly objDefaults: unknown[] = [];
  /** Per component: its literal stager (scalar fields only, where the host makes code), or undefined. */
  readonly stagers: (Stager | undefined)[] = [];
  /** write() of one row, made for this layout (scalar fields only, where the host makes code), or undefined. */
  readonly put: Put | undefined;
  /** A whole deferred spawn of the layout's only component (init-code.ts), or undefined. */
  readonly solo: SoloSpawn | undefined;
  /** Whether every field is a scalar (no array or "object" field): its components' stagers (or none, for tags) stage them all. */
  readonly scalar: boolean;

  /** comps: the set's components in order; ids: their ids in this world. */
  constructor(
    readonly comps: readonly Component[],
    readonly ids: readonly number[],
  ) {
    for (const c of comps) {
      this.base.push(this.fields.length);
      this.objBase.push(this.objDefaults.length);
      const defaults = c.defaults;
      for (const f of c.fields) {
        this.fields.push(f);
        const row = new Float64Array(f.length);
        const d = fieldOf(defaults, f.name);
        if (typeof d === "number") row.fill(d);
        else if (d !== undefined) row.set(d as ArrayLike<number>);
        this.defaults.push(row);
      }
      for (const o of c.objectFields) this.objDefaults.push(fieldOf(defaults, o.name));
      this.stagers.push(stagerOf(c));
    }
    const scalar = this.fields.every((f) => !f.isArray) && this.objDefaults.length === 0;
    this.scalar = scalar;
    this.put = scalar ? makePut(comps, ids, this.base) : undefined;
    this.solo = comps.length === 1 ? soloSpawnOf(comps[0]) : undefined;
  }

  /** By pattern of inits (bit k: component k has one), the FewSpawn made for it; null where there is none. */
  readonly fews: (FewSpawn | null | undefined)[] = [];

  /** The FewSpawn for a pattern of inits (made on first use), or null: other than 2 or 3 components, or fields that are no scalars. */
  fewOf(inits: number): FewSpawn | null {
    return this.fews[inits] ?? this.makeFew(inits);
  }

  private makeFew(inits: number): FewSpawn | null {
    const n = this.comps.length;
    const code = (n === 2 || n === 3) && this.scalar ? (fewSpawn(this.comps, this.base, inits) ?? null) : null;
    this.fews[inits] = code;
    return code;
  }
}

export class InitRows {
  /** Rows staged (a row is counted by commit()). */
  n = 0;
  /** Whether a row took init values; until one does, rows hold nothing to write. */
  any = false;
  /**
   * Per component of the layout: whether a row took values for it. Until one does, its
   * rows hold nothing (they would be its defaults, which the core gives new rows), so
   * neither staging nor write() touches its columns.
   */
  readonly given: Uint8Array;
  /** The entity of each row (a deferred run: the ids claimed for it). */
  ids = new Uint32Array(0);
  /** Counts clear() and restage(): moved while a spawn read its values, a getter flushed or spawned here. */
  round = 0;
  /** Per field of the layout: its rows, in the field's own type (stored as its column stores them, copied as they are; stagers write them). */
  cols: TypedArray[] = [];
  private objs: unknown[][] = [];
  /** Rows there is room for. */
  cap = 0;

  constructor(readonly layout: InitLayout) {
    this.objs = layout.objDefaults.map(() => []);
    this.given = new Uint8Array(layout.comps.length);
  }

  /**
   * Stages row n from spawn's arguments (those not in the layout, pairs and sparse
   * tags, are skipped): checks every value (`strict`: integers must fit their field)
   * and copies it. The row counts only after commit(), so a throw leaves no trace.
   */
  stage(args: readonly ComponentArg[], strict: boolean): void {
    const r = this.n;
    if (r === this.cap) this.grow();
    // Bare components while no row took values: nothing to stage (their defaults are the
    // table's own). The loop over them stays out of line, so this inlines cheaply.
    if (this.any || !bare(args)) this.stageArgs(args, r, strict);
  }

  /** stage() of args into row r, component by component. */
  private stageArgs(args: readonly ComponentArg[], r: number, strict: boolean): void {
    const L = this.layout;
    let k = 0;
    for (let i = 0; i < args.length && k < L.comps.length; i++) {
      const arg = args[i];
      if (arg.isInit) {
        const c = (arg as ComponentInit).component;
        if (c !== L.comps[k]) continue;
        if (this.given[k] === 0) this.backfill(k, r);
        this.stageInit(k, (arg as ComponentInit).values, r, strict);
        k++;
      } else if (arg === L.comps[k]) {
        this.bareAt(k, r);
        k++;
      }
    }
  }

  /** Whether the next row may be claimed as it is: room for it, and no row took values (so it stages nothing). */
  open(): boolean {
    return this.n !== this.cap && !this.any;
  }

  /** stage() of the layout's only component alone, no init (the usual spawn in a loop). */
  stageSolo(): void {
    const r = this.n;
    if (r === this.cap) this.grow();
    if (this.given[0] !== 0) this.defaults(0, r);
  }

  /**
   * stage() of an init of the layout's only component (the usual spawn in a loop, kept
   * small enough to inline). The slow branch (a run's first row, or a full one) does not
   * take values: passed to a call V8 does not inline, they would escape, and the
   * caller's literal be allocated every time.
   */
  stageSoloInit(values: unknown, strict: boolean): void {
    const r = this.n;
    if (r === this.cap || this.given[0] === 0) this.roomFor(r);
    this.stageInit(0, values, r, strict);
  }

  /** Row r made ready for component 0's values: room for it, and earlier rows backfilled when none took values. */
  roomFor(r: number): void {
    this.roomForFew(r, true, false, false);
  }

  /**
   * Row r made ready for values of the first components (world/spawn.ts spawnShaped;
   * roomFor for the first alone): room for it, and earlier rows backfilled for each of
   * a, b, c (whether it has an init) whose component no row took values for yet.
   */
  roomForFew(r: number, a: boolean, b: boolean, c: boolean): void {
    if (r === this.cap) this.grow();
    if (a && this.given[0] === 0) this.backfill(0, r);
    if (b && this.given[1] === 0) this.backfill(1, r);
    if (c && this.given[2] === 0) this.backfill(2, r);
  }

  /**
   * Component k (given as itself, no init) into row r, as stage() has it: its defaults
   * once a row took values for it, else nothing. True, for the caller's test.
   */
  bareAt(k: number, r: number): boolean {
    if (this.given[k] !== 0) this.defaults(k, r);
    return true;
  }

  /** Component k's init values into row r: its stager (not in strict mode), else the general path that checks and names. */
  private stageInit(k: number, values: unknown, r: number, strict: boolean): void {
    const stager = this.layout.stagers[k];
    if (strict || stager === undefined || !stager(values, this, this.layout.base[k], r))
      this.stageValues(k, values, r, strict);
  }

  /** The row staged for entity e (a deferred run), or -1. */
  rowOf(e: number): number {
    const ids = this.ids;
    for (let r = this.n - 1; r >= 0; r--) if (ids[r] === e) return r;
    return -1;
  }

  /** Component c's values in row r as the spawn will store them (the layout's k-th component), or undefined when c is not in it. */
  valuesOf(c: Component, r: number): Record<string, unknown> | undefined {
    const L = this.layout;
    const k = L.comps.indexOf(c);
    if (k < 0) return undefined;
    const out: Record<string, unknown> = { ...c.template };
    for (let j = 0; j < c.fields.length; j++) {
      const f = c.fields[j];
      const len = f.length;
      // Before any row took values for c every row holds its defaults.
      const src =
        this.given[k] !== 0 ? this.cols[L.base[k] + j].subarray(r * len, (r + 1) * len) : L.defaults[L.base[k] + j];
      const stored = new f.ctor(len); // as the column's type stores them
      stored.set(src);
      out[f.name] = f.isArray ? Array.from(stored) : stored[0];
    }
    for (const o of c.objectFields)
      out[o.name] = this.given[k] !== 0 ? this.objs[L.objBase[k] + o.index][r] : L.objDefaults[L.objBase[k] + o.index];
    return out;
  }

  /** Writes checked values of c (in the layout) into row r; false when c is not in it. */
  setValues(c: Component, r: number, values: Record<string, unknown>): boolean {
    const L = this.layout;
    const k = L.comps.indexOf(c);
    if (k < 0) return false;
    if (this.given[k] === 0) this.backfill(k, this.n - 1);
    for (const name in values) {
      const value = values[name];
      if (value === undefined) continue;
      const o = c.objectFieldByName.get(name);
      if (o !== undefined) {
        this.objs[L.objBase[k] + o.index][r] = value;
        continue;
      }
      const f = c.fieldByName.get(name);
      if (f === undefined) continue; // no field (a debug world's checks refused it before)
      const col = this.cols[L.base[k] + f.index];
      if (typeof value === "number") col.fill(value, r * f.length, (r + 1) * f.length);
      else col.set(value as ArrayLike<number>, r * f.length);
    }
    return true;
  }

  /** Counts the staged row, as entity e's. */
  commit(e: number): void {
    this.ids[this.n++] = e;
  }

  /**
   * An immediate spawn's one row: row 0 staged from args as stage() does. Which
   * components took values stays from the last spawn (a component without an init then
   * stages its defaults): rows of an immediate spawn are written at once, never kept.
   */
  restage(args: readonly ComponentArg[], strict: boolean): void {
    const round = ++this.round;
    this.n = 0;
    if (this.objs.length !== 0) for (const col of this.objs) col.length = 0;
    this.stage(args, strict);
    this.alone(0, 0, round);
  }

  /** After a spawn staged its values: ArgumentError when a getter spawned (claims moved) or flushed or restaged here (round). */
  alone(claimed: number, now: number, round: number): void {
    if (claimed !== now || this.round !== round) this.reentered();
  }

  private reentered(): never {
    throw new ArgumentError(spawnReentered(this.layout.comps));
  }

  /** Forgets every row (the layout's columns stay for reuse). */
  clear(): void {
    this.round++;
    this.n = 0;
    if (this.any) this.given.fill(0);
    this.any = false;
    for (const col of this.objs) col.length = 0;
  }

  /** Writes rows from .. from + n to table t's rows first .. first + n. */
  write(core: Core, t: Table, first: number, from: number, n: number): void {
    if (!this.any) return;
    const L = this.layout;
    if (n === 1 && L.put !== undefined) {
      L.put(core.views, t, this.cols, from, first, this.given);
      return;
    }
    for (let k = 0; k < L.comps.length; k++) {
      if (this.given[k] === 0) continue;
      const c = L.comps[k];
      if (c.fields.length > 0) {
        const bases = t.fieldBases(L.ids[k], c);
        for (let j = 0; j < c.fields.length; j++) {
          const f = c.fields[j];
          const col = this.cols[L.base[k] + j];
          const view = core.views[f.code];
          const len = f.length;
          const at = bases[j] + first * len;
          if (n * len <= 16) for (let x = 0; x < n * len; x++) view[at + x] = col[from * len + x];
          else view.set(col.subarray(from * len, (from + n) * len), at);
        }
      }
      for (let j = 0; j < c.objectFields.length; j++) {
        const src = this.objs[L.objBase[k] + j];
        const dst = t.objectColumn(L.ids[k], j) as unknown[];
        for (let x = 0; x < n; x++) dst[first + x] = src[from + x];
      }
    }
  }

  /** Copies c's values into row r (its defaults where they leave a field out); SchemaError for a bad one. */
  private stageValues(k: number, values: unknown, r: number, strict: boolean): void {
    const L = this.layout;
    const c = L.comps[k];
    if (!isValues(values)) throw new SchemaError(notValues(c.name, c.fields[0]?.name, values));
    // Each field read once by its name (as store/values.ts readLines reads them), all before
    // row r is written (a getter that staged row r meanwhile keeps it: the caller throws).
    // A key that is no field: refused in a debug world, else not looked at.
    const own = values as Record<string, unknown>;
    if (strict)
      for (const name in own)
        if (!c.fieldByName.has(name) && !c.objectFieldByName.has(name))
          throw new SchemaError(unknownField(c.name, name, c.fieldNames()));
    const read = c.fields.map((f) => fieldOf(own, f.name));
    // An "object" field given as undefined stores undefined (as writeValues does); left out, its default.
    const objects = c.objectFields.map((o) => objectFieldOf(own, o.name));
    if (this.n !== r) return;
    this.defaults(k, r);
    const base = L.base[k];
    for (let j = 0; j < read.length; j++) {
      const value = read[j];
      if (value === undefined) continue;
      const f = c.fields[j];
      const col = this.cols[base + j];
      if (typeof value === "number" && !strict && !f.isArray) col[r] = value;
      else this.stageOther(c, f, value, col, r, strict);
    }
    for (let j = 0; j < objects.length; j++) {
      const given = objects[j];
      if (given !== undefined) this.objs[L.objBase[k] + j][r] = given[0];
    }
  }

  /** An array field's value, or any value in strict mode: checked, then copied. */
  private stageOther(c: Component, f: FieldInfo, value: unknown, col: TypedArray, r: number, strict: boolean): void {
    checkInit(c, f, value, strict);
    const len = f.length;
    if (typeof value === "number") col.fill(value, r * len, (r + 1) * len);
    else for (let x = 0; x < len; x++) col[r * len + x] = (value as ArrayLike<number>)[x];
  }

  /** Component k's defaults into row r. */
  private defaults(k: number, r: number): void {
    const L = this.layout;
    const c = L.comps[k];
    for (let j = 0, s = L.base[k]; j < c.fields.length; j++, s++) {
      const d = L.defaults[s];
      if (d.length === 1) this.cols[s][r] = d[0];
      else this.cols[s].set(d, r * d.length);
    }
    for (let j = 0, o = L.objBase[k]; j < c.objectFields.length; j++, o++) this.objs[o][r] = L.objDefaults[o];
  }

  /** The first row with values for component k: rows up to r (none had any) take its defaults. */
  private backfill(k: number, r: number): void {
    this.any = true;
    this.given[k] = 1;
    for (let x = 0; x <= r; x++) this.defaults(k, x);
  }

  private grow(): void {
    const cap = Math.max(4, this.cap * 2);
    const ids = new Uint32Array(cap);
    ids.set(this.ids);
    this.ids = ids;
    this.cols = this.layout.fields.map((f, s) => {
      const col = new f.ctor(cap * f.length);
      const old = this.cols[s];
      if (old !== undefined) col.set(old);
      return col;
    });
    this.cap = cap;
  }
}

/** Whether every argument is a component, no init (a pair or a primitive fails stage() elsewhere first). */
export function bare(args: readonly ComponentArg[]): boolean {
  for (let i = 0; i < args.length; i++) if (args[i].isInit) return false;
  return true;
}
