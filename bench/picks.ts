// The seeded random picks of the random_access scenario, shared by wasm-ecs and every
// peer adapter. This file imports no library: a peer's child process must not load
// wasm-ecs (its schema literals like { value: "i32" } would change how V8 stores
// `value` fields in every object of the process).

export const N = 100_000;

/** mulberry32: a small seeded PRNG. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** N indexes into a list of N entities, the same for every library (seed 42). */
export function picks(): Uint32Array {
  const random = mulberry32(42);
  return Uint32Array.from({ length: N }, () => Math.floor(random() * N));
}
