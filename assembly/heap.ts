// The heap both allocators carve from (alloc.ts for the core's own structures,
// column-heap.ts for tables' column blocks): block headers, the heap top, memory growth.
//
//   block:  [ size:u32 | kind:u32 | next:u32 | pad:u32 ][ payload (size bytes) ]
//            ^ ptr - HEADER                                ^ ptr (16-aligned)
//
// Blocks tile the heap from its first block to H_HEAP_TOP. The header of a block lies
// before its payload, so a write through a view of one block's payload never reaches it.
import { A_HEADER, H_HEAP_TOP, H_MAX_PAGES, H_USED_BYTES } from "./constants";
import { bumpEpoch, hget, hset } from "./header";

export const HEADER: usize = A_HEADER;

/** Address of the heap's first block header (16-aligned, after the static data). */
@inline export function heapStart(): usize {
  return (__heap_base + 15) & ~15;
}

@inline export function sizeOf(ptr: usize): usize { return load<u32>(ptr - HEADER); }
@inline export function kindOf(ptr: usize): u32 { return load<u32>(ptr - HEADER, 4); }
@inline export function setKind(ptr: usize, kind: u32): void { store<u32>(ptr - HEADER, kind, 4); }
@inline export function nextOf(ptr: usize): usize { return load<u32>(ptr - HEADER, 8); }
@inline export function setNext(ptr: usize, next: usize): void { store<u32>(ptr - HEADER, <u32>next, 8); }

/** Counts a block handed out (+) or given back (-) in H_USED_BYTES, header included. */
@inline export function countUsed(ptr: usize, taken: bool): void {
  const bytes = <u32>(sizeOf(ptr) + HEADER);
  hset(H_USED_BYTES, taken ? hget(H_USED_BYTES) + bytes : hget(H_USED_BYTES) - bytes);
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

/** Carves a fresh block of `size` payload bytes from the top of the heap, or returns 0. */
export function carve(size: usize, kind: u32): usize {
  const top = <usize>hget(H_HEAP_TOP);
  const end = <u64>top + <u64>HEADER + <u64>size;
  if (end > 0xffff_fff0 || !ensureMemory(end)) return 0;
  hset(H_HEAP_TOP, <u32>end);
  store<u32>(top, <u32>size);
  store<u32>(top, kind, 4);
  return top + HEADER;
}
