// fragmented_256 in wasm-ecs with the loop reading t.count and the view's field per row
// (i < t.count, data.value[i]): V8 checks t and data again on every row. Setup and read()
// are fragmented_256.ts's.
import type { Readout } from "../../scenarios/fragmented_256.js";
import type { Implementation } from "../../spec.js";
import { implementation as base, Data, type State } from "./fragmented_256.js";

function increment(s: State): void {
  for (const t of s.data) {
    const data = t.columns(Data);
    for (let i = 0; i < t.count; i++) data.value[i] += 1;
  }
}

export const implementation: Implementation<State, Readout> = {
  variant: "t.count bound",
  setup: base.setup,
  step: increment,
  stages: [increment],
  read: base.read,
};
