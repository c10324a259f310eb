// The core's own allocator. It never traps: a request memory cannot satisfy
// returns 0, so callers reserve everything first and fail before mutating.
//
//   block:  [ size:u32 | kind:u32 | next:u32 | pad:u32 ][ payload (size bytes) ]
//            ^ ptr - HEADER                                ^ ptr (16-aligned)
//
// Small blocks (payload <= SMALL_MAX) come in power-of-two classes with one free
// list each. Large blocks are multiples of 16 bytes on an address-ordered free
// list; neighbours merge when freed, and a free block at the top lowers the top.
import {
  A_HEADER, A_KIND_FREE, A_KIND_LARGE, A_KIND_SMALL, A_MAX_CLASS, A_MIN_CLASS, H_HEAP_TOP, H_MAX_PAGES, H_USED_BYTES,
} from "./constants";
import { bumpEpoch, hget, hset } from "./header";

const HEADER: usize = A_HEADER;
const MIN_CLASS: u32 = A_MIN_CLASS; //  16 bytes
const MAX_CLASS: u32 = A_MAX_CLASS; // 64 KiB
const SMALL_MAX: usize = 1 << MAX_CLASS;
const KIND_SMALL: u32 = A_KIND_SMALL;
const KIND_LARGE: u32 = A_KIND_LARGE;
const KIND_FREE: u32 = A_KIND_FREE;

/** Heads of the small free lists, one per class, and of the large free list. */
const SMALL_HEADS: usize = memory.data((MAX_CLASS + 1) << 2, 16);
const LARGE_HEAD: usize = memory.data(16, 16);

/**
 * Where the allocator's state sits (a snapshot reader checks an image against it):
 * 0 the first block of the heap, 1 the small free-list heads (one u32 per class,
 * 0 .. MAX_CLASS), 2 the large free-list head; 0 for anything else.
 */
export function allocatorStatic(which: u32): usize {
  if (which == 0) return (__heap_base + 15) & ~15;
  if (which == 1) return SMALL_HEADS;
  if (which == 2) return LARGE_HEAD;
  return 0;
}

export function initAllocator(maxPages: u32): void {
  hset(H_HEAP_TOP, <u32>((__heap_base + 15) & ~15));
  hset(H_MAX_PAGES, maxPages);
  hset(H_USED_BYTES, 0);
}

@inline function sizeOf(ptr: usize): usize { return load<u32>(ptr - HEADER); }
@inline function kindOf(ptr: usize): u32 { return load<u32>(ptr - HEADER, 4); }
@inline function nextOf(ptr: usize): usize { return load<u32>(ptr - HEADER, 8); }
@inline function setNext(ptr: usize, next: usize): void { store<u32>(ptr - HEADER, <u32>next, 8); }

function classOf(size: usize): u32 {
  if (size <= (1 << MIN_CLASS)) return MIN_CLASS;
  return 32 - <u32>clz<u32>(<u32>size - 1);
}

/** Grows memory so that `end` is addressable; false when the ceiling forbids it. */
function ensureMemory(end: u64): bool {
  const have = <u64>memory.size() << 16;
  if (end <= have) return true;
  const needPages = <i32>((end - have + 0xffff) >> 16);
  const current = memory.size();
  const maxPages = <i32>hget(H_MAX_PAGES);
  if (current + needPages > maxPages) return false;
  // Grow by at least a quarter of what we have, to keep detaching views rare.
  let pages = max(needPages, current >> 2);
  if (current + pages > maxPages) pages = maxPages - current;
  if (memory.grow(pages) < 0 && memory.grow(needPages) < 0) return false;
  bumpEpoch();
  return true;
}

/** Carves a fresh block from the top of the heap, or returns 0. */
function carve(size: usize, kind: u32): usize {
  const top = <usize>hget(H_HEAP_TOP);
  const end = <u64>top + <u64>HEADER + <u64>size;
  if (end > 0xffff_fff0 || !ensureMemory(end)) return 0;
  hset(H_HEAP_TOP, <u32>end);
  store<u32>(top, <u32>size);
  store<u32>(top, kind, 4);
  return top + HEADER;
}

/** Largest request alloc serves; rounding anything larger up to 16 bytes would wrap. */
const MAX_REQUEST: usize = 0xffff_0000;

/** Returns a 16-aligned block of at least `size` bytes, or 0 when memory runs out. */
export function alloc(size: usize): usize {
  if (size > MAX_REQUEST) return 0;
  let ptr: usize;
  if (size <= SMALL_MAX) {
    const cls = classOf(size);
    const head = SMALL_HEADS + (<usize>cls << 2);
    ptr = load<u32>(head);
    if (ptr != 0) {
      store<u32>(head, <u32>nextOf(ptr));
      store<u32>(ptr - HEADER, KIND_SMALL, 4);
    } else {
      ptr = carve(<usize>1 << cls, KIND_SMALL);
      if (ptr == 0) return 0;
    }
  } else {
    ptr = allocLarge((size + 15) & ~15);
    if (ptr == 0) return 0;
  }
  hset(H_USED_BYTES, hget(H_USED_BYTES) + <u32>(sizeOf(ptr) + HEADER));
  return ptr;
}

/** First fit on the address-ordered large free list, splitting big leftovers. */
function allocLarge(size: usize): usize {
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
      store<u32>(cur - HEADER, KIND_LARGE, 4);
      return cur;
    }
    prev = cur;
    cur = nextOf(cur);
  }
  return carve(size, KIND_LARGE);
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
  hset(H_USED_BYTES, hget(H_USED_BYTES) - <u32>(sizeOf(ptr) + HEADER));
  if (kind == KIND_SMALL) {
    const head = SMALL_HEADS + (<usize>classOf(sizeOf(ptr)) << 2);
    setNext(ptr, load<u32>(head));
    store<u32>(ptr - HEADER, KIND_SMALL | KIND_FREE, 4);
    store<u32>(head, <u32>ptr);
    return;
  }
  freeLarge(ptr);
}

function freeLarge(ptr: usize): void {
  store<u32>(ptr - HEADER, KIND_LARGE | KIND_FREE, 4);
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
  // A free block that ends at the top gives its memory back to the top.
  if (ptr + sizeOf(ptr) == <usize>hget(H_HEAP_TOP) && nextOf(ptr) == 0) {
    let before: usize = 0;
    let cur = <usize>load<u32>(LARGE_HEAD);
    while (cur != ptr) { before = cur; cur = nextOf(cur); }
    linkAfter(before, 0);
    hset(H_HEAP_TOP, <u32>(ptr - HEADER));
  }
}

/** Bytes a live block can hold (debug checks and growth decisions). */
export function blockSize(ptr: usize): usize {
  return sizeOf(ptr);
}
