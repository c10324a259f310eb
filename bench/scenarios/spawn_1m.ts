// spawn_1m (scale): an empty world. One step: create N entities with Position and Velocity
// { x, y: f32 } = (0, 0), then destroy all of them.
import type { Spec } from "../spec.js";

export const N = 1_000_000;

/** matching: entities a (Position, Velocity) query matches; entities: live entities. */
export type Readout = {
  matching: number;
  entities: number;
};

export const spec: Spec<Readout, Readout> = {
  name: "spawn_1m",
  group: "scale",
  description: "create 1,000,000 entities with 2 components, then destroy them",
  per: { count: N, unit: "entity" },
  rounds: 1,
  stages: [
    { name: "create", next: () => ({ matching: N, entities: N }) },
    { name: "destroy", next: () => ({ matching: 0, entities: 0 }) },
  ],
  initial: () => ({ matching: 0, entities: 0 }),
  readout: (r) => r,
};
