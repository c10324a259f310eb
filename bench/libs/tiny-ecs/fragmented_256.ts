// fragmented_256 in tiny-ecs: Data plus the tags t0..t7 given by the bits of (i mod 256);
// one system, a plain loop over the Data query: entity.data.value += 1.
import tinyEcs, { type EntityManager } from "tiny-ecs";
import { ARCHETYPES, N, type Readout, TAGS } from "../../scenarios/fragmented_256.js";
import type { Implementation } from "../../spec.js";
import { Data, sumOver, type WithData } from "./components.js";

interface State {
  readonly manager: EntityManager;
  readonly data: WithData[];
}

function increment(s: State): void {
  const es = s.data;
  for (let i = 0; i < es.length; i++) es[i].data.value += 1;
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    const manager = new tinyEcs.EntityManager();
    const tags = Array.from({ length: TAGS }, (_, i) => `t${i}`);
    for (let i = 0; i < N; i++) {
      const k = i % ARCHETYPES;
      const e = manager.createEntity().addComponent(Data);
      for (let bit = 0; bit < TAGS; bit++) if ((k >> bit) & 1) e.addTag(tags[bit]);
    }
    return { manager, data: manager.queryComponents<WithData>([Data]) };
  },
  step: increment,
  stages: [increment],
  read: (s) => ({ visited: s.data.length, sumData: sumOver(s.data, (e) => e.data) }),
};
