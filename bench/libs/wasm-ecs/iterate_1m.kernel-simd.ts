// iterate_1m in wasm-ecs as a SIMD kernel: the system is AssemblyScript (bench/kernels/scenarios.ts,
// `moveSimd`: four rows per f32x4.add, the last n % 4 one by one) run by kernel.run() over the
// world's columns in place; setup and read() are iterate_1m.kernel.ts's.
import { kernelRow } from "./iterate_1m.kernel.js";

export const implementation = kernelRow("moveSimd", "kernel SIMD");
