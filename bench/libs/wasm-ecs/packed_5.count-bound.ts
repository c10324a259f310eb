// packed_5 in wasm-ecs with each loop bounded by t.count (i < t.count): V8 keeps a bounds check
// per access then. Setup and read() are packed_5.ts's.
import type { Readout } from "../../scenarios/packed_5.js";
import type { Implementation } from "../../spec.js";
import { A, B, implementation as base, C, D, E, type State } from "./packed_5.js";

function doubleA(s: State): void {
  for (const t of s.qa) {
    const v = t.columns(A).value;
    for (let i = 0; i < t.count; i++) v[i] *= 2;
  }
}

function doubleB(s: State): void {
  for (const t of s.qb) {
    const v = t.columns(B).value;
    for (let i = 0; i < t.count; i++) v[i] *= 2;
  }
}

function doubleC(s: State): void {
  for (const t of s.qc) {
    const v = t.columns(C).value;
    for (let i = 0; i < t.count; i++) v[i] *= 2;
  }
}

function doubleD(s: State): void {
  for (const t of s.qd) {
    const v = t.columns(D).value;
    for (let i = 0; i < t.count; i++) v[i] *= 2;
  }
}

function doubleE(s: State): void {
  for (const t of s.qe) {
    const v = t.columns(E).value;
    for (let i = 0; i < t.count; i++) v[i] *= 2;
  }
}

export const implementation: Implementation<State, Readout> = {
  variant: "t.count bound",
  setup: base.setup,
  step(s) {
    doubleA(s);
    doubleB(s);
    doubleC(s);
    doubleD(s);
    doubleE(s);
  },
  stages: [doubleA, doubleB, doubleC, doubleD, doubleE],
  read: base.read,
};
