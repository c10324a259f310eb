// fragmented_256 in wasm-ecs, as the README's first loop: one query over Data visits 256
// tables; for each, the view of t.columns(Data).value, bounded by t.count taken into a
// local. fragmented_256.count-bound.ts reads t.count and .value in the loop instead.
import { type Component, component, createWorld, type Query, tag } from "wasm-ecs";
import { sumOf } from "../../check.js";
import { ARCHETYPES, N, type Readout, TAGS } from "../../scenarios/fragmented_256.js";
import type { Implementation } from "../../spec.js";

export const Data = component("Data", { value: "i32" });
const Tags: readonly Component[] = Array.from({ length: TAGS }, (_, i) => tag(`T${i}`));

export interface State {
  readonly data: Query;
}

function increment(s: State): void {
  for (const t of s.data) {
    const v = t.columns(Data).value;
    for (let i = 0, n = t.count; i < n; i++) v[i] += 1;
  }
}

export const implementation: Implementation<State, Readout> = {
  async setup() {
    const world = await createWorld({ components: [Data, ...Tags] });
    for (let i = 0; i < N; i++) {
      const k = i % ARCHETYPES;
      world.spawn(Data, ...Tags.filter((_, bit) => (k >> bit) & 1));
    }
    return { data: world.query({ all: [Data] }) };
  },
  step: increment,
  stages: [increment],
  read: (s) => ({
    visited: s.data.count(),
    sumData: sumOf(s.data, (t) => t.columns(Data).value),
    archetypes: s.data.tables().length,
  }),
};
