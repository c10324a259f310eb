// frag_iter in wasm-ecs with SIMD kernels: each system is one kernel.run() of `doubleSimd`
// (bench/kernels/scenarios.ts: four rows per i32x4 shift, the last n % 4 one by one);
// setup, queries and read() are frag_iter.kernel.ts's.
import { kernelRow } from "./frag_iter.kernel.js";

export const implementation = kernelRow("doubleSimd", "kernel SIMD");
