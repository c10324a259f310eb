// fragmented_256 in miniplex: one for...of over the data query adding 1 in place. The tags
// are `true`-valued properties t0..t7; miniplex has no archetype tables (a query is one
// bucket of entities), so read() counts the distinct tag combinations.
import { type Query, type With, World } from "miniplex";
import { ARCHETYPES, N, type Readout, TAGS } from "../../scenarios/fragmented_256.js";
import type { Implementation } from "../../spec.js";
import type { Value } from "./entities.js";

const TAG_KEYS = Array.from({ length: TAGS }, (_, i) => `t${i}` as TagKey);
type TagKey = "t0" | "t1" | "t2" | "t3" | "t4" | "t5" | "t6" | "t7";
type Fragmented = { [K in TagKey]?: true } & { data?: Value };

interface State {
  readonly data: Query<With<Fragmented, "data">>;
}

function increment(s: State): void {
  for (const e of s.data) e.data.value += 1;
}

export const implementation: Implementation<State, Readout & { combinations: number }> = {
  setup() {
    const world = new World<Fragmented>();
    const data = world.with("data");
    for (let i = 0; i < N; i++) {
      const k = i % ARCHETYPES;
      const entity: Fragmented = { data: { value: 0 } };
      for (let bit = 0; bit < TAGS; bit++) if ((k >> bit) & 1) entity[TAG_KEYS[bit]] = true;
      world.add(entity);
    }
    return { data };
  },
  step: increment,
  stages: [increment],
  read(s) {
    let visited = 0;
    let sumData = 0;
    const combinations = new Set<string>();
    for (const e of s.data) {
      visited++;
      sumData += e.data.value;
      combinations.add(TAG_KEYS.filter((key) => e[key] === true).join());
    }
    return { visited, sumData, combinations: combinations.size };
  },
  invariants: { combinations: ARCHETYPES },
};
