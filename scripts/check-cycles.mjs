// Fails when a folder's modules import each other in a cycle. The import graph comes
// from the TypeScript compiler's own pre-processor (every import, export-from and
// import() specifier, type-only imports included: a type cycle is still a cycle in the
// design). Relative specifiers are resolved to the .ts files they name; everything else
// (packages, node: builtins) is outside the graph.
//
//   node scripts/check-cycles.mjs [folder ...]     default: bindings assembly bench
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const root = fileURLToPath(new URL("..", import.meta.url));

/** Every .ts file under dir (declaration files and tests' fixtures included). */
function sources(dir) {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".ts"))
    .map((f) => join(dir, f));
}

/** The .ts file a relative specifier names, or undefined. */
function resolveImport(from, spec) {
  if (!spec.startsWith(".")) return undefined;
  const base = resolve(dirname(from), spec);
  for (const candidate of [
    base.replace(/\.js$/, ".ts"),
    `${base}.ts`,
    join(base, "index.ts"),
    base.replace(/\.js$/, ".d.ts"),
  ])
    if (candidate.endsWith(".ts") && existsSync(candidate)) return candidate;
  return undefined;
}

/** file -> files it imports (within the graph). */
export function importGraph(files) {
  const inGraph = new Set(files);
  const graph = new Map();
  for (const file of files) {
    const info = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
    const deps = new Set();
    for (const { fileName } of info.importedFiles) {
      const target = resolveImport(file, fileName);
      if (target !== undefined && inGraph.has(target)) deps.add(target);
    }
    graph.set(file, [...deps]);
  }
  return graph;
}

/** Strongly connected components with more than one file, or a file importing itself (Tarjan). */
export function cycles(graph) {
  let index = 0;
  const stack = [];
  const on = new Set();
  const idx = new Map();
  const low = new Map();
  const out = [];
  const visit = (v) => {
    idx.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) === idx.get(v)) {
      const scc = [];
      let w;
      do {
        w = stack.pop();
        on.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1 || (graph.get(v) ?? []).includes(v)) out.push(scc);
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) visit(v);
  return out;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const folders = process.argv.slice(2);
  let found = 0;
  for (const folder of folders.length > 0 ? folders : ["bindings", "assembly", "bench"]) {
    const graph = importGraph(sources(join(root, folder)));
    for (const scc of cycles(graph)) {
      found++;
      console.error(`import cycle in ${folder}/: ${scc.map((f) => relative(root, f)).join(" <-> ")}`);
    }
  }
  if (found > 0) process.exit(1);
}
