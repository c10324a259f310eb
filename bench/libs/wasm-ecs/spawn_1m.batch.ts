// spawn_1m in wasm-ecs, batch form: one spawnMany of N entities with Position and Velocity,
// then one destroyMany of the ids it returned. The per-entity form, as the peers write it,
// is spawn_1m.ts.
import { component, createWorld, type Query, type World } from "wasm-ecs";
import { N, type Readout } from "../../scenarios/spawn_1m.js";
import type { Implementation } from "../../spec.js";

const Position = component("Position", { x: "f32", y: "f32" });
const Velocity = component("Velocity", { x: "f32", y: "f32" });

interface State {
  readonly world: World;
  readonly both: Query;
  /** The entities the create stage made, for the destroy stage. */
  ids: Uint32Array;
}

function create(s: State): void {
  s.ids = s.world.spawnMany(N, Position, Velocity);
}

function destroy(s: State): void {
  s.world.destroyMany(s.ids);
}

export const implementation: Implementation<State, Readout> = {
  variant: "batch",
  async setup() {
    const world = await createWorld({ components: [Position, Velocity], initialEntities: N });
    return { world, both: world.query({ all: [Position, Velocity] }), ids: new Uint32Array(0) };
  },
  step(s) {
    create(s);
    destroy(s);
  },
  stages: [create, destroy],
  read: (s) => ({ matching: s.both.count(), entities: s.world.entityCount }),
};
