// frag_iter (standard): TYPES component types A..Z, PER_TYPE entities per type, each with
// (Letter, Data), all { value: i32 } = 1: 26 archetypes. One step: `Data.value *= 2` on all
// 2,600 entities, then `Z.value *= 2` on the 100 Z entities.
import type { Spec } from "../spec.js";

export const TYPES = 26;
export const PER_TYPE = 100;
/** The letters' names, A..Z: the last one is Z, the one before it Y. */
export const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

interface Model {
  readonly data: number;
  readonly z: number;
}

/**
 * entities; countData: entities with Data; sumData, sumZ, sumY: sums of those components'
 * values; archetypes (optional: libraries with archetype tables): tables matching Data.
 */
export type Readout = {
  entities: number;
  countData: number;
  sumData: number;
  sumZ: number;
  sumY: number;
  archetypes?: number;
};

export const spec: Spec<Model, Readout> = {
  name: "frag_iter",
  group: "standard",
  description: "26 archetypes (Letter, Data) of 100 entities; Data.value *= 2 on all, then Z.value *= 2",
  stages: [
    { name: "doubleData", next: (m) => ({ ...m, data: m.data * 2 }) },
    { name: "doubleZ", next: (m) => ({ ...m, z: m.z * 2 }) },
  ],
  optional: ["archetypes"],
  initial: () => ({ data: 1, z: 1 }),
  readout: (m) => ({
    entities: TYPES * PER_TYPE,
    countData: TYPES * PER_TYPE,
    sumData: TYPES * PER_TYPE * m.data,
    sumZ: PER_TYPE * m.z,
    sumY: PER_TYPE,
    archetypes: TYPES,
  }),
};
