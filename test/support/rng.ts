// A small deterministic PRNG (mulberry32) for reproducible random sequences, shared by
// the core tests, the exhaustion test and the snapshot fuzzer.

/** rng(seed)(n): the next integer in [0, n). */
export function rng(seed: number): (n: number) => number {
  let s = seed >>> 0;
  return (n: number): number => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (((t ^ (t >>> 14)) >>> 0) % n) >>> 0;
  };
}
