// frag_iter in wasm-ecs with kernels: each system is one kernel.run() of the AssemblyScript
// kernel `double` (bench/kernels/scenarios.ts: v[i] *= 2 over an i32 column), declared for
// Data and for Z, over the same queries as frag_iter.ts (26 tables, then 1). Setup and
// read() are frag_iter.ts's.
import type { Kernel } from "wasm-ecs";
import type { Readout } from "../../scenarios/frag_iter.js";
import type { Implementation } from "../../spec.js";
import { type State as Base, implementation as base, Data, Z } from "./frag_iter.js";
import { scenarioKernels } from "./kernels.js";

interface State extends Base {
  readonly doubleData: Kernel<[]>;
  readonly doubleZ: Kernel<[]>;
}

const NO_SCALARS = {};

function doubleData(s: State): void {
  s.doubleData.run(NO_SCALARS, s.data);
}

function doubleZ(s: State): void {
  s.doubleZ.run(NO_SCALARS, s.z);
}

/** The row running kernel `name` of bench/kernels/scenarios.ts (frag_iter.kernel-simd.ts: doubleSimd). */
export function kernelRow(name: string, variant: string): Implementation<State, Readout> {
  return {
    variant,
    async setup() {
      const state = await base.setup();
      const kernels = await scenarioKernels(state.world);
      return {
        ...state,
        doubleData: kernels.kernel(name, { write: [Data] }),
        doubleZ: kernels.kernel(name, { write: [Z] }),
      };
    },
    step(s) {
      doubleData(s);
      doubleZ(s);
    },
    stages: [doubleData, doubleZ],
    read: base.read,
  };
}

export const implementation = kernelRow("double", "kernel");
