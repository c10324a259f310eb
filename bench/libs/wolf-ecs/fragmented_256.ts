// fragmented_256 in WolfECS: Data plus the tags (defineComponent()) given by the bits of
// (i mod 256); one system, a manual loop over the Data query's archetypes: value += 1.
import { all, ECS } from "wolf-ecs";
import { ARCHETYPES, N, type Readout, TAGS } from "../../scenarios/fragmented_256.js";
import type { Implementation } from "../../spec.js";
import { countOf, type I32, i32, type Query, sumOf } from "./stores.js";

interface State {
  readonly Data: I32;
  readonly data: Query;
}

function increment(s: State): void {
  const v = s.Data.value;
  const archetypes = s.data.a;
  for (let a = 0; a < archetypes.length; a++) {
    const ids = archetypes[a].e;
    for (let i = ids.length - 1; i >= 0; i--) v[ids[i]] += 1;
  }
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    const ecs = new ECS(N);
    const Data = i32(ecs);
    const tags = Array.from({ length: TAGS }, () => ecs.defineComponent());
    const s: State = { Data, data: ecs.createQuery(all(Data)) };
    for (let i = 0; i < N; i++) {
      const k = i % ARCHETYPES;
      const e = ecs.createEntity();
      ecs.addComponent(e, Data);
      Data.value[e] = 0;
      tags.forEach((t, bit) => {
        if ((k >> bit) & 1) ecs.addComponent(e, t);
      });
    }
    return s;
  },
  step: increment,
  stages: [increment],
  read: (s) => ({
    visited: countOf(s.data),
    sumData: sumOf(s.data, s.Data.value),
    // Entities pass through intermediate archetypes while their tags are added one by one;
    // only the 256 final ones hold entities.
    archetypes: s.data.a.filter((a) => a.e.length > 0).length,
  }),
};
