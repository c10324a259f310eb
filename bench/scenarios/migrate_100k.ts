// migrate_100k (scale): N entities with Position { x: 1, y: 0 }. One step: add Velocity
// { x: 1, y: 1 } (a data component, so rows move with their data) to each, then remove it
// from each.
import type { Spec } from "../spec.js";

export const N = 100_000;

/**
 * moving: entities with Velocity; still: entities with Position and no Velocity; sumVx:
 * Velocity.x over the moving ones; sumPx: Position.x over every entity with Position.
 */
export type Readout = {
  moving: number;
  still: number;
  sumVx: number;
  sumPx: number;
};

export const spec: Spec<Readout, Readout> = {
  name: "migrate_100k",
  group: "scale",
  description: "100,000 entities: add a data component to each, then remove it",
  per: { count: 2 * N, unit: "migration" },
  rounds: 1,
  stages: [
    { name: "add", next: (r) => ({ ...r, moving: N, still: 0, sumVx: N }) },
    { name: "remove", next: (r) => ({ ...r, moving: 0, still: N, sumVx: 0 }) },
  ],
  initial: () => ({ moving: 0, still: N, sumVx: 0, sumPx: N }),
  readout: (r) => r,
};
