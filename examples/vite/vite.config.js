// Builds this example with the package as users get it: "wasm-ecs" is this repository's
// package (its exports map points at dist/, built by `npm run build`). The plugin below
// is the app's kernel build step: before Vite reads the sources it compiles each kernel
// with the package's command, as an app's package.json would run
// `wasm-ecs-kernel kernels/move.ts -o kernels/move.wasm && vite build`.
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { defineConfig } from "vite";

const here = (path) => fileURLToPath(new URL(path, import.meta.url));
/** The package's kernel build (in an app: node_modules/.bin/wasm-ecs-kernel). */
const KERNEL_BUILD = here("../../bin/wasm-ecs-kernel.mjs");
const KERNELS = [here("./kernels/move.ts")];

/** Compiles each kernel source to the .wasm beside it when a build or the dev server starts. */
function wasmEcsKernels(sources) {
  const run = promisify(execFile);
  return {
    name: "wasm-ecs-kernels",
    async buildStart() {
      for (const source of sources) {
        this.addWatchFile(source);
        await run(process.execPath, [KERNEL_BUILD, source, "-o", source.replace(/\.ts$/, ".wasm")]);
      }
    },
  };
}

export default defineConfig({
  root: here("."),
  // The package's two entry points, as its exports map has them (an exact match each: an
  // object alias would also turn "wasm-ecs/inspector" into "dist/index.js/inspector").
  resolve: {
    alias: [
      { find: /^wasm-ecs$/, replacement: here("../../dist/index.js") },
      { find: /^wasm-ecs\/inspector$/, replacement: here("../../dist/inspector.js") },
    ],
  },
  plugins: [wasmEcsKernels(KERNELS)],
  build: {
    target: "es2022",
    emptyOutDir: true,
    // wasm stays a file of its own however small (a kernel is a few hundred bytes), not
    // a data: URL: served as application/wasm it compiles while it streams in.
    assetsInlineLimit: (file) => (file.endsWith(".wasm") ? false : undefined),
  },
  logLevel: "warn",
});
