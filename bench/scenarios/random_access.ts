// random_access (scale): N entities with Position { x, y: f32 } = (0, 0), spawned in order
// into a list, and N random picks among them: picks() gives indexes into that list (mulberry32
// seeded with 42, the same for every library). One step: for each pick, read Position.x
// through the library's per-entity API and write x + 1.
import type { Spec } from "../spec.js";

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

/** N indexes into the list of N spawned entities (seed 42). */
export function picks(): Uint32Array {
  const random = mulberry32(42);
  return Uint32Array.from({ length: N }, () => Math.floor(random() * N));
}

/** count: entities with Position; sumX: Position.x over them. */
export type Readout = {
  count: number;
  sumX: number;
};

export const spec: Spec<number, Readout> = {
  name: "random_access",
  group: "scale",
  description: "100,000 random entities (seeded): read Position.x, write x + 1, per entity",
  per: { count: N, unit: "access" },
  rounds: 2,
  stages: [{ name: "touch", next: (sumX) => sumX + N }],
  initial: () => 0,
  readout: (sumX) => ({ count: N, sumX }),
};
