// The README's code examples run as written, and print what their comments say.
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..", "..");
const readme = readFileSync(join(root, "README.md"), "utf8");
/** Every ```js block that imports wasm-ecs, with the section title above it. */
const blocks = [...readme.matchAll(/^(#+ .*)$|^```js\n([\s\S]*?)^```$/gm)].reduce<{ title: string; code: string }[]>(
  (out, m) => {
    if (m[1] !== undefined) out.push({ title: m[1], code: "" });
    else if (m[2].includes('from "wasm-ecs"') && out.length > 0) out[out.length - 1].code += m[2];
    return out;
  },
  [],
);

/** The values a `console.log(...); // a b` line promises, in order. */
function promised(code: string): string[] {
  return [...code.matchAll(/console\.log\(.*\);\s*\/\/ (.*)$/gm)].map((m) => m[1].trim());
}

describe("README examples", () => {
  const runnable = blocks.filter((b) => b.code.length > 0);
  it("there are examples to run", () => {
    expect(runnable.map((b) => b.title)).toEqual([
      "## Example",
      "## Engine layer: systems, events, resources, change detection",
      "## Relations and hierarchies",
    ]);
  });
  for (const { title, code } of runnable) {
    it(`${title} runs and prints what its comments say`, () => {
      // Inside the package, so "wasm-ecs" resolves to this package's own exports.
      const dir = join(root, "build", "readme");
      mkdirSync(dir, { recursive: true });
      const file = join(dir, `${title.replace(/\W+/g, "-")}.mjs`);
      writeFileSync(file, code);
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
