// add_remove (standard): N entities with tag A. One step: add tag B to every A entity (inside
// the loop over the A query), then remove B from every entity having it (inside the loop over
// the B query).
import type { Spec } from "../spec.js";

export const N = 1000;

/** entities; countA / countB: entities with A / B. */
export type Readout = {
  entities: number;
  countA: number;
  countB: number;
};

export const spec: Spec<Readout, Readout> = {
  name: "add_remove",
  group: "standard",
  description: "1,000 entities with tag A; add tag B to each, then remove B from each",
  stages: [
    { name: "add", next: (r) => ({ ...r, countB: r.countA }) },
    { name: "remove", next: (r) => ({ ...r, countB: 0 }) },
  ],
  initial: () => ({ entities: N, countA: N, countB: 0 }),
  readout: (r) => r,
};
