// packed_5 in wasm-ecs with kernels: each of the 5 systems is one kernel.run() of the
// AssemblyScript kernel `double` (bench/kernels/scenarios.ts: v[i] *= 2 over an i32 column),
// declared once per component, over the same queries as packed_5.ts. Setup and read() are
// packed_5.ts's.
import type { Component, Kernel } from "wasm-ecs";
import type { Readout } from "../../scenarios/packed_5.js";
import type { Implementation } from "../../spec.js";
import { scenarioKernels } from "./kernels.js";
import { A, B, type State as Base, implementation as base, C, D, E } from "./packed_5.js";

interface State extends Base {
  readonly ka: Kernel<[]>;
  readonly kb: Kernel<[]>;
  readonly kc: Kernel<[]>;
  readonly kd: Kernel<[]>;
  readonly ke: Kernel<[]>;
}

const NO_SCALARS = {};

function doubleA(s: State): void {
  s.ka.run(NO_SCALARS, s.qa);
}

function doubleB(s: State): void {
  s.kb.run(NO_SCALARS, s.qb);
}

function doubleC(s: State): void {
  s.kc.run(NO_SCALARS, s.qc);
}

function doubleD(s: State): void {
  s.kd.run(NO_SCALARS, s.qd);
}

function doubleE(s: State): void {
  s.ke.run(NO_SCALARS, s.qe);
}

/** The row running kernel `name` of bench/kernels/scenarios.ts (packed_5.kernel-simd.ts: doubleSimd). */
export function kernelRow(name: string, variant: string): Implementation<State, Readout> {
  return {
    variant,
    async setup() {
      const state = await base.setup();
      const kernels = await scenarioKernels(state.world);
      const double = (c: Component): Kernel<[]> => kernels.kernel(name, { write: [c] });
      return { ...state, ka: double(A), kb: double(B), kc: double(C), kd: double(D), ke: double(E) };
    },
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
}

export const implementation = kernelRow("double", "kernel");
