// spawn_destroy_100k: 100,000 single world.spawn(Position, Velocity) calls, then 100,000
// single world.destroy(e) calls (no query open, so nothing is deferred). Reports ns per
// entity for each; the slots are recycled from the second cycle on, as in a running game.
// Peers' rows (the same work through their own per-entity calls, each with its own check):
// libs/piecs/spawn_destroy_100k.ts, libs/bitecs-0.4/spawn_destroy_100k.ts.
import { component, createWorld, type World } from "wasm-ecs";
import { expectEqual } from "../check.js";
import type { PhaseBench, PhaseImplementation } from "../types.js";

export const N = 100_000;

export const Position = component("Position", { x: "f32", y: "f32" });
export const Velocity = component("Velocity", { x: "f32", y: "f32" });

export interface State {
  readonly world: World;
  readonly ids: Uint32Array;
}

/** N single spawns of (Position, Velocity), their ids into s.ids (deferred_spawn_100k makes them too). */
export function spawnEach(s: State): void {
  const { world, ids } = s;
  for (let i = 0; i < N; i++) ids[i] = world.spawn(Position, Velocity);
}

/** N single destroys of s.ids. */
export function destroyEach(s: State): void {
  const { world, ids } = s;
  for (let i = 0; i < N; i++) world.destroy(ids[i]);
}

/** A world for N entities of (Position, Velocity) and the list their ids go to. */
export async function setup(): Promise<State> {
  const world = await createWorld({ components: [Position, Velocity], initialEntities: N });
  return { world, ids: new Uint32Array(N) };
}

/** Runs a spawn phase and a destroy phase once and throws unless they spawned and destroyed the N entities. */
export function checkCycle(bench: string, s: State, spawn: (s: State) => void, destroy: (s: State) => void): void {
  const q = s.world.query({ all: [Position, Velocity] });
  spawn(s);
  expectEqual(bench, "entities after spawning", s.world.entityCount, N);
  expectEqual(bench, "entities with Position and Velocity", q.count(), N);
  destroy(s);
  expectEqual(bench, "entities after destroying", s.world.entityCount, 0);
  expectEqual(bench, "first destroyed entity alive (0/1)", Number(s.world.isAlive(s.ids[0])), 0);
}

const wasmEcs: PhaseImplementation<State> = {
  setup,
  check: (s) => checkCycle("spawn_destroy_100k", s, spawnEach, destroyEach),
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
