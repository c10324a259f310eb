// CommonJS users: `require("wasm-ecs")` loads the same ES module that `import` does
// (Node >= 20.19 requires an ES module without top-level await; the package's exports
// give "." and "./inspector" a "default" condition for it). One module instance: the
// classes required and imported are the same objects, so `instanceof` agrees.
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));

/** Runs a CommonJS script from build/require/ (inside the package, so "wasm-ecs" resolves to its own exports). */
function runCommonJs(name: string, code: string): string {
  const dir = join(root, "build", "require");
  mkdirSync(dir, { recursive: true });
  const file = join(dir, name);
  writeFileSync(file, code);
  return execFileSync(process.execPath, [file], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}

describe("require('wasm-ecs')", () => {
  it("package.json gives '.' and './inspector' a condition that require() takes", () => {
    const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
      exports: Record<string, Record<string, string> | string>;
    };
    expect(pkg.exports["."]).toMatchObject({ import: "./dist/index.js", default: "./dist/index.js" });
    expect(pkg.exports["./inspector"]).toMatchObject({ import: "./dist/inspector.js", default: "./dist/inspector.js" });
  });

  it("a CommonJS script requires the package by name, makes a world and gets the imported module's classes", () => {
    const out = runCommonJs(
      "use.cjs",
      `"use strict";
const ecs = require("wasm-ecs");
const { mountInspector } = require("wasm-ecs/inspector");
const Position = ecs.component("Position", { x: "f32", y: "f32" });
ecs.createWorld({ components: [Position] }).then(async (world) => {
  const es = world.spawnMany(10, Position.withEach({ x: Array.from({ length: 10 }, (_, i) => i), y: new Float32Array(10) }));
  let sum = 0;
  for (const t of world.query({ all: [Position] })) for (const x of t.columns(Position).x) sum += x;
  world.destroy(es[0]);
  let stale = "";
  try { world.get(es[0], Position); } catch (e) { stale = e.code + " " + (e instanceof ecs.StaleEntityError); }
  const imported = await import("wasm-ecs");
  console.log(JSON.stringify({
    entities: world.entityCount,
    sum,
    stale,
    sameModule: imported.World === ecs.World && imported.createWorld === ecs.createWorld,
    inspector: typeof mountInspector,
  }));
});
`,
    );
    expect(JSON.parse(out.trim().split("\n").pop() ?? "")).toEqual({
      entities: 9,
      sum: 45,
      stale: "STALE_ENTITY true",
      sameModule: true,
      inspector: "function",
    });
  });
});
