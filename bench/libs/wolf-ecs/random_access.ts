// random_access in WolfECS: for each seeded pick, read Position.x[id] and write x + 1 (the
// per-entity access is the store itself).
import { all, ECS } from "wolf-ecs";
import { N, picks, type Readout } from "../../scenarios/random_access.js";
import type { Implementation } from "../../spec.js";
import { countOf, type Query, sumOf, type Vec2, vec2 } from "./stores.js";

interface State {
  readonly Position: Vec2;
  readonly targets: Uint32Array;
  readonly all: Query;
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
    const ecs = new ECS(N);
    const Position = vec2(ecs);
    const ids = new Uint32Array(N);
    for (let i = 0; i < N; i++) {
      const e = ecs.createEntity();
      ecs.addComponent(e, Position);
      ids[i] = e;
    }
    return { Position, targets: picks().map((i) => ids[i]), all: ecs.createQuery(all(Position)) };
  },
  step: touch,
  stages: [touch],
  read: (s) => ({ count: countOf(s.all), sumX: sumOf(s.all, s.Position.x) }),
};
