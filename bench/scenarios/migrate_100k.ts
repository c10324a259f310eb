// migrate_100k (scale): 100,000 entities with Position { x: 1, y: 0 }; one op = add
// Velocity { x: 1, y: 1 } (a data component) to each, then remove it from each.
// Check: after adding, 1e5 entities have Velocity and sum Velocity.x = 1e5; after
// removing, none has it and sum Position.x is still 1e5.
import { component, createWorld, type Query, type World } from "wasm-ecs";
import { expectEqual, sumOf } from "../check.js";
import type { StepBench, StepImplementation } from "../types.js";

const N = 100_000;

const Position = component("Position", { x: "f32", y: "f32" });
const Velocity = component("Velocity", { x: "f32", y: "f32" });

interface State {
  readonly world: World;
  readonly still: Query;
  readonly moving: Query;
}

function addVelocity(s: State): void {
  s.world.addMany(s.still, Velocity, { x: 1, y: 1 });
}

function removeVelocity(s: State): void {
  s.world.removeMany(s.moving, Velocity);
}

function step(s: State): void {
  addVelocity(s);
  removeVelocity(s);
}

const wasmEcs: StepImplementation<State> = {
  async setup() {
    const world = await createWorld({ components: [Position, Velocity], initialEntities: N });
    world.spawnMany(N, Position.with({ x: 1 }));
    return {
      world,
      still: world.query({ all: [Position], none: [Velocity] }),
      moving: world.query({ all: [Position, Velocity] }),
    };
  },
  step,
  check(s) {
    addVelocity(s);
    expectEqual("migrate_100k", "entities with Velocity after adding", s.moving.count(), N);
    expectEqual(
      "migrate_100k",
      "sum of Velocity.x after adding",
      sumOf(s.moving, (t) => t.columns(Velocity).x),
      N,
    );
    removeVelocity(s);
    expectEqual("migrate_100k", "entities with Velocity after removing", s.moving.count(), 0);
    expectEqual(
      "migrate_100k",
      "sum of Position.x after removing",
      sumOf(s.still, (t) => t.columns(Position).x),
      N,
    );
  },
};

export const bench: StepBench = {
  kind: "steps",
  name: "migrate_100k",
  group: "scale",
  description: "100,000 entities: add a data component to each, then remove it (addMany / removeMany on queries)",
  per: { count: 2 * N, unit: "migration" },
  implementations: { "wasm-ecs": wasmEcs },
};
