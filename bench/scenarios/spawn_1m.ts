// spawn_1m (scale): one op = create 1,000,000 entities with Position and Velocity, then
// destroy all of them. Check: one op from setup sees 1e6 entities matching a (Position,
// Velocity) query after creating and 0 after destroying.
import { component, createWorld, type Query, type World } from "wasm-ecs";
import { expectEqual } from "../check.js";
import type { StepBench, StepImplementation } from "../types.js";

const N = 1_000_000;

const Position = component("Position", { x: "f32", y: "f32" });
const Velocity = component("Velocity", { x: "f32", y: "f32" });

interface State {
  readonly world: World;
  readonly both: Query;
  /** Matching entities after creating and after destroying, recorded by the last op. */
  counts: [number, number];
}

function spawnAndDestroy(s: State): void {
  const ids = s.world.spawnMany(N, Position, Velocity);
  s.counts[0] = ids.length;
  s.world.destroyMany(ids);
  s.counts[1] = s.world.entityCount;
}

const wasmEcs: StepImplementation<State> = {
  async setup() {
    const world = await createWorld({ components: [Position, Velocity], initialEntities: N });
    return { world, both: world.query({ all: [Position, Velocity] }), counts: [0, 0] };
  },
  step: spawnAndDestroy,
  check(s) {
    const ids = s.world.spawnMany(N, Position, Velocity);
    expectEqual("spawn_1m", "entities matching (Position, Velocity) after creating", s.both.count(), N);
    s.world.destroyMany(ids);
    expectEqual("spawn_1m", "entities matching (Position, Velocity) after destroying", s.both.count(), 0);
    spawnAndDestroy(s);
    expectEqual("spawn_1m", "entities created by one op", s.counts[0], N);
    expectEqual("spawn_1m", "entities left after one op", s.counts[1], 0);
  },
};

export const bench: StepBench = {
  kind: "steps",
  name: "spawn_1m",
  group: "scale",
  description: "create 1,000,000 entities with 2 components, then destroy them (spawnMany / destroyMany)",
  per: { count: N, unit: "entity" },
  implementations: { "wasm-ecs": wasmEcs },
};
