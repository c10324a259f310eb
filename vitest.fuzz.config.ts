import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// `npm run fuzz`: the long modes of the model-based and snapshot tests (test/fuzz/).
export default defineConfig({
  resolve: {
    alias: { "wasm-ecs": fileURLToPath(new URL("./dist/index.js", import.meta.url)) },
  },
  test: {
    include: ["test/fuzz/**/*.fuzz.ts"],
    testTimeout: 0,
    pool: "forks",
  },
});
