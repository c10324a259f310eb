// deferred_spawn_100k: spawn_destroy_100k's calls made while changes wait: 100,000 single
// world.spawn(Position, Velocity) calls inside world.defer(), which applies them when it
// returns, then 100,000 single world.destroy(e) calls the same way. Each phase's time
// includes its flush. The report sets "spawn, deferred" against spawn_destroy_100k's
// immediate spawn (the budget: at most 2x). wasm-ecs only: the peers defer nothing.
//
// The same cycle then spawns and destroys at once, as spawn_destroy_100k does, in this
// process: a program that spawns both ways, as a game does (at once while loading, deferred
// in its systems). V8 inlines both ways into each loop, from feedback the two share, within
// one budget per optimized function; a path too large for it leaves calls in both loops.
import type { PhaseBench, PhaseImplementation } from "../types.js";
import {
  checkCycle,
  destroyEach as destroyNow,
  N,
  Position,
  type State,
  setup,
  spawnEach as spawnNow,
  Velocity,
} from "./spawn_destroy_100k.js";

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
  setup,
  check: (s) => {
    checkCycle("deferred_spawn_100k", s, spawnEach, destroyEach);
    checkCycle("deferred_spawn_100k", s, spawnNow, destroyNow);
  },
  phases: [
    { name: "spawn, deferred", per: N, unit: "entity", run: spawnEach },
    { name: "destroy, deferred", per: N, unit: "entity", run: destroyEach },
    { name: "spawn, immediate, same process", per: N, unit: "entity", run: spawnNow },
    { name: "destroy, immediate, same process", per: N, unit: "entity", run: destroyNow },
  ],
};

export const bench: PhaseBench = {
  kind: "phases",
  name: "deferred_spawn_100k",
  group: "micro",
  description:
    "world.spawn(Position, Velocity) x 100k inside world.defer(), then world.destroy(e) x 100k the same way; ns per entity, flush included; then both at once, in the same process",
  implementations: { "wasm-ecs": wasmEcs },
};
