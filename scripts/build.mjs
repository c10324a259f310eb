// Builds everything the package and the tests need: the facade's side of the wasm
// boundary generated from the core's sources (scripts/gen-boundary.mjs), the snapshot
// checksum's wasm loop (scripts/gen-crc.mjs), the core in
// both targets (asconfig.json), the built-in kernels (kernel/builtins.ts, built as any
// kernel is: bin/wasm-ecs-kernel.mjs), the tests' kernels (build/kernels/) and the browser
// demo's (build/examples/web/), the facade as self-contained ES modules (esbuild bundles
// bindings/index.ts and bindings/inspector.ts, @assemblyscript/loader inlined, so dist/
// has no bare import and loads in a browser page or Deno with no import map or
// package manager) and its type declarations (tsc, @internal members stripped).
// Output goes to a fresh folder that then replaces dist/, so a reader never sees a
// half-built dist/. Run by `npm run build`.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { buildKernel } from "../bin/wasm-ecs-kernel.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const require = createRequire(import.meta.url);
const run = (script, args) => execFileSync(process.execPath, [script, ...args], { cwd: root, stdio: "inherit" });
const out = `build/dist-${process.pid}`;

rmSync(new URL(`../${out}`, import.meta.url), { recursive: true, force: true });
mkdirSync(new URL(`../${out}`, import.meta.url), { recursive: true });
run(fileURLToPath(new URL("./gen-boundary.mjs", import.meta.url)), []);
run(fileURLToPath(new URL("./gen-crc.mjs", import.meta.url)), []);
const asc = require.resolve("assemblyscript/bin/asc.js");
run(asc, ["assembly/index.ts", "--target", "release", "--outFile", `${out}/core.wasm`]);
run(asc, ["assembly/index.ts", "--target", "debug", "--outFile", `${out}/core.debug.wasm`]);
run(require.resolve("typescript/bin/tsc"), ["-p", "tsconfig.build.json", "--outDir", out]);
// The built-in kernels ship beside the bundle; the tests' and the demo's stay in build/.
await buildKernel("kernel/builtins.ts", `${out}/kernels.wasm`);
await buildKernel("test/kernels/test-kernels.ts", "build/kernels/test-kernels.wasm");
await buildKernel("examples/web/kernels/move.ts", "build/examples/web/move.wasm");
await build({
  absWorkingDir: root,
  entryPoints: { index: "bindings/index.ts", inspector: "bindings/inspector.ts" },
  outdir: out,
  bundle: true,
  format: "esm",
  platform: "neutral",
  target: "es2022",
  // Syntax only (names and layout stay readable): constants are folded into their uses
  // across modules here, where they are still `const`; a user's bundler sees a bundle
  // whose top-level constants are `var` and cannot fold them. About 0.9 KB gz less.
  minifySyntax: true,
  // The path comments name the package's files as node_modules has them, not where a
  // linked node_modules points to (a checkout sharing another's would print that path).
  preserveSymlinks: true,
  // Class fields become assignments in the constructor. V8 11 (Node 20) runs a field
  // initialiser with define semantics as a separate, uninlined step of every `new`: a
  // query loop's iterator cost 13 of its 54 ns that way. No class of the facade relies on
  // define semantics (none shadows an accessor or reads an undeclared field).
  tsconfigRaw: { compilerOptions: { useDefineForClassFields: false } },
  // The inspector imports the package's own module (its World and error classes), which
  // stays an import of the bundle beside it: one module instance for both entry points.
  plugins: [
    {
      name: "inspector-imports-index",
      setup(b) {
        b.onResolve({ filter: /^\.\/index\.js$/ }, (args) =>
          args.importer.endsWith("inspector.ts") ? { path: "./index.js", external: true } : undefined,
        );
      },
    },
  ],
  // The wasm files stay beside the bundle: `new URL("./core.wasm", import.meta.url)`
  // is left as it is, for the runtime and for users' bundlers.
  logLevel: "warning",
  // A legal comment (/*! */), which users' bundlers keep with the code it comes with.
  banner: {
    js: "/*! wasm-ecs (MIT). dist/index.js includes @assemblyscript/loader (Apache-2.0, the AssemblyScript authors): see wasm-ecs/dist/THIRD-PARTY-NOTICES.txt */",
  },
});
// dist/index.js bundles @assemblyscript/loader (Apache-2.0), which asks that its licence and
// notices go with it: the AssemblyScript project's own, from the installed compiler package
// (the loader's package ships none), beside the bundle.
const packageOf = (name) => {
  for (let dir = dirname(require.resolve(name)); dir !== dirname(dir); dir = dirname(dir)) {
    const file = join(dir, "package.json");
    const pkg = existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : undefined;
    if (pkg?.name === name) return pkg;
  }
  throw new Error(`no package.json of ${name}`);
};
const loader = packageOf("@assemblyscript/loader");
const project = (file) => readFileSync(require.resolve(`assemblyscript/${file}`), "utf8");
writeFileSync(
  `${out}/THIRD-PARTY-NOTICES.txt`,
  [
    `dist/index.js includes ${loader.name} ${loader.version} (${loader.license}), part of AssemblyScript`,
    `(https://github.com/AssemblyScript/assemblyscript). Its NOTICE and LICENSE follow.`,
    "",
    project("NOTICE"),
    project("LICENSE"),
  ].join("\n"),
);
rmSync(new URL("../dist", import.meta.url), { recursive: true, force: true });
renameSync(new URL(`../${out}`, import.meta.url), new URL("../dist", import.meta.url));
console.log("built dist/ (core.wasm, core.debug.wasm, kernels.wasm, index.js, inspector.js, types)");
