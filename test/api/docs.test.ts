// The documents stay true to the package: docs/api.md names every export of the built
// declarations (dist/index.d.ts, dist/inspector.d.ts, read with the TypeScript compiler
// API), every public member of World, Query and Table with its prefix (`world.spawn`,
// `query.count`, `t.columns`) and every public member of the other exported classes and
// interfaces, the kernel helpers and the package's entry points; docs/design.md names
// only files that exist; the README links both and nothing cites a DESIGN.md the
// project does not have.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { root } from "../support/readme.js";

const read = (path: string): string => readFileSync(join(root, path), "utf8");
const api = read("docs/api.md");
const design = read("docs/design.md");

/** Identifiers written inside `code spans` of a markdown text. */
function codeWords(md: string): Set<string> {
  const words = new Set<string>();
  for (const span of md.match(/`[^`\n]+`/g) ?? []) for (const w of span.match(/[A-Za-z_$][\w$]*/g) ?? []) words.add(w);
  return words;
}

/** Whether md has a code span starting with `prefix` followed by a non-identifier character. */
function names(md: string, prefix: string): boolean {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`\`${escaped}(?![\\w$])`).test(md);
}

interface Surface {
  /** Exported names of each declaration file. */
  readonly exports: Map<string, string[]>;
  /** Public members (constructors and private ones left out) by exported class or interface. */
  readonly members: Map<string, string[]>;
}

/** The public surface of the built declarations, read with the compiler API. */
function surface(files: readonly string[]): Surface {
  const program = ts.createProgram(
    files.map((f) => join(root, f)),
    { strict: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.NodeNext, types: [], noEmit: true },
  );
  const checker = program.getTypeChecker();
  const exports = new Map<string, string[]>();
  const members = new Map<string, string[]>();
  for (const f of files) {
    const source = program.getSourceFile(join(root, f));
    const module = source === undefined ? undefined : checker.getSymbolAtLocation(source);
    if (module === undefined) throw new Error(`no module symbol for ${f}`);
    const list: string[] = [];
    for (const exported of checker.getExportsOfModule(module)) {
      list.push(exported.name);
      const sym = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
      for (const decl of sym.declarations ?? []) {
        if (!ts.isClassDeclaration(decl) && !ts.isInterfaceDeclaration(decl)) continue;
        const own = members.get(exported.name) ?? [];
        for (const m of decl.members) {
          if (ts.isConstructorDeclaration(m) || ts.isIndexSignatureDeclaration(m) || m.name === undefined) continue;
          if (ts.getCombinedModifierFlags(m) & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected)) continue;
          if (ts.isPrivateIdentifier(m.name)) continue;
          own.push(ts.isComputedPropertyName(m.name) ? m.name.expression.getText() : m.name.getText());
        }
        members.set(exported.name, own);
      }
    }
    exports.set(f, list);
  }
  return { exports, members };
}

const built = surface(["dist/index.d.ts", "dist/inspector.d.ts"]);
/** How api.md writes a member of these classes: `world.spawn(...)`, `query.count()`, `t.columns(C)`. */
const PREFIX: Readonly<Record<string, string>> = { World: "world.", Query: "query", Table: "t." };

describe("docs/api.md", () => {
  it("the surface reader finds the exports and members it must check", () => {
    expect(built.exports.get("dist/index.d.ts")).toEqual(
      expect.arrayContaining(["createWorld", "World", "Query", "Table", "component", "EntityList", "EcsError"]),
    );
    expect(built.exports.get("dist/inspector.d.ts")).toEqual(expect.arrayContaining(["mountInspector"]));
    expect(built.members.get("World")).toEqual(expect.arrayContaining(["spawn", "spawnMany", "entityCount", "step"]));
    expect(built.members.get("World")).not.toContain("constructor");
    expect(built.members.get("Query")).toEqual(expect.arrayContaining(["count", "entities", "Symbol.iterator"]));
    expect(built.members.get("Table")).toEqual(expect.arrayContaining(["columns", "entities", "rows"]));
    // The checks refuse what is not there.
    expect(names("`world.spawnMany(n)`", "world.spawn")).toBe(false);
    expect(names("`world.spawn(...)`", "world.spawn")).toBe(true);
    expect(codeWords("a `t.columns(C)` b").has("columns")).toBe(true);
  });

  it("names every export of dist/index.d.ts and dist/inspector.d.ts", () => {
    const missing = [...built.exports.values()].flat().filter((name) => !names(api, name));
    expect(missing).toEqual([]);
  });

  it("names every public member of World, Query and Table with its prefix", () => {
    const missing: string[] = [];
    for (const [cls, prefix] of Object.entries(PREFIX)) {
      for (const m of built.members.get(cls) ?? []) {
        const written =
          m === "Symbol.iterator" ? `${prefix}[Symbol.iterator]` : `${prefix}${prefix.endsWith(".") ? "" : "."}${m}`;
        if (!names(api, written)) missing.push(`${cls}: ${written}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("names every public member of the other exported classes and interfaces", () => {
    const words = codeWords(api);
    const missing: string[] = [];
    for (const [owner, list] of built.members) {
      if (owner in PREFIX) continue;
      for (const m of list) {
        const word = m.replace(/^Symbol\./, "");
        if (!words.has(word)) missing.push(`${owner}.${m}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("names the kernel helpers of wasm-ecs/kernel, the package's entry points and its command", () => {
    const kernelExports = [...read("kernel/index.ts").matchAll(/^[^/\n]*\bexport (?:class|function) (\w+)/gm)].map(
      (m) => m[1] ?? "",
    );
    expect(kernelExports).toEqual(["Read", "Write", "load4", "store4"]);
    const pkg = JSON.parse(read("package.json")) as { exports: Record<string, unknown>; bin: Record<string, string> };
    const entries = Object.keys(pkg.exports).map((k) => (k === "." ? "wasm-ecs" : `wasm-ecs/${k.slice(2)}`));
    const missing = [...kernelExports, ...entries, ...Object.keys(pkg.bin)].filter((n) => !names(api, n));
    expect(missing).toEqual([]);
  });
});

describe("docs/design.md", () => {
  it("covers the architecture: layers, memory, ids, tables, map and edges, migration, relations, deferral, invariants, budget", () => {
    const headings = [...design.matchAll(/^#+ (.*)$/gm)].map((m) => m[1]);
    expect(headings).toEqual(
      expect.arrayContaining([
        "Layers",
        "Memory layout",
        "Entity ids and the entity index",
        "Archetype tables",
        "The archetype map and its edges",
        "Migration",
        "Relations",
        "Deferral",
        "Invariants",
        "Performance budget",
      ]),
    );
  });

  it("every repository path it names exists", () => {
    const tracked = new Set<string>();
    for (const dir of ["assembly", "bindings", "bench", "kernel", "bin", "scripts", "test", "docs", "examples"]) {
      tracked.add(`${dir}/`);
      for (const f of readdirSync(join(root, dir), { recursive: true, encoding: "utf8" })) {
        tracked.add(`${dir}/${f}`);
        tracked.add(`${dir}/${f}/`);
      }
    }
    const paths = [
      ...design.matchAll(/`((?:assembly|bindings|bench|kernel|bin|scripts|test|docs|examples)\/[\w./-]*)`/g),
    ].map((m) => m[1] ?? "");
    expect(paths.length).toBeGreaterThan(20);
    expect(paths.filter((p) => !tracked.has(p))).toEqual([]);
  });
});

describe("the README and the documents it cites", () => {
  it("links docs/api.md, docs/design.md and docs/errors.md", () => {
    const readme = read("README.md");
    for (const doc of ["docs/api.md", "docs/design.md", "docs/errors.md"]) expect(readme).toContain(`](${doc}`);
  });

  it("nothing cites a DESIGN.md: the README, docs/, the sources, tests, benches and scripts", () => {
    const citing: string[] = [];
    const scan = (path: string) => {
      if (read(path).includes("DESIGN.md")) citing.push(path);
    };
    scan("README.md");
    for (const dir of ["docs", "assembly", "bindings", "bench", "kernel", "bin", "scripts", "test"])
      for (const f of readdirSync(join(root, dir), { recursive: true, encoding: "utf8" })) {
        const path = `${dir}/${f}`;
        if (path.startsWith("bench/results/") || path === "test/api/docs.test.ts") continue;
        if (/\.(md|ts|mjs|js|json)$/.test(f)) scan(path);
      }
    expect(citing).toEqual([]);
  });
});
