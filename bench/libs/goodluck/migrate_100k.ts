// migrate_100k in goodluck: a walk over world.Signature setting the Velocity bit and storing
// a fresh { x: 1, y: 1 } where only Position is set, then one clearing the Velocity bit where
// both are set (what a mixin does to a live entity).
import { N, type Readout } from "../../scenarios/migrate_100k.js";
import type { Implementation } from "../../spec.js";
import { BIT_POSITION, BIT_VELOCITY, countOf, goodluck, MotionWorld, position, sumOf, xOf } from "./world.js";

const { instantiate } = goodluck;

const HAS_POSITION = BIT_POSITION;
const HAS_VELOCITY = BIT_VELOCITY;
const QUERY_MOVE = HAS_POSITION | HAS_VELOCITY;

interface State {
  readonly world: MotionWorld;
}

function addVelocity(s: State): void {
  const world = s.world;
  const signature = world.Signature;
  const v = world.Velocity;
  for (let e = 0; e < signature.length; e++) {
    if ((signature[e] & QUERY_MOVE) === HAS_POSITION) {
      signature[e] |= HAS_VELOCITY;
      v[e] = { x: 1, y: 1 };
    }
  }
}

function removeVelocity(s: State): void {
  const signature = s.world.Signature;
  for (let e = 0; e < signature.length; e++) {
    if ((signature[e] & QUERY_MOVE) === QUERY_MOVE) signature[e] &= ~HAS_VELOCITY;
  }
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    const world = new MotionWorld();
    for (let i = 0; i < N; i++) instantiate(world, [position(1, 0)]);
    return { world };
  },
  step(s) {
    addVelocity(s);
    removeVelocity(s);
  },
  stages: [addVelocity, removeVelocity],
  read(s) {
    const w = s.world;
    return {
      moving: countOf(w, HAS_VELOCITY),
      still: countOf(w, HAS_POSITION) - countOf(w, QUERY_MOVE),
      sumVx: sumOf(w, HAS_VELOCITY, w.Velocity, xOf),
      sumPx: sumOf(w, HAS_POSITION, w.Position, xOf),
    };
  },
};
