// The published package as users receive it (dist/, built by scripts/build.mjs): ES
// modules with no bare import, so a browser page or Deno loads them with no import map
// and no package manager; type declarations without internals.
import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";

const dist = fileURLToPath(new URL("../../dist/", import.meta.url));
const bin = (name: string): string => fileURLToPath(new URL(`../../node_modules/.bin/${name}`, import.meta.url));

/** Every file under dir whose name ends with `suffix`, as paths relative to dir. */
function filesIn(dir: string, suffix: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(suffix));
}

/** Module specifiers of the static imports, re-exports and literal dynamic imports in a JS file. */
function specifiers(source: string): string[] {
  const out: string[] = [];
  for (const m of source.matchAll(/(?:^|[;\n}])\s*(?:import|export)\b[^;"'`]*?\bfrom\s*["']([^"']+)["']/g))
    out.push(m[1]);
  for (const m of source.matchAll(/(?:^|[;\n])\s*import\s*["']([^"']+)["']/g)) out.push(m[1]);
  for (const m of source.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)) out.push(m[1]);
  return out;
}

function run(file: string, args: readonly string[], cwd: string): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      file,
      args,
      { cwd, timeout: 60_000, env: { ...process.env, NO_COLOR: "1", DENO_NO_UPDATE_CHECK: "1", DENO_NO_PROMPT: "1" } },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`${file} ${args.join(" ")} failed: ${error.message}\n${stderr}\n${stdout}`));
        else resolve(stdout);
      },
    );
  });
}

/** A script, in a fresh folder outside the package, that imports dist/index.js by file URL. */
function scriptOutside(): { dir: string; file: string } {
  const dir = mkdtempSync(join(tmpdir(), "wasm-ecs-outside-"));
  const file = join(dir, "use.mjs");
  const url = pathToFileURL(join(dist, "index.js")).href;
  writeFileSync(
    file,
    `import { component, createWorld } from ${JSON.stringify(url)};
const Position = component("Position", { x: "f32", y: "f32" });
const world = await createWorld({ components: [Position] });
for (let i = 0; i < 10; i++) world.spawn(Position.with({ x: i, y: 1 }));
let sum = 0;
for (const t of world.query({ all: [Position] })) for (const x of t.columns(Position).x) sum += x;
console.log(JSON.stringify({ entities: world.entityCount, sum }));
`,
  );
  return { dir, file };
}

describe("the built package", () => {
  it("dist/*.js import nothing by a bare specifier: only relative files and node: builtins", () => {
    const js = filesIn(dist, ".js");
    expect(js).toContain("index.js");
    for (const f of js) {
      const bare = specifiers(readFileSync(join(dist, f), "utf8")).filter(
        (s) => !s.startsWith("./") && !s.startsWith("../") && !s.startsWith("node:"),
      );
      expect(bare, `bare imports in dist/${f}`).toEqual([]);
    }
  });

  it("the specifier scan finds the imports it must refuse", () => {
    const found = specifiers(
      `import { instantiate } from "@assemblyscript/loader";\nexport * from "./a.js";\nconst m = import("bitecs");`,
    );
    expect(found).toEqual(["@assemblyscript/loader", "./a.js", "bitecs"]);
  });

  it("dist carries the licence and notices of the loader that dist/index.js bundles", () => {
    const notices = readFileSync(join(dist, "THIRD-PARTY-NOTICES.txt"), "utf8");
    const loader = JSON.parse(
      readFileSync(
        fileURLToPath(new URL("../../node_modules/@assemblyscript/loader/package.json", import.meta.url)),
        "utf8",
      ),
    ) as { version: string };
    expect(notices.split("\n")[0]).toBe(
      `dist/index.js includes @assemblyscript/loader ${loader.version} (Apache-2.0), part of AssemblyScript`,
    );
    expect(notices).toMatch(/Apache License\s+Version 2\.0, January 2004/);
    expect(notices).toContain("licensed their contributions to AssemblyScript");
    expect(readFileSync(join(dist, "index.js"), "utf8").split("\n")[0]).toBe(
      "/*! wasm-ecs (MIT). dist/index.js includes @assemblyscript/loader (Apache-2.0, the AssemblyScript authors): see wasm-ecs/dist/THIRD-PARTY-NOTICES.txt */",
    );
  });

  it("dist/*.js name their sources inside the package, not where a linked node_modules points", () => {
    for (const file of readdirSync(dist).filter((f) => f.endsWith(".js")))
      expect(readFileSync(join(dist, file), "utf8"), file).not.toMatch(/^\/\/ \.\.\//m);
  });

  it("the type declarations carry no @internal member", () => {
    const dts = filesIn(dist, ".d.ts");
    expect(dts).toContain("index.d.ts");
    const tagged = dts.filter((f) => readFileSync(join(dist, f), "utf8").includes("@internal"));
    expect(tagged).toEqual([]);
  });

  it("bundled, minified and gzipped as a user's bundler makes it, the package stays within its size budget", async () => {
    // @ts-expect-error: a plain ESM script without types
    const { BUDGET_GZ, measureSizes } = await import("../../scripts/size.mjs");
    const rows: { name: string; jsGz: number; wasmGz: number; totalGz: number }[] = await measureSizes();
    const ours = rows[0];
    expect(ours.name).toBe("wasm-ecs");
    expect(ours.wasmGz).toBeGreaterThan(0); // core.wasm counted
    expect(ours.totalGz).toBe(ours.jsGz + ours.wasmGz);
    expect(ours.totalGz).toBeLessThanOrEqual(BUDGET_GZ);
    // The peers are measured the same way (their bundles are not empty).
    expect(rows.slice(1).map((r) => r.name)).toEqual(["bitecs 0.4", "koota", "piecs"]);
    for (const r of rows.slice(1)) expect(r.jsGz).toBeGreaterThan(1000);
  });

  it("Deno imports dist/index.js by file URL from a script outside the package", async () => {
    const { dir, file } = scriptOutside();
    const out = await run(bin("deno"), ["run", "--allow-read", file], dir);
    expect(JSON.parse(out.trim().split("\n").pop() ?? "")).toEqual({ entities: 10, sum: 45 });
  });

  it("Node imports dist/index.js by file URL from a script outside the package", async () => {
    const { dir, file } = scriptOutside();
    const out = await run(process.execPath, [file], dir);
    expect(JSON.parse(out.trim().split("\n").pop() ?? "")).toEqual({ entities: 10, sum: 45 });
  });
});
