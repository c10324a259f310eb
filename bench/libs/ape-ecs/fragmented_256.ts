// fragmented_256 in ape-ecs: one system adding 1 to entity.c.data over a persisted Data query
// (the tags T0..T7 are registered strings); the step is world.runSystems("frame") then
// world.tick(). The 256 tag combinations read() tells apart are an invariant.
import type { Query } from "ape-ecs";
import { ARCHETYPES, N, type Readout, TAGS } from "../../scenarios/fragmented_256.js";
import type { Implementation } from "../../spec.js";
import { Data, frame, System, sumKey, World } from "./world.js";

const TAG_NAMES = Array.from({ length: TAGS }, (_, i) => `T${i}`);

class IncrementData extends System {
  declare q: Query;
  override init(): void {
    this.q = this.createQuery().fromAll("Data").persist();
  }
  override update(): void {
    for (const e of this.q.execute()) (e.c.data as Data).value += 1;
  }
}

interface State {
  readonly world: World;
  readonly data: Query;
}

export const implementation: Implementation<State, Readout & { tagSets: number }> = {
  setup() {
    const world = new World({ entityPool: N });
    world.registerComponent(Data, N);
    world.registerTags(...TAG_NAMES);
    const increment: InstanceType<typeof IncrementData> = world.registerSystem("frame", IncrementData);
    for (let i = 0; i < N; i++) {
      const k = i % ARCHETYPES;
      world.createEntity({
        tags: TAG_NAMES.filter((_, bit) => (k >> bit) & 1),
        c: { data: { type: "Data", value: 0 } },
      });
    }
    return { world, data: increment.q };
  },
  step: frame,
  stages: [frame],
  read(s) {
    s.world.updateIndexes();
    const combos = new Set<string>();
    for (const e of s.data.execute()) combos.add([...e.tags].sort().join());
    return { visited: s.data.execute().size, sumData: sumKey(s.data, "data"), tagSets: combos.size };
  },
  invariants: { tagSets: ARCHETYPES },
};
