// simple_iter in wasm-ecs with each loop bounded by t.count (i < t.count): V8 keeps a bounds
// check per access then. Setup and read() are simple_iter.ts's.
import type { Readout } from "../../scenarios/simple_iter.js";
import type { Implementation } from "../../spec.js";
import { A, B, implementation as base, C, D, E, type State } from "./simple_iter.js";

function swapAB(s: State): void {
  for (const t of s.ab) {
    const a = t.columns(A);
    const b = t.columns(B);
    for (let i = 0; i < t.count; i++) {
      const x = a.value[i];
      a.value[i] = b.value[i];
      b.value[i] = x;
    }
  }
}

function swapCD(s: State): void {
  for (const t of s.cd) {
    const c = t.columns(C);
    const d = t.columns(D);
    for (let i = 0; i < t.count; i++) {
      const x = c.value[i];
      c.value[i] = d.value[i];
      d.value[i] = x;
    }
  }
}

function swapCE(s: State): void {
  for (const t of s.ce) {
    const c = t.columns(C);
    const e = t.columns(E);
    for (let i = 0; i < t.count; i++) {
      const x = c.value[i];
      c.value[i] = e.value[i];
      e.value[i] = x;
    }
  }
}

export const implementation: Implementation<State, Readout> = {
  variant: "t.count bound",
  setup: base.setup,
  step(s) {
    swapAB(s);
    swapCD(s);
    swapCE(s);
  },
  stages: [swapAB, swapCD, swapCE],
  read: base.read,
};
