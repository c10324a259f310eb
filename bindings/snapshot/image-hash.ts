// The core's hash functions, written again in JS so a snapshot reader can tell whether
// an image's hash tables are laid out as the core would look them up. Each mirrors one
// function of assembly/ exactly (named beside it); a change there is a format change,
// and the snapshot tests catch a mismatch at once (every good snapshot would be refused).
import { PAIR_EDGE_SLOTS } from "../core/constants.generated.js";

const M64 = (1n << 64n) - 1n;

/** mask.ts maskHash: the u64 words of a mask (given as u32 pairs, low first) folded to u32. */
export function maskHash(u32: Uint32Array, at: number, words: number): number {
  let h = 0x9e3779b97f4a7c15n;
  for (let i = 0; i < words; i++) {
    h ^= (BigInt(u32[at + 2 * i + 1]) << 32n) | BigInt(u32[at + 2 * i]);
    h = (h * 0xff51afd7ed558ccdn) & M64;
    h ^= h >> 33n;
  }
  return Number((h ^ (h >> 32n)) & 0xffffffffn);
}

/** archetype-map.ts keyHash: a mask's hash with the (relation, target) pairs folded in. */
export function keyHash(maskHashValue: number, pairs: readonly number[]): number {
  let h = maskHashValue;
  for (let i = 0; i < pairs.length; i += 2) {
    h = Math.imul(h ^ pairs[i], 0x9e3779b1);
    h = Math.imul(h ^ pairs[i + 1], 0x85ebca6b);
    h = (h ^ (h >>> 15)) >>> 0;
  }
  return h >>> 0;
}

/** target-index.ts targetHash. */
export function targetHash(slot: number): number {
  const h = Math.imul(slot, 0x9e3779b1) >>> 0;
  return (h ^ (h >>> 16)) >>> 0;
}

/** subtables.ts edgeSlot: the pair edge cache entry of (table, code, target). */
export function pairEdgeSlot(t: number, code: number, target: number): number {
  const h = (Math.imul(t, 0x9e3779b1) ^ Math.imul(target, 0x85ebca6b) ^ Math.imul(code, 0xc2b2ae35)) >>> 0;
  return ((h ^ (h >>> 16)) >>> 0) & (PAIR_EDGE_SLOTS - 1);
}

/**
 * Whether every entry of an open-addressing table (linear probing, `cap` a power of two)
 * can be found from its home: `home(i)` is the home of the key at i, or -1 for an empty
 * entry. True when no empty entry lies between any key's home and its place. Linear time:
 * the run of occupied entries ending at each place is counted once around the circle.
 * Precondition: some entry is empty.
 */
export function probesReach(cap: number, home: (i: number) => number): boolean {
  let empty = -1;
  for (let i = 0; i < cap && empty < 0; i++) if (home(i) < 0) empty = i;
  if (empty < 0) return false;
  let run = 0;
  for (let k = 1; k <= cap; k++) {
    const i = (empty + k) & (cap - 1);
    const h = home(i);
    if (h < 0) {
      run = 0;
      continue;
    }
    run++;
    // Places home .. i (cyclically) must all be occupied: that is i - home < run.
    if (((i - h) & (cap - 1)) >= run) return false;
  }
  return true;
}
