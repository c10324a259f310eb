// world.access(C): a getter and a setter per field of C for single entities, over the
// record lookup of world/access.ts (Lookup), which also serves world.get / set.
//
//   pos.x(e)            number      (array field [T, n]: pos.m(e, k), element k)
//   pos.setX(e, v)      writes v    (array field: pos.setM(e, k, v)); marks e's row changed when tracked
//   "object" fields     the same, with any JS value
import { type Component, checkInit } from "../component.js";
import { ArgumentError, SchemaError } from "../errors.js";
import { accessorClash, elementIndex } from "../messages.js";
import { fieldBit } from "../ops/waiting-rows.js";
import type { FieldType, Schema } from "../schema.js";
import type { Store } from "../store/store.js";
import type { Lookup } from "./access.js";

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
 * SchemaError when two of c's fields would give one function name (field `x` and field
 * `setX`, or `x` and `X`): one would silently replace the other.
 */
function checkNames(c: Component, setter: (name: string) => string): void {
  const owner = new Map<string, string>();
  for (const { name } of [...c.fields, ...c.objectFields]) {
    for (const fn of [name, setter(name)]) {
      const other = owner.get(fn);
      if (other !== undefined && other !== name) throw new SchemaError(accessorClash(c.name, other, name, fn));
      owner.set(fn, name);
    }
  }
}

/**
 * The accessor of component c (registered, id). Each function finds e's table once
 * (look.table: the epoch check, the record, liveness) and indexes its field's column
 * in that table; the objects it reads through are fixed, so the calls stay monomorphic.
 */
export function access<S extends Schema>(store: Store, c: Component<S>, id: number, look: Lookup): Access<S> {
  const out: Record<string, unknown> = {};
  const setter = (name: string) => `set${name.charAt(0).toUpperCase()}${name.slice(1)}`;
  checkNames(c, setter);
  const { changes, debug, tables } = store;
  for (const f of c.fields) {
    const col = look.columns[f.index];
    const len = f.length;
    // The slow paths bring the views up to date or throw; then the fast path's reads hold.
    const at = (e: number, el: number): number => {
      const t = look.table(e, "access");
      // Number.isInteger first: a Symbol would make `el >= 0` throw a TypeError.
      if (!(Number.isInteger(el) && el >= 0 && el < len))
        throw new ArgumentError(elementIndex(c.name, f.name, len, el));
      return col.base[t] + look.rowOf(e) * len + el;
    };
    const bit = fieldBit(c, f.name);
    const put = (e: number, el: number, value: number): void => {
      const i = at(e, el);
      if (debug || typeof value !== "number") checkInit(c, f, value, true);
      look.writable(e, "an accessor setter", bit);
      col.view[i] = value;
      if (look.tracked) changes.stamp(tables.at(look.tableOf(e)), id, look.rowOf(e), 1, false); // at() renewed it
    };
    if (!f.isArray) {
      out[f.name] = (e: number): number => {
        const i = look.indexOf(e, col); // col.base read after a renew
        if (i >= 0) return col.view[i];
        const j = at(e, 0); // before col.view is read: at() may rebuild it
        return col.view[j];
      };
      out[setter(f.name)] = (e: number, value: number): void => {
        if (!debug && typeof value === "number") {
          const t = look.find(e); // after pos.x(e), the memo
          if (t >= 0) {
            const row = look.hitRow;
            col.view[col.base[t] + row] = value;
            if (look.tracked) changes.stamp(tables.at(t), id, row, 1, false);
            return;
          }
        }
        put(e, 0, value);
      };
      continue;
    }
    out[f.name] = (e: number, el: number): number => {
      const i = at(e, el);
      return col.view[i];
    };
    out[setter(f.name)] = put;
  }
  for (const o of c.objectFields) {
    const i = o.index;
    out[o.name] = (e: number): unknown => {
      const t = look.table(e, "access");
      return (tables.at(t).objectColumn(id, i) as unknown[])[look.rowOf(e)];
    };
    const bit = fieldBit(c, o.name);
    out[setter(o.name)] = (e: number, value: unknown): void => {
      const t = look.table(e, "access");
      look.writable(e, "an accessor setter", bit);
      (tables.at(t).objectColumn(id, i) as unknown[])[look.rowOf(e)] = value;
    };
  }
  return Object.freeze(out) as Access<S>;
}
