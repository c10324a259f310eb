import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// Tests run against the built package (dist/), the same files users import.
export default defineConfig({
  resolve: {
    alias: [
      { find: /^wasm-ecs$/, replacement: fileURLToPath(new URL("./dist/index.js", import.meta.url)) },
      { find: /^wasm-ecs\/inspector$/, replacement: fileURLToPath(new URL("./dist/inspector.js", import.meta.url)) },
    ],
  },
  test: {
    include: ["test/**/*.test.ts"],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: "forks",
    globalSetup: ["./test/support/setup.ts"],
    reporters: ["default", "./test/support/summary-reporter.ts"],
  },
});
