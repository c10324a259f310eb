// Random access to one component of single entities, the fast path of world.get / set:
// `const pos = world.access(Position); pos.x(e); pos.setX(e, v)`. A call reads the
// entity's record straight from memory (generation, table, row), checks it is alive and
// has the component, and reads or writes the column: no core call, no object.
// Per table it keeps the element index of row 0 of each field in the whole-memory view
// of the field's type, rebuilt when the layout epoch moved (a column or the memory
// moved), when a table appeared or a table record was recycled.
//
//   pos.x(e)            number      (array field [T, n]: pos.m(e, k), element k)
//   pos.setX(e, v)      writes v    (array field: pos.setM(e, k, v)); marks e's row changed when tracked
//   "object" fields     the same, with any JS value
import { type Component, checkInit } from "../component.js";
import {
  H_EPOCH,
  H_REC_GEN,
  H_REC_ROW,
  H_REC_TABLE,
  H_RECYCLED,
  H_SLOT_COUNT,
  H_TABLE_COUNT,
  SLOT_BITS,
  SLOT_MASK,
} from "../core/constants.generated.js";
import { stale } from "../core/status.js";
import { ArgumentError, MissingComponentError } from "../errors.js";
import { describeEntity, elementIndex } from "../messages.js";
import type { FieldType, Schema, TypedArray } from "../schema.js";
import type { Store } from "../store/store.js";
import { valuesAt } from "../store/values.js";

/** The getter and setter names of a field: `x` and `setX`. */
type Getters<S extends Schema> = {
  readonly [K in keyof S & string]: S[K] extends "object"
    ? (e: number) => unknown
    : S[K] extends readonly [FieldType, number]
      ? (e: number, k: number) => number
      : (e: number) => number;
};
type Setters<S extends Schema> = {
  readonly [K in keyof S & string as `set${Capitalize<K>}`]: S[K] extends "object"
    ? (e: number, value: unknown) => void
    : S[K] extends readonly [FieldType, number]
      ? (e: number, k: number, value: number) => void
      : (e: number, value: number) => void;
};

/** world.access(C): a getter and a setter per field of C, for single entities. */
export type Access<S extends Schema> = Getters<S> & Setters<S>;

/**
 * What every field function of one accessor shares: views of the memory, where the
 * entity records sit, and per table the field bases. All of it is valid while the layout
 * epoch and the recycle count stay (records, columns and the memory move only then).
 */
export class Lookup {
  epoch = -1;
  recycled = -1;
  u32: Uint32Array = new Uint32Array(0);
  u16: Uint16Array = new Uint16Array(0);
  i32: Int32Array = new Int32Array(0);
  hdr = 0;
  genAt = 0;
  tableAt = 0;
  rowAt = 0;
  /** Field f of table t's rows starts at element base[t * nf + f] of its type's whole-memory view; -1: t lacks C. */
  base = new Int32Array(0);
  /** The whole-memory view of each field's type. */
  views: TypedArray[] = [];
  readonly nf: number;

  constructor(
    readonly store: Store,
    readonly c: Component,
    readonly id: number,
  ) {
    this.nf = Math.max(1, c.fields.length);
    this.given = new Int32Array(c.fields.length);
    this.values = new Float64Array(c.fields.length);
  }

  /** Scratch of write(): field index and value of each value given. */
  private readonly given: Int32Array;
  private readonly values: Float64Array;

  /**
   * Index into `base` of live e's table (which has C); throws StaleEntityError or
   * MissingComponentError (naming `action`).
   */
  at(e: number, action = "access"): number {
    let u32 = this.u32;
    const h = this.hdr;
    if (u32[h + H_EPOCH] !== this.epoch || u32[h + H_RECYCLED] !== this.recycled) {
      this.rebuild();
      u32 = this.u32;
    }
    const slot = typeof e === "number" ? e & SLOT_MASK : 0; // a BigInt, symbol or object is no entity
    // e >>> 0 === e: a u32 (a number like 1.5 would pass for slot 1).
    if (
      slot !== 0 &&
      slot < u32[this.hdr + H_SLOT_COUNT] &&
      this.u16[this.genAt + slot] === e >>> SLOT_BITS &&
      e >>> 0 === e
    ) {
      const t = this.i32[this.tableAt + slot];
      const k = t * this.nf;
      if (t >= 0 && k < this.base.length && this.base[k] >= 0) return k;
    }
    return this.miss(e, action);
  }

  /** Row of e (after at(e)). */
  row(e: number): number {
    return this.u32[this.rowAt + (e & SLOT_MASK)];
  }

  /** Why at(e) found nothing: a table created since the last look, or the error to throw. */
  private miss(e: number, action: string): number {
    const { core } = this.store;
    const t = core.tableOf(e);
    if (t >= 0 && t * this.nf >= this.base.length) {
      this.rebuild();
      return this.at(e, action);
    }
    if (t >= 0 || this.store.claims.has(e)) throw new MissingComponentError(describeEntity(e), this.c.name, action);
    throw stale(this.store, e);
  }

  /** world.get(e, C): a copy of e's values (store/values.ts), e found through its record. */
  read(e: number): Record<string, unknown> {
    const k = this.at(e, "get");
    const { core, tables } = this.store;
    return valuesAt(core.views, this.base, k, this.row(e), this.c, tables.at(k / this.nf), this.id);
  }

  /**
   * world.set(e, C, values) when the values are numbers of scalar fields named in schema
   * order (the usual literal): checked, then written. False, with nothing written, when
   * they are anything else (the caller's general path checks and writes them then).
   */
  write(e: number, values: object): boolean {
    const k = this.at(e, "set");
    const fields = this.c.fields;
    const nf = fields.length;
    const own = values as Record<string, unknown>;
    let j = 0;
    let m = 0;
    for (const name in own) {
      const value = own[name];
      while (j < nf && fields[j].name !== name) j++;
      if (j === nf || typeof value !== "number" || fields[j].isArray) return false;
      this.given[m] = j;
      this.values[m++] = value;
      j++;
    }
    const row = this.row(e);
    for (let x = 0; x < m; x++) {
      const i = this.given[x];
      this.views[i][this.base[k + i] + row] = this.values[x];
    }
    const { changes, tables } = this.store;
    if (changes.ticksOf[this.id] !== undefined) changes.stamp(tables.at(k / this.nf), this.id, row, 1, false);
    return true;
  }

  private rebuild(): void {
    const { core, tables } = this.store;
    core.checkLive(); // a dead world moved the epoch on to come here
    const h = core.hdr;
    const u32 = core.u32;
    const n = u32[h + H_TABLE_COUNT];
    const list = tables.now();
    const nf = this.nf;
    const base = new Int32Array(n * nf).fill(-1);
    for (let t = 0; t < n; t++) {
      const table = list[t];
      if (table === undefined || table.seq < 0 || !table.hasId(this.id)) continue;
      if (this.c.fields.length === 0) base[t * nf] = 0;
      else base.set(table.fieldBases(this.id, this.c), t * nf);
    }
    this.base = base;
    this.views = this.c.fields.map((f) => core.views[f.code]);
    this.u32 = u32;
    this.u16 = core.u16;
    this.i32 = core.i32;
    this.hdr = h;
    this.genAt = u32[h + H_REC_GEN] >>> 1;
    this.tableAt = u32[h + H_REC_TABLE] >>> 2;
    this.rowAt = u32[h + H_REC_ROW] >>> 2;
    this.epoch = u32[h + H_EPOCH];
    this.recycled = u32[h + H_RECYCLED];
  }
}

/** The accessor of component c (registered, id). */
export function access<S extends Schema>(store: Store, c: Component<S>, id: number, look: Lookup): Access<S> {
  const out: Record<string, unknown> = {};
  const setter = (name: string) => `set${name[0].toUpperCase()}${name.slice(1)}`;
  for (const f of c.fields) {
    const i = f.index;
    const len = f.length;
    if (!f.isArray) {
      out[f.name] = (e: number): number => {
        const k = look.at(e);
        return look.views[i][look.base[k + i] + look.row(e)];
      };
      out[setter(f.name)] = (e: number, value: number): void => {
        const k = look.at(e);
        const row = look.row(e);
        if (store.debug || typeof value !== "number") checkInit(c, f, value, true);
        look.views[i][look.base[k + i] + row] = value;
        if (store.changes.ticksOf[id] !== undefined)
          store.changes.stamp(store.tables.at(k / look.nf), id, row, 1, false);
      };
      continue;
    }
    out[f.name] = (e: number, el: number): number => {
      const k = look.at(e);
      if (!(el >= 0 && el < len && Number.isInteger(el)))
        throw new ArgumentError(elementIndex(c.name, f.name, len, el));
      return look.views[i][look.base[k + i] + look.row(e) * len + el];
    };
    out[setter(f.name)] = (e: number, el: number, value: number): void => {
      const k = look.at(e);
      const row = look.row(e);
      if (!(el >= 0 && el < len && Number.isInteger(el)))
        throw new ArgumentError(elementIndex(c.name, f.name, len, el));
      if (store.debug || typeof value !== "number") checkInit(c, f, value, true);
      look.views[i][look.base[k + i] + row * len + el] = value;
      if (store.changes.ticksOf[id] !== undefined) store.changes.stamp(store.tables.at(k / look.nf), id, row, 1, false);
    };
  }
  for (const o of c.objectFields) {
    const i = o.index;
    out[o.name] = (e: number): unknown =>
      (store.tables.at(look.at(e) / look.nf).objectColumn(id, i) as unknown[])[look.row(e)];
    out[setter(o.name)] = (e: number, value: unknown): void => {
      const t = look.at(e) / look.nf;
      (store.tables.at(t).objectColumn(id, i) as unknown[])[look.row(e)] = value;
    };
  }
  return Object.freeze(out) as Access<S>;
}
