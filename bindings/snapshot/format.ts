// Snapshots: a world as bytes. The core's whole state is its linear memory, so a
// snapshot is that memory up to the heap top plus a small JSON part for what lives in
// JS (component layouts, sparse bitset addresses, change tracking, object fields, the
// step counter, resources), all under one checksum.
//
//   offset 0   [ magic "WECS" | format | flags | core header address | json bytes |
//                memory bytes | CRC low | CRC high ]                8 x u32 = 32 bytes
//   offset 32  [ JSON, UTF-8, padded with spaces to a multiple of 8 ]
//   then       [ memory bytes 0 .. heap top, padded with zeros to a multiple of 8 ]
//
// The checksum, CRC-64/MS (crc64.ts), covers every byte after the first 32 (JSON and
// memory), so a damaged or truncated snapshot is refused before anything changes; an
// image edited on purpose (and resealed) is caught by image.ts. docs/snapshot-format.md
// is the reference for other tools.
import {
  H_ALIVE,
  H_COMPONENT_COUNT,
  H_COMPONENTS,
  H_TABLE_COUNT,
  H_TABLES,
  K_COMPANION,
  K_STRIDE,
  T_COMPS,
  T_COUNT,
  T_NCOMPS,
  T_STRIDE,
} from "../core/constants.generated.js";
import { SnapshotError } from "../errors.js";
import { detachedBytes, snap } from "../messages.js";
import { ticksName } from "../store/changes.js";
import { copyTyped, typedKind } from "../store/typed-copy.js";
import { crc64, crcHex } from "./crc64.js";

export const MAGIC = 0x53434557; // "WECS" read as a little-endian u32
/**
 * Bumped on any change of the layout here or of the core records an image holds.
 * 5: CRC-64 checksum, and 30-bit entity ids (8-bit generations that wrap; H_RETIRED gone).
 * 6: one 8-byte record per entity slot (generation and table in one word, then the row) at
 *    H_RECORDS, where three arrays were.
 * 7: a table of SKEW_ROWS rows or more shifts each column's start by its share of the row
 *    over a 4 KB page (assembly/table.ts columnStart); format 6 packed them.
 * 8: column blocks apart from the core's memory (assembly/column-heap.ts: their own kind and
 *    free lists).
 * 9: H_COLUMN_UNMERGED counts bytes (at most H_COLUMN_FREE), header slot 58 is H_VIEW_REACH
 *    (it was the heap's peak), and T_BLOCK bit 1 is T_BLOCK_HIDDEN (an image holds no block
 *    marks): an image of format 8 would be read with other meanings.
 */
export const FORMAT_VERSION = 9;
export const HEADER_BYTES = 32;
/** flags bit 0: made by the debug core (its static data sits elsewhere). */
export const FLAG_DEBUG = 1;

/** One component as a snapshot records it: enough to tell whether a world has the same. */
export interface SchemaEntry {
  readonly name: string;
  /** The world's own bookkeeping (change stamps). */
  readonly hidden: boolean;
  readonly tag: boolean;
  readonly sparse: boolean;
  /** [name, scalar, elements per row] of each numeric field, in order. */
  readonly fields: readonly (readonly [string, string, number])[];
  readonly objectFields: readonly string[];
  /** For a change-stamps companion: the id of the component it tracks. */
  readonly tracks?: number;
  /** For a relation: "exclusive" or "multiple", and what destroying a target does. */
  readonly relation?: readonly [string, string];
}

/** The JSON part. */
export interface SnapshotMeta {
  readonly schema: readonly SchemaEntry[];
  readonly schemaHash: number;
  readonly entities: number;
  readonly tables: number;
  readonly sparse: readonly {
    readonly id: number;
    readonly ptr: number;
    readonly words: number;
    readonly count: number;
  }[];
  readonly changeTick: number;
  readonly steps: number;
  readonly systems: Readonly<Record<string, number>>;
  readonly queries: Readonly<Record<string, number>>;
  readonly resources: Readonly<Record<string, unknown>>;
  /** [table id, component id, object field index, values row by row]. */
  readonly objects: readonly (readonly [number, number, number, readonly unknown[]])[];
}

/** What the fixed header says. */
export interface SnapshotHeader {
  readonly flags: number;
  readonly corePtr: number;
  readonly jsonBytes: number;
  readonly memoryBytes: number;
}

/**
 * Writes the CRC-64 of everything after the fixed header into header words 6 (low
 * half) and 7 (high half) of a laid-out snapshot.
 */
export function seal(snapshot: Uint8Array): void {
  const crc = crc64(snapshot.subarray(HEADER_BYTES));
  const view = new DataView(snapshot.buffer, snapshot.byteOffset, HEADER_BYTES);
  view.setUint32(24, crc.lo, true);
  view.setUint32(28, crc.hi, true);
}

/** A 32-bit hash of the schema, for messages and quick comparison. */
export function schemaHash(schema: readonly SchemaEntry[]): number {
  const text = JSON.stringify(schema);
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/**
 * Lays out a snapshot: header, JSON, then `memory` (the core's bytes 0 .. heap top),
 * and computes the checksum.
 */
export function encode(meta: SnapshotMeta, memory: Uint8Array, flags: number, corePtr: number): Uint8Array {
  let json = new TextEncoder().encode(JSON.stringify(meta));
  const padded = (json.length + 7) & ~7;
  if (padded !== json.length) {
    const p = new Uint8Array(padded).fill(0x20);
    p.set(json);
    json = p;
  }
  const total = HEADER_BYTES + padded + ((memory.length + 7) & ~7);
  const out = new Uint8Array(total);
  out.set(json, HEADER_BYTES);
  out.set(memory, HEADER_BYTES + padded);
  const head = new Uint32Array(out.buffer, 0, 8);
  head[0] = MAGIC;
  head[1] = FORMAT_VERSION;
  head[2] = flags;
  head[3] = corePtr;
  head[4] = padded;
  head[5] = memory.length;
  seal(out);
  return out;
}

/**
 * Checks the fixed header, the lengths and the checksum, and parses the JSON part.
 * Throws SnapshotError saying what is wrong; reads nothing else.
 */
export function decode(given: unknown): { header: SnapshotHeader; meta: SnapshotMeta; memory: Uint8Array } {
  // A Uint8Array itself (not a Proxy of one), copied by its internal slots: a subclass's
  // getters or methods are not asked, and the bytes checked are the bytes loaded.
  if (typedKind(given) !== "Uint8Array") throw new SnapshotError(snap.notBytes(given));
  const bytes = copyTyped(given as Uint8Array);
  if (bytes === undefined) throw new SnapshotError(detachedBytes());
  if (bytes.length < HEADER_BYTES) throw new SnapshotError(snap.short(bytes.length, HEADER_BYTES));
  // Copy the header out: the input may be unaligned or a view on a shared buffer.
  const head = new Uint32Array(8);
  new Uint8Array(head.buffer).set(bytes.subarray(0, HEADER_BYTES));
  if (head[0] !== MAGIC) throw new SnapshotError(snap.magic());
  if (head[1] !== FORMAT_VERSION) throw new SnapshotError(snap.version(head[1], FORMAT_VERSION));
  if ((head[2] & ~FLAG_DEBUG) !== 0) throw new SnapshotError(snap.flags(head[2]));
  const header: SnapshotHeader = { flags: head[2], corePtr: head[3], jsonBytes: head[4], memoryBytes: head[5] };
  const expected = HEADER_BYTES + header.jsonBytes + ((header.memoryBytes + 7) & ~7);
  if (header.jsonBytes % 8 !== 0 || bytes.length !== expected) {
    throw new SnapshotError(snap.length(bytes.length, expected, header.jsonBytes, header.memoryBytes));
  }
  // `bytes` is a copy of its own from offset 0, so the body is 8-byte aligned as it is.
  const body = bytes.subarray(HEADER_BYTES);
  const sum = crc64(body);
  if (sum.lo !== head[6] || sum.hi !== head[7]) {
    throw new SnapshotError(snap.checksum(crcHex({ lo: head[6], hi: head[7] }), crcHex(sum)));
  }
  let meta: SnapshotMeta;
  try {
    meta = JSON.parse(new TextDecoder().decode(body.subarray(0, header.jsonBytes))) as SnapshotMeta;
  } catch (error) {
    throw new SnapshotError(snap.json((error as Error).message));
  }
  if (meta === null || typeof meta !== "object" || !Array.isArray(meta.schema))
    throw new SnapshotError(snap.noSchema());
  meta.schema.forEach((entry, id) => {
    if (!wellFormed(entry)) throw new SnapshotError(snap.malformed(snap.undescribed(id)));
    const relation = (entry as { relation?: unknown }).relation;
    if (relation !== undefined && !(Array.isArray(relation) && relation.length === 2 && relation.every(isString)))
      throw new SnapshotError(snap.malformed(snap.badRelation(id, relation)));
  });
  return { header, meta, memory: body.subarray(header.jsonBytes, header.jsonBytes + header.memoryBytes) };
}

const isString = (v: unknown): boolean => typeof v === "string";

/** Whether a schema entry has the shape SchemaEntry describes. */
function wellFormed(e: unknown): boolean {
  if (typeof e !== "object" || e === null) return false;
  const x = e as Record<string, unknown>;
  return (
    typeof x.name === "string" &&
    typeof x.hidden === "boolean" &&
    typeof x.tag === "boolean" &&
    typeof x.sparse === "boolean" &&
    Array.isArray(x.fields) &&
    x.fields.every(
      (f) =>
        Array.isArray(f) &&
        f.length === 3 &&
        typeof f[0] === "string" &&
        typeof f[1] === "string" &&
        Number.isInteger(f[2]),
    ) &&
    Array.isArray(x.objectFields) &&
    x.objectFields.every((f) => typeof f === "string") &&
    (x.tracks === undefined || Number.isInteger(x.tracks))
  );
}

/**
 * Throws SnapshotError unless value survives JSON: null, booleans, finite numbers,
 * strings, arrays and plain objects of those. `where` names the value in the message.
 */
export function checkJsonSafe(value: unknown, where: string): void {
  jsonSafeCopy(value, where);
}

/**
 * checkJsonSafe() that also returns a copy of plain data: every property and element
 * read once (a getter runs once, and JSON.stringify then reads no getter again).
 */
export function jsonSafeCopy(value: unknown, where: string, depth = 0): unknown {
  if (value === null || typeof value === "string" || typeof value === "boolean") return value;
  if (typeof value === "number") {
    if (Number.isFinite(value)) return value;
    throw new SnapshotError(snap.notJson(where, value));
  }
  if (depth > 64) throw new SnapshotError(snap.tooDeep(where));
  if (Array.isArray(value)) {
    const n = value.length;
    const out = new Array<unknown>(n);
    for (let i = 0; i < n; i++) out[i] = jsonSafeCopy(value[i], `${where}[${i}]`, depth + 1);
    return out;
  }
  if (typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
    const out: Record<string, unknown> = {};
    // Its own property, "__proto__" included (as JSON.parse makes it).
    for (const [k, v] of Object.entries(value as Record<string, unknown>))
      Object.defineProperty(out, k, {
        value: jsonSafeCopy(v, `${where}.${k}`, depth + 1),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    return out;
  }
  throw new SnapshotError(snap.notJsonSafe(where, value));
}

/** How a snapshot's JSON part writes an undefined object-field value (JSON has none). */
export const UNDEFINED = { "wasm-ecs:undefined": true } as const;
/** Key of the wrapper around an object-field value that itself has a mark's key. */
const LITERAL = "wasm-ecs:literal";

/** Whether v is an object with one of the marks' keys (then it is written wrapped). */
const marked = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && (Object.hasOwn(v, LITERAL) || Object.hasOwn(v, "wasm-ecs:undefined"));

/**
 * An object-field value as the JSON part writes it: undefined as UNDEFINED, a value with
 * a mark's key wrapped as { "wasm-ecs:literal": value }, anything else as itself.
 */
export const objectValueOut = (v: unknown): unknown => (v === undefined ? UNDEFINED : marked(v) ? { [LITERAL]: v } : v);

/** The value objectValueOut wrote as `v`. */
export const objectValueIn = (v: unknown): unknown => (marked(v) ? v[LITERAL] : v);

export function describeEntry(e: SchemaEntry): string {
  if (e.hidden) return `"${e.name}" (internal)`;
  const fields = [
    ...e.fields.map(([n, t, len]) => (len === 1 ? `${n}: ${t}` : `${n}: [${t}, ${len}]`)),
    ...e.objectFields.map((n) => `${n}: object`),
  ];
  const kind =
    e.relation !== undefined ? `relation (${e.relation.join(", ")}) ` : e.sparse ? "sparse tag " : e.tag ? "tag " : "";
  return `${kind}"${e.name}"${e.tag ? "" : ` { ${fields.join(", ")} }`}`;
}

const isU32 = (v: unknown): v is number => Number.isInteger(v) && (v as number) >= 0 && (v as number) <= 0xffffffff;
const isRecord = (v: unknown) => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * SnapshotError unless each schema entry is an object with a name, and each that tracks a
 * component is hidden, named for that component's stamps (store/changes.ts ticksName), and
 * the only one tracking it. checkParts runs it, and createWorld before it registers them.
 */
export function checkEntries(schema: readonly SchemaEntry[]): void {
  const bad = (what: string) => new SnapshotError(snap.malformed(what));
  const trackedBy = new Set<number>();
  schema.forEach((entry, id) => {
    if (!isRecord(entry) || typeof entry.name !== "string") throw bad(snap.undescribed(id));
    // A companion whose tracking ran out of memory tracks nothing yet (world-state.ts checkSchema names it by its name).
    if (entry.tracks === undefined) return;
    const of = schema[entry.tracks as number];
    const ok = isU32(entry.tracks) && isRecord(of) && !of.hidden && entry.hidden === true;
    if (!ok || entry.name !== ticksName(of.name) || trackedBy.has(entry.tracks)) throw bad(snap.tracksNothing(id));
    trackedBy.add(entry.tracks);
  });
}

/**
 * SnapshotError unless the JSON part is well formed and agrees with the memory part:
 * counts, tick values, sparse bitsets inside the memory, and exactly one object-value
 * list per object field of every non-empty table, one value per row. Runs before
 * anything changes, so a restore never stops half-way on its own data.
 */
export function checkParts(meta: SnapshotMeta, memory: Uint8Array, corePtr: number): void {
  const bad = (what: string) => new SnapshotError(snap.malformed(what));
  const u32 = new Uint32Array(memory.buffer, memory.byteOffset, memory.length >>> 2);
  const read = (i: number): number => {
    if (!(i >= 0 && i < u32.length)) throw new SnapshotError(snap.memoryShort());
    return u32[i];
  };
  const schema = meta.schema;
  for (const key of ["entities", "tables", "changeTick"] as const) if (!isU32(meta[key])) throw bad(snap.notCount(key));
  // Steps count on past 2^32 (a world's own snapshot must restore).
  if (!(Number.isSafeInteger(meta.steps) && meta.steps >= 0)) throw bad(snap.notCount("steps"));
  for (const key of ["systems", "queries"] as const) {
    if (!isRecord(meta[key]) || !Object.values(meta[key]).every(isU32)) throw bad(snap.notTicks(key));
  }
  if (!isRecord(meta.resources)) throw bad('"resources" is not an object');
  // What snapshot() would refuse to write, so that the restored world can be saved again.
  for (const [k, v] of Object.entries(meta.resources)) checkJsonSafe(v, `resource "${k}"`);
  if (!Array.isArray(meta.sparse) || !Array.isArray(meta.objects)) throw bad('"sparse" or "objects" is not a list');
  checkEntries(schema);
  const h = corePtr >>> 2;
  // The components the memory's registry holds, and which one travels with which.
  if (read(h + H_COMPONENT_COUNT) !== schema.length) throw new SnapshotError(snap.disagree(snap.onComponentCount()));
  const registry = read(h + H_COMPONENTS) >>> 2;
  // Who tracks whom, found once (checkEntries: at most one companion each).
  const trackedBy = new Map<number, number>();
  schema.forEach((x, id) => {
    if (x.tracks !== undefined) trackedBy.set(x.tracks, id);
  });
  schema.forEach((entry, id) => {
    const companion = read(registry + id * K_STRIDE + K_COMPANION);
    const tracked = trackedBy.get(id) ?? -1;
    if (companion !== tracked + 1) throw new SnapshotError(snap.disagree(snap.onTracking(entry.name)));
  });
  const alive = read(h + H_ALIVE);
  const tables = read(h + H_TABLE_COUNT);
  if (meta.entities !== alive || meta.tables !== tables) {
    throw new SnapshotError(
      snap.disagree(
        `: the JSON says ${meta.entities} entities in ${meta.tables} tables, the memory ${alive} in ${tables}`,
      ),
    );
  }
  const seenSparse = new Set<number>();
  for (const s of meta.sparse) {
    if (!isRecord(s) || !isU32(s.id) || !isU32(s.ptr) || !isU32(s.words) || !isU32(s.count))
      throw bad(snap.aSparseBitset());
    if (!schema[s.id]?.sparse || seenSparse.has(s.id)) throw bad(snap.sparseBitsetOf(s.id));
    seenSparse.add(s.id);
    if (s.ptr % 4 !== 0 || s.ptr + s.words * 4 > memory.length || s.count > s.words * 32)
      throw bad(snap.bitsetOutside(schema[s.id].name));
    // A bitset is a live block of the core's allocator: [size, kind (1 small, 2 large), ...] before it.
    if (
      s.words > 0 &&
      (s.ptr < 16 || read((s.ptr >>> 2) - 4) < s.words * 4 || ![1, 2].includes(read((s.ptr >>> 2) - 3)))
    )
      throw bad(snap.bitsetNotBlock(schema[s.id].name));
  }
  // snapshot() lists every sparse tag's bitset: one left out would stay allocated with no owner.
  schema.forEach((entry, id) => {
    if (entry.sparse && !seenSparse.has(id)) throw bad(snap.noBitset(entry.name));
  });
}

/**
 * SnapshotError unless there is exactly one object-value list per object field of every
 * non-empty table, one value per row. Runs after checkImage (image.ts), which found the
 * table records sound: each table's component list is then read once, so the walk is
 * linear in the image and the JSON however they are crafted.
 */
export function checkObjectLists(meta: SnapshotMeta, memory: Uint8Array, corePtr: number): void {
  const bad = (what: string) => new SnapshotError(snap.malformed(what));
  const u32 = new Uint32Array(memory.buffer, memory.byteOffset, memory.length >>> 2);
  const h = corePtr >>> 2;
  const schema = meta.schema;
  const tables = u32[h + H_TABLE_COUNT];
  const records = u32[h + H_TABLES] >>> 2;
  const compsOf = new Map<number, Set<number>>();
  const comps = (t: number): Set<number> => {
    let set = compsOf.get(t);
    if (set === undefined) {
      const rec = records + t * T_STRIDE;
      const at = u32[rec + T_COMPS] >>> 2;
      set = new Set(u32.subarray(at, at + u32[rec + T_NCOMPS]));
      compsOf.set(t, set);
    }
    return set;
  };
  // Object values: one list per (non-empty table, object field), one value per row.
  const lists = new Set<string>();
  for (const entry of meta.objects) {
    if (!Array.isArray(entry) || entry.length !== 4) throw bad(snap.anObjectList());
    const [t, id, index, values] = entry;
    if (!isU32(t) || t >= tables || !isU32(id) || id >= schema.length || !isU32(index) || !Array.isArray(values))
      throw bad(snap.anObjectList());
    if (index >= (schema[id].objectFields?.length ?? 0) || lists.has(`${t}/${id}/${index}`))
      throw bad(snap.objectValuesOf(t, id));
    lists.add(`${t}/${id}/${index}`);
    if (!comps(t).has(id)) throw bad(snap.objectValuesWithout(t, id));
    const rows = u32[records + t * T_STRIDE + T_COUNT];
    if (rows !== values.length) throw new SnapshotError(snap.disagree(snap.objectRows(t, rows, values.length)));
    for (const v of values)
      checkJsonSafe(objectValueIn(v) ?? null, `${schema[id].name}.${schema[id].objectFields[index]}`);
  }
  for (let t = 0; t < tables; t++) {
    if (u32[records + t * T_STRIDE + T_COUNT] === 0) continue;
    for (const id of comps(t)) {
      const fields = schema[id]?.objectFields?.length ?? 0;
      for (let f = 0; f < fields; f++)
        if (!lists.has(`${t}/${id}/${f}`)) throw new SnapshotError(snap.disagree(snap.noObjectValues(t)));
    }
  }
}
