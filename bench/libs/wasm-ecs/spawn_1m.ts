// spawn_1m in wasm-ecs per entity, as the peers write it: world.spawn(Position, Velocity)
// N times, keeping the ids, then world.destroy(e) on each. The batch form (spawnMany,
// destroyMany) is spawn_1m.batch.ts.
import { component, createWorld, type Query, type World } from "wasm-ecs";
import { N, type Readout } from "../../scenarios/spawn_1m.js";
import type { Implementation } from "../../spec.js";

export const Position = component("Position", { x: "f32", y: "f32" });
export const Velocity = component("Velocity", { x: "f32", y: "f32" });

export interface State {
  readonly world: World;
  readonly both: Query;
  /** The entities the create stage made, for the destroy stage. */
  readonly ids: Uint32Array;
}

function create(s: State): void {
  const { world, ids } = s;
  for (let i = 0; i < N; i++) ids[i] = world.spawn(Position, Velocity);
}

function destroy(s: State): void {
  const { world, ids } = s;
  for (let i = 0; i < N; i++) world.destroy(ids[i]);
}

export const implementation: Implementation<State, Readout> = {
  async setup() {
    const world = await createWorld({ components: [Position, Velocity], initialEntities: N });
    return { world, both: world.query({ all: [Position, Velocity] }), ids: new Uint32Array(N) };
  },
  step(s) {
    create(s);
    destroy(s);
  },
  stages: [create, destroy],
  read: (s) => ({ matching: s.both.count(), entities: s.world.entityCount }),
};
