// Component masks: N u64 words, bit c set when component c is present, and the pool
// that holds one mask per table record (tables x words) plus the scratch mask.
// Every mask in the pool has the same width (H_MASK_WORDS words); the width grows
// with the registry, so there is no 32 or 64 component cap. Masks never cross the
// boundary as u64: the facade reads them as pairs of u32 words.
// Invariant: the pool holds H_TABLE_CAP masks of H_MASK_WORDS words; mask t is table t's
// (archetype-map.ts keeps it right); this module alone writes H_MASKS, H_MASK_WORDS and
// H_TMP_MASK. Widening is reserve / commit / drop: reserveMaskWidth allocates, and only
// commitMaskWidth changes anything (its caller then rehashes the archetype map).
//
//   pool:  u64[tableCap * words]   mask of table t at t * words
//   tmp:   u64[words]              the scratch mask (tmpMask)
import { H_COMPONENT_COUNT, H_MASK_WORDS, H_MASKS, H_TABLE_CAP, H_TABLE_COUNT, H_TMP_MASK } from "./constants";
import { alloc, free } from "./alloc";
import { bumpEpoch, hget, hset } from "./header";

@inline export function maskWords(): u32 { return hget(H_MASK_WORDS); }
@inline export function maskBytes(): usize { return <usize>hget(H_MASK_WORDS) << 3; }

@inline export function tmpMask(): usize { return <usize>hget(H_TMP_MASK); }

/** Address of table t's mask in the pool. */
@inline export function tableMask(t: u32): usize {
  return <usize>hget(H_MASKS) + <usize>t * maskBytes();
}

@inline export function maskHas(m: usize, c: u32): bool {
  return ((load<u64>(m + (<usize>(c >> 6) << 3)) >> <u64>(c & 63)) & 1) != 0;
}

@inline export function maskSet(m: usize, c: u32): void {
  const w = m + (<usize>(c >> 6) << 3);
  store<u64>(w, load<u64>(w) | (<u64>1 << <u64>(c & 63)));
}

@inline export function maskClear(m: usize, c: u32): void {
  const w = m + (<usize>(c >> 6) << 3);
  store<u64>(w, load<u64>(w) & ~(<u64>1 << <u64>(c & 63)));
}

export function maskEquals(a: usize, b: usize, words: u32): bool {
  for (let i: u32 = 0; i < words; i++) {
    if (load<u64>(a + (<usize>i << 3)) != load<u64>(b + (<usize>i << 3))) return false;
  }
  return true;
}

/** Hash over all words (64-bit multiply-xorshift), folded to u32. */
export function maskHash(m: usize, words: u32): u32 {
  let h: u64 = 0x9e3779b97f4a7c15;
  for (let i: u32 = 0; i < words; i++) {
    h ^= load<u64>(m + (<usize>i << 3));
    h *= 0xff51afd7ed558ccd;
    h ^= h >> 33;
  }
  return <u32>(h ^ (h >> 32));
}

/** Number of set bits over the mask. */
export function maskCount(m: usize, words: u32): u32 {
  let n: u32 = 0;
  for (let i: u32 = 0; i < words; i++) n += <u32>popcnt<u64>(load<u64>(m + (<usize>i << 3)));
  return n;
}

// ── The pool ──────────────────────────────────────────────────────────────────
/** Takes the first pool (masks one word wide) and the zeroed one-word scratch mask at tmp. */
export function initMaskPool(masks: usize, tmp: usize): void {
  store<u64>(tmp, 0);
  hset(H_MASKS, <u32>masks);
  hset(H_MASK_WORDS, 1);
  hset(H_TMP_MASK, <u32>tmp);
}

/** Moves the first n masks to the larger pool at masks (grown with the table records) and frees the old one. */
export function growMaskPool(masks: usize, n: u32): void {
  memory.copy(masks, <usize>hget(H_MASKS), <usize>n * maskBytes());
  free(<usize>hget(H_MASKS));
  hset(H_MASKS, <u32>masks);
}

// ── Widening masks when the registry crosses a multiple of 64 components ──────
let pendingWords: u32 = 0;
let pendingMasks: usize = 0;
let pendingTmp: usize = 0;

/** Allocates masks `words` wide if that is wider than now; false when out of memory. */
export function reserveMaskWidth(words: u32): bool {
  pendingWords = 0;
  if (words <= maskWords()) return true;
  pendingMasks = alloc(<usize>hget(H_TABLE_CAP) * (<usize>words << 3));
  pendingTmp = alloc(<usize>words << 3);
  if (pendingMasks == 0 || pendingTmp == 0) { dropMaskWidth(); return false; }
  pendingWords = words;
  return true;
}

export function dropMaskWidth(): void {
  free(pendingMasks);
  free(pendingTmp);
  pendingMasks = 0;
  pendingTmp = 0;
  pendingWords = 0;
}

/**
 * Switches to the reserved width: copies masks with zero padding. A key's hash covers
 * every word, so the caller then rehashes the archetype map (index.ts: rehashMap).
 */
export function commitMaskWidth(): void {
  if (pendingWords == 0) return;
  const oldWords = maskWords();
  const oldBytes = <usize>oldWords << 3, newBytes = <usize>pendingWords << 3;
  const n = hget(H_TABLE_COUNT);
  for (let t: u32 = 0; t < n; t++) {
    const dst = pendingMasks + <usize>t * newBytes;
    memory.fill(dst, 0, newBytes);
    memory.copy(dst, <usize>hget(H_MASKS) + <usize>t * oldBytes, oldBytes);
  }
  free(<usize>hget(H_MASKS));
  free(<usize>hget(H_TMP_MASK));
  memory.fill(pendingTmp, 0, newBytes);
  hset(H_MASKS, <u32>pendingMasks);
  hset(H_TMP_MASK, <u32>pendingTmp);
  hset(H_MASK_WORDS, pendingWords);
  pendingMasks = 0;
  pendingTmp = 0;
  pendingWords = 0;
  bumpEpoch();
}

/** Whether the mask at m (maskWords() u64 words) has a bit past the registered components. */
export function unknownBits(m: usize): bool {
  const words = maskWords();
  const count = hget(H_COMPONENT_COUNT);
  for (let w: u32 = 0; w < words; w++) {
    const bits = load<u64>(m + (<usize>w << 3));
    if (bits != 0 && (w << 6) + 63 - <u32>clz<u64>(bits) >= count) return true;
  }
  return false;
}
