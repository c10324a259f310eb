// The scratch buffer: one block where the facade stages a call's arguments (entity
// lists, masks, pair lists) before the call, and the core its own (destroy's one-entity
// list). It only grows while in use; trimScratch gives a large one back afterwards.
// Invariant: H_SCRATCH points at H_SCRATCH_BYTES bytes that nothing else owns; its
// contents are the caller's until the call returns.
import { H_SCRATCH, H_SCRATCH_BYTES } from "./constants";
import { alloc, free } from "./alloc";
import { hget, hset } from "./header";

const SCRATCH_KEEP: u32 = 64 << 10;

/** Gives a large scratch buffer back after a big batch, keeping a small one. */
@inline export function shrinkScratch(): void {
  if (hget(H_SCRATCH_BYTES) <= SCRATCH_KEEP) return;
  const p = alloc(SCRATCH_KEEP);
  if (p == 0) return;
  free(<usize>hget(H_SCRATCH));
  hset(H_SCRATCH, <u32>p);
  hset(H_SCRATCH_BYTES, SCRATCH_KEEP);
}

/** The scratch buffer with at least `bytes` (its contents are not kept when it grows); 0 when memory runs out. */
@inline export function reserveScratch(bytes: u32): usize {
  const have = hget(H_SCRATCH_BYTES);
  if (bytes <= have) return <usize>hget(H_SCRATCH);
  const doubled = <u64>have << 1;
  const size = <u32>min<u64>(max<u64>(<u64>bytes, doubled), 0xffff_0000);
  if (size < bytes) return 0;
  const p = alloc(size);
  if (p == 0) return 0;
  free(<usize>hget(H_SCRATCH));
  hset(H_SCRATCH, <u32>p);
  hset(H_SCRATCH_BYTES, size);
  return p;
}
