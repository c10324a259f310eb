// Reading and writing one entity's field values through the whole-memory views.
// For the convenience paths (spawn inits, add/set/get); hot loops use table views.
// Invariant: every value is checked (checkValues) before anything is written, so a
// bad value never leaves half an update behind.
import { Component, checkInit, checkInitValues, fieldOf, isValues, objectFieldOf } from "../component.js";
import type { Core } from "../core/core.js";
import { SchemaError } from "../errors.js";
import { badValue, detachedValues, notManyValues, notValues, rules } from "../messages.js";
import { type FieldInfo, type Init, type Schema, type TypedArray, type Values, valueProblem } from "../schema.js";
import type { Table } from "./table.js";
import { copyTyped, isGone, typedKind } from "./typed-copy.js";

/**
 * Validates values for c before any write: names, shapes and (strict) integer ranges.
 * Returns whether a value is a view on `buffer` (the world's memory), which a core
 * call that grows memory would detach: such values must be copied first.
 */
export function checkValues(c: Component, values: object, strict: boolean, buffer?: ArrayBufferLike): boolean {
  return checkInitValues(c, values, strict) && sharesBuffer(c, values, buffer);
}

/** Whether one of c's numeric values is a view on `buffer`. */
export function sharesBuffer(c: Component, values: object, buffer: ArrayBufferLike | undefined): boolean {
  const own = values as Record<string, unknown>;
  for (const name in own) {
    const value = own[name];
    if (typeof value === "object" && value !== null && !c.objectFieldByName.has(name))
      if ((value as ArrayBufferView).buffer === buffer) return true;
  }
  return false;
}

/**
 * Validates spawnMany values for n entities: each field is one value for all, or
 * an array-like with one value per entity (n * length elements for array fields).
 */
export function checkManyValues(
  c: Component,
  values: object,
  n: number,
  strict: boolean,
  buffer?: ArrayBufferLike,
  each = true,
): boolean {
  if (!isValues(values)) throw new SchemaError(notManyValues(c.name, values));
  let onBuffer = false;
  for (const [name, value] of Object.entries(values)) {
    if (c.objectFieldByName.has(name)) {
      if (each && !(typeof value === "object" && value !== null && (value as unknown[]).length === n)) {
        throw new SchemaError(badValue(c.name, name, value, rules.objectEach(n)));
      }
      continue;
    }
    if (value === undefined) continue;
    if (!c.fieldByName.has(name) && !strict) continue; // no field: only a debug world refuses it
    if (typeof value === "object" && value !== null && (value as ArrayBufferView).buffer === buffer) onBuffer = true;
    const f = c.field(name);
    if (isPerEntity(f, value, n)) {
      const arr = value as ArrayLike<unknown>;
      if (arr.length !== n * f.length) {
        if (isGone(arr)) throw new SchemaError(detachedValues(c.name, f.name));
        throw new SchemaError(badValue(c.name, f.name, value, rules.perEntity(n, n * f.length)));
      }
      // Typed arrays hold only numbers (BigInt ones aside); other array-likes, and strict mode, are checked per element.
      const kind = typedKind(arr);
      if (strict || kind === undefined || kind.startsWith("Big")) {
        for (let i = 0; i < arr.length; i++) checkElement(c, f, arr[i], strict);
      }
    } else {
      checkInit(c, f, value, strict);
    }
  }
  return onBuffer;
}

/**
 * A copy of values whose array values no longer share the world's memory, each of c's
 * fields read once by its name (own or inherited, as the made readers of readLines read
 * them), in schema order; then every other enumerable key, read once, so that a debug
 * world's checks can name it (the others skip it). Values of c's "object" fields are kept
 * as they are (the same JS values).
 */
export function copyValues<T extends object>(values: T, c: Component, typedToo = true, each = false): T {
  if (!isValues(values)) return values; // checkValues names it
  const out: Record<string, unknown> = {};
  const own = values as Record<string, unknown>;
  // No component (the caller's checks name what it is): every key is one that is no field.
  const comp = c instanceof Component ? c : undefined;
  for (const f of comp?.fields ?? []) {
    const v = fieldOf(own, f.name);
    if (v !== undefined) out[f.name] = !typedToo && typedKind(v) !== undefined ? v : copyArrayLike(v);
  }
  for (const o of comp?.objectFields ?? []) {
    const given = objectFieldOf(own, o.name);
    // withEach's: one value per entity, each read once here (a getter there may change the world).
    if (given !== undefined) out[o.name] = each ? copyArrayLike(given[0]) : given[0];
  }
  for (const k in own) {
    if (comp !== undefined && (comp.fieldByName.has(k) || comp.objectFieldByName.has(k))) continue;
    // An own "__proto__" key (JSON.parse makes them) stays a key, which the checks name as no field.
    Object.defineProperty(out, k, { value: own[k], enumerable: true, writable: true, configurable: true });
  }
  return out as T;
}

/**
 * Values read once into a plain object: each key read once, array-likes that are not
 * typed arrays (whose length cannot change) copied, so that checks and writes see the same values.
 */
export function readOnce<T extends object>(values: T, c: Component): T {
  return copyValues(values, c, false);
}

/** Values read once into a copy (copyValues), checked (SchemaError); the copy is what is written. */
export function checkedCopy<T extends object>(c: Component, values: T | undefined, strict: boolean): T | undefined {
  if (values === undefined) return undefined;
  const v = copyValues(values, c);
  checkValues(c, v, strict);
  return v;
}

/** checkedCopy() of values that must be given (set): missing values are a SchemaError, not "nothing to write". */
export function requiredCopy(c: Component, values: object | undefined, strict: boolean): object {
  if (values === undefined)
    throw new SchemaError(notValues(c.name, c.fields[0]?.name ?? c.objectFields[0]?.name, values));
  return checkedCopy(c, values, strict) as object;
}

/** Longer array-likes are not copied (a spawnMany that long would need gigabytes of plain arrays). */
const MAX_COPY = 2 ** 27;

/** Copies an array-like value (typed arrays keep their type); other values pass through. */
function copyArrayLike(v: unknown): unknown {
  if (typeof v !== "object" || v === null) return v;
  // A detached one (an object field's value) stays as it is.
  if (typedKind(v) !== undefined) return copyTyped(v as ArrayBufferView) ?? v;
  // Its length read once (an iterator would read it again at every step).
  const like = v as ArrayLike<unknown>;
  const n = like.length;
  if (typeof n !== "number" || !(n >= 0)) return v; // not array-like: the checks name it
  if (n > MAX_COPY) return { length: n }; // longer than any spawn takes: the checks refuse its length
  const out = new Array<unknown>(n);
  for (let i = 0; i < n; i++) out[i] = like[i];
  return out;
}

function checkElement(c: Component, f: FieldInfo, value: unknown, strict: boolean): void {
  if (typeof value !== "number") throw new SchemaError(badValue(c.name, f.name, value, rules.numbers()));
  const problem = strict ? valueProblem(f, value) : undefined;
  if (problem !== undefined) throw new SchemaError(badValue(c.name, f.name, value, problem));
}

/**
 * A spawnMany value is per entity when it is array-like and, for a `[type, len]`
 * field, holds n * len elements (one array of len elements is one value for all).
 */
function isPerEntity(f: FieldInfo, value: unknown, n: number): boolean {
  if (typeof value !== "object" || value === null) return false;
  const length = (value as ArrayLike<unknown>).length;
  if (typeof length !== "number") return false;
  return !f.isArray || length === n * f.length;
}

/** Writes (already checked) values of component id into `row` of `table`. */
export function writeValues<S extends Schema>(
  core: Core,
  table: Table,
  row: number,
  c: Component<S>,
  id: number,
  values: Init<S>,
): void {
  const own = values as Record<string, unknown>;
  const fields = c.fields;
  if (fields.length > 0) {
    const bases = table.fieldBases(id, c);
    for (let i = 0; i < fields.length; i++) {
      const f = fields[i];
      const value = fieldOf(own, f.name);
      if (value === undefined) continue;
      const view = core.views[f.code];
      const at = bases[i] + row * f.length;
      if (typeof value === "number") {
        if (f.isArray) view.fill(value, at, at + f.length);
        else view[at] = value;
      } else {
        const arr = value as ArrayLike<number>;
        for (let k = 0; k < f.length; k++) view[at + k] = arr[k];
      }
    }
  }
  const objects = c.objectFields;
  for (let i = 0; i < objects.length; i++) {
    const given = objectFieldOf(own, objects[i].name);
    if (given !== undefined) (table.objectColumn(id, i) as unknown[])[row] = given[0];
  }
}

/** Writes spawnMany values: value i goes to row rows[i] (skipped when rows[i] < 0). */
export function writeManyValues(
  core: Core,
  table: Table,
  rows: Int32Array,
  c: Component,
  id: number,
  values: object,
  each = true,
): void {
  const n = rows.length;
  const block = contiguous(rows);
  for (const [name, value] of Object.entries(values)) {
    const o = c.objectFieldByName.get(name);
    if (o !== undefined) {
      const col = table.objectColumn(id, o.index) as unknown[];
      for (let i = 0; i < n; i++) if (rows[i] >= 0) col[rows[i]] = each ? (value as unknown[])[i] : value;
      continue;
    }
    const f = c.fieldByName.get(name);
    if (value === undefined || f === undefined) continue; // no field: checked before
    const view = core.views[f.code];
    const base = table.fieldBases(id, c)[f.index];
    const len = f.length;
    const perEntity = isPerEntity(f, value, n);
    if (block) {
      // One block of rows: one bulk write.
      if (perEntity) view.set(value as ArrayLike<number>, base + rows[0] * len);
      else if (typeof value === "number") view.fill(value, base + rows[0] * len, base + (rows[0] + n) * len);
      else for (let i = 0; i < n; i++) view.set(value as ArrayLike<number>, base + (rows[0] + i) * len);
      continue;
    }
    for (let i = 0; i < n; i++) {
      if (rows[i] < 0) continue;
      const at = base + rows[i] * len;
      if (perEntity) {
        const arr = value as ArrayLike<number>;
        for (let k = 0; k < len; k++) view[at + k] = arr[i * len + k];
      } else if (typeof value === "number") {
        if (len === 1) view[at] = value;
        else view.fill(value, at, at + len);
      } else {
        const arr = value as ArrayLike<number>;
        for (let k = 0; k < len; k++) view[at + k] = arr[k];
      }
    }
  }
}

/** Whether rows are r, r + 1, r + 2, ... (spawned or landed as one block). */
function contiguous(rows: Int32Array): boolean {
  const r0 = rows[0];
  for (let i = 1; i < rows.length; i++) if (rows[i] !== r0 + i) return false;
  return rows.length > 0 && r0 >= 0;
}

/** A copy of component id's values at `row`: numbers, or number[] for array fields. */
export function readValues<S extends Schema>(
  core: Core,
  table: Table,
  row: number,
  c: Component<S>,
  id: number,
): Values<S> {
  return valuesAt(core.views, table.fieldBases(id, c), 0, row, c, table, id);
}

/**
 * readValues() with the field bases given: field i of c starts at element bases[at + i]
 * of its type's whole-memory view (world/access.ts keeps them per table).
 */
export function valuesAt<S extends Schema>(
  views: readonly TypedArray[],
  bases: ArrayLike<number>,
  at: number,
  row: number,
  c: Component<S>,
  table: Table,
  id: number,
): Values<S> {
  // A copy of the component's template has every field already: no shape transitions.
  const out: Record<string, unknown> = { ...c.template };
  const fields = c.fields;
  for (let i = 0; i < fields.length; i++) {
    const f = fields[i];
    const view = views[f.code];
    const first = bases[at + i] + row * f.length;
    out[f.name] = f.isArray ? Array.from(view.subarray(first, first + f.length)) : view[first];
  }
  for (const o of c.objectFields) out[o.name] = (table.objectColumn(id, o.index) as unknown[])[row];
  return out as Values<S>;
}

/** Builds a copy of scalar field values: field i at views[i][bases[at + i] + row]. */
export type MakeValues = (
  views: readonly TypedArray[],
  bases: Int32Array,
  at: number,
  row: number,
) => Record<string, number>;

/**
 * A MakeValues for scalar fields `names` that builds the copy as one object literal, so
 * every copy of a component has one shape and is allocated in one go (V8 stores a key
 * known only at run time through a generic, megamorphic path: about 15 ns per field).
 * The code is made from the names alone, each quoted by JSON.stringify (and "__proto__"
 * is no field name: component.ts), so nothing else can reach it. Undefined where the
 * host forbids making code (a Content-Security-Policy without 'unsafe-eval'): the caller
 * then builds the copy key by key.
 */
export function literalValues(names: readonly string[]): MakeValues | undefined {
  const props = names.map((n, i) => `${JSON.stringify(n)}: v[${i}][b[at + ${i}] + row]`);
  return madeOf<MakeValues>(["v", "b", "at", "row"], ['"use strict";', `return { ${props.join(", ")} };`]);
}

/**
 * Reads the values of an add: false, with nothing written, when values give no field or a
 * value that is no number (or undefined; readLines); else each field's value into
 * out[i] and whether it was given into given[i] (world/access.ts Lookup.addWith).
 */
export type Stager = (values: unknown, out: Float64Array, given: Uint8Array) => boolean;

/**
 * A Stager for scalar fields `names`, made as literalWrite is: each field read by its name
 * (readLines), every value read before anything is written (a getter
 * among them may use the same scratch). Undefined where the host forbids making code.
 */
export function literalStage(names: readonly string[]): Stager | undefined {
  const lines = ['"use strict";', ...readLines(names, "return false;")];
  names.forEach((_, i) => {
    lines.push(`if (a${i} === undefined) given[${i}] = 0; else { out[${i}] = a${i}; given[${i}] = 1; }`);
  });
  lines.push("return true;");
  return madeOf<Stager>(["values", "out", "given"], lines);
}

/**
 * The lines that read `values` as copyValues does, for scalar fields `names`: each field
 * read once by its name (own or inherited: `values[name]`), a number or undefined (left
 * out), else `fail`; keys that are no field are not looked at (only a debug world refuses
 * them, on its general paths). Values that give no field at all also `fail`: a primitive
 * reads as none, and the general path names it. Field i's value in a${i}. Code that V8
 * inlines at one call site: nothing here (no `for-in`, no `typeof values`) makes it
 * allocate the caller's literal, which escape analysis then drops. `a` names the locals
 * (`declared`: declared before), `values` the object read.
 */
export function readLines(
  names: readonly string[],
  fail: string,
  a = "a",
  values = "values",
  declared = false,
): string[] {
  const lines = [`if (${values} === null || ${values} === undefined) ${fail}`];
  // The one number a primitive's prototype gives by default: a string's length.
  if (names.includes("length")) lines.push(`if (typeof ${values} === "string") ${fail}`);
  names.forEach((name, i) => {
    const key = JSON.stringify(name);
    const read = `${a}${i} = ${values}[${key}];`;
    // What every object inherits counts as left out (component.ts fieldOf).
    if (name in Object.prototype)
      lines.push(declared ? read : `let ${read}`, `if (${a}${i} === Object.prototype[${key}]) ${a}${i} = undefined;`);
    else lines.push(declared ? read : `const ${read}`);
    lines.push(`if (${a}${i} !== undefined && typeof ${a}${i} !== "number") ${fail}`);
  });
  lines.push(`if (${names.map((_, i) => `${a}${i} === undefined`).join(" && ")}) ${fail}`);
  return lines;
}

/**
 * Where a WriteValues writes (world/access.ts Lookup): find(e) gives e's table (its row in
 * hitRow) or -1; field i of table t at views[i][flat[t * nf + i] + hitRow]. `late` takes the
 * values read when find() then fails, for the caller's general path (they are not read twice).
 */
export interface WriteTarget {
  find(e: number): number;
  readonly views: readonly TypedArray[];
  readonly flat: Int32Array;
  readonly nf: number;
  readonly hitRow: number;
  late: Record<string, unknown> | undefined;
}

/**
 * Writes the numbers `values` gives for scalar fields of entity e, e looked up in `look`
 * after every value was read (a getter in them may change the world: the row is where
 * e is then). False, with nothing written, when values give no field or a value that is
 * no number (readLines); or when e is not found (then look.late holds the values read).
 */
export type WriteValues = (values: object, look: WriteTarget, e: number) => boolean;

/**
 * A WriteValues for scalar fields `names`, made as literalValues is: each field read by
 * its name (one shape per call site, not a generic keyed read; readLines), so values that
 * give no field, or a value that is no number, leave the caller's general path to check.
 * Undefined where the host forbids making code.
 */
export function literalWrite(names: readonly string[]): WriteValues | undefined {
  const lines = ['"use strict";', ...readLines(names, "return false;")];
  // Looked up only now: the reads above ran any getter there is.
  lines.push("const t = look.find(e);", `if (t < 0) { ${keepLate(names)} return false; }`);
  lines.push(...writeRow(names), "return true;");
  return madeOf<WriteValues>(["values", "look", "e"], lines);
}

/** The line that keeps what readLines read in look.late (a field not given: undefined), for the caller's general path. */
function keepLate(names: readonly string[]): string {
  return `look.late = { ${names.map((name, i) => `${JSON.stringify(name)}: a${i}`).join()} };`;
}

/** The lines that write each given field into row look.hitRow of table t (look.find's). */
function writeRow(names: readonly string[]): string[] {
  const lines = ["const v = look.views, b = look.flat, at = t * look.nf, row = look.hitRow;"];
  names.forEach((_, i) => {
    lines.push(`if (a${i} !== undefined) v[${i}][b[at + ${i}] + row] = a${i};`);
  });
  return lines;
}

/** A function of `params` made from lines, or undefined where the host forbids making code. */
function madeOf<F>(params: readonly string[], lines: readonly string[]): F | undefined {
  try {
    return new Function(...params, lines.join("\n")) as F;
  } catch {
    return undefined;
  }
}
