// spawn_destroy_100k in piecs: 100,000 single world.createEntity(prefab) calls straight into
// the (Position, Velocity) archetype, each writing (0, 0) to the four typed arrays (piecs
// leaves component data to the user; wasm-ecs's spawn zeroes its row), then 100,000 single
// world.deleteEntity(id) calls. Not a system: the phases call the world directly, as
// spawn_1m does. A registered archetype system that never runs holds the (Position,
// Velocity) query the check counts. Ids are recycled from the second cycle on.
import { type Archetype, createArchetypeSystem, type System, World } from "piecs";
import { expectEqual } from "../../check.js";
import type { MicroImplementation } from "../../types.js";
import { countOf, entityCount, sumOf } from "./systems.js";

const N = 100_000;

interface State {
  readonly world: World;
  readonly prefab: Archetype;
  readonly both: System;
  readonly ids: Uint32Array;
  readonly px: Float32Array;
  readonly py: Float32Array;
  readonly vx: Float32Array;
  readonly vy: Float32Array;
}

function spawnEach(s: State): void {
  const { world, prefab, ids, px, py, vx, vy } = s;
  for (let i = 0; i < N; i++) {
    const id = world.createEntity(prefab);
    px[id] = 0;
    py[id] = 0;
    vx[id] = 0;
    vy[id] = 0;
    ids[i] = id;
  }
}

function destroyEach(s: State): void {
  const { world, ids } = s;
  for (let i = 0; i < N; i++) world.deleteEntity(ids[i]);
}

export const micro: MicroImplementation = {
  kind: "phases",
  setup(): State {
    const world = new World();
    const Position = world.createComponentId();
    const Velocity = world.createComponentId();
    const both = createArchetypeSystem(
      function countOnly() {},
      (q) => q.every(Position, Velocity),
    );
    world.registerSystem(both);
    const prefab = world.prefabricate([Position, Velocity]);
    world.initialize();
    const [px, py, vx, vy] = [0, 1, 2, 3].map(() => new Float32Array(N));
    return { world, prefab, both, ids: new Uint32Array(N), px, py, vx, vy };
  },
  check(s: State) {
    // Stale values where the entities land: the sums below then show that spawning wrote (0, 0).
    for (const field of [s.px, s.py, s.vx, s.vy]) field.fill(1);
    spawnEach(s);
    expectEqual("spawn_destroy_100k", "entities after spawning", entityCount(s.world, N), N);
    expectEqual("spawn_destroy_100k", "entities with Position and Velocity", countOf(s.both), N);
    const sum = sumOf(s.both, s.px) + sumOf(s.both, s.py) + sumOf(s.both, s.vx) + sumOf(s.both, s.vy);
    expectEqual("spawn_destroy_100k", "sum of Position and Velocity fields after spawning", sum, 0);
    destroyEach(s);
    expectEqual("spawn_destroy_100k", "entities after destroying", entityCount(s.world, N), 0);
    expectEqual("spawn_destroy_100k", "entities with Position and Velocity after destroying", countOf(s.both), 0);
    expectEqual("spawn_destroy_100k", "first destroyed entity alive (0/1)", Number(s.world.hasEntity(s.ids[0])), 0);
  },
  phases: [
    { name: "spawn", per: N, unit: "entity", run: spawnEach },
    { name: "destroy", per: N, unit: "entity", run: destroyEach },
  ],
};
