// spawn_destroy_100k: 100,000 single world.spawn(Position, Velocity) calls, then 100,000
// single world.destroy(e) calls (no query open, so nothing is deferred). Reports ns per
// entity for each; the slots are recycled from the second cycle on, as in a running game.
// Peers' rows (the same work through their own per-entity calls, each with its own check):
// libs/piecs/spawn_destroy_100k.ts, libs/bitecs-0.4/spawn_destroy_100k.ts.
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
  for (let i = 0; i < N; i++) ids[i] = world.spawn(Position, Velocity);
}

function destroyEach(s: State): void {
  const { world, ids } = s;
  for (let i = 0; i < N; i++) world.destroy(ids[i]);
}

const wasmEcs: PhaseImplementation<State> = {
  async setup() {
    const world = await createWorld({ components: [Position, Velocity], initialEntities: N });
    return { world, ids: new Uint32Array(N) };
  },
  check(s) {
    const q = s.world.query({ all: [Position, Velocity] });
    spawnEach(s);
    expectEqual("spawn_destroy_100k", "entities after spawning", s.world.entityCount, N);
    expectEqual("spawn_destroy_100k", "entities with Position and Velocity", q.count(), N);
    destroyEach(s);
    expectEqual("spawn_destroy_100k", "entities after destroying", s.world.entityCount, 0);
    expectEqual("spawn_destroy_100k", "first destroyed entity alive (0/1)", Number(s.world.isAlive(s.ids[0])), 0);
  },
  phases: [
    { name: "spawn", per: N, unit: "entity", run: spawnEach },
    { name: "destroy", per: N, unit: "entity", run: destroyEach },
  ],
};

export const bench: PhaseBench = {
  kind: "phases",
  name: "spawn_destroy_100k",
  group: "micro",
  description:
    "world.spawn(Position, Velocity) x 100k, then world.destroy(e) x 100k; ns per entity (peers: their own per-entity calls)",
  implementations: { "wasm-ecs": wasmEcs },
};
