// add_remove in goodluck: with no data a tag is its signature bit, so adding B is a walk over
// world.Signature setting the B bit where the A bit is set, removing it one clearing the B bit.
import { N, type Readout } from "../../scenarios/add_remove.js";
import type { Implementation } from "../../spec.js";
import { BIT_A, BIT_B, countOf, entityCount, goodluck, type WorldBase, WorldImpl } from "./world.js";

const { instantiate } = goodluck;

const HAS_A = BIT_A;
const HAS_B = BIT_B;

function tagA(world: WorldBase, entity: number): void {
  world.Signature[entity] |= HAS_A;
}

interface State {
  readonly world: WorldBase;
}

function addB(s: State): void {
  const signature = s.world.Signature;
  for (let e = 0; e < signature.length; e++) if ((signature[e] & HAS_A) === HAS_A) signature[e] |= HAS_B;
}

function removeB(s: State): void {
  const signature = s.world.Signature;
  for (let e = 0; e < signature.length; e++) if ((signature[e] & HAS_B) === HAS_B) signature[e] &= ~HAS_B;
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    const world = new WorldImpl();
    for (let i = 0; i < N; i++) instantiate(world, [tagA]);
    return { world };
  },
  step(s) {
    addB(s);
    removeB(s);
  },
  stages: [addB, removeB],
  read: (s) => ({ entities: entityCount(s.world), countA: countOf(s.world, HAS_A), countB: countOf(s.world, HAS_B) }),
};
