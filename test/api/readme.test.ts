// The README's code examples run as written, and print what their comments say. They
// are TypeScript (readme-types.test.ts type-checks them); esbuild strips the types, as
// a user's JavaScript leaves them out, and Node runs the result.
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { transformSync } from "esbuild";
import { describe, expect, it } from "vitest";
import { readmeExamples, root } from "../support/readme.js";

const blocks = readmeExamples();

/** The values a `console.log(...); // a b` line promises, in order. */
function promised(code: string): string[] {
  return [...code.matchAll(/console\.log\(.*\);\s*\/\/ (.*)$/gm)].map((m) => m[1].trim());
}

describe("README examples", () => {
  it("there are examples to run", () => {
    expect(blocks.map((b) => b.title)).toEqual([
      "## Example",
      "## Engine layer: systems, events, resources, change detection",
      "## Relations and hierarchies",
    ]);
  });
  for (const { title, name, code } of blocks) {
    it(`${title} runs and prints what its comments say`, () => {
      // Inside the package, so "wasm-ecs" resolves to this package's own exports.
      const dir = join(root, "build", "readme");
      mkdirSync(dir, { recursive: true });
      const file = join(dir, `${name}.mjs`);
      writeFileSync(file, transformSync(code, { loader: "ts", format: "esm", target: "es2022" }).code);
      const out = execFileSync(process.execPath, [file], { encoding: "utf8" });
      const lines = out.trim().split("\n");
      for (const want of promised(code)) {
        const line = lines.find(
          (l) =>
            l
              .replace(/[{}':,"]/g, " ")
              .replace(/\s+/g, " ")
              .trim() ===
            want
              .replace(/[{}':,"]/g, " ")
              .replace(/\s+/g, " ")
              .trim(),
        );
        expect(line, `a printed line "${want}" in\n${out}`).toBeDefined();
      }
    });
  }
});
