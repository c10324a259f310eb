// random_access in bitECS 0.3: per-entity access is the store itself, Position.x[eid].
import { N, picks, type Readout } from "../../scenarios/random_access.js";
import type { Implementation } from "../../spec.js";
import { bitecs03, type Query03, sumOver, type Vec2, vec2, type World03 } from "./stores.js";

const { addComponent, addEntity, createWorld, defineQuery } = bitecs03;

interface State {
  readonly world: World03;
  readonly Position: Vec2;
  readonly targets: Uint32Array;
  readonly all: Query03;
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
    const world = createWorld(N + 1);
    const Position = vec2(N + 1);
    const ids = new Uint32Array(N);
    for (let i = 0; i < N; i++) {
      const e = addEntity(world);
      addComponent(world, Position, e);
      ids[i] = e;
    }
    return { world, Position, targets: picks().map((i) => ids[i]), all: defineQuery([Position]) };
  },
  step: touch,
  stages: [touch],
  read(s) {
    const ids = s.all(s.world);
    return { count: ids.length, sumX: sumOver(ids, s.Position.x) };
  },
};
