// fragmented_256 (scale): 4,096 entities over 256 archetypes: each has Data { value: 0 }
// plus the tags among T0..T7 given by the bits of (i mod 256), so 16 per archetype; one
// op = one query over everything with Data: value += 1. Check: after one step from
// setup the values sum to 4,096 and 4,096 entities were visited.
import { type Component, component, createWorld, type Query, tag } from "wasm-ecs";
import { expectEqual, sumOf } from "../check.js";
import type { StepBench, StepImplementation } from "../types.js";

const N = 4096;
const ARCHETYPES = 256;

const Data = component("Data", { value: "i32" });
const TAGS: readonly Component[] = Array.from({ length: 8 }, (_, i) => tag(`T${i}`));

interface State {
  readonly data: Query;
}

function increment(s: State): void {
  for (const t of s.data) {
    const v = t.columns(Data).value;
    for (let i = 0; i < v.length; i++) v[i] += 1;
  }
}

const wasmEcs: StepImplementation<State> = {
  async setup() {
    const world = await createWorld({ components: [Data, ...TAGS] });
    for (let i = 0; i < N; i++) {
      const k = i % ARCHETYPES;
      world.spawn(Data, ...TAGS.filter((_, bit) => (k >> bit) & 1));
    }
    return { data: world.query({ all: [Data] }) };
  },
  step: increment,
  check(s) {
    increment(s);
    expectEqual("fragmented_256", "entities visited", s.data.count(), N);
    expectEqual("fragmented_256", "archetypes matched", [...s.data].length, ARCHETYPES);
    expectEqual(
      "fragmented_256",
      "sum of Data.value after one step",
      sumOf(s.data, (t) => t.columns(Data).value),
      N,
    );
  },
};

export const bench: StepBench = {
  kind: "steps",
  name: "fragmented_256",
  group: "scale",
  description: "4,096 entities over 256 archetypes (8 tags), one query over all: value += 1",
  per: { count: ARCHETYPES, unit: "table" },
  implementations: { "wasm-ecs": wasmEcs },
};
