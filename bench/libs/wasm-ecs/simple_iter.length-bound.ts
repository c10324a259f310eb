// simple_iter in wasm-ecs with each loop bounded by the first view's length, hoisted
// (README, "Writing fast systems"). Setup and read() are simple_iter.ts's.
import type { Readout } from "../../scenarios/simple_iter.js";
import type { Implementation } from "../../spec.js";
import { A, B, implementation as base, C, D, E, type State } from "./simple_iter.js";

function swapAB(s: State): void {
  for (const t of s.ab) {
    const a = t.columns(A).value;
    const b = t.columns(B).value;
    for (let i = 0, n = a.length; i < n; i++) {
      const x = a[i];
      a[i] = b[i];
      b[i] = x;
    }
  }
}

function swapCD(s: State): void {
  for (const t of s.cd) {
    const c = t.columns(C).value;
    const d = t.columns(D).value;
    for (let i = 0, n = c.length; i < n; i++) {
      const x = c[i];
      c[i] = d[i];
      d[i] = x;
    }
  }
}

function swapCE(s: State): void {
  for (const t of s.ce) {
    const c = t.columns(C).value;
    const e = t.columns(E).value;
    for (let i = 0, n = c.length; i < n; i++) {
      const x = c[i];
      c[i] = e[i];
      e[i] = x;
    }
  }
}

export const implementation: Implementation<State, Readout> = {
  variant: "v.length bound",
  setup: base.setup,
  step(s) {
    swapAB(s);
    swapCD(s);
    swapCE(s);
  },
  stages: [swapAB, swapCD, swapCE],
  read: base.read,
};
