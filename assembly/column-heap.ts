// Column blocks: the memory of tables' columns, the only core memory the facade hands out
// views of. A view kept past its table's growth still reaches the old block, so:
//   - nothing but column values ever lives where a column block was: a free column block
//     goes on a column free list, is taken only for a table's block, and never returns to
//     the heap top, where the core's own blocks are carved;
//   - a column block is never split: every column block header was written where its block
//     was carved, before a payload, and no view ever reaches one. Free neighbours merge
//     (merge(): the first header stays, the others become payload), which keeps this true.
// A write through a stale view can still land in another table's column values (the
// README's rule for views), never in the core's records or the allocator's.
//
// Free list c holds free blocks of classBytes(c) up to classBytes(c + 1) bytes: classes
// A_MIN_CLASS .. A_MAX_CLASS are powers of two, then A_COLUMN_STEPS per doubling. A request
// takes a block of its own class (at most 1/4 more than asked above 64 KiB) or a big enough
// one of the class below; else free neighbours merge first when enough was freed since the
// last merge; else alloc.ts takes the core's free memory or carves; when memory is short, a
// merge builds the request's block from neighbouring free blocks of both kinds, where they
// hold it with the least of the core's memory.
// Memory moves one way only: a block of the core's may become a column block (no view has
// reached it), and a column block becomes the core's again only when the facade made no view
// of it (alloc.ts unfenceBlock).
import {
  A_COLUMN_CLASSES, A_COLUMN_STEP_BITS, A_COLUMN_STEPS, A_KIND_COLUMNS, A_KIND_FREE, A_KIND_LARGE, A_MAX_CLASS, A_MIN_CLASS,
  H_COLUMN_FREE, H_COLUMN_UNMERGED, H_HEAP_TOP,
} from "./constants";
import { hget, hset } from "./header";
import { HEADER, heapStart, kindOf, nextOf, setKind, setNext, sizeOf } from "./heap";

const HEADS: usize = memory.data(<i32>A_COLUMN_CLASSES << 2, 16);
const FREE_COLUMNS: u32 = A_KIND_COLUMNS | A_KIND_FREE;
const FREE_LARGE: u32 = A_KIND_LARGE | A_KIND_FREE;
const STEP_BITS: u32 = A_COLUMN_STEP_BITS;
/** The largest column block asked for: the last class's size. */
const MAX_COLUMN_BLOCK: usize = <usize>((<u64>1 << 31) + (<u64>(A_COLUMN_STEPS - 1) << (31 - STEP_BITS)));
/** The largest small block of the core's (alloc.ts): a large block is bigger. */
const SMALL_MAX: usize = <usize>1 << A_MAX_CLASS;
/** How many blocks of the class below a request looks at for one big enough. */
const FIT_STEPS: u32 = 16;

/** Empties the column free lists (a new heap). */
export function initColumnHeap(): void {
  memory.fill(HEADS, 0, <usize>A_COLUMN_CLASSES << 2);
  hset(H_COLUMN_FREE, 0);
  hset(H_COLUMN_UNMERGED, 0);
}

/** Address of the column free-list heads: one u32 per class (snapshot checks). */
export function columnHeads(): usize {
  return HEADS;
}

/** The smallest class of at least `size` bytes (0 < size <= MAX_COLUMN_BLOCK). */
function ceilClass(size: usize): u32 {
  if (size <= (<usize>1 << A_MIN_CLASS)) return A_MIN_CLASS;
  const e: u32 = 31 - <u32>clz<u32>(<u32>size - 1); // 2^e < size <= 2^(e + 1)
  if (e < A_MAX_CLASS) return e + 1;
  const shift = e - STEP_BITS;
  const k = <u32>((size - (<usize>1 << e) + (<usize>1 << shift) - 1) >> shift); // 1 .. A_COLUMN_STEPS
  return A_MAX_CLASS + 1 + (e - A_MAX_CLASS) * A_COLUMN_STEPS + k - 1;
}

/** Bytes of class c. */
function classBytes(c: u32): u64 {
  if (c <= A_MAX_CLASS) return <u64>1 << c;
  const i = c - A_MAX_CLASS - 1;
  const e = A_MAX_CLASS + i / A_COLUMN_STEPS;
  return (<u64>1 << e) + (<u64>(i % A_COLUMN_STEPS + 1) << (e - STEP_BITS));
}

/** The list a free block of `size` bytes goes on: the largest class of at most `size` bytes. */
function floorClass(size: usize): u32 {
  const c = ceilClass(min(size, MAX_COLUMN_BLOCK));
  return classBytes(c) > <u64>size ? c - 1 : c;
}

@inline function head(c: u32): usize {
  return HEADS + (<usize>c << 2);
}

/** Puts free block ptr on its list. */
function link(ptr: usize): void {
  const h = head(floorClass(sizeOf(ptr)));
  setNext(ptr, load<u32>(h));
  store<u32>(h, <u32>ptr);
}

/** Counts ptr, just taken off a list, out of the free bytes (alloc.ts marks it in use). */
function taken(ptr: usize): usize {
  const free = hget(H_COLUMN_FREE) - <u32>(sizeOf(ptr) + HEADER);
  hset(H_COLUMN_FREE, free);
  if (hget(H_COLUMN_UNMERGED) > free) hset(H_COLUMN_UNMERGED, free);
  return ptr;
}

/** Takes the first block of list c, or returns 0. */
function pop(c: u32): usize {
  const ptr = <usize>load<u32>(head(c));
  if (ptr == 0) return 0;
  store<u32>(head(c), <u32>nextOf(ptr));
  return taken(ptr);
}

/** Takes one of the first FIT_STEPS blocks of list c that holds `size` bytes, or returns 0. */
function fit(c: u32, size: usize): usize {
  let prev: usize = 0;
  for (let ptr = <usize>load<u32>(head(c)), steps: u32 = 0; ptr != 0 && steps < FIT_STEPS; steps++) {
    if (sizeOf(ptr) >= size) {
      if (prev == 0) store<u32>(head(c), <u32>nextOf(ptr));
      else setNext(prev, nextOf(ptr));
      return taken(ptr);
    }
    prev = ptr;
    ptr = nextOf(ptr);
  }
  return 0;
}

/** A free block of at least `size` bytes and at most about 1/4 more (1x more up to 64 KiB), or 0. */
function reuse(size: usize): usize {
  const c = ceilClass(size);
  const ptr = pop(c);
  return ptr != 0 || c == A_MIN_CLASS ? ptr : fit(c - 1, size);
}

@inline function isFree(kind: u32): bool {
  return kind == FREE_COLUMNS || kind == FREE_LARGE;
}

/** The payload address a block at the heap top would have: where a walk of the heap's blocks ends. */
@inline function walkEnd(): usize {
  return <usize>hget(H_HEAP_TOP) + HEADER;
}

/** The first free block from ptr on (`top` when none is left): where the next run of free blocks starts. */
function runStart(ptr: usize, top: usize): usize {
  while (ptr < top && !isFree(kindOf(ptr))) ptr += sizeOf(ptr) + HEADER;
  return ptr;
}

/** Where the run of free blocks from ptr ends, at most `top`. */
function runEnd(ptr: usize, top: usize): usize {
  while (ptr < top && isFree(kindOf(ptr))) ptr += sizeOf(ptr) + HEADER;
  return ptr;
}

/** Adds free block ptr of `size` payload bytes, merged, to its list: a column list or the core's large list (after `last`); returns the large list's last block. */
function place(ptr: usize, size: usize, columns: bool, largeHead: usize, last: usize): usize {
  store<u32>(ptr - HEADER, <u32>size);
  if (columns) {
    setKind(ptr, FREE_COLUMNS);
    link(ptr);
    hset(H_COLUMN_FREE, hget(H_COLUMN_FREE) + <u32>(size + HEADER));
    return last;
  }
  setKind(ptr, FREE_LARGE);
  setNext(ptr, 0);
  if (last == 0) store<u32>(largeHead, <u32>ptr);
  else setNext(last, ptr);
  return ptr;
}

/**
 * Merges the free blocks from ptr up to `end` (a run: all free) kind by kind: neighbouring
 * column blocks into one column block, neighbouring blocks of the core's large list into one
 * large block. Returns the large list's last block.
 */
function mergeKinds(ptr: usize, end: usize, largeHead: usize, last: usize): usize {
  while (ptr < end) {
    const columns = kindOf(ptr) == FREE_COLUMNS;
    let size = sizeOf(ptr);
    for (let next = ptr + size + HEADER; next < end && (kindOf(next) == FREE_COLUMNS) == columns; next = ptr + size + HEADER)
      size += HEADER + sizeOf(next);
    last = place(ptr, size, columns, largeHead, last);
    ptr += size + HEADER;
  }
  return last;
}

/** Whether a window whose last block is `at`, `rest` bytes past what it needs, splits that block: a large block of the core's whose rest can stay a large block. */
@inline function splits(at: usize, rest: usize): bool {
  return kindOf(at) == FREE_LARGE && rest > HEADER + SMALL_MAX;
}

/**
 * Where `need` bytes of neighbouring free blocks take the least of the core's free memory:
 * the first block of the window (0: none). A window is the blocks from one block on, up to
 * the first that makes `need` bytes, with a column block among them (the core's blocks
 * alone are memory no view reached, which alloc.ts takes as such: takeLarge); a large
 * block of the core's at its end gives only what the window lacks when its rest can stay a
 * large block (merge). Ties go to the smaller window, then the lower one. Every run, two
 * pointers.
 */
function bestWindow(need: usize): usize {
  let best: usize = 0;
  let bestCore: u64 = u64.MAX_VALUE;
  let bestSize: usize = 0;
  const top = walkEnd();
  for (let ptr = runStart(heapStart() + HEADER, top); ptr < top; ) {
    const end = runEnd(ptr, top);
    // The window [i, j): its last block at `at`, `core` bytes of the core's blocks in it.
    let j = ptr;
    let at: usize = 0;
    let core: u64 = 0;
    let columns: u32 = 0; // column blocks in the window
    for (let i = ptr; i < end; ) {
      if (j <= i) {
        j = i; // an empty window: `core` and `columns` are 0 again
        core = 0;
        columns = 0;
      }
      while (j < end && (j == i || j - i - HEADER < need)) {
        if (kindOf(j) == FREE_LARGE) core += <u64>(sizeOf(j) + HEADER);
        else columns++;
        at = j;
        j += sizeOf(j) + HEADER;
      }
      if (j - i - HEADER < need) break; // no window starts at i or later in this run
      const rest = j - i - HEADER - need;
      const taken = splits(at, rest) ? core - <u64>rest : core;
      if (columns > 0 && (taken < bestCore || (taken == bestCore && j - i < bestSize))) {
        best = i;
        bestCore = taken;
        bestSize = j - i;
      }
      if (kindOf(i) == FREE_LARGE) core -= <u64>(sizeOf(i) + HEADER);
      else columns--;
      i += sizeOf(i) + HEADER;
    }
    ptr = runStart(end, top);
  }
  return best;
}

/**
 * Merges the heap's runs of neighbouring free blocks, kind by kind (mergeKinds), and
 * rebuilds the column lists and the core's large list (address order, head at
 * `largeHead`): one walk over the heap's blocks, which tile it. Memory of the core's
 * joins a column block for one request only, of `need` bytes (0: none): the window
 * bestWindow() picks becomes one column block, returned for the request to take (0:
 * none), and a large block of the core's at its end is split there when its rest can stay
 * a large block (no view reached the core's memory, so a header may go anywhere in it). Memory
 * may move from the core to columns, never back.
 */
function merge(largeHead: usize, need: usize): usize {
  const window: usize = need == 0 ? 0 : bestWindow(need);
  memory.fill(HEADS, 0, <usize>A_COLUMN_CLASSES << 2);
  store<u32>(largeHead, 0);
  hset(H_COLUMN_FREE, 0);
  hset(H_COLUMN_UNMERGED, 0);
  let last: usize = 0; // the large list's last block
  const top = walkEnd();
  for (let ptr = runStart(heapStart() + HEADER, top); ptr < top; ) {
    const end = runEnd(ptr, top);
    if (window >= ptr && window < end) {
      last = mergeKinds(ptr, window, largeHead, last);
      // The window's blocks up to `need` bytes: the last of them (at `at`) ends at `cut`.
      let at = window;
      let cut = window + sizeOf(window) + HEADER;
      while (cut - window - HEADER < need) {
        at = cut;
        cut += sizeOf(cut) + HEADER;
      }
      const rest = cut - window - HEADER - need; // bytes past `need`, header of a tail included
      if (splits(at, rest)) {
        store<u32>(window + need, <u32>(rest - HEADER)); // the tail's header: a large block
        store<u32>(window + need, FREE_LARGE, 4);
        cut = window + need + HEADER;
      }
      // The request's block: on no list and out of H_COLUMN_FREE, since lastColumns takes it.
      store<u32>(window - HEADER, <u32>(cut - window - HEADER));
      setKind(window, FREE_COLUMNS);
      ptr = cut;
    }
    last = mergeKinds(ptr, end, largeHead, last);
    ptr = runStart(end, top);
  }
  return window;
}

/**
 * The bytes a column block of at least `size` bytes takes: a power of two up to 64 KiB (the
 * size of a small block of the core's, alloc.ts, so that such a block can become one), else
 * a multiple of 16; 0 when no block can be that large.
 */
export function columnBytes(size: usize): usize {
  if (size == 0 || size > MAX_COLUMN_BLOCK) return 0;
  const c = ceilClass(size);
  return c <= A_MAX_CLASS ? <usize>classBytes(c) : (size + 15) & ~15;
}

/**
 * A free column block of `size` bytes (columnBytes) or a little more, its kind still free, or
 * 0: from the lists, after a merge when a sixteenth of the heap's bytes in column blocks was
 * freed since the last one (so that a walk of the heap is paid for by the frees before it).
 */
export function takeColumns(size: usize, largeHead: usize): usize {
  const ptr = reuse(size);
  if (ptr != 0 || <usize>hget(H_COLUMN_UNMERGED) < (<usize>hget(H_HEAP_TOP) - heapStart()) >> 4) return ptr;
  merge(largeHead, 0);
  return reuse(size);
}

/**
 * When memory is short: the free column block a merge built for this request out of the
 * neighbouring free blocks that take the least of the core's memory (up to `size` bytes of
 * it), or any one big enough, whatever it wastes; or 0.
 */
export function lastColumns(size: usize, largeHead: usize): usize {
  const built = merge(largeHead, size);
  if (built != 0) return built;
  let ptr = reuse(size);
  for (let c = ceilClass(size) + 1; ptr == 0 && c < A_COLUMN_CLASSES; c++) ptr = pop(c);
  return ptr;
}

/** Puts column block ptr (in use) on a free list. */
export function giveColumns(ptr: usize): void {
  const bytes = <u32>(sizeOf(ptr) + HEADER);
  setKind(ptr, FREE_COLUMNS);
  link(ptr);
  hset(H_COLUMN_FREE, hget(H_COLUMN_FREE) + bytes);
  hset(H_COLUMN_UNMERGED, hget(H_COLUMN_UNMERGED) + bytes);
}
