// random_access (scale): 100,000 entities with Position { x: 0, y: 0 } and 100,000
// random picks among them (mulberry32 seeded with 42, indexes into the spawned list);
// one op = for each pick, read Position.x through the per-entity API and write x + 1.
// Check: after one op from setup the x values sum to 1e5.
import { component, createWorld, type Query, type World } from "wasm-ecs";
import { expectEqual, sumOf } from "../check.js";
import { picks } from "../picks.js";
import type { StepBench, StepImplementation } from "../types.js";

const N = 100_000;

const Position = component("Position", { x: "f32", y: "f32" });

interface State {
  readonly world: World;
  readonly targets: Uint32Array;
  readonly all: Query;
}

function touch(s: State): void {
  const { world, targets } = s;
  for (let i = 0; i < targets.length; i++) {
    const e = targets[i];
    const x = world.get(e, Position).x;
    world.set(e, Position, { x: x + 1 });
  }
}

const wasmEcs: StepImplementation<State> = {
  async setup() {
    const world = await createWorld({ components: [Position], initialEntities: N });
    const ids = world.spawnMany(N, Position);
    const order = picks();
    return { world, targets: order.map((i) => ids[i]), all: world.query({ all: [Position] }) };
  },
  step: touch,
  check(s) {
    touch(s);
    expectEqual(
      "random_access",
      "sum of x after one step",
      sumOf(s.all, (t) => t.columns(Position).x),
      N,
    );
  },
};

export const bench: StepBench = {
  kind: "steps",
  name: "random_access",
  group: "scale",
  description: "100,000 random entities (seeded): get Position, set x + 1 (world.get / world.set)",
  per: { count: N, unit: "access" },
  implementations: { "wasm-ecs": wasmEcs },
};
