// fragmented_256 (scale): N entities over ARCHETYPES archetypes: entity i has Data { value:
// i32 } = 0 plus the tags among T0..T7 given by the bits of (i mod 256), so 16 per archetype.
// One step: one query over everything with Data: value += 1.
import type { Spec } from "../spec.js";

export const N = 4096;
export const ARCHETYPES = 256;
export const TAGS = 8;

/**
 * visited: entities with Data; sumData: their values' sum; archetypes (optional: libraries
 * with archetype tables): tables the query matches.
 */
export type Readout = {
  visited: number;
  sumData: number;
  archetypes?: number;
};

export const spec: Spec<number, Readout> = {
  name: "fragmented_256",
  group: "scale",
  description: "4,096 entities over 256 archetypes (8 tags), one query over all: value += 1",
  per: { count: ARCHETYPES, unit: "table" },
  stages: [{ name: "increment", next: (value) => value + 1 }],
  optional: ["archetypes"],
  initial: () => 0,
  readout: (value) => ({ visited: N, sumData: N * value, archetypes: ARCHETYPES }),
};
