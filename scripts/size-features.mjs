// What each feature costs in the bundle a user's bundler makes (docs/size.md): the facade
// is bundled from its sources as scripts/size.mjs bundles dist/ (esbuild, `export *`,
// minified, es2022, gzipped), once whole and once with a feature's modules replaced by
// stubs that export the same names, each bound to an opaque global so nothing folds. The
// difference is what the feature's modules and everything only they reach cost; the
// callers' glue stays in. Then the same for cumulative splits, and for core.wasm built
// from an entry that leaves some exports out. Numbers only: nothing is written but
// build/size-features/.
//
//   node scripts/size-features.mjs     (after npm run build)
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import { USER_BUNDLE } from "./size.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const require = createRequire(import.meta.url);
const gz = (bytes) => gzipSync(bytes).length;

/** Value export names of a module, read by esbuild. */
const exportNames = new Map();
async function namesOf(file) {
  if (!exportNames.has(file)) {
    const r = await build({
      entryPoints: [file],
      format: "esm",
      write: false,
      metafile: true,
      outdir: "out",
      logLevel: "silent",
    });
    exportNames.set(file, Object.values(r.metafile.outputs).find((o) => o.exports).exports);
  }
  return exportNames.get(file);
}

/**
 * The facade bundled with `stubs` (paths) replaced, and with the named object literals of
 * messages.ts (`messageObjects`) replaced. Returns minified and gzipped bytes, and each
 * input's minified bytes.
 */
async function bundle(stubs = [], messageObjects = []) {
  const stubbed = new Set(stubs.map((f) => realpathSync(resolve(root, f))));
  for (const f of stubbed) await namesOf(f);
  const r = await build({
    ...USER_BUNDLE,
    stdin: { contents: 'export * from "./bindings/index.ts";', resolveDir: root, loader: "ts" },
    metafile: true,
    plugins: [
      {
        name: "stub",
        setup(b) {
          b.onLoad({ filter: /\.(ts|js)$/ }, (args) => {
            if (messageObjects.length > 0 && args.path.endsWith("bindings/messages.ts")) {
              let text = readFileSync(args.path, "utf8");
              for (const o of messageObjects)
                text = text.replace(
                  new RegExp(`export const ${o} = \\{[\\s\\S]*?\\n\\};`),
                  `export const ${o} = globalThis.__${o};`,
                );
              return { contents: text, loader: "ts" };
            }
            if (!stubbed.has(args.path)) return undefined;
            const lines = exportNames
              .get(args.path)
              .map((n) =>
                n === "default" ? "export default globalThis.__stub;" : `export const ${n} = globalThis.__stub_${n};`,
              );
            return { contents: lines.join("\n"), loader: "js" };
          });
        },
      },
    ],
  });
  const js = r.outputFiles[0].contents;
  const own = new Map();
  for (const [k, v] of Object.entries(Object.values(r.metafile.outputs)[0].inputs))
    if (k !== "<stdin>") own.set(realpathSync(resolve(root, k)), v.bytesInOutput);
  return { min: js.length, gz: gz(js), own };
}

const loader = realpathSync(resolve(root, "node_modules/@assemblyscript/loader/index.js"));
const inDir = (dir, names) => names.map((n) => `bindings/${dir}/${n}.ts`);
const snapshotAll = inDir("snapshot", [
  "crc64",
  "format",
  "image-hash",
  "image-reader",
  "image-relations",
  "image-tables",
  "image",
  "links-state",
  "world-state",
]);
const imageCheck = inDir("snapshot", ["image-hash", "image-reader", "image-relations", "image-tables", "image"]);
const kernels = inDir("kernels", ["builtins", "kernel", "load", "module"]);
const relations = [
  "bindings/store/links.ts",
  "bindings/ops/cascade.ts",
  "bindings/snapshot/links-state.ts",
  "bindings/snapshot/image-relations.ts",
];
const changes = ["bindings/store/changes.ts", "bindings/ops/tracking.ts"];
const sparse = ["bindings/store/sparse.ts"];
const windows = ["bindings/store/window.ts", "bindings/query/rows.ts"];
const events = ["bindings/world/events.ts"];
const systems = ["bindings/world/systems.ts"];
const inspect = ["bindings/world/inspect.ts"];
const testHooks = ["bindings/world/testing.ts", "bindings/store/stale-writes.ts"];
const messages = ["bindings/messages.ts"];
const snapshotMessages = ["snap", "image", "snapLinks"];

/** [name, stubbed modules, stubbed message objects] */
const FEATURES = [
  ["snapshot: all of bindings/snapshot/ (write, read, image check)", snapshotAll, []],
  ["snapshot image check (snapshot/image*.ts)", imageCheck, []],
  ["snapshot messages (snap, image, snapLinks of messages.ts)", [], snapshotMessages],
  ["kernels (bindings/kernels/)", kernels, []],
  ["non-fragmenting relations + cascade (store/links, ops/cascade, their snapshot parts)", relations, []],
  ["change detection (store/changes, ops/tracking)", changes, []],
  ["sparse tags (store/sparse)", sparse, []],
  ["filtered-loop windows (store/window, query/rows)", windows, []],
  ["events + resources (world/events)", events, []],
  ["systems + step (world/systems)", systems, []],
  ["inspection + stats (world/inspect)", inspect, []],
  ["test hooks + debug stale-write checks (world/testing, store/stale-writes)", testHooks, []],
  ["messages (all of messages.ts)", messages, []],
  ["@assemblyscript/loader (bundled)", [loader], []],
  [
    "core: deferral (world/deferral, ops/commands, ops/apply-commands, store/claims)",
    [
      "bindings/world/deferral.ts",
      "bindings/ops/commands.ts",
      "bindings/ops/apply-commands.ts",
      "bindings/store/claims.ts",
    ],
    [],
  ],
  [
    "core: batch operations (ops/batch-ops, world/batches)",
    ["bindings/ops/batch-ops.ts", "bindings/world/batches.ts"],
    [],
  ],
  [
    "core: value writing (store/init-rows, store/values)",
    ["bindings/store/init-rows.ts", "bindings/store/values.ts"],
    [],
  ],
  ["core: world.access (world/access)", ["bindings/world/access.ts"], []],
  ["core: generated boundary wrappers (core/calls.generated)", ["bindings/core/calls.generated.ts"], []],
];

/** Cumulative splits: [name, stubbed modules, stubbed message objects]. */
const optional = [...relations, ...changes, ...sparse, ...windows, ...events, ...systems, ...inspect, ...testHooks];
const SPLITS = [
  ["today", [], []],
  ["1. snapshot in its own entry (with its messages)", snapshotAll, snapshotMessages],
  ["2. + kernels in their own entry", [...snapshotAll, ...kernels], snapshotMessages],
  ["3. + non-fragmenting relations in their own entry", [...snapshotAll, ...kernels, ...relations], snapshotMessages],
  [
    "4. + change detection, sparse tags, windows, events, systems, inspection, test hooks out",
    [...snapshotAll, ...kernels, ...optional],
    snapshotMessages,
  ],
  ["5. + no message texts in the bundle", [...snapshotAll, ...kernels, ...optional, ...messages], []],
  ["6. + no @assemblyscript/loader", [...snapshotAll, ...kernels, ...optional, ...messages, loader], []],
];

/** core.wasm built from an entry that re-exports all but `drop` of assembly/index.ts. */
const CORE_VARIANTS = [
  ["all exports (as shipped)", []],
  [
    "without the relation exports (addPair, pairMany, planDestroy, ...)",
    [
      "addPair",
      "cancelDestroy",
      "commitDestroy",
      "pairMany",
      "pairTables",
      "planDestroy",
      "removePair",
      "tableForPairs",
    ],
  ],
  [
    "without the batch exports (spawnMany, addMany, moveMany, destroyMany, ...)",
    [
      "moveMany",
      "addMany",
      "removeMany",
      "addToTables",
      "removeFromTables",
      "destroyInTables",
      "destroyMany",
      "spawnMany",
      "firstDead",
    ],
  ],
  ["without change tracking, sparse bitsets, the row journal", ["linkCompanion", "setBits", "journalOn"]],
  [
    "without the debug exports (stubs in release)",
    ["debugTrapAfterMoves", "debugQuarantine", "checkQuarantine", "forgetStaleWrite", "checkInvariants"],
  ],
];

function coreVariants() {
  const source = readFileSync(resolve(root, "assembly/index.ts"), "utf8");
  const names = [...source.matchAll(/^export function (\w+)/gm)].map((m) => m[1]);
  const reexported = source.match(/^export \{([^}]*)\} from "\.\/relation-calls";/m);
  if (reexported)
    names.push(
      ...reexported[1]
        .split(",")
        .map((n) => n.trim())
        .filter(Boolean),
    );
  const dir = resolve(root, "build/size-features");
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  // asc reads an asconfig.json in its working folder: this one adds no entries.
  writeFileSync(resolve(dir, "asconfig.json"), "{}\n");
  const release = JSON.parse(readFileSync(resolve(root, "asconfig.json"), "utf8"));
  const o = { ...release.options, ...release.targets.release };
  const flags = [
    "--optimizeLevel",
    `${o.optimizeLevel}`,
    "--shrinkLevel",
    `${o.shrinkLevel}`,
    "--runtime",
    o.runtime,
    "--initialMemory",
    `${o.initialMemory}`,
  ];
  if (o.noAssert) flags.push("--noAssert");
  if (o.importMemory) flags.push("--importMemory");
  const rows = [];
  for (const [i, [name, drop]] of CORE_VARIANTS.entries()) {
    const keep = names.filter((n) => !drop.includes(n));
    writeFileSync(resolve(dir, `v${i}.ts`), `export { ${keep.join(", ")} } from "../../assembly/index";\n`);
    execFileSync(
      process.execPath,
      [require.resolve("assemblyscript/bin/asc.js"), `v${i}.ts`, ...flags, "--outFile", `v${i}.wasm`],
      { cwd: dir, stdio: "inherit" },
    );
    const wasm = readFileSync(resolve(dir, `v${i}.wasm`));
    rows.push({ name, bytes: wasm.length, gz: gz(wasm) });
  }
  return rows;
}

const whole = await bundle();
const ownOf = (files) => files.reduce((n, f) => n + (whole.own.get(realpathSync(resolve(root, f))) ?? 0), 0);
console.log("Facade features (bytes less when the feature's modules are stubbed out):\n");
console.log("| feature | own min bytes | min less | gz less |\n|---|---:|---:|---:|");
console.log(`| (the whole facade) | | ${whole.min} | ${whole.gz} |`);
for (const [name, files, objects] of FEATURES) {
  const s = await bundle(files, objects);
  console.log(`| ${name} | ${files.length ? ownOf(files) : ""} | ${whole.min - s.min} | ${whole.gz - s.gz} |`);
}
const coreWasmGz = gz(readFileSync(resolve(root, "dist/core.wasm")));
console.log("\nCumulative splits (what stays in the bundle every user loads):\n");
console.log("| step | JS min | JS gz | total gz with core.wasm |\n|---|---:|---:|---:|");
for (const [name, files, objects] of SPLITS) {
  const s = await bundle(files, objects);
  console.log(`| ${name} | ${s.min} | ${s.gz} | ${s.gz + coreWasmGz} |`);
}
console.log("\ncore.wasm without some exports (the release target's options):\n");
console.log("| core build | bytes | gz |\n|---|---:|---:|");
for (const r of coreVariants()) console.log(`| ${r.name} | ${r.bytes} | ${r.gz} |`);
