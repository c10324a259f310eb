// Code made once per component or layout for the spawn paths of store/init-rows.ts, where
// the host lets us make code (`new Function`; a host that forbids it gets undefined and
// the general paths): each value read by its field's name and each store into one array
// type at its own site, which V8 inlines into the user's loop and keeps monomorphic.
import { type Component, fieldOf } from "../component.js";
import type { TypedArray } from "../schema.js";
import type { Table } from "./table.js";
import { readLines } from "./values.js";

/** Copies staged row `from` to row `first` of table t, for each component that took values (given[k] != 0). */
export type Put = (
  views: readonly TypedArray[],
  t: Table,
  cols: readonly TypedArray[],
  from: number,
  first: number,
  given: Uint8Array,
) => void;

/** Makes code from lines (its parameters `names` bound to `bound`), or undefined where the host forbids it. */
function make<F>(names: readonly string[], bound: readonly unknown[], lines: readonly string[]): F | undefined {
  try {
    return (new Function(...names, ['"use strict";', ...lines].join("\n")) as (...b: unknown[]) => F)(...bound);
  } catch {
    return undefined;
  }
}

/**
 * A Put for a layout of scalar fields (comps, their ids in the world, the column of each
 * one's first field): one store per field, each into the whole-memory view of its type
 * by a constant index, so each store site sees one array type (the generic loop in
 * InitRows.write() sees them all and goes megamorphic).
 */
export function makePut(comps: readonly Component[], ids: readonly number[], base: readonly number[]): Put | undefined {
  const lines = ["return function put(views, t, cols, from, first, given) {"];
  comps.forEach((c, k) => {
    if (c.fields.length === 0) return;
    lines.push(`if (given[${k}] !== 0) {`, `const b = t.fieldBases(id${k}, c${k});`);
    for (const [j, f] of c.fields.entries())
      lines.push(`views[${f.code}][b[${j}] + first] = cols[${base[k] + j}][from];`);
    lines.push("}");
  });
  lines.push("};");
  const names = comps.flatMap((_, k) => [`id${k}`, `c${k}`]);
  return make<Put>(
    names,
    comps.flatMap((c, k) => [ids[k], c]),
    lines,
  );
}

/**
 * Stages one init of a component whose fields are all scalars: field j's value (its
 * default when the init leaves it out) into cols[s + j][r]. False, with nothing
 * written, for anything else: a key that is no field, a value that is no number or is
 * undefined, no object at all; the general path then checks and names it.
 */
export type Stager = (values: unknown, rows: StageTarget, s: number, r: number) => boolean;

/** What a Stager writes: row r of cols[s + j], while r is the row being staged (n). */
export type StageTarget = { readonly n: number; readonly cols: readonly TypedArray[] };

/**
 * A deferred spawn of one component alone with init values, whole (InitRows of a run of
 * such spawns; claims of store/claims.ts): the values staged in row n, an id claimed,
 * the row committed; the id. Room for the row is made out of line, without the values (a
 * call that took them would make V8 allocate the caller's literal every time). -1 with
 * nothing staged when the values need the general path (any that is not a number of a
 * field). A getter among the values that spawned or flushed throws from rows.alone.
 */
export type SoloSpawn = (
  values: unknown,
  rows: SoloRows,
  claims: { readonly count: number; claim(): number },
) => number;

/** What a SoloSpawn reads and writes of InitRows. */
export type SoloRows = StageTarget & {
  n: number;
  readonly cap: number;
  readonly given: Uint8Array;
  readonly ids: Uint32Array;
  readonly round: number;
  roomFor(r: number): void;
  alone(claimed: number, now: number, round: number): void;
};

/** Code made per component, null where it has other fields than scalars or the host forbids making code. */
const made = new WeakMap<Component, { stager: Stager | undefined; solo: SoloSpawn | undefined } | null>();

/** c's Stager (undefined: c has other fields, or the host forbids making code). */
export function stagerOf(c: Component): Stager | undefined {
  return codeOf(c)?.stager;
}

/** c's SoloSpawn (undefined: c has other fields, or the host forbids making code). */
export function soloSpawnOf(c: Component): SoloSpawn | undefined {
  return codeOf(c)?.solo;
}

function codeOf(c: Component): { stager: Stager | undefined; solo: SoloSpawn | undefined } | undefined {
  let code = made.get(c);
  if (code === undefined) {
    const scalar = c.fields.length > 0 && c.objectFields.length === 0 && c.fields.every((f) => !f.isArray);
    code = scalar ? { stager: literalStager(c), solo: soloSpawn(c) } : null;
    made.set(c, code);
  }
  return code ?? undefined;
}

/** store/values.ts readLines for c's fields (a${j}: field j's value, undefined when left out). */
function readFields(c: Component, fail: string): string[] {
  return readLines(
    c.fields.map((f) => f.name),
    fail,
  );
}

/** Each field's default (0 without one), bound as d${j}. */
function defaultsOf(c: Component): number[] {
  return c.fields.map((f) => {
    const d = fieldOf(c.defaults, f.name);
    return typeof d === "number" ? d : 0;
  });
}

/**
 * c's Stager. Every value is read before row r is written: when a getter among them
 * staged a row of these rows meanwhile (rows.n moved on), nothing is written and the
 * caller's check (InitRows.round) throws.
 */
function literalStager(c: Component): Stager | undefined {
  const d = defaultsOf(c);
  const lines = ["return function stage(values, rows, s, r) {", ...readFields(c, "return false;")];
  lines.push("if (rows.n !== r) return true;", "const cols = rows.cols;");
  for (let j = 0; j < d.length; j++) lines.push(`cols[s + ${j}][r] = a${j} === undefined ? d${j} : a${j};`);
  lines.push("return true;", "};");
  return make<Stager>(
    d.map((_, j) => `d${j}`),
    d,
    lines,
  );
}

/** c's SoloSpawn: what InitRows.stageSoloInit, alone, Claims.claim and commit do for it, in one piece. */
function soloSpawn(c: Component): SoloSpawn | undefined {
  const d = defaultsOf(c);
  const lines = [
    "return function spawnSolo(values, rows, claims) {",
    "const r = rows.n;",
    "if (r === rows.cap || rows.given[0] === 0) rows.roomFor(r);",
    "const claimed = claims.count;",
    "const round = rows.round;",
    ...readFields(c, "return -1;"),
    "rows.alone(claimed, claims.count, round);",
    "const cols = rows.cols;",
  ];
  for (let j = 0; j < d.length; j++) lines.push(`cols[${j}][r] = a${j} === undefined ? d${j} : a${j};`);
  lines.push("const e = claims.claim();", "rows.ids[r] = e;", "rows.n = r + 1;", "return e;", "};");
  return make<SoloSpawn>(
    d.map((_, j) => `d${j}`),
    d,
    lines,
  );
}

/**
 * A spawn of the 2 or 3 components of a layout into row n of its rows, as arguments a,
 * b, c in its order, those whose bit is set in `inits` (1: a, 2: b, 4: c) given as
 * inits, the others bare: each init's values read by name (as SoloSpawn reads them) and
 * staged, component by component, a bare component's defaults staged once a row took
 * values for it, an id claimed (a deferred spawn: world/spawn.ts spawnShaped) and the row
 * committed; the id. Room and backfill are made out of line, without the values. When
 * component k's values need the general path: -1 - k, the components before it staged
 * (rows.valuesOf gives them as read) and nothing committed. A getter that staged or
 * flushed these rows meanwhile stops the staging and throws from rows.alone. One piece
 * of code per layout and pattern: small enough for V8 to inline into the user's loop.
 */
export type FewSpawn = (
  a: unknown,
  b: unknown,
  c: unknown,
  rows: SoloRows & {
    roomForFew(r: number, a: boolean, b: boolean, c: boolean): void;
    bareAt(k: number, r: number): boolean;
  },
  claims: { readonly count: number; claim(): number },
) => number;

/** The FewSpawn of a layout of comps (column of each one's first field at base) for the inits pattern, or undefined. */
export function fewSpawn(comps: readonly Component[], base: readonly number[], inits: number): FewSpawn | undefined {
  const given = comps.map((_, k) => (inits & (1 << k)) !== 0);
  // A tag's values (it has no fields): the general path checks them.
  if (comps.some((c, k) => given[k] && c.fields.length === 0)) return undefined;
  const args = ["a", "b", "c"];
  const flags = [0, 1, 2].map((k) => String(given[k] === true));
  const lines = [
    "return function spawnFew(a, b, c, rows, claims) {",
    "const r = rows.n;",
    `if (r === rows.cap${given.map((g, k) => (g ? ` || rows.given[${k}] === 0` : "")).join("")}) rows.roomForFew(r, ${flags.join(", ")});`,
    "const claimed = claims.count;",
    "const round = rows.round;",
  ];
  const bound: string[] = [];
  const values: number[] = [];
  // Rows a getter staged (n moved) or flushed (round moved) take no more writes here.
  const mine = "rows.n === r && rows.round === round";
  comps.forEach((c, k) => {
    if (!given[k]) {
      if (c.fields.length > 0) lines.push(`if (rows.given[${k}] !== 0 && ${mine}) rows.bareAt(${k}, r);`);
      return;
    }
    const names = c.fields.map((f) => f.name);
    // readLines reads `values` into a0, a1, ...: one block per component.
    // Refused values: after a getter's spawn or flush that must throw (rows.alone), as every read's.
    const refuse = `{ rows.alone(claimed, claims.count, round); return ${-1 - k}; }`;
    lines.push("{", `const values = ${args[k]}.values;`, ...readLines(names, refuse));
    lines.push(`if (${mine}) {`, "const cols = rows.cols;");
    defaultsOf(c).forEach((v, j) => {
      bound.push(`d${k}_${j}`);
      values.push(v);
      lines.push(`cols[${base[k] + j}][r] = a${j} === undefined ? d${k}_${j} : a${j};`);
    });
    lines.push("}", "}");
  });
  lines.push("rows.alone(claimed, claims.count, round);");
  lines.push("const e = claims.claim();", "rows.ids[r] = e;", "rows.n = r + 1;", "return e;", "};");
  return make<FewSpawn>(bound, values, lines);
}

/**
 * The reads of an immediate spawn of the 1 to 3 components of a set (world/made-spawn.ts),
 * as arguments a, b, c in its order, those whose bit is set in `inits` given as inits:
 * each init's values read by name into locals (as SoloSpawn reads them), then staged in
 * `vals` (per field of the set, its components' in order; a field left out: its default).
 * Each init is staged once its values are read and found numbers; a getter's made spawn
 * of the set among later values is refused by the caller (MadeSpawn.alone). Returns the
 * argument whose values need the general path (the inits before it staged), or the
 * number of components when all were read. No call: one
 * piece of code per set and pattern, small enough for V8 to inline (460 bytes at most).
 */
export type ReadInits = (a: unknown, b: unknown, c: unknown, vals: Float64Array) => number;

/** Writes what a ReadInits staged into `row` of the table whose field i starts at views[i][bases[i]]. */
export type PutInits = (views: readonly TypedArray[], bases: Int32Array, row: number, vals: Float64Array) => void;

/** The ReadInits and PutInits of comps for the inits pattern, or undefined. */
export function initsCode(comps: readonly Component[], inits: number): { read: ReadInits; put: PutInits } | undefined {
  const n = comps.length;
  const given = comps.map((_, k) => (inits & (1 << k)) !== 0);
  // A tag's values (it has no fields): the general path checks them.
  if (comps.some((c, k) => given[k] && c.fields.length === 0)) return undefined;
  const args = ["a", "b", "c"];
  const locals = comps.flatMap((c, k) => (given[k] ? [`v${k}`, ...c.fields.map((_, j) => `a${k}_${j}`)] : []));
  // One exit for every refusal (break read; k: the argument refused).
  const read = ["return function readInits(a, b, c, vals) {", `let k = 0, ${locals.join(", ")};`, "read: {"];
  const put = ["return function putInits(views, bases, row, vals) {"];
  const bound: string[] = [];
  const values: number[] = [];
  let at = 0;
  comps.forEach((c, k) => {
    const names = c.fields.map((f) => f.name);
    // An init's fields are staged once all of them are read and found numbers (refused
    // values are never converted); a getter's made spawn of the set in a later init's
    // values moves the set's count of begun spawns, so the caller writes none of them.
    if (given[k])
      read.push(`k = ${k};`, `v${k} = ${args[k]}.values;`, ...readLines(names, "break read;", `a${k}_`, `v${k}`, true));
    defaultsOf(c).forEach((d, j) => {
      if (given[k]) {
        bound.push(`d${at}`);
        values.push(d);
        read.push(`vals[${at}] = a${k}_${j} === undefined ? d${at} : a${k}_${j};`);
        put.push(`views[${at}][bases[${at}] + row] = vals[${at}];`);
      }
      at++;
    });
  });
  read.push(`k = ${n};`, "}", "return k;", "};");
  put.push("};");
  const r = make<ReadInits>(bound, values, read);
  const p = make<PutInits>([], [], put);
  return r === undefined || p === undefined ? undefined : { read: r, put: p };
}
