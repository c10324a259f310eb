// fragmented_256 in becsy: one system adding 1 to Data over query.current (4,096 entities with
// the tags T0..T7 of i mod 256); the step is one frame. becsy has no archetype tables: the 256
// tag combinations the probe tells apart are an invariant of read().
import { System } from "@lastolivegames/becsy/lib/perf.js";
import { ARCHETYPES, N, type Readout, TAGS } from "../../scenarios/fragmented_256.js";
import type { Implementation } from "../../spec.js";
import { create, Data, frame, named, probe, type State } from "./world.js";

const Tags: (new () => object)[] = Array.from({ length: TAGS }, (_, i) => named(`T${i}`, class {}));

class IncrementData extends System {
  private readonly q = this.query((q) => q.current.with(Data).write);
  override execute(): void {
    const list = this.q.current;
    for (let i = 0; i < list.length; i++) list[i].write(Data).value += 1;
  }
}

/** Records the Data count, the sum of Data and the number of distinct tag combinations. */
class ProbeFragmented extends System {
  declare out: number[];
  private readonly q = this.query((q) => q.current.with(Data).read.using(...Tags).read);
  override execute(): void {
    let sum = 0;
    const combos = new Set<number>();
    for (const e of this.q.current) {
      sum += e.read(Data).value;
      let mask = 0;
      for (let bit = 0; bit < TAGS; bit++) if (e.has(Tags[bit])) mask |= 1 << bit;
      combos.add(mask);
    }
    this.out.push(this.q.current.length, sum, combos.size);
  }
}

export const implementation: Implementation<State, Readout & { tagSets: number }> = {
  async setup() {
    const out: number[] = [];
    const s = await create([Data, Tags], System.group(IncrementData), System.group(ProbeFragmented, { out }), out, {
      maxEntities: 2 * N,
      maxShapeChangesPerFrame: 12 * N,
    });
    s.world.build((sys) => {
      for (let i = 0; i < N; i++) {
        const k = i % ARCHETYPES;
        sys.createEntity(Data, { value: 0 }, ...Tags.filter((_, bit) => (k >> bit) & 1));
      }
    });
    return s;
  },
  step: frame,
  stages: [frame],
  read(s) {
    const [visited, sumData, tagSets] = probe(s);
    return { visited, sumData, tagSets };
  },
  invariants: { tagSets: ARCHETYPES },
};
