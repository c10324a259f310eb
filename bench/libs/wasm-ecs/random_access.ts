// random_access in wasm-ecs through the documented per-entity API: world.get(e, Position)
// then world.set(e, Position, { x }) for each pick. Faster accessors go in named variants
// (random_access.<variant>.ts).
import { component, createWorld, type Query, type World } from "wasm-ecs";
import { sumOf } from "../../check.js";
import { N, picks, type Readout } from "../../scenarios/random_access.js";
import type { Implementation } from "../../spec.js";

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

export const implementation: Implementation<State, Readout> = {
  async setup() {
    const world = await createWorld({ components: [Position], initialEntities: N });
    const ids = world.spawnMany(N, Position);
    return { world, targets: picks().map((i) => ids[i]), all: world.query({ all: [Position] }) };
  },
  step: touch,
  stages: [touch],
  read: (s) => ({ count: s.all.count(), sumX: sumOf(s.all, (t) => t.columns(Position).x) }),
};
