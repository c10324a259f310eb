// The shape of the tree (STYLE.md, LAYOUT.md): no import cycle in bindings/, assembly/ or
// bench/ (scripts/check-cycles.mjs, also run by npm run check), no hand-written source
// file in bindings/ or assembly/ over 450 lines, and the generated boundary files up to
// date with the core's sources (scripts/gen-boundary.mjs --check), and the snapshot
// checksum's wasm loop with its generator (scripts/gen-crc.mjs --check).
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));

interface CycleModule {
  importGraph(files: readonly string[]): Map<string, string[]>;
  cycles(graph: Map<string, string[]>): string[][];
}

const cyclesOf = async (): Promise<CycleModule> =>
  (await import(new URL("../../scripts/check-cycles.mjs", import.meta.url).href)) as CycleModule;

describe("the source tree", () => {
  it("has no import cycle in bindings/, assembly/ or bench/", () => {
    const out = execFileSync(process.execPath, ["scripts/check-cycles.mjs"], { cwd: root, encoding: "utf8" });
    expect(out).toBe("");
  });

  it("the cycle finder reports a cycle through type-only imports and a self-import, and nothing in a chain", async () => {
    const { cycles } = await cyclesOf();
    const graph = new Map([
      ["a", ["b"]],
      ["b", ["c"]],
      ["c", ["a"]],
      ["d", ["d"]],
      ["e", ["a"]],
    ]);
    const found = cycles(graph).map((scc) => [...scc].sort().join(","));
    expect(found.sort()).toEqual(["a,b,c", "d"]);
    expect(
      cycles(
        new Map([
          ["x", ["y"]],
          ["y", []],
        ]),
      ),
    ).toEqual([]);
  });

  it("keeps every hand-written module of bindings/ and assembly/ at 450 lines or fewer", () => {
    const over: string[] = [];
    for (const folder of ["bindings", "assembly"]) {
      for (const f of readdirSync(join(root, folder), { recursive: true, encoding: "utf8" })) {
        if (!f.endsWith(".ts") || f.endsWith(".generated.ts")) continue;
        const lines = readFileSync(join(root, folder, f), "utf8").split("\n").length - 1;
        if (lines > 450) over.push(`${folder}/${f}: ${lines} lines`);
      }
    }
    expect(over).toEqual([]);
  });

  it("the generated boundary files are what the core's sources give", () => {
    const out = execFileSync(process.execPath, ["scripts/gen-boundary.mjs", "--check"], {
      cwd: root,
      encoding: "utf8",
    });
    expect(out).toBe("");
  });

  it("the snapshot checksum's wasm loop is what scripts/gen-crc.mjs gives", () => {
    const out = execFileSync(process.execPath, ["scripts/gen-crc.mjs", "--check"], { cwd: root, encoding: "utf8" });
    expect(out).toBe("");
  });
});
