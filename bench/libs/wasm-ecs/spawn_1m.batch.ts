// spawn_1m in wasm-ecs, batch form: one spawnMany of N entities with Position and Velocity,
// then one destroyMany of the ids it returned. Setup and read() are spawn_1m.ts's, the
// per-entity form the peers write.
import { N, type Readout } from "../../scenarios/spawn_1m.js";
import type { Implementation } from "../../spec.js";
import { implementation as base, Position, type State, Velocity } from "./spawn_1m.js";

interface Batch extends State {
  /** The entities the create stage made, for the destroy stage. */
  made: Uint32Array;
}

function create(s: Batch): void {
  s.made = s.world.spawnMany(N, Position, Velocity);
}

function destroy(s: Batch): void {
  s.world.destroyMany(s.made);
}

export const implementation: Implementation<Batch, Readout> = {
  variant: "batch",
  setup: async () => ({ ...(await base.setup()), made: new Uint32Array(0) }),
  step(s) {
    create(s);
    destroy(s);
  },
  stages: [create, destroy],
  read: base.read,
};
