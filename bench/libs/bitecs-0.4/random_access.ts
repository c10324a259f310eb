// random_access in bitECS 0.4: per-entity access is the store itself, Position.x[eid].
import { addEntity, createWorld, type QueryTerm, query, type World } from "bitecs";
import { N, picks, type Readout } from "../../scenarios/random_access.js";
import type { Implementation } from "../../spec.js";
import { sumOver, type Vec2, vec2 } from "./stores.js";

interface State {
  readonly world: World;
  readonly Position: Vec2;
  readonly targets: Uint32Array;
  readonly all: QueryTerm[];
}

function touch(s: State): void {
  const targets = s.targets;
  const px = s.Position.x;
  for (let i = 0; i < targets.length; i++) {
    const e = targets[i];
    const x = px[e];
    px[e] = x + 1;
  }
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    const world = createWorld();
    const Position = vec2(N);
    const ids = new Uint32Array(N);
    for (let i = 0; i < N; i++) ids[i] = addEntity(world, Position);
    return { world, Position, targets: picks().map((i) => ids[i]), all: [Position] };
  },
  step: touch,
  stages: [touch],
  read(s) {
    const ids = query(s.world, s.all);
    return { count: ids.length, sumX: sumOver(ids, s.Position.x) };
  },
};
