// Component masks: N u64 words, bit c set when component c is present.
// Every mask in the pool has the same width (H_MASK_WORDS words); the width grows
// with the registry, so there is no 32 or 64 component cap. Masks never cross the
// boundary as u64: the facade reads them as pairs of u32 words.
import { H_MASK_WORDS, H_MASKS } from "./constants";
import { hget } from "./header";

@inline export function maskWords(): u32 { return hget(H_MASK_WORDS); }
@inline export function maskBytes(): usize { return <usize>hget(H_MASK_WORDS) << 3; }

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
