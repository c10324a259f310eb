// The bench's kernel module (bench/kernels/scenarios.ts, built by bench/kernels/build.mjs to
// build/bench/kernels/scenarios.wasm) loaded over one world, for the "(kernel)" rows. Passed
// to world.kernels() as a URL relative to this compiled module: Node, Deno and Bun read the
// file: URL from disk (the facade does; Node 20's fetch cannot), browsers fetch it from
// the page's server (runtimes/run.ts serves the repository root, build/ included).
import type { KernelModule, World } from "wasm-ecs";

/** build/bench/libs/wasm-ecs/kernels.js → build/bench/kernels/scenarios.wasm */
const MODULE = new URL("../../kernels/scenarios.wasm", import.meta.url);

/** The scenarios' kernels (move, moveSimd, double, doubleSimd, increment) over `world`'s memory. */
export async function scenarioKernels(world: World): Promise<KernelModule> {
  try {
    return await world.kernels(MODULE);
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    throw new Error(
      `bench kernels do not load from ${MODULE.href} (built by node bench/kernels/build.mjs; npm run bench runs it): ${why}`,
      { cause: error },
    );
  }
}
