// fragmented_256 in uecs: Data { value: 0 } plus the tags Tag.for("T0".."T7") given by the
// bits of (i mod 256); one system, the cached Data view's each: value += 1.
import { type Entity, Tag, type View, World } from "uecs";
import { ARCHETYPES, N, type Readout, TAGS } from "../../scenarios/fragmented_256.js";
import type { Implementation } from "../../spec.js";
import { Data, sumValue } from "./components.js";

const TAG_TYPES = Array.from({ length: TAGS }, (_, i) => Tag.for(`T${i}`));

interface State {
  readonly world: World;
  readonly data: View<[typeof Data]>;
}

function incrementEach(_: Entity, d: Data): void {
  d.value += 1;
}

function increment(s: State): void {
  s.data.each(incrementEach);
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    const world = new World();
    for (let i = 0; i < N; i++) {
      const k = i % ARCHETYPES;
      world.create(new Data(0), ...TAG_TYPES.filter((_, bit) => (k >> bit) & 1));
    }
    return { world, data: world.view(Data) };
  },
  step: increment,
  stages: [increment],
  read(s) {
    const { sum, count } = sumValue(s.world, Data);
    return { visited: count, sumData: sum };
  },
};
