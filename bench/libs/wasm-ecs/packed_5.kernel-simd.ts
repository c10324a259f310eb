// packed_5 in wasm-ecs with SIMD kernels: each of the 5 systems is one kernel.run() of
// `doubleSimd` (bench/kernels/scenarios.ts: four rows per i32x4 shift, the last n % 4 one by
// one); setup, queries and read() are packed_5.kernel.ts's.
import { kernelRow } from "./packed_5.kernel.js";

export const implementation = kernelRow("doubleSimd", "kernel SIMD");
