// fragmented_256 in geotic: one loop over the Data query's own array adding 1 in place. The
// tags are property-less component classes named T0..T7; geotic has no archetype tables
// (a query is one array of entities), so read() counts the distinct tag combinations.
import { Component, type Query, type World } from "geotic";
import { ARCHETYPES, N, type Readout, TAGS } from "../../scenarios/fragmented_256.js";
import type { Implementation } from "../../spec.js";
import { Data, type Has, liveQuery, named, worldOf } from "./components.js";

const Tags = Array.from({ length: TAGS }, (_, i) => named(`T${i}`, class extends Component {}));

interface State {
  readonly world: World;
  readonly data: Query;
}

function increment(s: State): void {
  const r = s.data.get() as Has<"data">[];
  for (let i = 0; i < r.length; i++) r[i].data.value += 1;
}

export const implementation: Implementation<State, Readout & { combinations: number }> = {
  setup() {
    const world = worldOf(Data, ...Tags);
    const data = liveQuery(world, [Data]);
    for (let i = 0; i < N; i++) {
      const k = i % ARCHETYPES;
      const e = world.createEntity();
      e.add(Data, { value: 0 });
      for (let bit = 0; bit < TAGS; bit++) if ((k >> bit) & 1) e.add(Tags[bit]);
    }
    return { world, data };
  },
  step: increment,
  stages: [increment],
  read(s) {
    let sumData = 0;
    const combinations = new Set<number>();
    for (const e of s.data.get() as Has<"data">[]) {
      sumData += e.data.value;
      let mask = 0;
      for (let bit = 0; bit < TAGS; bit++) if (e.has(Tags[bit])) mask |= 1 << bit;
      combinations.add(mask);
    }
    return { visited: s.data.get().length, sumData, combinations: combinations.size };
  },
  invariants: { combinations: ARCHETYPES },
};
