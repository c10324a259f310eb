// fragmented_256 in Koota: one world.query(ref).useStores(...) over Data. Koota queries are
// sets of entities (bitmask matching), not archetype tables.
import { createQuery, createWorld, type Entity, trait, type World } from "koota";
import { ARCHETYPES, N, type Readout, TAGS } from "../../scenarios/fragmented_256.js";
import type { Implementation } from "../../spec.js";
import { storesOf, sumOver, type ValueStore } from "./read.js";

const Data = trait({ value: 0 });
const Tags = Array.from({ length: TAGS }, () => trait());
const qData = createQuery(Data);

interface State {
  readonly world: World;
}

function incrementStores([data]: [ValueStore], entities: readonly Entity[]): void {
  const v = data.value;
  for (let i = 0; i < entities.length; i++) v[entities[i].id()] += 1;
}

function increment(s: State): void {
  s.world.query(qData).useStores(incrementStores);
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    const world = createWorld();
    for (let i = 0; i < N; i++) {
      const k = i % ARCHETYPES;
      world.spawn(Data, ...Tags.filter((_, bit) => (k >> bit) & 1));
    }
    return { world };
  },
  step: increment,
  stages: [increment],
  read(s) {
    const { stores, entities } = storesOf(s.world.query(qData));
    return { visited: entities.length, sumData: sumOver(entities, stores[0].value) };
  },
};
