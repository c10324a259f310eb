// Test harness for the raw core: instantiates dist/core.debug.wasm or dist/core.wasm
// with no facade in between, writes component descriptors into scratch(), and reads
// the header, table records, column descriptors and entity records through views
// over memory. Views are re-created whenever memory.buffer changed (a grow detaches them).
import { readFileSync } from "node:fs";
import type { CoreExports } from "../../bindings/core/calls.generated.js";
import {
  C_COMP,
  C_DEFAULT,
  C_ELEM,
  C_FIELD,
  C_OFFSET,
  C_PTR,
  C_ROW_BYTES,
  C_STRIDE,
  F_DEFAULT,
  F_LEN,
  F_STRIDE,
  F_TYPE,
  H_MASK_WORDS,
  H_MASKS,
  H_RECORDS,
  H_SLOT_COUNT,
  H_TABLE_COUNT,
  H_TABLES,
  OK,
  REC_FREE,
  REC_ROW,
  REC_STRIDE,
  REC_TABLE_BITS,
  REC_TABLE_MASK,
  T_BLOCK,
  T_BLOCK_FRESH,
  T_BLOCK_HIDDEN,
  T_CAPACITY,
  T_COLS,
  T_COMPS,
  T_COUNT,
  T_EDGE_CAP,
  T_EDGES,
  T_NCOLS,
  T_NCOMPS,
  T_ROW_BYTES,
  T_STRIDE,
} from "../../bindings/core/constants.generated.js";
import {
  ALLOC_HEADER_BYTES,
  ARRAY_OF,
  type ElementArray,
  type ElementType,
  elementSize,
  type FieldSpec,
  type RawField,
  slotOf,
  typeCode,
} from "./fixtures.js";

export type Build = "debug" | "release";
export const BUILDS: readonly Build[] = ["debug", "release"];

/** The core exports the tests call, checked on every instance (their types are generated from assembly/index.ts). */
const EXPORT_NAMES: readonly (keyof CoreExports)[] = [
  "memory",
  "addPair",
  "removePair",
  "tableForPairs",
  "planDestroy",
  "commitDestroy",
  "cancelDestroy",
  "dropTables",
  "init",
  "headerPtr",
  "trimScratch",
  "scratch",
  "registerComponent",
  "tableWith",
  "tableWithout",
  "tableForMask",
  "journalOn",
  "allocBlock",
  "freeBlock",
  "setBits",
  "spawn",
  "spawnMany",
  "add",
  "remove",
  "moveTo",
  "moveMany",
  "addMany",
  "removeMany",
  "addToTables",
  "destroyInTables",
  "destroy",
  "destroyMany",
  "isAlive",
  "firstDead",
  "reserveEntities",
  "checkInvariants",
];

export interface ColumnInfo {
  readonly index: number;
  readonly ptr: number;
  readonly rowBytes: number;
  readonly offset: number;
  readonly comp: number;
  readonly field: number;
  readonly defaultPtr: number;
  readonly elem: number;
}

export interface TableInfo {
  readonly id: number;
  readonly count: number;
  readonly capacity: number;
  readonly block: number;
  /** T_BLOCK_FRESH: the block was carved for this table (its entity column is not checked). */
  readonly fresh: boolean;
  /** T_BLOCK_HIDDEN: no view of the block was made (show() makes one), so freed it is the core's memory again. */
  readonly hidden: boolean;
  readonly rowBytes: number;
  readonly columns: readonly ColumnInfo[];
  readonly comps: readonly number[];
}

export interface EntityRecord {
  readonly table: number;
  readonly row: number;
  readonly generation: number;
}

const modules = new Map<Build, Promise<WebAssembly.Module>>();

/** Compiles each build once per test file; every core is a fresh instance of it. */
function moduleFor(build: Build): Promise<WebAssembly.Module> {
  let module = modules.get(build);
  if (module === undefined) {
    const file = build === "debug" ? "core.debug.wasm" : "core.wasm";
    module = WebAssembly.compile(readFileSync(new URL(`../../dist/${file}`, import.meta.url)));
    modules.set(build, module);
  }
  return module;
}

/** Decodes an AssemblyScript string (UTF-16, byte length at ptr - 4). */
function readString(memory: WebAssembly.Memory, ptr: number): string {
  if (ptr === 0) return "";
  const bytes = new Uint32Array(memory.buffer)[(ptr - 4) >>> 2];
  return String.fromCharCode(...new Uint16Array(memory.buffer, ptr, bytes >>> 1));
}

function isCoreExports(value: unknown): value is CoreExports {
  if (typeof value !== "object" || value === null) return false;
  const record = value as Record<string, unknown>;
  return EXPORT_NAMES.every((name) =>
    name === "memory" ? record[name] instanceof WebAssembly.Memory : typeof record[name] === "function",
  );
}

export interface CoreOptions {
  /** Memory ceiling in 64 KiB pages (init's maxPages). */
  readonly maxPages?: number;
  /** 1: the debug build runs checkInvariants() after every structural op. */
  readonly checks?: number;
  /** Pages the memory starts with (2, the core's minimum, unless a test wants room up front). */
  readonly initialPages?: number;
}

export class CoreHarness {
  readonly raw: CoreExports;
  readonly build: Build;
  private readonly hdr: number;
  private buffer: ArrayBuffer | SharedArrayBuffer;
  private words: Uint32Array;

  private constructor(raw: CoreExports, build: Build) {
    this.raw = raw;
    this.build = build;
    this.buffer = raw.memory.buffer;
    this.words = new Uint32Array(this.buffer);
    this.hdr = raw.headerPtr() >>> 2;
  }

  /** A fresh, initialised core of the given build. Throws when init fails. */
  static async create(build: Build, options: CoreOptions = {}): Promise<CoreHarness> {
    const maxPages = options.maxPages ?? 65536;
    const module = await moduleFor(build);
    // The core imports its memory (and, in the debug build, abort); provide what it asks for.
    const wanted = new Set(WebAssembly.Module.imports(module).map((i) => `${i.module}.${i.name}`));
    const initial = options.initialPages ?? 2;
    const memory = new WebAssembly.Memory({ initial, maximum: Math.max(initial, maxPages) });
    const env: Record<string, WebAssembly.ImportValue> = {};
    if (wanted.has("env.memory")) env.memory = memory;
    if (wanted.has("env.abort")) {
      env.abort = (msg: number, file: number, line: number, col: number): never => {
        throw new Error(`core abort: ${readString(memory, msg)} at ${readString(memory, file)}:${line}:${col}`);
      };
    }
    const instance = await WebAssembly.instantiate(module, { env });
    if (!isCoreExports(instance.exports)) throw new Error(`dist ${build} core lacks an expected export`);
    const core = new CoreHarness(instance.exports, build);
    const status = core.raw.init(maxPages, options.checks ?? 0);
    if (status !== OK) throw new Error(`init failed with status ${status}`);
    return core;
  }

  // ── Views (re-created when memory grew) ────────────────────────────────────
  get memory(): WebAssembly.Memory {
    return this.raw.memory;
  }

  u32(): Uint32Array {
    if (this.buffer !== this.raw.memory.buffer) {
      this.buffer = this.raw.memory.buffer;
      this.words = new Uint32Array(this.buffer);
    }
    return this.words;
  }

  header(slot: number): number {
    return this.u32()[this.hdr + slot];
  }

  /** Payload bytes of the live allocation at ptr, from its allocator header. */
  allocationSize(ptr: number): number {
    return this.u32()[(ptr - ALLOC_HEADER_BYTES) >>> 2];
  }

  // ── Tables ──────────────────────────────────────────────────────────────────
  tableCount(): number {
    return this.header(H_TABLE_COUNT);
  }

  /** Reads one u32 slot of table t's record. */
  tget(t: number, slot: number): number {
    return this.u32()[(this.header(H_TABLES) >>> 2) + t * T_STRIDE + slot];
  }

  /** What the facade does when it makes a view of table t's block: clears T_BLOCK_HIDDEN. */
  show(t: number): void {
    this.u32()[(this.header(H_TABLES) >>> 2) + t * T_STRIDE + T_BLOCK] &= ~T_BLOCK_HIDDEN;
  }

  column(t: number, j: number): ColumnInfo {
    const u32 = this.u32();
    const d = (this.tget(t, T_COLS) >>> 2) + j * C_STRIDE;
    return {
      index: j,
      ptr: u32[d + C_PTR],
      rowBytes: u32[d + C_ROW_BYTES],
      offset: u32[d + C_OFFSET],
      comp: u32[d + C_COMP],
      field: u32[d + C_FIELD],
      defaultPtr: u32[d + C_DEFAULT],
      elem: u32[d + C_ELEM],
    };
  }

  table(t: number): TableInfo {
    const ncols = this.tget(t, T_NCOLS);
    const ncomps = this.tget(t, T_NCOMPS);
    const compsAt = this.tget(t, T_COMPS) >>> 2;
    const columns: ColumnInfo[] = [];
    for (let j = 0; j < ncols; j++) columns.push(this.column(t, j));
    const comps = Array.from(this.u32().subarray(compsAt, compsAt + ncomps));
    return {
      id: t,
      count: this.tget(t, T_COUNT),
      capacity: this.tget(t, T_CAPACITY),
      block: this.tget(t, T_BLOCK) & ~(T_BLOCK_FRESH | T_BLOCK_HIDDEN),
      fresh: (this.tget(t, T_BLOCK) & T_BLOCK_FRESH) !== 0,
      hidden: (this.tget(t, T_BLOCK) & T_BLOCK_HIDDEN) !== 0,
      rowBytes: this.tget(t, T_ROW_BYTES),
      columns,
      comps,
    };
  }

  /** The data column of (component, field) in table t; throws when the table has none. */
  columnOf(t: number, comp: number, field = 0): ColumnInfo {
    const ncols = this.tget(t, T_NCOLS);
    for (let j = 1; j < ncols; j++) {
      const col = this.column(t, j);
      if (col.comp === comp && col.field === field) return col;
    }
    throw new Error(`table ${t} has no column for component ${comp} field ${field}`);
  }

  /** The entities of table t, rows 0 .. count-1. */
  entities(t: number): number[] {
    const ptr = this.column(t, 0).ptr >>> 2;
    return Array.from(this.u32().subarray(ptr, ptr + this.tget(t, T_COUNT)));
  }

  /** Table t's mask as u32 words (low word first), H_MASK_WORDS * 2 of them. */
  mask(t: number): number[] {
    const n = this.header(H_MASK_WORDS) * 2;
    const at = (this.header(H_MASKS) >>> 2) + t * n;
    return Array.from(this.u32().subarray(at, at + n));
  }

  /** Component ids whose bit is set in table t's mask, ascending. */
  maskBits(t: number): number[] {
    const bits: number[] = [];
    this.mask(t).forEach((word, w) => {
      for (let b = 0; b < 32; b++) if ((word >>> b) & 1) bits.push(w * 32 + b);
    });
    return bits;
  }

  /** Cached edge of table t: the table id, or undefined when not cached. */
  edge(t: number, c: number, direction: "add" | "remove"): number | undefined {
    if (c >= this.tget(t, T_EDGE_CAP)) return undefined;
    const v = this.u32()[(this.tget(t, T_EDGES) >>> 2) + c * 2 + (direction === "add" ? 0 : 1)];
    return v === 0 ? undefined : v - 1;
  }

  // ── Entity records ────────────────────────────────────────────────────────
  slotCount(): number {
    return this.header(H_SLOT_COUNT);
  }

  recordOfSlot(slot: number): EntityRecord {
    const u32 = this.u32();
    const k = (this.header(H_RECORDS) >>> 2) + slot * REC_STRIDE;
    const t = u32[k] & REC_TABLE_MASK;
    return { table: t === REC_FREE ? -1 : t, row: u32[k + REC_ROW], generation: u32[k] >>> REC_TABLE_BITS };
  }

  record(e: number): EntityRecord {
    return this.recordOfSlot(slotOf(e));
  }

  // ── Components ─────────────────────────────────────────────────────────────
  /** Writes a descriptor into scratch() and registers it; returns the core's status or id. */
  register(fields: readonly FieldSpec[], flags = 0): number {
    const withDefaults = fields.filter((f) => f.default !== undefined);
    const defaultBytes = withDefaults.reduce((n, f) => n + elementSize(f.type) * (f.length ?? 1), 0);
    const bytes = fields.length * F_STRIDE * 4 + defaultBytes;
    const ptr = this.scratchFor(bytes);
    const u8 = new Uint8Array(this.raw.memory.buffer);
    const dv = new DataView(this.raw.memory.buffer);
    u8.fill(0, ptr, ptr + bytes);
    let at = ptr + fields.length * F_STRIDE * 4;
    fields.forEach((f, i) => {
      const r = ptr + i * F_STRIDE * 4;
      dv.setUint32(r + F_TYPE * 4, typeCode(f.type), true);
      dv.setUint32(r + F_LEN * 4, f.length ?? 1, true);
      dv.setUint32(r + F_DEFAULT * 4, f.default === undefined ? 0 : 1, true);
      if (f.default === undefined) return;
      const row = new ARRAY_OF[f.type](new ArrayBuffer(elementSize(f.type) * (f.length ?? 1)));
      row.set(f.default);
      u8.set(new Uint8Array(row.buffer), at);
      at += row.byteLength;
    });
    return this.raw.registerComponent(ptr, fields.length, flags);
  }

  /** Registers a descriptor of raw (possibly invalid) field records without defaults. */
  registerRaw(fields: readonly RawField[], flags = 0, nfields = fields.length): number {
    const bytes = Math.max(fields.length, 1) * F_STRIDE * 4;
    const ptr = this.scratchFor(bytes);
    const u32 = this.u32();
    u32.fill(0, ptr >>> 2, (ptr + bytes) >>> 2);
    fields.forEach((f, i) => {
      u32[(ptr >>> 2) + i * F_STRIDE + F_TYPE] = f.type;
      u32[(ptr >>> 2) + i * F_STRIDE + F_LEN] = f.length;
    });
    return this.raw.registerComponent(ptr, nfields, flags);
  }

  /** Like register, but throws unless the core returned a component id. */
  component(fields: readonly FieldSpec[], flags = 0): number {
    const id = this.register(fields, flags);
    if (id < 0) throw new Error(`registerComponent failed with status ${id}`);
    return id;
  }

  /** The table holding exactly these components (reached from table 0 through tableWith). */
  tableOf(comps: readonly number[]): number {
    let t = 0;
    for (const c of comps) {
      t = this.raw.tableWith(t, c);
      if (t < 0) throw new Error(`tableWith failed with status ${t}`);
    }
    return t;
  }

  /** tableForMask with a mask of these component ids written into scratch (H_MASK_WORDS wide). */
  tableForMask(comps: readonly number[]): number {
    const words = this.header(H_MASK_WORDS) * 2;
    const ptr = this.scratchFor(words * 4);
    const u32 = this.u32();
    u32.fill(0, ptr >>> 2, (ptr >>> 2) + words);
    for (const c of comps) u32[(ptr >>> 2) + (c >>> 5)] |= 1 << (c & 31);
    return this.raw.tableForMask(ptr);
  }

  scratchFor(bytes: number): number {
    const ptr = this.raw.scratch(bytes);
    if (ptr === 0) throw new Error(`scratch(${bytes}) ran out of memory`);
    return ptr;
  }

  // ── Entities ──────────────────────────────────────────────────────────────
  /** Spawns one entity into t; throws unless the core returned a handle. */
  spawn(t: number): number {
    const e = this.raw.spawn(t);
    if (e < 0) throw new Error(`spawn failed with status ${e}`);
    return e;
  }

  /**
   * spawnMany through scratch. The core returns the first new row (>= 0) or a status;
   * ok says which, and entities is empty unless ok.
   */
  spawnMany(t: number, n: number): { status: number; ok: boolean; entities: number[] } {
    const ptr = this.scratchFor(Math.max(n, 1) * 4);
    const status = this.raw.spawnMany(t, n, ptr);
    if (status < 0) return { status, ok: false, entities: [] };
    return { status, ok: true, entities: Array.from(this.u32().subarray(ptr >>> 2, (ptr >>> 2) + n)) };
  }

  /** The batch exports take the list through scratch; skipDead ignores dead handles. */
  moveMany(entities: readonly number[], t: number, skipDead = false): number {
    return this.raw.moveMany(this.writeEntities(entities), entities.length, t, skipDead ? 1 : 0);
  }

  addMany(entities: readonly number[], c: number, skipDead = false): number {
    return this.raw.addMany(this.writeEntities(entities), entities.length, c, skipDead ? 1 : 0);
  }

  removeMany(entities: readonly number[], c: number, skipDead = false): number {
    return this.raw.removeMany(this.writeEntities(entities), entities.length, c, skipDead ? 1 : 0);
  }

  destroyMany(entities: readonly number[], skipDead = false): number {
    return this.raw.destroyMany(this.writeEntities(entities), entities.length, skipDead ? 1 : 0);
  }

  private writeEntities(entities: readonly number[]): number {
    const ptr = this.scratchFor(Math.max(entities.length, 1) * 4);
    this.u32().set(entities, ptr >>> 2);
    return ptr;
  }

  alive(e: number): boolean {
    return this.raw.isAlive(e) === 1;
  }

  // ── Values ────────────────────────────────────────────────────────────────
  /** A typed array over one column's rows 0 .. capacity-1 (all elements). */
  columnView(t: number, col: ColumnInfo, type: ElementType): ElementArray {
    const Ctor = ARRAY_OF[type];
    const all = new Ctor(this.raw.memory.buffer);
    const start = col.ptr / Ctor.BYTES_PER_ELEMENT;
    return all.subarray(start, start + (this.tget(t, T_CAPACITY) * col.rowBytes) / Ctor.BYTES_PER_ELEMENT);
  }

  /** Element i of (comp, field) of a live entity. */
  read(e: number, comp: number, field: number, type: ElementType, i = 0): number {
    const { table, row } = this.record(e);
    const col = this.columnOf(table, comp, field);
    return this.columnView(table, col, type)[(row * col.rowBytes) / elementSize(type) + i];
  }

  /** The whole row of (comp, field) of a live entity, as numbers. */
  readRow(e: number, comp: number, field: number, type: ElementType): number[] {
    const { table, row } = this.record(e);
    const col = this.columnOf(table, comp, field);
    const per = col.rowBytes / elementSize(type);
    return Array.from(this.columnView(table, col, type).subarray(row * per, row * per + per));
  }

  write(e: number, comp: number, field: number, type: ElementType, value: number, i = 0): void {
    const { table, row } = this.record(e);
    const col = this.columnOf(table, comp, field);
    this.columnView(table, col, type)[(row * col.rowBytes) / elementSize(type) + i] = value;
  }
}
