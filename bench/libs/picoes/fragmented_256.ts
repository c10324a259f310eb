// fragmented_256 in picoes: data { value: 0 } plus the tags t0..t7 given by the bits of
// (i mod 256), tags set with entity.set(name) ({}); one system, world.each over data: += 1.
import { World } from "picoes";
import { ARCHETYPES, N, type Readout, TAGS } from "../../scenarios/fragmented_256.js";
import type { Implementation } from "../../spec.js";
import { sumValue, type Value } from "./read.js";

interface State {
  readonly world: World;
}

function incrementEach({ data }: { data: Value }): void {
  data.value += 1;
}

function increment(s: State): void {
  s.world.each("data", incrementEach);
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    const world = new World();
    const tags = Array.from({ length: TAGS }, (_, i) => `t${i}`);
    for (let i = 0; i < N; i++) {
      const k = i % ARCHETYPES;
      const e = world.entity().set("data", { value: 0 });
      for (let bit = 0; bit < TAGS; bit++) if ((k >> bit) & 1) e.set(tags[bit]);
    }
    return { world };
  },
  step: increment,
  stages: [increment],
  read(s) {
    const { sum, count } = sumValue(s.world, "data");
    return { visited: count, sumData: sum };
  },
};
