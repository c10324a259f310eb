// entity_cycle in goodluck: a walk over world.Signature instantiating one B entity (a mixin)
// per A entity, then one calling DestroyEntity on each B entity. Ids come back from the
// graveyard, so the signature array stays at 2N.
import { N, type Readout } from "../../scenarios/entity_cycle.js";
import type { Implementation } from "../../spec.js";
import {
  BIT_A,
  BIT_B,
  countOf,
  entityCount,
  goodluck,
  type Mixin,
  sumOf,
  type Value,
  valueField,
  WorldImpl,
} from "./world.js";

const { instantiate } = goodluck;

const HAS_A = BIT_A;
const HAS_B = BIT_B;

class CycleWorld extends WorldImpl {
  A: Value[] = [];
  B: Value[] = [];
}

function cycleA(value: number): Mixin<CycleWorld> {
  return (world, entity) => {
    world.Signature[entity] |= HAS_A;
    world.A[entity] = { value };
  };
}

function cycleB(value: number): Mixin<CycleWorld> {
  return (world, entity) => {
    world.Signature[entity] |= HAS_B;
    world.B[entity] = { value };
  };
}

interface State {
  readonly world: CycleWorld;
}

function spawnBs(s: State): void {
  const world = s.world;
  const signature = world.Signature;
  const a = world.A;
  for (let e = 0; e < signature.length; e++) {
    if ((signature[e] & HAS_A) === HAS_A) instantiate(world, [cycleB(a[e].value)]);
  }
}

function destroyBs(s: State): void {
  const world = s.world;
  const signature = world.Signature;
  for (let e = 0; e < signature.length; e++) if ((signature[e] & HAS_B) === HAS_B) world.DestroyEntity(e);
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    const world = new CycleWorld();
    for (let i = 0; i < N; i++) instantiate(world, [cycleA(i)]);
    return { world };
  },
  step(s) {
    spawnBs(s);
    destroyBs(s);
  },
  stages: [spawnBs, destroyBs],
  read(s) {
    const w = s.world;
    return {
      entities: entityCount(w),
      countA: countOf(w, HAS_A),
      countB: countOf(w, HAS_B),
      sumA: sumOf(w, HAS_A, w.A, valueField),
      sumB: sumOf(w, HAS_B, w.B, valueField),
    };
  },
};
