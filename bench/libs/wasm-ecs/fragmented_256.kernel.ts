// fragmented_256 in wasm-ecs as a kernel: the system is one kernel.run() of the
// AssemblyScript kernel `increment` (bench/kernels/scenarios.ts: v[i] += 1 over an i32
// column) over the query of fragmented_256.ts. A kernel call costs its table a JS → wasm
// call and the column pointers (plus the change mark of its write component); 256 tables
// of 16 rows each make that per-table overhead the whole op, next to the JS loop's
// t.columns() per table.
import { type Component, component, createWorld, type Kernel, type Query, tag } from "wasm-ecs";
import { sumOf } from "../../check.js";
import { ARCHETYPES, N, type Readout, TAGS } from "../../scenarios/fragmented_256.js";
import type { Implementation } from "../../spec.js";
import { scenarioKernels } from "./kernels.js";

const Data = component("Data", { value: "i32" });
const Tags: readonly Component[] = Array.from({ length: TAGS }, (_, i) => tag(`T${i}`));

interface State {
  readonly data: Query;
  readonly increment: Kernel<[]>;
}

const NO_SCALARS = {};

function increment(s: State): void {
  s.increment.run(NO_SCALARS, s.data);
}

export const implementation: Implementation<State, Readout> = {
  variant: "kernel",
  async setup() {
    const world = await createWorld({ components: [Data, ...Tags] });
    for (let i = 0; i < N; i++) {
      const k = i % ARCHETYPES;
      world.spawn(Data, ...Tags.filter((_, bit) => (k >> bit) & 1));
    }
    const kernels = await scenarioKernels(world);
    return { data: world.query({ all: [Data] }), increment: kernels.kernel("increment", { write: [Data] }) };
  },
  step: increment,
  stages: [increment],
  read: (s) => ({
    visited: s.data.count(),
    sumData: sumOf(s.data, (t) => t.columns(Data).value),
    archetypes: s.data.tables().length,
  }),
};
