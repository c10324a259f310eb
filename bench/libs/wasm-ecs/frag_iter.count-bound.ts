// frag_iter in wasm-ecs with each loop bounded by t.count (i < t.count): V8 keeps a bounds check
// per access then. Setup and read() are frag_iter.ts's.
import type { Readout } from "../../scenarios/frag_iter.js";
import type { Implementation } from "../../spec.js";
import { implementation as base, Data, type State, Z } from "./frag_iter.js";

function doubleData(s: State): void {
  for (const t of s.data) {
    const v = t.columns(Data).value;
    for (let i = 0; i < t.count; i++) v[i] *= 2;
  }
}

function doubleZ(s: State): void {
  for (const t of s.z) {
    const v = t.columns(Z).value;
    for (let i = 0; i < t.count; i++) v[i] *= 2;
  }
}

export const implementation: Implementation<State, Readout> = {
  variant: "t.count bound",
  setup: base.setup,
  step(s) {
    doubleData(s);
    doubleZ(s);
  },
  stages: [doubleData, doubleZ],
  read: base.read,
};
