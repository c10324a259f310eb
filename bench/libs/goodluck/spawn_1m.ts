// spawn_1m in goodluck: instantiate N entities with Position and Velocity (0, 0), then
// DestroyEntity on each. Not a system: the op calls the world directly. Each stage ends by
// counting (Position, Velocity) with a scan of the signatures (goodluck's only query), as the
// adapter always did.
import { N, type Readout } from "../../scenarios/spawn_1m.js";
import type { Implementation } from "../../spec.js";
import {
  BIT_POSITION,
  BIT_VELOCITY,
  countOf,
  entityCount,
  goodluck,
  type Mixin,
  MotionWorld,
  position,
  velocity,
} from "./world.js";

const { instantiate } = goodluck;

const QUERY_MOVE = BIT_POSITION | BIT_VELOCITY;

interface State {
  readonly world: MotionWorld;
  readonly blueprint: readonly Mixin<MotionWorld>[];
  readonly ids: Uint32Array;
  readonly counts: [number, number];
}

function create(s: State): void {
  const { world, blueprint, ids } = s;
  for (let i = 0; i < N; i++) ids[i] = instantiate(world, blueprint);
  s.counts[0] = countOf(world, QUERY_MOVE);
}

function destroy(s: State): void {
  const { world, ids } = s;
  for (let i = 0; i < N; i++) world.DestroyEntity(ids[i]);
  s.counts[1] = countOf(world, QUERY_MOVE);
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    return {
      world: new MotionWorld(),
      blueprint: [position(0, 0), velocity(0, 0)],
      ids: new Uint32Array(N),
      counts: [-1, -1],
    };
  },
  step(s) {
    create(s);
    destroy(s);
  },
  stages: [create, destroy],
  read: (s) => ({ matching: countOf(s.world, QUERY_MOVE), entities: entityCount(s.world) }),
};
