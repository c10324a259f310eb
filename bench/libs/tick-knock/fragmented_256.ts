// fragmented_256 in tick-knock: Data { value: 0 } plus the tags (strings) T0..T7 given by the
// bits of (i mod 256); one system loops over the Data query: value += 1.
import { Engine, Entity, type Query } from "tick-knock";
import { ARCHETYPES, N, type Readout, TAGS } from "../../scenarios/fragmented_256.js";
import type { Implementation } from "../../spec.js";
import { Data, query, sumValue } from "./components.js";

interface State {
  readonly engine: Engine;
  readonly data: Query;
}

function increment(s: State): void {
  const es = s.data.entities;
  for (let i = 0; i < es.length; i++) es[i].get(Data)!.value += 1;
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    const engine = new Engine();
    const data = query(engine, Data);
    const tags = Array.from({ length: TAGS }, (_, i) => `T${i}`);
    for (let i = 0; i < N; i++) {
      const k = i % ARCHETYPES;
      const e = new Entity().add(new Data(0));
      for (let bit = 0; bit < TAGS; bit++) if ((k >> bit) & 1) e.add(tags[bit]);
      engine.addEntity(e);
    }
    return { engine, data };
  },
  step: increment,
  stages: [increment],
  read: (s) => ({ visited: s.data.length, sumData: sumValue(s.engine, Data).sum }),
};
