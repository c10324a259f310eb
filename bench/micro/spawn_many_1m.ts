// spawn_many_1m: world.spawnMany(1,000,000, Position, Velocity) (one core call), then
// world.destroyMany of the same ids. Reports ns per entity for each.
import { component, createWorld, type Query, type World } from "wasm-ecs";
import { expectEqual } from "../check.js";
import type { PhaseBench, PhaseImplementation } from "../types.js";

const N = 1_000_000;

const Position = component("Position", { x: "f32", y: "f32" });
const Velocity = component("Velocity", { x: "f32", y: "f32" });

interface State {
  readonly world: World;
  readonly moving: Query;
  ids: Uint32Array;
}

function spawnAll(s: State): void {
  s.ids = s.world.spawnMany(N, Position, Velocity);
}

function destroyAll(s: State): void {
  s.world.destroyMany(s.ids);
}

const wasmEcs: PhaseImplementation<State> = {
  async setup() {
    const world = await createWorld({ components: [Position, Velocity], initialEntities: N });
    return { world, moving: world.query({ all: [Position, Velocity] }), ids: new Uint32Array(0) };
  },
  check(s) {
    spawnAll(s);
    expectEqual("spawn_many_1m", "ids returned", s.ids.length, N);
    expectEqual("spawn_many_1m", "entities with Position and Velocity", s.moving.count(), N);
    destroyAll(s);
    expectEqual("spawn_many_1m", "entities after destroyMany", s.world.entityCount, 0);
  },
  phases: [
    { name: "spawnMany", per: N, unit: "entity", run: spawnAll },
    { name: "destroyMany", per: N, unit: "entity", run: destroyAll },
  ],
};

export const bench: PhaseBench = {
  kind: "phases",
  name: "spawn_many_1m",
  group: "micro",
  description: "world.spawnMany(1M, Position, Velocity), then world.destroyMany of the ids; ns per entity",
  implementations: { "wasm-ecs": wasmEcs },
};
