// deferred_spawn_100k: spawn_destroy_100k's calls made while changes wait: 100,000 single
// world.spawn(Position, Velocity) calls inside world.defer(), which applies them when it
// returns, then 100,000 single world.destroy(e) calls the same way. Each phase's time
// includes its flush. The report sets "spawn, deferred" against spawn_destroy_100k's
// immediate spawn (the budget: at most 2x). wasm-ecs only: the peers defer nothing.
import { component, createWorld, type World } from "wasm-ecs";
import { expectEqual } from "../check.js";
import type { PhaseBench, PhaseImplementation } from "../types.js";

const N = 100_000;

const Position = component("Position", { x: "f32", y: "f32" });
const Velocity = component("Velocity", { x: "f32", y: "f32" });

interface State {
  readonly world: World;
  readonly ids: Uint32Array;
}

function spawnEach(s: State): void {
  const { world, ids } = s;
  world.defer(() => {
    for (let i = 0; i < N; i++) ids[i] = world.spawn(Position, Velocity);
  });
}

function destroyEach(s: State): void {
  const { world, ids } = s;
  world.defer(() => {
    for (let i = 0; i < N; i++) world.destroy(ids[i]);
  });
}

const wasmEcs: PhaseImplementation<State> = {
  async setup() {
    const world = await createWorld({ components: [Position, Velocity], initialEntities: N });
    return { world, ids: new Uint32Array(N) };
  },
  check(s) {
    const q = s.world.query({ all: [Position, Velocity] });
    spawnEach(s);
    expectEqual("deferred_spawn_100k", "entities after spawning", s.world.entityCount, N);
    expectEqual("deferred_spawn_100k", "entities with Position and Velocity", q.count(), N);
    destroyEach(s);
    expectEqual("deferred_spawn_100k", "entities after destroying", s.world.entityCount, 0);
    expectEqual("deferred_spawn_100k", "first destroyed entity alive (0/1)", Number(s.world.isAlive(s.ids[0])), 0);
  },
  phases: [
    { name: "spawn, deferred", per: N, unit: "entity", run: spawnEach },
    { name: "destroy, deferred", per: N, unit: "entity", run: destroyEach },
  ],
};

export const bench: PhaseBench = {
  kind: "phases",
  name: "deferred_spawn_100k",
  group: "micro",
  description:
    "world.spawn(Position, Velocity) x 100k inside world.defer(), then world.destroy(e) x 100k the same way; ns per entity, flush included",
  implementations: { "wasm-ecs": wasmEcs },
};
