// The core instance as the facade sees it: the guarded calls (calls.generated.ts), the
// typed-array views over the whole of wasm memory, and reads of the records the core
// keeps in memory (header, entity index, table records) that need no call at all.
// Invariant: the whole-memory views always cover the memory's current buffer; a call
// that grew the memory (which detaches every view over the old buffer) is followed by
// sync(), which rebuilds them before anyone reads.
// A trap inside the core marks it dead; every later call throws WorldPoisonedError.
import { WorldPoisonedError } from "../errors.js";
import { disposed, poisoned } from "../messages.js";
import type { TypedArray } from "../schema.js";
import { CoreCalls, type CoreExports } from "./calls.generated.js";
import {
  C_PTR,
  C_STRIDE,
  H_ALIVE,
  H_CHECKS,
  H_EPOCH,
  H_HEAP_TOP,
  H_JOURNAL_LEN,
  H_MASK_WORDS,
  H_MASKS,
  H_MAX_PAGES,
  H_RECORDS,
  H_SLOT_COUNT,
  H_TABLE_COUNT,
  H_TABLE_SEQ,
  H_TABLES,
  H_TGT_BITS,
  H_TGT_CAP,
  H_TGT_MAP,
  H_VIEW_REACH,
  REC_FREE,
  REC_ROW,
  REC_STRIDE,
  REC_TABLE_BITS,
  REC_TABLE_MASK,
  SLOT_MASK,
  T_BLOCK,
  T_BLOCK_FRESH,
  T_BLOCK_HIDDEN,
  T_COLS,
  T_COUNT,
  T_STRIDE,
} from "./constants.generated.js";
import { recordTable } from "./records.js";

export class Core extends CoreCalls {
  protected raw: CoreExports;
  /** The instance's exports as they are (raw may be wrapped by growEachCall). */
  private readonly own: CoreExports;
  readonly memory: WebAssembly.Memory;
  /** u32 index of the header in memory. */
  readonly hdr: number;
  /** Where this build's allocator keeps its state (a snapshot's image is checked against it). */
  readonly allocator: {
    readonly heapStart: number;
    readonly smallHeads: number;
    readonly largeHead: number;
    readonly columnHeads: number;
  };
  /** The memory's current buffer, cached: the Memory.buffer and view.buffer accessors are calls. */
  buffer!: ArrayBuffer;
  u8!: Uint8Array;
  u16!: Uint16Array;
  u32!: Uint32Array;
  i32!: Int32Array;
  f64!: Float64Array;
  /** Whole-memory views by type code (f32 f64 i8 u8 i16 u16 i32 u32 eid). */
  views!: TypedArray[];
  /** Why the core refuses calls (a trap, or dispose), or undefined while it is healthy. */
  dead: string | undefined;
  /**
   * Counts core calls (and the deferral's first waiting remove of a component, which the
   * accessors' fast writes must see): a table view whose `version` matches has nothing to re-read.
   */
  version = 0;
  /** Replays the row journal on the JS-side columns (set once the journal is on). */
  onJournal: (() => void) | undefined = undefined;
  /** Debug worlds: throws StaleViewError for a write through a stale column array (store/stale-writes.ts). */
  onCheck: (() => void) | undefined = undefined;

  constructor(raw: CoreExports, memory: WebAssembly.Memory) {
    super();
    this.memory = memory;
    this.raw = raw;
    this.own = raw;
    this.refresh();
    this.hdr = raw.headerPtr() >>> 2;
    this.allocator = {
      heapStart: raw.allocatorStatic(0),
      smallHeads: raw.allocatorStatic(1),
      largeHead: raw.allocatorStatic(2),
      columnHeads: raw.allocatorStatic(3),
    };
  }

  /**
   * createWorld's `growMemoryEachCall` (a testing switch): from now on every call first
   * grows the memory by one page, so every view over the old buffer is detached and the
   * facade must never read through one.
   */
  growEachCall(): void {
    this.raw = growingFirst(this.raw, this);
  }

  /** The layout epoch sync() last saw . */
  private seenEpoch = 0;

  /** The layout moved: rebuilds the views when the memory grew (in place, when shared). */
  private follow(): void {
    this.seenEpoch = this.u32[this.hdr + H_EPOCH];
    if (this.memory.buffer.byteLength !== this.buffer.byteLength) this.refresh();
  }

  /** Rebuilds the whole-memory views over the current buffer. */
  refresh(): void {
    const b = this.memory.buffer;
    this.buffer = b;
    this.u8 = new Uint8Array(b);
    this.u16 = new Uint16Array(b);
    this.u32 = new Uint32Array(b);
    this.i32 = new Int32Array(b);
    this.f64 = new Float64Array(b);
    this.views = [
      new Float32Array(b),
      this.f64,
      new Int8Array(b),
      this.u8,
      new Int16Array(b),
      this.u16,
      this.i32,
      this.u32,
      this.u32,
    ];
  }

  /**
   * After every call: views follow a grown memory; journaled row moves are replayed.
   * An unshared memory's growth detaches the views (length 0); a shared memory's keeps
   * them at the old length, so a moved layout epoch (bumped by every growth) is checked.
   */
  protected sync(): void {
    this.version++;
    // One test inline (every guarded call inlines this into its caller); the rest out of line.
    // (A detached view reads undefined: a new epoch for this test as well.)
    if (this.u32[this.hdr + H_EPOCH] !== this.seenEpoch || this.onJournal !== undefined) this.settle();
  }

  /** sync() past its usual case: views follow a grown or moved memory; journaled row moves are replayed. */
  private settle(): void {
    if (this.u32.length === 0) this.refresh();
    else if (this.u32[this.hdr + H_EPOCH] !== this.seenEpoch) this.follow();
    if (this.onJournal !== undefined && this.u32[this.hdr + H_JOURNAL_LEN] !== 0) this.onJournal();
  }

  protected poison(error: unknown): Error {
    if (error instanceof WorldPoisonedError) return error;
    this.dead = poisoned(error instanceof Error ? error.message : String(error));
    // Views for post-mortem reads (stats, inspection).
    if (this.memory.buffer !== this.buffer) this.refresh();
    this.retire();
    return new WorldPoisonedError(this.dead);
  }

  /** Refuses every later call, for `reason` (a kernel trapped); the error to throw. */
  kill(reason: string): WorldPoisonedError {
    this.dead ??= reason;
    // Views for post-mortem reads (stats, inspection), as poison() keeps them.
    if (this.memory.buffer !== this.buffer) this.refresh();
    this.retire();
    return new WorldPoisonedError(this.dead);
  }

  /**
   * At the start of a world call: throws WorldPoisonedError when the core refuses calls
   * (after a trap, or dispose); in a debug world, StaleViewError when a column array was
   * written after its table moved or freed its columns.
   */
  check(): void {
    if (this.dead !== undefined) throw new WorldPoisonedError(this.dead);
    if (this.onCheck !== undefined) this.onCheck();
  }

  /**
   * check() for the per-entity reads and writes (get, set, has, ...), which must stay a
   * few ns: WorldPoisonedError only. Looking for stale writes costs a pass over up to
   * QUARANTINE_BYTES; the next other world call makes it.
   */
  checkLive(): void {
    if (this.dead !== undefined) throw new WorldPoisonedError(this.dead);
  }

  /**
   * Debug core: looks for a write in the blocks the quarantine holds (assembly/alloc.ts)
   * and, with `release`, then frees them all. 0, or the QS_* kind of the write found (the
   * ring describes it until forgetStaleWrite()). Moves no column and grows no memory, so
   * unlike the guarded calls it leaves the views' version alone, and growEachCall does
   * not grow the memory before it.
   */
  quarantine(release: boolean): number {
    try {
      return this.own.checkQuarantine(release ? 1 : 0);
    } catch (error) {
      throw this.poison(error);
    }
  }

  dispose(): void {
    this.dead ??= disposed();
    this.retire();
  }

  /**
   * A dead world moves its layout epoch and call version on, so every reader that
   * skips work while they stand still (accessors, tables) looks again and meets check().
   */
  private retire(): void {
    this.version++;
    if (this.u32.length > 0) this.u32[this.hdr + H_EPOCH]++;
  }

  // ── Header and record reads (no calls) ────────────────────────────────────
  header(slot: number): number {
    return this.u32[this.hdr + slot];
  }
  get epoch(): number {
    return this.u32[this.hdr + H_EPOCH];
  }
  get tableCount(): number {
    return this.u32[this.hdr + H_TABLE_COUNT];
  }
  /** Creation number of the next table: what dropTables() takes. */
  get tableSeq(): number {
    return this.u32[this.hdr + H_TABLE_SEQ];
  }
  get alive(): number {
    return this.u32[this.hdr + H_ALIVE];
  }
  get maskWords(): number {
    return this.u32[this.hdr + H_MASK_WORDS];
  }
  /** u32 index of table t's record. */
  tableRec(t: number): number {
    return (this.u32[this.hdr + H_TABLES] >>> 2) + t * T_STRIDE;
  }
  /** u32 index of table t's mask (maskWords * 2 u32 words). */
  maskAt(t: number): number {
    return (this.u32[this.hdr + H_MASKS] >>> 2) + t * this.maskWords * 2;
  }
  /** Whether table t's mask has component id (no JS-side table object needed). */
  tableHas(t: number, id: number): boolean {
    return (this.u32[this.maskAt(t) + (id >>> 5)] & (1 << (id & 31))) !== 0;
  }
  /**
   * Table of a live entity, or -1 when `e` is not alive. `(e >>> 0) === e` admits only
   * integers in [0, 2^32); ids from 2^30 up carry a generation of 256 or more, which no
   * slot holds (GEN_BITS = 8), so the generation compare rejects them.
   */
  tableOf(e: number): number {
    const slot = typeof e === "number" ? e & SLOT_MASK : 0; // a BigInt, symbol or object is no entity
    const h = this.hdr;
    const u32 = this.u32;
    if (slot === 0 || slot >= u32[h + H_SLOT_COUNT] || e >>> 0 !== e) return -1;
    return recordTable(u32[(u32[h + H_RECORDS] >>> 2) + slot * REC_STRIDE], e);
  }
  /**
   * Clears the marks of every table's block (T_BLOCK_FRESH, T_BLOCK_HIDDEN: an image carries
   * none) and returns them for putBlockMarks().
   */
  takeBlockMarks(): Uint8Array {
    const marks = new Uint8Array(this.tableCount);
    for (let t = 0; t < marks.length; t++) {
      const at = this.tableRec(t) + T_BLOCK;
      marks[t] = this.u32[at] & (T_BLOCK_FRESH | T_BLOCK_HIDDEN);
      this.u32[at] -= marks[t];
    }
    return marks;
  }
  putBlockMarks(marks: Uint8Array): void {
    for (let t = 0; t < marks.length; t++) this.u32[this.tableRec(t) + T_BLOCK] |= marks[t];
  }
  /** Whether table t's block is fresh (T_BLOCK_FRESH): no view but the table's current ones reaches it. */
  freshBlock(t: number): boolean {
    return (this.u32[this.tableRec(t) + T_BLOCK] & T_BLOCK_FRESH) !== 0;
  }
  /**
   * Has the core rewrite table t's entity column when ids in it are not the records' (a
   * write through a stale array put them there; entitiesHeld makes no call, and reads one
   * word for a fresh block).
   */
  mendEntities(t: number): number {
    const version = this.version;
    if (!this.entitiesHeld(t)) this.checkEntityColumn(t);
    return version;
  }
  /** Byte address of table t's column j (valid until the next core call). */
  columnPtr(t: number, j: number): number {
    return this.u32[(this.u32[this.tableRec(t) + T_COLS] >>> 2) + j * C_STRIDE + C_PTR];
  }
  /**
   * Notes that a view of table t's block is being made: freed, the block stays a column
   * block (a view kept may still write to it), never the core's memory (T_BLOCK_HIDDEN).
   */
  show(t: number): void {
    this.u32[this.tableRec(t) + T_BLOCK] &= ~T_BLOCK_HIDDEN;
  }
  /**
   * Whether table t's entity column names at each row the entity whose record puts it there,
   * read from memory with no call (a query batch inside a loop makes none); at once for a
   * fresh block (T_BLOCK_FRESH), which no stale array reaches.
   */
  entitiesHeld(t: number): boolean {
    if (this.freshBlock(t)) return true;
    const u32 = this.u32;
    const ents = this.columnPtr(t, 0) >>> 2; // column 0: the entities
    for (let r = 0, n = u32[this.tableRec(t) + T_COUNT]; r < n; r++) {
      const e = u32[ents + r];
      if (this.tableOf(e) !== t || this.rowOf(e) !== r) return false;
    }
    return true;
  }
  /** Row of a live entity (precondition: tableOf(e) >= 0). */
  rowOf(e: number): number {
    return this.u32[(this.u32[this.hdr + H_RECORDS] >>> 2) + (e & SLOT_MASK) * REC_STRIDE + REC_ROW];
  }
  /** Current generation of e's slot and whether it is free; undefined for a slot never used. */
  slotState(e: number): { generation: number; free: boolean } | undefined {
    const slot = typeof e === "number" ? e & SLOT_MASK : 0;
    const h = this.hdr;
    if (slot === 0 || slot >= this.u32[h + H_SLOT_COUNT]) return undefined;
    const w = this.u32[(this.u32[h + H_RECORDS] >>> 2) + slot * REC_STRIDE];
    return { generation: w >>> REC_TABLE_BITS, free: (w & REC_TABLE_MASK) === REC_FREE };
  }
  /**
   * u32 index of the head of e's target chain in the core's target map ([table + 1,
   * pair]), or -1 when no relation pair names e's slot (assembly/target-index.ts).
   */
  targetHead(e: number): number {
    const u32 = this.u32;
    const slot = e & SLOT_MASK;
    // The target bit first (one per slot): most entities are no target.
    if ((u32[(u32[this.hdr + H_TGT_BITS] >>> 2) + (slot >>> 5)] & (1 << (slot & 31))) === 0) return -1;
    const cap = u32[this.hdr + H_TGT_CAP];
    if (cap === 0) return -1;
    const map = u32[this.hdr + H_TGT_MAP] >>> 2;
    const h = Math.imul(slot, 0x9e3779b1) >>> 0;
    let i = ((h ^ (h >>> 16)) >>> 0) & (cap - 1);
    // At most cap probes: a map always has empty entries (restore checks that), but a
    // walk over wasm memory never relies on it to end.
    for (let probes = 0; probes < cap; probes++) {
      const k = u32[map + i * 4];
      if (k === 0) return -1;
      if (k === slot + 1) return map + i * 4 + 1;
      i = (i + 1) & (cap - 1);
    }
    return -1;
  }

  // ── Whole-memory operations ──────────────────────────────────────────────
  /**
   * Replaces memory bytes 0 .. bytes.length with a snapshot's (growing the memory when
   * it is smaller) and clears what this world used past them, then puts back this
   * world's own settings (memory ceiling, checks) and moves the layout epoch on. False
   * when the memory cannot grow that far.
   */
  load(bytes: Uint8Array, maxPages: number): boolean {
    const have = this.memory.buffer.byteLength;
    if (bytes.length > have) {
      const pages = Math.ceil((bytes.length - have) / 65536);
      if (have / 65536 + pages > maxPages) return false;
      try {
        this.memory.grow(pages);
      } catch {
        return false;
      }
    }
    this.refresh();
    const h = this.hdr;
    const epoch = this.u32[h + H_EPOCH];
    const checks = this.u32[h + H_CHECKS];
    // Arrays kept from before reach every block below this memory's old top: none of them is fresh.
    const top = this.u32[h + H_HEAP_TOP];
    const reach = Math.max(this.u32[h + H_VIEW_REACH], top);
    this.u8.set(bytes, 0);
    // What this world held past the image is cleared (past its heap top the memory is
    // zero, assembly/alloc.ts): later blocks there would carry it into snapshots.
    if (top > bytes.length) this.u8.fill(0, bytes.length, top);
    this.u32[h + H_MAX_PAGES] = maxPages;
    this.u32[h + H_VIEW_REACH] = reach;
    this.u32[h + H_CHECKS] = checks;
    // This world's epoch moved on, whatever the image holds: every view and cache read
    // before saw an epoch up to this one (an image's own could wrap to any of them).
    this.u32[h + H_EPOCH] = epoch + 1;
    this.version++;
    return true;
  }
}

/** The raw exports with one page of growth before each call (the growMemoryEachCall switch). */
function growingFirst(raw: CoreExports, core: Core): CoreExports {
  const out: Record<string, unknown> = { memory: raw.memory };
  for (const [name, fn] of Object.entries(raw)) {
    if (typeof fn !== "function") continue;
    out[name] = (...args: number[]) => {
      try {
        core.memory.grow(1);
        core.refresh();
        core.u32[core.hdr + H_EPOCH]++;
        core.version++;
      } catch {
        /* at the memory's maximum */
      }
      return (fn as (...a: number[]) => number)(...args);
    };
  }
  return out as unknown as CoreExports;
}
