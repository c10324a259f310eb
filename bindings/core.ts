// The typed interface of the core's raw exports, and the only file that calls them.
// It also owns the typed-array views over the whole of wasm memory: they are rebuilt
// after any call that grew memory (growth detaches every view over the old buffer).
// A trap inside the core marks the core dead; every later call throws WorldPoisonedError.
import {
  H_ALIVE,
  H_CHECKS,
  H_EPOCH,
  H_JOURNAL_LEN,
  H_MASK_WORDS,
  H_MASKS,
  H_MAX_PAGES,
  H_REC_GEN,
  H_REC_ROW,
  H_REC_TABLE,
  H_RESULT,
  H_SLOT_COUNT,
  H_TABLE_COUNT,
  H_TABLE_SEQ,
  H_TABLES,
  H_TGT_BITS,
  H_TGT_CAP,
  H_TGT_MAP,
  SLOT_BITS,
  SLOT_MASK,
  T_STRIDE,
} from "./constants.js";
import { messages, WorldPoisonedError } from "./errors.js";
import type { TypedArray } from "./schema.js";

/** The raw exports of assembly/index.ts (i32 in, i32 out). */
export interface CoreExports {
  readonly memory: WebAssembly.Memory;
  init(maxPages: number, checks: number): number;
  headerPtr(): number;
  scratch(bytes: number): number;
  trimScratch(): void;
  registerComponent(desc: number, nfields: number, flags: number): number;
  tableWith(t: number, c: number): number;
  tableForMask(m: number): number;
  tableWithout(t: number, c: number): number;
  spawn(t: number): number;
  spawnMany(t: number, n: number, out: number): number;
  add(e: number, c: number): number;
  remove(e: number, c: number): number;
  moveTo(e: number, t: number): number;
  moveMany(ptr: number, n: number, t: number, skipDead: number): number;
  addMany(ptr: number, n: number, c: number, skipDead: number): number;
  removeMany(ptr: number, n: number, c: number, skipDead: number): number;
  addToTables(ptr: number, n: number, c: number, out: number): number;
  removeFromTables(ptr: number, n: number, c: number, out: number): number;
  destroyInTables(ptr: number, n: number): number;
  dropTables(first: number): number;
  destroy(e: number): number;
  destroyMany(ptr: number, n: number, skipDead: number): number;
  isAlive(e: number): number;
  firstDead(ptr: number, n: number): number;
  reserveEntities(n: number): number;
  checkInvariants(): number;
  linkCompanion(c: number, k: number): number;
  journalOn(): number;
  debugTrapAfterMoves(n: number): number;
  allocBlock(bytes: number): number;
  freeBlock(ptr: number): void;
  setBits(bits: number, words: number, ents: number, n: number, on: number): number;
  addPair(e: number, rel: number, target: number): number;
  removePair(e: number, rel: number, target: number): number;
  pairMany(ptr: number, n: number, rel: number, target: number, adding: number, skipDead: number): number;
  pairTables(ptr: number, n: number, rel: number, target: number, adding: number, out: number): number;
  tableForPairs(m: number, p: number, n: number): number;
  planDestroy(ptr: number, n: number): number;
  commitDestroy(): number;
  cancelDestroy(): void;
}

export class Core {
  readonly raw: CoreExports;
  readonly memory: WebAssembly.Memory;
  /** u32 index of the header in memory. */
  readonly hdr: number;
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

  constructor(raw: CoreExports, memory: WebAssembly.Memory) {
    this.raw = raw;
    this.memory = memory;
    this.refresh();
    this.hdr = raw.headerPtr() >>> 2;
  }

  /** Rebuilds the whole-memory views over the current buffer. */
  private refresh(): void {
    const b = this.memory.buffer;
    this.buffer = b;
    this.u8 = new Uint8Array(b);
    this.u16 = new Uint16Array(b);
    this.u32 = new Uint32Array(b);
    this.i32 = new Int32Array(b);
    this.f64 = new Float64Array(b);
    const u32 = this.u32;
    this.views = [
      new Float32Array(b),
      this.f64,
      new Int8Array(b),
      this.u8,
      new Int16Array(b),
      this.u16,
      this.i32,
      u32,
      u32,
    ];
  }

  /**
   * Counts core calls that may have changed something: a table view whose `version`
   * matches has nothing to re-read.
   */
  version = 0;

  /**
   * Debug switch (createWorld's `growMemoryEachCall`): grow the memory by one page before
   * every core call, so every view over the old buffer is detached; the facade must
   * never read through one.
   */
  growEachCall = false;

  /** Runs before every core call. */
  private pre(): void {
    if (!this.growEachCall) return;
    try {
      this.memory.grow(1);
    } catch {
      return; // at the memory's maximum
    }
    this.refresh();
    this.u32[this.hdr + H_EPOCH]++;
    this.version++;
  }

  /** Replays the row journal on the JS-side columns (set once the journal is on). */
  onJournal: (() => void) | undefined = undefined;

  /** Called after every core call: a grown memory detached the old views; journaled row moves are replayed. */
  private sync(): void {
    this.version++;
    if (this.u32.length === 0) this.refresh();
    if (this.onJournal !== undefined && this.u32[this.hdr + H_JOURNAL_LEN] !== 0 && this.dead === undefined)
      this.onJournal();
  }

  /** Throws when the world refuses calls. */
  check(): void {
    if (this.dead !== undefined) throw new WorldPoisonedError(this.dead);
  }

  private poison(error: unknown): WorldPoisonedError {
    const text = error instanceof Error ? error.message : String(error);
    this.dead = `an internal error left it half-updated (${text}); restore a snapshot into a new world`;
    try {
      this.sync();
    } catch {
      /* the views are only needed for post-mortem reads */
    }
    return new WorldPoisonedError(this.dead);
  }

  dispose(): void {
    this.dead ??= messages.disposed();
  }

  /**
   * Replaces memory bytes 0 .. bytes.length with a snapshot's (growing the memory when
   * it is smaller), then puts back this world's own settings (memory ceiling, checks)
   * and moves the layout epoch on. False when the memory cannot grow that far.
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
    this.u8.set(bytes, 0);
    this.u32[h + H_MAX_PAGES] = maxPages;
    this.u32[h + H_CHECKS] = checks;
    this.u32[h + H_EPOCH] = Math.max(epoch, this.u32[h + H_EPOCH]) + 1;
    this.version++;
    return true;
  }

  // ── Header and record reads (no calls) ────────────────────────────────────
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
  get result(): number {
    return this.u32[this.hdr + H_RESULT];
  }
  header(slot: number): number {
    return this.u32[this.hdr + slot];
  }
  /** u32 index of table t's record. */
  tableRec(t: number): number {
    return (this.u32[this.hdr + H_TABLES] >>> 2) + t * T_STRIDE;
  }
  /** u32 index of table t's mask (maskWords * 2 u32 words). */
  maskAt(t: number): number {
    return (this.u32[this.hdr + H_MASKS] >>> 2) + t * this.maskWords * 2;
  }
  /**
   * Table of a live entity, or -1 when `e` is not alive. `(e >>> 0) === e` admits only
   * integers in [0, 2^32); ids from 2^31 up carry a generation of 512 or more, which no
   * slot holds (GEN_BITS = 9), so the generation compare rejects them.
   */
  tableOf(e: number): number {
    const slot = e & SLOT_MASK;
    const h = this.hdr;
    const u32 = this.u32;
    if (slot === 0 || slot >= u32[h + H_SLOT_COUNT] || e >>> 0 !== e) return -1;
    if (this.u16[(u32[h + H_REC_GEN] >>> 1) + slot] !== e >>> SLOT_BITS) return -1;
    return this.i32[(u32[h + H_REC_TABLE] >>> 2) + slot];
  }
  /**
   * u32 index of the head of e's target chain in the core's target map ([table + 1,
   * pair]), or -1 when no relation pair names e's slot (assembly/relations.ts findHead).
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
    while (true) {
      const k = u32[map + i * 4];
      if (k === 0) return -1;
      if (k === slot + 1) return map + i * 4 + 1;
      i = (i + 1) & (cap - 1);
    }
  }
  /** Row of a live entity (precondition: tableOf(e) >= 0). */
  rowOf(e: number): number {
    return this.u32[(this.u32[this.hdr + H_REC_ROW] >>> 2) + (e & SLOT_MASK)];
  }
  /** Current generation of e's slot and whether it is free; undefined for a slot never used. */
  slotState(e: number): { generation: number; free: boolean } | undefined {
    const slot = e & SLOT_MASK;
    const h = this.hdr;
    if (slot === 0 || slot >= this.u32[h + H_SLOT_COUNT]) return undefined;
    return {
      generation: this.u16[(this.u32[h + H_REC_GEN] >>> 1) + slot],
      free: this.i32[(this.u32[h + H_REC_TABLE] >>> 2) + slot] < 0,
    };
  }

  // ── Calls ──────────────────────────────────────────────────────────────────
  init(maxPages: number, checks: boolean): number {
    try {
      this.pre();
      return this.raw.init(maxPages, checks ? 1 : 0);
    } catch (e) {
      throw this.poison(e);
    } finally {
      this.sync();
    }
  }
  /** Byte address of a scratch buffer of at least `bytes`, or 0 when memory ran out. */
  scratch(bytes: number): number {
    try {
      this.pre();
      return this.raw.scratch(bytes);
    } catch (e) {
      throw this.poison(e);
    } finally {
      this.sync();
    }
  }
  /** Gives a large scratch buffer back (after a big batch). */
  trimScratch(): void {
    try {
      this.pre();
      this.raw.trimScratch();
    } catch (e) {
      throw this.poison(e);
    } finally {
      this.sync();
    }
  }
  registerComponent(desc: number, nfields: number, flags: number): number {
    try {
      this.pre();
      return this.raw.registerComponent(desc, nfields, flags);
    } catch (e) {
      throw this.poison(e);
    } finally {
      this.sync();
    }
  }
  tableWith(t: number, c: number): number {
    try {
      this.pre();
      return this.raw.tableWith(t, c);
    } catch (e) {
      throw this.poison(e);
    } finally {
      this.sync();
    }
  }
  tableForMask(m: number): number {
    try {
      this.pre();
      return this.raw.tableForMask(m);
    } catch (e) {
      throw this.poison(e);
    } finally {
      this.sync();
    }
  }
  tableWithout(t: number, c: number): number {
    try {
      this.pre();
      return this.raw.tableWithout(t, c);
    } catch (e) {
      throw this.poison(e);
    } finally {
      this.sync();
    }
  }
  spawn(t: number): number {
    try {
      this.pre();
      return this.raw.spawn(t);
    } catch (e) {
      throw this.poison(e);
    } finally {
      this.sync();
    }
  }
  spawnMany(t: number, n: number, out: number): number {
    try {
      this.pre();
      return this.raw.spawnMany(t, n, out);
    } catch (e) {
      throw this.poison(e);
    } finally {
      this.sync();
    }
  }
  add(e: number, c: number): number {
    try {
      this.pre();
      return this.raw.add(e, c);
    } catch (err) {
      throw this.poison(err);
    } finally {
      this.sync();
    }
  }
  remove(e: number, c: number): number {
    try {
      this.pre();
      return this.raw.remove(e, c);
    } catch (err) {
      throw this.poison(err);
    } finally {
      this.sync();
    }
  }
  /** Batch moves; skipDead: 1 ignores dead entities (deferred commands), 0 rejects them. */
  moveMany(ptr: number, n: number, t: number, skipDead: number): number {
    try {
      this.pre();
      return this.raw.moveMany(ptr, n, t, skipDead);
    } catch (err) {
      throw this.poison(err);
    } finally {
      this.sync();
    }
  }
  addMany(ptr: number, n: number, c: number, skipDead: number): number {
    try {
      this.pre();
      return this.raw.addMany(ptr, n, c, skipDead);
    } catch (err) {
      throw this.poison(err);
    } finally {
      this.sync();
    }
  }
  removeMany(ptr: number, n: number, c: number, skipDead: number): number {
    try {
      this.pre();
      return this.raw.removeMany(ptr, n, c, skipDead);
    } catch (err) {
      throw this.poison(err);
    } finally {
      this.sync();
    }
  }
  /** Whole-table batches: adds / removes c on every row of the listed tables. */
  moveTables(ptr: number, n: number, c: number, adding: boolean, out: number): number {
    try {
      this.pre();
      return adding ? this.raw.addToTables(ptr, n, c, out) : this.raw.removeFromTables(ptr, n, c, out);
    } catch (err) {
      throw this.poison(err);
    } finally {
      this.sync();
    }
  }
  /** Drops the (empty) tables created since creation number `seq` (tableSeq): undoing a failed call. */
  dropTables(first: number): number {
    try {
      this.pre();
      return this.raw.dropTables(first);
    } catch (err) {
      throw this.poison(err);
    } finally {
      this.sync();
    }
  }
  destroyInTables(ptr: number, n: number): number {
    try {
      this.pre();
      return this.raw.destroyInTables(ptr, n);
    } catch (err) {
      throw this.poison(err);
    } finally {
      this.sync();
    }
  }
  destroy(e: number): number {
    try {
      this.pre();
      return this.raw.destroy(e);
    } catch (err) {
      throw this.poison(err);
    } finally {
      this.sync();
    }
  }
  destroyMany(ptr: number, n: number, skipDead: number): number {
    try {
      this.pre();
      return this.raw.destroyMany(ptr, n, skipDead);
    } catch (err) {
      throw this.poison(err);
    } finally {
      this.sync();
    }
  }
  /** Index of the first of n entities at ptr that is not alive, or -1. */
  firstDead(ptr: number, n: number): number {
    try {
      this.pre();
      return this.raw.firstDead(ptr, n);
    } catch (err) {
      throw this.poison(err);
    }
  }
  reserveEntities(n: number): number {
    try {
      this.pre();
      return this.raw.reserveEntities(n);
    } catch (err) {
      throw this.poison(err);
    } finally {
      this.sync();
    }
  }
  checkInvariants(): void {
    try {
      this.pre();
      this.raw.checkInvariants();
    } catch (err) {
      throw this.poison(err);
    }
  }
  /** Makes component k travel with c (see assembly/index.ts linkCompanion). */
  linkCompanion(c: number, k: number): number {
    try {
      this.pre();
      return this.raw.linkCompanion(c, k);
    } catch (err) {
      throw this.poison(err);
    } finally {
      this.sync();
    }
  }
  /** Debug core only: the n-th single-entity move from now traps half-way (tests). */
  debugTrapAfterMoves(n: number): number {
    return this.raw.debugTrapAfterMoves(n);
  }
  /** Turns the core's row journal on for good. */
  journalOn(): number {
    try {
      this.pre();
      return this.raw.journalOn();
    } catch (err) {
      throw this.poison(err);
    } finally {
      this.sync();
    }
  }
  /** Byte address of a new zeroed block the facade owns, or 0 when memory ran out. */
  allocBlock(bytes: number): number {
    try {
      this.pre();
      return this.raw.allocBlock(bytes);
    } catch (err) {
      throw this.poison(err);
    } finally {
      this.sync();
    }
  }
  /** Sets or clears the bits of n entities (u32 at ents) in a bitset; returns how many changed. */
  setBits(bits: number, words: number, ents: number, n: number, on: boolean): number {
    try {
      this.pre();
      return this.raw.setBits(bits, words, ents, n, on ? 1 : 0);
    } catch (err) {
      throw this.poison(err);
    }
  }
  freeBlock(ptr: number): void {
    try {
      this.pre();
      this.raw.freeBlock(ptr);
    } catch (err) {
      throw this.poison(err);
    } finally {
      this.sync();
    }
  }
  /** Adds the pair (rel, target) to e: 0 moved, 1 held it already. */
  addPair(e: number, rel: number, target: number): number {
    try {
      this.pre();
      return this.raw.addPair(e, rel, target);
    } catch (err) {
      throw this.poison(err);
    } finally {
      this.sync();
    }
  }
  /** Removes the pair (rel, target) from e: 1 when it held it. */
  removePair(e: number, rel: number, target: number): number {
    try {
      this.pre();
      return this.raw.removePair(e, rel, target);
    } catch (err) {
      throw this.poison(err);
    } finally {
      this.sync();
    }
  }
  /** Adds or removes a pair on n listed entities; all or nothing. */
  pairMany(ptr: number, n: number, rel: number, target: number, adding: boolean, skipDead: number): number {
    try {
      this.pre();
      return this.raw.pairMany(ptr, n, rel, target, adding ? 1 : 0, skipDead);
    } catch (err) {
      throw this.poison(err);
    } finally {
      this.sync();
    }
  }
  /** Adds or removes a pair on every row of n listed tables. */
  pairTables(ptr: number, n: number, rel: number, target: number, adding: boolean, out: number): number {
    try {
      this.pre();
      return this.raw.pairTables(ptr, n, rel, target, adding ? 1 : 0, out);
    } catch (err) {
      throw this.poison(err);
    } finally {
      this.sync();
    }
  }
  /** The table for a mask plus n pairs (see assembly/index.ts). */
  tableForPairs(m: number, p: number, n: number): number {
    try {
      this.pre();
      return this.raw.tableForPairs(m, p, n);
    } catch (err) {
      throw this.poison(err);
    } finally {
      this.sync();
    }
  }
  /** Plans a destroy with everything relations take along; the doomed are listed at H_DYING. */
  planDestroy(ptr: number, n: number): number {
    try {
      this.pre();
      return this.raw.planDestroy(ptr, n);
    } catch (err) {
      throw this.poison(err);
    } finally {
      this.sync();
    }
  }
  /** Carries out the last planDestroy. */
  commitDestroy(): number {
    try {
      this.pre();
      return this.raw.commitDestroy();
    } catch (err) {
      throw this.poison(err);
    } finally {
      this.sync();
    }
  }
  /** Forgets the last planDestroy. */
  cancelDestroy(): void {
    try {
      this.pre();
      this.raw.cancelDestroy();
    } catch (err) {
      throw this.poison(err);
    } finally {
      this.sync();
    }
  }
}
