// migrate_100k in wasm-ecs, batch form: addMany(query, Velocity, values) on the entities
// without Velocity, then removeMany(query, Velocity) on those with it (whole tables move at
// once). Setup and read() are migrate_100k.ts's, the per-entity form the peers write.
import type { Readout } from "../../scenarios/migrate_100k.js";
import type { Implementation } from "../../spec.js";
import { implementation as base, type State, Velocity } from "./migrate_100k.js";

function addVelocity(s: State): void {
  s.world.addMany(s.still, Velocity, { x: 1, y: 1 });
}

function removeVelocity(s: State): void {
  s.world.removeMany(s.moving, Velocity);
}

export const implementation: Implementation<State, Readout> = {
  ...base,
  variant: "batch",
  step(s) {
    addVelocity(s);
    removeVelocity(s);
  },
  stages: [addVelocity, removeVelocity],
};
