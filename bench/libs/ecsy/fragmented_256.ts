// fragmented_256 in ecsy: one system adding 1 to Data (getMutableComponent) over its query's
// results; the step is world.execute(). ecsy has no archetype tables: the 256 tag combinations
// read() tells apart are an invariant.
import { System, TagComponent, World } from "ecsy";
import { ARCHETYPES, N, type Readout, TAGS } from "../../scenarios/fragmented_256.js";
import type { Implementation } from "../../spec.js";
import { Data, execute, resultsOf } from "./world.js";

const Tags: (typeof TagComponent)[] = Array.from({ length: TAGS }, () => class Tag extends TagComponent {});

class IncrementData extends System {
  static override queries = { q: { components: [Data] } };
  execute(): void {
    const r = this.queries.q.results;
    for (let i = 0; i < r.length; i++) r[i].getMutableComponent(Data)!.value += 1;
  }
}

interface State {
  readonly world: World;
}

export const implementation: Implementation<State, Readout & { tagSets: number }> = {
  setup() {
    const world = new World({ entityPoolSize: N });
    for (const type of [Data, ...Tags]) world.registerComponent(type);
    world.registerSystem(IncrementData);
    for (let i = 0; i < N; i++) {
      const k = i % ARCHETYPES;
      const e = world.createEntity().addComponent(Data, { value: 0 });
      for (let bit = 0; bit < TAGS; bit++) if ((k >> bit) & 1) e.addComponent(Tags[bit]);
    }
    return { world };
  },
  step: execute,
  stages: [execute],
  read(s) {
    const data = resultsOf(s.world, IncrementData, "q");
    let sumData = 0;
    const combos = new Set<number>();
    for (const e of data) {
      sumData += e.getComponent(Data)!.value;
      let mask = 0;
      for (let bit = 0; bit < TAGS; bit++) if (e.hasComponent(Tags[bit])) mask |= 1 << bit;
      combos.add(mask);
    }
    return { visited: data.length, sumData, tagSets: combos.size };
  },
  invariants: { tagSets: ARCHETYPES },
};
