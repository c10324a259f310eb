// fragmented_256 in javelin: one system iterating the Data query's records (one per
// archetype) and adding 1 in place; the step is world.tick(). Tags are schema-less types.
import { type Component, createComponentType, query } from "@javelin/ecs";
import { ARCHETYPES, N, type Readout, TAGS } from "../../scenarios/fragmented_256.js";
import type { Implementation } from "../../spec.js";
import { countAndSum, Data, populated, readValue, tables, tick, type WorldState } from "./world.js";

const Tags = Array.from({ length: TAGS }, (_, i) => createComponentType({ type: 70 + i }));
const qFragmented = query(Data);

function increment(): void {
  for (const [entities, [data]] of qFragmented) for (let i = 0; i < entities.length; i++) data[i].value += 1;
}

export const implementation: Implementation<WorldState, Readout> = {
  setup() {
    const world = populated(N, (w) => {
      for (let i = 0; i < N; i++) {
        const k = i % ARCHETYPES;
        const components: Component[] = [w.component(Data, 0)];
        for (let bit = 0; bit < TAGS; bit++) if ((k >> bit) & 1) components.push(w.component(Tags[bit]));
        w.spawn(...components);
      }
    });
    world.addSystem(increment);
    return { world };
  },
  step: tick,
  read() {
    const [visited, sumData] = countAndSum(qFragmented, readValue);
    return { visited, sumData, archetypes: tables(qFragmented) };
  },
};
