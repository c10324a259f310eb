// The core's own allocator. It never traps: a request memory cannot satisfy
// returns 0, so callers reserve everything first and fail before mutating.
// Block headers and the heap top: heap.ts. Tables' column blocks come from their own
// classes (column-heap.ts: allocColumns), apart from the core's structures.
//
// Small blocks (payload <= SMALL_MAX) come in power-of-two classes with one free
// list each. Large blocks are multiples of 16 bytes on an address-ordered free
// list; neighbours merge when freed, and a free block at the top lowers the top.
//
// Debug core only, once the facade turns it on: the quarantine (bottom of this file).
// A table's block that was moved or freed is held back from reuse, filled with a canary,
// so that a write through a column array kept from before is found (checkHeld) instead
// of being lost or landing in another table's data. Held blocks and the ring itself
// have KIND_HELD in their kind and are not in H_USED_BYTES.
import {
  A_KIND_COLUMNS, A_KIND_FREE, A_KIND_HELD, A_KIND_LARGE, A_KIND_SMALL, A_MAX_CLASS, A_MIN_CLASS,
  H_HEAP_TOP, H_MAX_PAGES, H_VIEW_REACH, H_QUARANTINE, H_USED_BYTES, Q_BYTES, Q_CAP, Q_CAPACITY, Q_COLS, Q_COMPS, Q_COUNT,
  Q_FIRST, Q_MAX_BYTES, Q_MISSED, Q_NCOLS, Q_NCOMPS, Q_OFFSET, Q_OWNED, Q_STALE, Q_TABLE, Q_WORDS, QE_BLOCK,
  QE_CAPACITY, QE_COLS, QE_COMPS, QE_FREED, QE_NCOLS, QE_NCOMPS, QE_STRIDE, QE_TABLE, QS_FREED, QS_MOVED,
} from "./constants";
import { columnBytes, columnHeads, giveColumns, initColumnHeap, lastColumns, takeColumns } from "./column-heap";
import { hget, hset } from "./header";
import { carve, countUsed, HEADER, heapStart, kindOf, nextOf, setKind, setNext, sizeOf } from "./heap";

const MIN_CLASS: u32 = A_MIN_CLASS; //  16 bytes
const MAX_CLASS: u32 = A_MAX_CLASS; // 64 KiB
const SMALL_MAX: usize = 1 << MAX_CLASS;
const KIND_SMALL: u32 = A_KIND_SMALL;
const KIND_LARGE: u32 = A_KIND_LARGE;
const KIND_FREE: u32 = A_KIND_FREE;
/** Debug core: a block held in the quarantine (or the quarantine's ring): neither free nor in use. */
const KIND_HELD: u32 = A_KIND_HELD;

/** Heads of the small free lists, one per class, and of the large free list. */
const SMALL_HEADS: usize = memory.data((MAX_CLASS + 1) << 2, 16);
const LARGE_HEAD: usize = memory.data(16, 16);

/**
 * Where the allocator's state sits (a snapshot reader checks an image against it):
 * 0 the first block of the heap, 1 the small free-list heads (one u32 per class,
 * 0 .. MAX_CLASS), 2 the large free-list head, 3 the column free-list heads (one u32 per
 * column class, column-heap.ts); 0 for anything else.
 */
export function allocatorStatic(which: u32): usize {
  if (which == 0) return heapStart();
  if (which == 1) return SMALL_HEADS;
  if (which == 2) return LARGE_HEAD;
  if (which == 3) return columnHeads();
  return 0;
}

export function initAllocator(maxPages: u32): void {
  hset(H_HEAP_TOP, <u32>heapStart());
  hset(H_MAX_PAGES, maxPages);
  hset(H_USED_BYTES, 0);
  initColumnHeap();
}

function classOf(size: usize): u32 {
  if (size <= (1 << MIN_CLASS)) return MIN_CLASS;
  return 32 - <u32>clz<u32>(<u32>size - 1);
}

/** Largest request alloc serves; rounding anything larger up to 16 bytes would wrap. */
const MAX_REQUEST: usize = 0xffff_0000;

/**
 * Returns a 16-aligned block of at least `size` bytes, or 0 when memory runs out. The
 * debug core gives the quarantine's blocks back before it fails.
 */
export function alloc(size: usize): usize {
  if (size > MAX_REQUEST) return 0;
  let ptr: usize;
  if (size <= SMALL_MAX) {
    const cls = classOf(size);
    ptr = takeSmall(cls);
    if (ptr == 0) ptr = carve(<usize>1 << cls, KIND_SMALL);
    if (ptr == 0) return allocAfterRelease(size, false);
    setKind(ptr, KIND_SMALL);
  } else {
    ptr = takeLarge((size + 15) & ~15);
    if (ptr == 0) ptr = carve((size + 15) & ~15, KIND_LARGE);
    if (ptr == 0) return allocAfterRelease(size, false);
  }
  countUsed(ptr, true);
  return ptr;
}

/**
 * A table's column block of at least `size` bytes (column-heap.ts), or 0 when memory runs
 * out: a free column block, else memory of the core's own free lists (which no view ever
 * reached), else a new block from the top; the debug core gives the quarantine's blocks
 * back before it fails. Freed by free().
 */
export function allocColumns(size: usize): usize {
  size = columnBytes(size);
  if (size == 0) return 0;
  let ptr = takeColumns(size, LARGE_HEAD);
  fresh = ptr == 0;
  if (ptr == 0) ptr = size <= SMALL_MAX ? takeSmall(classOf(size)) : takeLarge(size);
  if (ptr == 0) ptr = carve(size, A_KIND_COLUMNS);
  if (ptr == 0) {
    ptr = lastColumns(size, LARGE_HEAD);
    fresh = ptr == 0;
  }
  // Memory short: a large block of the core's, whatever it wastes (the merge may have joined some).
  if (ptr == 0) ptr = takeLarge(size);
  if (ptr == 0) return allocAfterRelease(size, true);
  fresh = fresh && ptr >= <usize>hget(H_VIEW_REACH);
  setKind(ptr, A_KIND_COLUMNS);
  countUsed(ptr, true);
  return ptr;
}

/** Whether no view has reached the block allocColumns() returned last: it was no column block before, and lies above H_VIEW_REACH. */
let fresh = false;

export function columnsFresh(): bool {
  return fresh;
}

/**
 * Column block ptr, about to be freed, of which the facade made no view (table.ts
 * T_BLOCK_HIDDEN): no write can reach it, so it goes back to the core's free lists.
 */
export function unfenceBlock(ptr: usize): void {
  const size = sizeOf(ptr);
  if (size > SMALL_MAX) setKind(ptr, KIND_LARGE);
  else if ((size & (size - 1)) == 0 && size >= (<usize>1 << MIN_CLASS)) setKind(ptr, KIND_SMALL);
}

/** What alloc() returns when memory ran out: 0, or (debug core) a block found once the quarantine let go. */
function allocAfterRelease(size: usize, columns: bool): usize {
  if (ASC_NO_ASSERT || held() == 0) return 0;
  releaseHeld();
  return columns ? allocColumns(size) : alloc(size);
}

/** The first block of small class cls's free list (its kind still free), or 0. */
function takeSmall(cls: u32): usize {
  const head = SMALL_HEADS + (<usize>cls << 2);
  const ptr = <usize>load<u32>(head);
  if (ptr != 0) store<u32>(head, <u32>nextOf(ptr));
  return ptr;
}

/** First fit on the address-ordered large free list, splitting big leftovers; 0 when none fits. */
function takeLarge(size: usize): usize {
  let prev: usize = 0;
  let cur = <usize>load<u32>(LARGE_HEAD);
  while (cur != 0) {
    const have = sizeOf(cur);
    if (have >= size) {
      const next = nextOf(cur);
      const rest = have - size;
      if (rest >= SMALL_MAX + HEADER) {
        // Split: the tail stays free and takes this block's place in the list.
        const tail = cur + size + HEADER;
        store<u32>(tail - HEADER, <u32>(rest - HEADER));
        store<u32>(tail - HEADER, KIND_LARGE | KIND_FREE, 4);
        setNext(tail, next);
        linkAfter(prev, tail);
        store<u32>(cur - HEADER, <u32>size);
      } else {
        linkAfter(prev, next);
      }
      setKind(cur, KIND_LARGE);
      return cur;
    }
    prev = cur;
    cur = nextOf(cur);
  }
  return 0;
}

@inline function linkAfter(prev: usize, ptr: usize): void {
  if (prev == 0) store<u32>(LARGE_HEAD, <u32>ptr);
  else setNext(prev, ptr);
}

/** Returns a block to its free list. free(0) does nothing. */
export function free(ptr: usize): void {
  if (ptr == 0) return;
  const kind = kindOf(ptr);
  if (!ASC_NO_ASSERT) assert((kind & KIND_FREE) == 0, "double free");
  if (!ASC_NO_ASSERT) assert((kind & KIND_HELD) == 0, "free of a block the quarantine holds");
  countUsed(ptr, false);
  if (kind == KIND_SMALL) {
    const head = SMALL_HEADS + (<usize>classOf(sizeOf(ptr)) << 2);
    setNext(ptr, load<u32>(head));
    setKind(ptr, KIND_SMALL | KIND_FREE);
    store<u32>(head, <u32>ptr);
  } else if (kind == A_KIND_COLUMNS) {
    giveColumns(ptr);
  } else {
    freeLarge(ptr);
  }
}

function freeLarge(ptr: usize): void {
  setKind(ptr, KIND_LARGE | KIND_FREE);
  let prev: usize = 0;
  let next = <usize>load<u32>(LARGE_HEAD);
  while (next != 0 && next < ptr) { prev = next; next = nextOf(next); }
  // Merge with the following free block when they touch.
  if (next != 0 && ptr + sizeOf(ptr) + HEADER == next) {
    store<u32>(ptr - HEADER, <u32>(sizeOf(ptr) + HEADER + sizeOf(next)));
    next = nextOf(next);
  }
  setNext(ptr, next);
  // Merge into the preceding free block when they touch.
  if (prev != 0 && prev + sizeOf(prev) + HEADER == ptr) {
    store<u32>(prev - HEADER, <u32>(sizeOf(prev) + HEADER + sizeOf(ptr)));
    setNext(prev, next);
    ptr = prev;
  } else {
    linkAfter(prev, ptr);
  }
  // A free block that ends at the top gives its memory back to the top, cleared: the
  // bytes past the top stay zero, as a fresh memory's are (a restore relies on it).
  if (ptr + sizeOf(ptr) == <usize>hget(H_HEAP_TOP) && nextOf(ptr) == 0) {
    memory.fill(ptr - HEADER, 0, sizeOf(ptr) + HEADER);
    let before: usize = 0;
    let cur = <usize>load<u32>(LARGE_HEAD);
    while (cur != ptr) { before = cur; cur = nextOf(cur); }
    linkAfter(before, 0);
    hset(H_HEAP_TOP, <u32>(ptr - HEADER));
  }
}


// ── Quarantine (debug core) ─────────────────────────────────────────────────
// The ring (H_QUARANTINE, layout in constants.ts Q_*) lists held blocks oldest first.
// A block enters filled with CANARY; it leaves, oldest first, when the ring is out of
// room (Q_CAP entries, Q_MAX_BYTES bytes) or memory runs short, checked one last time.
// The first block found written is recorded in the ring (Q_STALE ..) until the facade
// has reported it (forgetStale); a freed table's column descriptors and component list
// stay allocated while that record names them.

/** Canary of held blocks: eight different bytes, so a value written rarely matches it. */
const CANARY: u64 = 0xa5c3_e1f0_5a3c_1e0f;

@inline function ring(): usize { return <usize>hget(H_QUARANTINE); }
@inline function qget(slot: u32): u32 { return load<u32>(ring() + (<usize>slot << 2)); }
@inline function qset(slot: u32, v: u32): void { store<u32>(ring() + (<usize>slot << 2), v); }
@inline function entry(k: u32): usize {
  const i = (qget(Q_FIRST) + k) % qget(Q_CAP);
  return ring() + ((<usize>Q_WORDS + <usize>i * QE_STRIDE) << 2);
}

/**
 * Turns the quarantine on with room for `blocks` blocks and at most `bytes` bytes; false
 * when memory is short. Debug core only; once on, it stays on.
 */
export function startQuarantine(blocks: u32, bytes: u32): bool {
  if (ASC_NO_ASSERT || blocks == 0) return false;
  if (ring() != 0) return true;
  const size = (<usize>Q_WORDS + <usize>blocks * QE_STRIDE) << 2;
  const r = alloc(size);
  if (r == 0) return false;
  memory.fill(r, 0, size);
  hold(r);
  hset(H_QUARANTINE, <u32>r);
  qset(Q_CAP, blocks);
  qset(Q_MAX_BYTES, bytes);
  return true;
}

/** Whether the quarantine is on (never in the release core). */
@inline export function quarantineOn(): bool {
  return !ASC_NO_ASSERT && ring() != 0;
}

/** Bytes the quarantine holds now (0 when it is off, or in the release core). */
export function held(): u32 {
  if (ASC_NO_ASSERT || ring() == 0) return 0;
  return qget(Q_BYTES);
}

/** Marks a block held: out of H_USED_BYTES, never handed out or merged. */
function hold(ptr: usize): void {
  setKind(ptr, kindOf(ptr) | KIND_HELD);
  countUsed(ptr, false);
}

/** Undoes hold(): the block is in use again (to be freed). */
function unhold(ptr: usize): void {
  setKind(ptr, kindOf(ptr) & ~KIND_HELD);
  countUsed(ptr, true);
}

/**
 * Frees table t's `block` (capacity rows; descriptors `cols`, components `comps`), or
 * in the debug core with the quarantine on holds it back. `freed`: the table is gone, and
 * its descriptors and component list are freed with the block.
 */
export function retireBlock(block: usize, capacity: u32, t: u32, cols: usize, ncols: u32, comps: usize, ncomps: u32, freed: bool): void {
  const bytes: u32 = block == 0 ? 0 : <u32>(sizeOf(block) + HEADER);
  if (ASC_NO_ASSERT || ring() == 0 || block == 0 || bytes > qget(Q_MAX_BYTES)) {
    free(block);
    if (freed) freeNames(cols, comps, false);
    return;
  }
  while (qget(Q_COUNT) == qget(Q_CAP) || qget(Q_BYTES) + bytes > qget(Q_MAX_BYTES)) releaseOldest();
  for (let p = block, end = block + sizeOf(block); p < end; p += 8) store<u64>(p, CANARY);
  hold(block);
  if (freed) {
    hold(cols);
    hold(comps);
  }
  qset(Q_BYTES, qget(Q_BYTES) + bytes);
  qset(Q_COUNT, qget(Q_COUNT) + 1);
  const e = entry(qget(Q_COUNT) - 1);
  store<u32>(e, <u32>block, QE_BLOCK << 2);
  store<u32>(e, capacity, QE_CAPACITY << 2);
  store<u32>(e, t, QE_TABLE << 2);
  store<u32>(e, <u32>cols, QE_COLS << 2);
  store<u32>(e, ncols, QE_NCOLS << 2);
  store<u32>(e, <u32>comps, QE_COMPS << 2);
  store<u32>(e, ncomps, QE_NCOMPS << 2);
  store<u32>(e, freed ? 1 : 0, QE_FREED << 2);
}

/** Byte offset of the first byte of a held block that is not the canary, or -1. */
function firstWritten(block: usize): isize {
  const end = block + sizeOf(block); // a multiple of 16
  for (let p = block; p < end; p += 16) {
    const a = load<u64>(p) ^ CANARY, b = load<u64>(p, 8) ^ CANARY;
    if ((a | b) == 0) continue;
    return <isize>(p - block) + (a != 0 ? <isize>(ctz(a) >> 3) : 8 + <isize>(ctz(b) >> 3));
  }
  return -1;
}

/** Records a write found at `offset` in entry e's block, unless one waits to be reported. */
function recordStale(e: usize, offset: isize): void {
  if (qget(Q_STALE) != 0) {
    qset(Q_MISSED, qget(Q_MISSED) + 1);
    return;
  }
  qset(Q_STALE, load<u32>(e, QE_FREED << 2) != 0 ? QS_FREED : QS_MOVED);
  qset(Q_TABLE, load<u32>(e, QE_TABLE << 2));
  qset(Q_CAPACITY, load<u32>(e, QE_CAPACITY << 2));
  qset(Q_COLS, load<u32>(e, QE_COLS << 2));
  qset(Q_NCOLS, load<u32>(e, QE_NCOLS << 2));
  qset(Q_COMPS, load<u32>(e, QE_COMPS << 2));
  qset(Q_NCOMPS, load<u32>(e, QE_NCOMPS << 2));
  qset(Q_OFFSET, <u32>offset);
  qset(Q_OWNED, 0);
}

/**
 * Frees a gone table's descriptors and component list (`held`: by the quarantine), unless
 * the stale-write record names them: then they stay, held, until forgetStale().
 */
function freeNames(cols: usize, comps: usize, held: bool): void {
  if (!ASC_NO_ASSERT && ring() != 0 && qget(Q_STALE) != 0 && <usize>qget(Q_COLS) == cols) {
    if (!held) {
      hold(cols);
      hold(comps);
    }
    qset(Q_OWNED, 1);
    return;
  }
  if (held) {
    unhold(cols);
    unhold(comps);
  }
  free(cols);
  free(comps);
}

/** Frees entry e's block (and a gone table's names); `check`: look for a write first. */
function release(e: usize, check: bool): void {
  const block = <usize>load<u32>(e, QE_BLOCK << 2);
  if (check) {
    const at = firstWritten(block);
    if (at >= 0) recordStale(e, at);
  }
  const bytes = <u32>(sizeOf(block) + HEADER);
  unhold(block);
  qset(Q_BYTES, qget(Q_BYTES) - bytes);
  free(block);
  if (load<u32>(e, QE_FREED << 2) != 0)
    freeNames(<usize>load<u32>(e, QE_COLS << 2), <usize>load<u32>(e, QE_COMPS << 2), true);
}

function releaseOldest(): void {
  release(entry(0), true);
  qset(Q_FIRST, (qget(Q_FIRST) + 1) % qget(Q_CAP));
  qset(Q_COUNT, qget(Q_COUNT) - 1);
}

/** Checks and frees every held block; returns Q_STALE (0 when no write was found). */
export function releaseHeld(): u32 {
  if (ASC_NO_ASSERT || ring() == 0) return 0;
  while (qget(Q_COUNT) != 0) releaseOldest();
  return qget(Q_STALE);
}

/**
 * Looks for a write in every held block; the first found is recorded and its block freed.
 * Returns Q_STALE: 0 when no write is waiting to be reported.
 */
export function checkHeld(): u32 {
  if (ASC_NO_ASSERT || ring() == 0) return 0;
  if (qget(Q_STALE) != 0) return qget(Q_STALE);
  const n = qget(Q_COUNT);
  for (let k: u32 = 0; k < n; k++) {
    const e = entry(k);
    const at = firstWritten(<usize>load<u32>(e, QE_BLOCK << 2));
    if (at < 0) continue;
    recordStale(e, at);
    release(e, false);
    // Close the gap: the younger entries move one place towards the oldest.
    for (let j = k; j + 1 < n; j++) memory.copy(entry(j), entry(j + 1), <usize>QE_STRIDE << 2);
    qset(Q_COUNT, n - 1);
    break;
  }
  return qget(Q_STALE);
}

/** Forgets the recorded stale write (the facade reported it). */
export function forgetStale(): void {
  if (ASC_NO_ASSERT || ring() == 0 || qget(Q_STALE) == 0) return;
  if (qget(Q_OWNED) != 0) {
    unhold(<usize>qget(Q_COLS));
    unhold(<usize>qget(Q_COMPS));
    free(<usize>qget(Q_COLS));
    free(<usize>qget(Q_COMPS));
  }
  memory.fill(ring() + (<usize>Q_STALE << 2), 0, <usize>(Q_WORDS - Q_STALE) << 2);
}
