// fragmented_256 in bitECS 0.3: a query made once by defineQuery([Data]) and a loop over the
// returned ids. bitECS keeps one sparse set of ids per query, with no archetype tables.
import { ARCHETYPES, N, type Readout, TAGS } from "../../scenarios/fragmented_256.js";
import type { Implementation } from "../../spec.js";
import { bitecs03, type I32, i32, type Query03, sumOver, tag, type World03 } from "./stores.js";

const { addComponent, addEntity, createWorld, defineQuery } = bitecs03;

interface State {
  readonly world: World03;
  readonly Data: I32;
  readonly qData: Query03;
}

function increment(s: State): void {
  const ids = s.qData(s.world);
  const v = s.Data.value;
  for (let i = 0; i < ids.length; i++) v[ids[i]] += 1;
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    const world = createWorld();
    const Data = i32(100_000);
    const tags = Array.from({ length: TAGS }, tag);
    for (let i = 0; i < N; i++) {
      const k = i % ARCHETYPES;
      const e = addEntity(world);
      addComponent(world, Data, e);
      Data.value[e] = 0;
      tags.forEach((t, bit) => {
        if ((k >> bit) & 1) addComponent(world, t, e);
      });
    }
    return { world, Data, qData: defineQuery([Data]) };
  },
  step: increment,
  stages: [increment],
  read(s) {
    const ids = s.qData(s.world);
    return { visited: ids.length, sumData: sumOver(ids, s.Data.value) };
  },
};
