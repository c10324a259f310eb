// iterate_1m in goodluck: one system, a walk over world.Signature adding Velocity to Position
// where both bits are set (the README's sys_move).
import { N, type Readout, VX, VY } from "../../scenarios/iterate_1m.js";
import type { Implementation } from "../../spec.js";
import {
  BIT_POSITION,
  BIT_VELOCITY,
  countOf,
  goodluck,
  MotionWorld,
  position,
  sumOf,
  velocity,
  xOf,
  yOf,
} from "./world.js";

const { instantiate } = goodluck;

const QUERY_MOVE = BIT_POSITION | BIT_VELOCITY;

interface State {
  readonly world: MotionWorld;
}

function move(s: State): void {
  const world = s.world;
  const signature = world.Signature;
  const p = world.Position;
  const v = world.Velocity;
  for (let e = 0; e < signature.length; e++) {
    if ((signature[e] & QUERY_MOVE) === QUERY_MOVE) {
      const pos = p[e];
      const vel = v[e];
      pos.x += vel.x;
      pos.y += vel.y;
    }
  }
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    const world = new MotionWorld();
    const blueprint = [position(0, 0), velocity(VX, VY)];
    for (let i = 0; i < N; i++) instantiate(world, blueprint);
    return { world };
  },
  step: move,
  stages: [move],
  read(s) {
    const w = s.world;
    return {
      moving: countOf(w, QUERY_MOVE),
      sumX: sumOf(w, QUERY_MOVE, w.Position, xOf),
      sumY: sumOf(w, QUERY_MOVE, w.Position, yOf),
    };
  },
};
