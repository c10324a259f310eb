// iterate_1m (scale): N entities with Position { x, y } = (0, 0) and Velocity { x, y } =
// (VX, VY), all f32. One step: one system adding velocity to position on every entity.
import type { Spec } from "../spec.js";

export const N = 1_000_000;
export const VX = 1;
export const VY = 0.5;

/** moving: entities with Position and Velocity; sumX / sumY: Position.x / .y over them. */
export type Readout = {
  moving: number;
  sumX: number;
  sumY: number;
};

export const spec: Spec<Readout, Readout> = {
  name: "iterate_1m",
  group: "scale",
  description: "1,000,000 entities: pos += vel over 2 f32 fields, one system",
  per: { count: N, unit: "entity" },
  rounds: 2,
  stages: [{ name: "move", next: (r) => ({ ...r, sumX: r.sumX + N * VX, sumY: r.sumY + N * VY }) }],
  initial: () => ({ moving: N, sumX: 0, sumY: 0 }),
  readout: (r) => r,
};
