// Builds the bench's kernels: every bench/kernels/<name>.ts (AssemblyScript) to
// build/bench/kernels/<name>.wasm with the package's own kernel build (bin/wasm-ecs-kernel.mjs,
// what `npx wasm-ecs-kernel` runs). npm run bench, bench:quick and bench:runtimes run this
// after compiling bench/ with tsconfig.bench.json (which, like tsconfig.json, leaves this folder out).
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { buildKernel } from "../../bin/wasm-ecs-kernel.mjs";

const here = fileURLToPath(new URL(".", import.meta.url));
const out = fileURLToPath(new URL("../../build/bench/kernels/", import.meta.url));

for (const file of readdirSync(here).filter((f) => f.endsWith(".ts") && !f.endsWith(".d.ts"))) {
  const output = join(out, `${file.slice(0, -3)}.wasm`);
  try {
    await buildKernel(join(here, file), output);
  } catch (error) {
    console.error(error.kernelBuild ? error.message : error);
    process.exit(1);
  }
  console.log(`built ${output.slice(fileURLToPath(new URL("../../", import.meta.url)).length)}`);
}
