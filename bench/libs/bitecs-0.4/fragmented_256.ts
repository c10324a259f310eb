// fragmented_256 in bitECS 0.4: query(world, [Data]) and a loop over the returned ids. bitECS
// has no archetype tables: the query is one sparse set of ids whatever the tag combinations.
import { addEntity, createWorld, type QueryTerm, query, type World } from "bitecs";
import { ARCHETYPES, N, type Readout, TAGS } from "../../scenarios/fragmented_256.js";
import type { Implementation } from "../../spec.js";
import { type I32, i32, sumOver, tag } from "./stores.js";

interface State {
  readonly world: World;
  readonly Data: I32;
  readonly qData: QueryTerm[];
}

function increment(s: State): void {
  const ids = query(s.world, s.qData);
  const v = s.Data.value;
  for (let i = 0; i < ids.length; i++) v[ids[i]] += 1;
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    const world = createWorld();
    const Data = i32(N);
    const tags = Array.from({ length: TAGS }, tag);
    for (let i = 0; i < N; i++) {
      const k = i % ARCHETYPES;
      const e = addEntity(world, Data, ...tags.filter((_, bit) => (k >> bit) & 1));
      Data.value[e] = 0;
    }
    return { world, Data, qData: [Data] };
  },
  step: increment,
  stages: [increment],
  read(s) {
    const ids = query(s.world, s.qData);
    return { visited: ids.length, sumData: sumOver(ids, s.Data.value) };
  },
};
