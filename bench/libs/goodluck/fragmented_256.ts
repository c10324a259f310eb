// fragmented_256 in goodluck: one system, a walk over world.Signature adding 1 to Data where
// the Data bit (bit 0) is set; the tags T0..T7 are bits 1..8. goodluck has no archetypes: the
// 256 tag combinations are only different signature values (an invariant of read()).
import { ARCHETYPES, N, type Readout } from "../../scenarios/fragmented_256.js";
import type { Implementation } from "../../spec.js";
import { countOf, goodluck, type Mixin, sumOf, type Value, valueField, WorldImpl } from "./world.js";

const { instantiate } = goodluck;

const HAS_DATA = 1 << 0;

class FragmentedWorld extends WorldImpl {
  Data: Value[] = [];
}

function dataMixin(value: number): Mixin<FragmentedWorld> {
  return (world, entity) => {
    world.Signature[entity] |= HAS_DATA;
    world.Data[entity] = { value };
  };
}

function tagsMixin(k: number): Mixin<FragmentedWorld> {
  return (world, entity) => {
    world.Signature[entity] |= k << 1;
  };
}

interface State {
  readonly world: FragmentedWorld;
}

function increment(s: State): void {
  const world = s.world;
  const signature = world.Signature;
  const data = world.Data;
  for (let e = 0; e < signature.length; e++) {
    if ((signature[e] & HAS_DATA) === HAS_DATA) data[e].value += 1;
  }
}

export const implementation: Implementation<State, Readout & { signatures: number }> = {
  setup() {
    const world = new FragmentedWorld();
    for (let i = 0; i < N; i++) instantiate(world, [dataMixin(0), tagsMixin(i % ARCHETYPES)]);
    return { world };
  },
  step: increment,
  stages: [increment],
  read: (s) => ({
    visited: countOf(s.world, HAS_DATA),
    sumData: sumOf(s.world, HAS_DATA, s.world.Data, valueField),
    signatures: new Set(s.world.Signature).size,
  }),
  invariants: { signatures: ARCHETYPES },
};
