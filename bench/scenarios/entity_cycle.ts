// entity_cycle (standard): N entities with A { value: i32 } = 0 .. N - 1. One step: for each A
// entity spawn one with B { value: A.value } (per entity, inside the loop over the A query),
// then destroy every B entity (inside the loop over the B query). Ids are recycled, so 2N ids
// cover the cycle.
import type { Spec } from "../spec.js";

export const N = 1000;

/** entities; countA / countB: entities with A / B; sumA / sumB: their values' sums. */
export type Readout = {
  entities: number;
  countA: number;
  countB: number;
  sumA: number;
  sumB: number;
};

export const spec: Spec<Readout, Readout> = {
  name: "entity_cycle",
  group: "standard",
  description: "1,000 A; spawn one B { value: A.value } per A, then destroy every B",
  stages: [
    {
      name: "spawn",
      next: (r) => ({ ...r, entities: r.entities + r.countA, countB: r.countA, sumB: r.sumA }),
    },
    { name: "destroy", next: (r) => ({ ...r, entities: r.entities - r.countB, countB: 0, sumB: 0 }) },
  ],
  initial: () => ({ entities: N, countA: N, countB: 0, sumA: (N * (N - 1)) / 2, sumB: 0 }),
  readout: (r) => r,
};
