// random_access in wasm-ecs through the fast per-entity accessor: pos = world.access(Position),
// then pos.setX(e, pos.x(e) + 1) for each pick. Each call reads e's record (generation,
// table, row) from memory and checks it is alive and has Position; no object per call.
import { type Access, component, createWorld, type Query, type World } from "wasm-ecs";
import { sumOf } from "../../check.js";
import { N, picks, type Readout } from "../../scenarios/random_access.js";
import type { Implementation } from "../../spec.js";

const Position = component("Position", { x: "f32", y: "f32" });

interface State {
  readonly world: World;
  readonly pos: Access<typeof Position.schema>;
  readonly targets: Uint32Array;
  readonly all: Query;
}

function touch(s: State): void {
  const { pos, targets } = s;
  for (let i = 0; i < targets.length; i++) {
    const e = targets[i];
    pos.setX(e, pos.x(e) + 1);
  }
}

export const implementation: Implementation<State, Readout> = {
  variant: "accessor",
  async setup() {
    const world = await createWorld({ components: [Position], initialEntities: N });
    const ids = world.spawnMany(N, Position);
    const pos = world.access(Position);
    return { world, pos, targets: picks().map((i) => ids[i]), all: world.query({ all: [Position] }) };
  },
  step: touch,
  stages: [touch],
  read: (s) => ({ count: s.all.count(), sumX: sumOf(s.all, (t) => t.columns(Position).x) }),
};
