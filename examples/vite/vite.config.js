// Builds this example with the package as users get it: "wasm-ecs" is this repository's
// package (its exports map points at dist/, built by `npm run build`).
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  resolve: { alias: { "wasm-ecs": fileURLToPath(new URL("../../dist/index.js", import.meta.url)) } },
  build: { target: "es2022", emptyOutDir: true },
  logLevel: "warn",
});
