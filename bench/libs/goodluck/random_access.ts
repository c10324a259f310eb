// random_access in goodluck: per-entity access is the component array itself,
// world.Position[entity].
import { N, picks, type Readout } from "../../scenarios/random_access.js";
import type { Implementation } from "../../spec.js";
import { BIT_POSITION, countOf, goodluck, MotionWorld, position, sumOf, xOf } from "./world.js";

const { instantiate } = goodluck;

interface State {
  readonly world: MotionWorld;
  readonly targets: Uint32Array;
}

function touch(s: State): void {
  const targets = s.targets;
  const p = s.world.Position;
  for (let i = 0; i < targets.length; i++) {
    const pos = p[targets[i]];
    const x = pos.x;
    pos.x = x + 1;
  }
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    const world = new MotionWorld();
    const blueprint = [position(0, 0)];
    const ids = new Uint32Array(N);
    for (let i = 0; i < N; i++) ids[i] = instantiate(world, blueprint);
    return { world, targets: picks().map((i) => ids[i]) };
  },
  step: touch,
  stages: [touch],
  read: (s) => ({ count: countOf(s.world, BIT_POSITION), sumX: sumOf(s.world, BIT_POSITION, s.world.Position, xOf) }),
};
