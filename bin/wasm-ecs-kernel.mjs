#!/usr/bin/env node
// Builds a wasm-ecs kernel file: `npx wasm-ecs-kernel kernels/move.ts -o kernels/move.wasm`.
//
// A kernel runs in the world's own memory, so its module must import that memory, keep
// no runtime that allocates and no static data of its own (they would overwrite the
// core's state): this runs AssemblyScript's compiler (asc, from the project's own
// node_modules: `npm install -D assemblyscript`) with the settings that guarantee it,
// lets `import { Read, Write } from "wasm-ecs/kernel"` resolve to this package's helpers
// (kernel/index.ts), and refuses a kernel whose code would allocate, keep data or grow the memory.
// It then adds to the module one dispatcher per exported kernel (addDispatchers), so the
// facade runs a kernel over all the tables of a query in one call from JS.
//
//   --no-simd     build without the SIMD feature (every current runtime has it)
//   --no-unroll   keep each row loop as written (by default a counted row loop runs four
//                 rows per turn: unroll.mjs)
//   --no-vectorize  keep the four rows of an unrolled loop scalar (by default a loop whose
//                 every statement stores an f32 or i32 row computed lane-wise from rows of
//                 f32 or i32 columns runs as one v128 statement per four rows: vectorize.mjs)
//   --wat FILE    also write the text form
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { basename, dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { unrollLoops } from "./unroll.mjs";

const packageRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..");

/** The flags every kernel is built with. */
export const KERNEL_FLAGS = [
  "--importMemory",
  "--noExportMemory",
  "--initialMemory",
  "0",
  "--runtime",
  "stub",
  "--use",
  "abort=",
  "--noAssert",
  "--optimizeLevel",
  "3",
  "--shrinkLevel",
  "0",
];

function fail(message) {
  const error = new Error(message);
  error.kernelBuild = true;
  throw error;
}

/**
 * asc's API and the Binaryen it compiles with, from the node_modules of the project that
 * builds (or of this package).
 */
async function loadAsc(from) {
  for (const start of [from, packageRoot]) {
    for (let dir = resolve(start); ; dir = dirname(dir)) {
      const asc = join(dir, "node_modules", "assemblyscript", "dist", "asc.js");
      if (existsSync(asc)) {
        const binaryen = createRequire(asc).resolve("binaryen");
        return {
          asc: (await import(pathToFileURL(asc).href)).default,
          binaryen: (await import(pathToFileURL(binaryen).href)).default,
        };
      }
      if (dirname(dir) === dir) break;
    }
  }
  return fail("wasm-ecs-kernel needs AssemblyScript's compiler: npm install -D assemblyscript");
}

/** The name of kernel `name`'s dispatcher (bindings/kernels/batch.ts reads it). */
export const DISPATCHER_PREFIX = "each:";
/** Byte offset of the first record in the call buffer, and the size of one argument slot. */
const RECORDS_AT = 8;
const SLOT = 8;

/**
 * The custom section naming every exported function's parameter and result types, for a
 * module the facade is given compiled (bindings/kernels/module.ts, signaturesOfCompiled),
 * and for each kernel the element type of each column parameter (`Read<T>` / `Write<T>`:
 * T; null for the count and the scalars), which the facade checks against the fields the
 * declaration gives it (a wasm parameter is an i32 pointer either way), and the
 * AssemblyScript type of every other parameter (`u8`, `i32`, `f32`; null for a column),
 * whose range the facade checks a scalar argument against (a wasm i32 takes a u8's 300):
 * `{ "move": { "params": ["i32", ...], "results": [], "elements": [null, "f32", ...],
 *   "scalarTypes": ["i32", null, ..., "f32"] }, ... }` as UTF-8 JSON.
 */
const SIGNATURES_SECTION = "wasm-ecs.kernels";

/**
 * An asc transform (a class: asc makes it with `program` set) that notes, for each function
 * the entry file exports, the element type of each `Read<T>` / `Write<T>` parameter
 * (kernel/index.ts) in `found`, and the type of each parameter of no class in `scalars`,
 * both by export name.
 */
function columnTypes(found, scalars) {
  const USER_ENTRY = 1; // asc's SourceKind.UserEntry: the file given to build
  // The classes of "wasm-ecs/kernel" (kernel/index.ts), as asc names them: a user's own Read is none.
  const COLUMN_CLASSES = ["~lib/wasm-ecs/kernel/index/Read", "~lib/wasm-ecs/kernel/index/Write"];
  return class ColumnTypes {
    afterCompile() {
      for (const file of this.program.filesByName.values()) {
        if (file.source.sourceKind !== USER_ENTRY || file.exports === null) continue;
        for (const [name, element] of file.exports) {
          for (const instance of element.instances?.values() ?? []) {
            const params = instance.signature?.parameterTypes ?? [];
            found[name] = params.map((t) => {
              const c = t.classReference;
              const kernelColumn = c !== null && COLUMN_CLASSES.includes(c.prototype.internalName);
              return kernelColumn && c.typeArguments?.length === 1 ? c.typeArguments[0].toString() : null;
            });
            scalars[name] = params.map((t) => (t.classReference === null ? t.toString() : null));
          }
        }
      }
    }
  };
}

function signatures(binaryen, m, elements = {}, scalarTypes = {}) {
  const names = new Map([
    [binaryen.i32, "i32"],
    [binaryen.i64, "i64"],
    [binaryen.f32, "f32"],
    [binaryen.f64, "f64"],
    [binaryen.v128, "v128"],
  ]);
  const types = (type) => binaryen.expandType(type).map((t) => names.get(t) ?? "ref");
  const out = {};
  for (let e = 0; e < m.getNumExports(); e++) {
    const info = binaryen.getExportInfo(m.getExportByIndex(e));
    if (info.kind !== binaryen.ExternalFunction) continue;
    const fn = binaryen.getFunctionInfo(m.getFunction(info.value));
    out[info.name] = { params: types(fn.params), results: types(fn.results) };
    if (elements[info.name] !== undefined) out[info.name].elements = elements[info.name];
    if (scalarTypes[info.name] !== undefined) out[info.name].scalarTypes = scalarTypes[info.name];
  }
  return out;
}

/**
 * Inlines each kernel into its dispatcher: a table then costs the dispatcher's loop a
 * few loads instead of a call (fragmented_256 as a kernel: about half the time per
 * table). Binaryen's settings are global to the process, so they are put back.
 */
function inlineKernels(binaryen, m) {
  const saved = [
    binaryen.getOptimizeLevel(),
    binaryen.getShrinkLevel(),
    binaryen.getFlexibleInlineMaxSize(),
    binaryen.getAllowInliningFunctionsWithLoops(),
  ];
  try {
    binaryen.setOptimizeLevel(3);
    binaryen.setShrinkLevel(0);
    binaryen.setFlexibleInlineMaxSize(2000);
    binaryen.setAllowInliningFunctionsWithLoops(true);
    m.runPasses(["inlining-optimizing"]);
  } finally {
    binaryen.setOptimizeLevel(saved[0]);
    binaryen.setShrinkLevel(saved[1]);
    binaryen.setFlexibleInlineMaxSize(saved[2]);
    binaryen.setAllowInliningFunctionsWithLoops(saved[3]);
  }
}

/**
 * Adds to a kernel module, for each exported function (i32 count, then i32 / f32 / f64
 * arguments, no result), an export `each:<name>(buffer, records)` that calls it once
 * per record of the call buffer whose row count is not 0, so a query's tables cost one
 * call from JS in all (bindings/kernels/batch.ts draws the same layout):
 *
 *   buffer + 0    i32   the record being run (written before each call; read after a trap)
 *   buffer + 8    record 0: one 8-byte slot per argument (i32 and f32 at its start, f64
 *                 whole), but slot 0 holds the address of the i32 row count
 *   buffer + 8 + j * stride   record j          stride = 8 * arguments
 *
 * The dispatcher writes nothing but buffer + 0 and reads only the buffer and the counts.
 */
export function addDispatchers(
  binaryen,
  bytes,
  simd,
  unroll = true,
  vectorize = true,
  elements = {},
  scalarTypes = {},
) {
  const features =
    binaryen.Features.MVP |
    binaryen.Features.MutableGlobals |
    binaryen.Features.SignExt |
    binaryen.Features.NontrappingFPToInt |
    binaryen.Features.BulkMemory |
    (simd ? binaryen.Features.SIMD128 : 0);
  const m = binaryen.readBinaryWithFeatures(bytes, features);
  try {
    const { i32, f32, f64, none } = binaryen;
    const kernels = [];
    for (let e = 0; e < m.getNumExports(); e++) {
      const info = binaryen.getExportInfo(m.getExportByIndex(e));
      if (info.kind !== binaryen.ExternalFunction) continue;
      const fn = binaryen.getFunctionInfo(m.getFunction(info.value));
      const params = binaryen.expandType(fn.params);
      const fits = params[0] === i32 && params.every((t) => t === i32 || t === f32 || t === f64);
      if (fits && fn.results === none) kernels.push({ name: info.name, internal: info.value, params });
    }
    if (unroll)
      unrollLoops(
        binaryen,
        m,
        kernels.map((k) => k.internal),
        simd && vectorize,
      );
    for (const { name, internal, params } of kernels) {
      // locals: 0 buffer, 1 records, 2 j (record index), 3 r (record address), 4 the row count
      const buffer = () => m.local.get(0, i32);
      const j = () => m.local.get(2, i32);
      const r = () => m.local.get(3, i32);
      const count = () => m.local.get(4, i32);
      const args = params.map((t, p) =>
        p === 0
          ? count()
          : t === f64
            ? m.f64.load(p * SLOT, 8, r())
            : t === f32
              ? m.f32.load(p * SLOT, 4, r())
              : m.i32.load(p * SLOT, 4, r()),
      );
      const body = m.block(null, [
        m.local.set(3, m.i32.add(buffer(), m.i32.const(RECORDS_AT))),
        m.block("done", [
          m.br("done", m.i32.ge_s(j(), m.local.get(1, i32))),
          m.loop(
            "next",
            m.block(null, [
              m.local.set(4, m.i32.load(0, 4, m.i32.load(0, 4, r()))),
              m.if(count(), m.block(null, [m.i32.store(0, 4, buffer(), j()), m.call(internal, args, none)])),
              m.local.set(3, m.i32.add(r(), m.i32.const(params.length * SLOT))),
              m.local.set(2, m.i32.add(j(), m.i32.const(1))),
              m.br("next", m.i32.lt_s(j(), m.local.get(1, i32))),
            ]),
          ),
        ]),
      ]);
      const dispatcher = `${DISPATCHER_PREFIX}${name}`;
      m.addFunction(dispatcher, binaryen.createType([i32, i32]), none, [i32, i32, i32], body);
      m.addFunctionExport(dispatcher, dispatcher);
    }
    inlineKernels(binaryen, m);
    m.addCustomSection(
      SIGNATURES_SECTION,
      new TextEncoder().encode(JSON.stringify(signatures(binaryen, m, elements, scalarTypes))),
    );
    if (!m.validate()) fail("wasm-ecs-kernel made an invalid dispatcher (a bug of wasm-ecs)");
    return { binary: m.emitBinary(), text: m.emitText() };
  } finally {
    m.dispose();
  }
}

/**
 * Compiles `input` to `output`; returns the text form of what it wrote. Throws an Error (kernelBuild: true)
 * saying why the kernel cannot be built.
 */
export async function buildKernel(input, output, { simd = true, unroll = true, vectorize = true } = {}) {
  const { asc, binaryen } = await loadAsc(process.cwd());
  // "wasm-ecs/kernel" resolves through a folder holding this package under its name.
  const paths = mkdtempSync(join(tmpdir(), "wasm-ecs-kernel-"));
  symlinkSync(packageRoot, join(paths, "wasm-ecs"), "dir");
  const text = join(paths, `${basename(output)}.wat`);
  const built = join(paths, basename(output));
  let log = "";
  const stream = {
    write: (s) => {
      log += String(s);
      return true;
    },
  };
  try {
    mkdirSync(dirname(resolve(output)), { recursive: true });
    // An empty config of its own: a project's asconfig.json (its entries, its runtime) must not leak in.
    const config = join(paths, "asconfig.json");
    writeFileSync(config, "{}");
    const args = [input, "--config", config, "--outFile", built, "--textFile", text, "--path", paths, ...KERNEL_FLAGS];
    if (simd) args.push("--enable", "simd");
    const elements = {};
    const scalarTypes = {};
    const transform = columnTypes(elements, scalarTypes);
    const { error } = await asc.main(args, { stdout: stream, stderr: stream, transforms: [transform] });
    if (error) fail(`asc could not build ${input}:\n${log || error.message}`);
    const wat = readFileSync(text, "utf8");
    if (/\$~lib\/rt\//.test(wat))
      fail(`${input} allocates (an array, a string, a class instance): a kernel works on its columns and locals only`);
    if (/^\s*\(data\b/m.test(wat))
      fail(
        `${input} keeps static data (a string or constant array): a kernel may not write the world's memory outside its columns`,
      );
    if (/^\s*\(?memory\.grow\b/m.test(wat))
      fail(
        `${input} grows the memory (memory.grow): that would detach every view the world handed out; the world grows its memory itself`,
      );
    if (!/\(export "/.test(wat)) fail(`${input} exports no function: export each kernel`);
    if (!/\(import "env" "memory"/.test(wat)) fail(`${input} was built without the world's memory`);
    const { binary, text: final } = addDispatchers(
      binaryen,
      readFileSync(built),
      simd,
      unroll,
      vectorize,
      elements,
      scalarTypes,
    );
    writeFileSync(output, binary);
    return final;
  } finally {
    rmSync(paths, { recursive: true, force: true });
  }
}

/** Whether this file is the program node runs: also through a link to it (npx and npm scripts run node_modules/.bin's). */
function isMain() {
  const started = process.argv[1];
  if (started === undefined) return false;
  try {
    return realpathSync(resolve(started)) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (isMain()) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      out: { type: "string", short: "o" },
      "no-simd": { type: "boolean" },
      "no-unroll": { type: "boolean" },
      "no-vectorize": { type: "boolean" },
      help: { type: "boolean", short: "h" },
      wat: { type: "string" },
    },
  });
  const usage =
    "usage: wasm-ecs-kernel <kernel.ts> [-o out.wasm] [--no-simd] [--no-unroll] [--no-vectorize] [--wat out.wat]";
  if (values.help === true) {
    console.log(`${usage}

Builds a wasm-ecs kernel file (AssemblyScript) into a module that runs in a world's memory.

  -o FILE          the module to write (default: the input with .wasm)
  --no-simd        build without the SIMD feature (every current runtime has it)
  --no-unroll      keep each row loop as written (by default a counted row loop runs
                   four rows per turn)
  --no-vectorize   keep those four rows scalar (by default, when every statement of the
                   loop stores an f32 or i32 row computed from the same row of f32 or
                   i32 columns, constants and scalars by + - * / (f32), bit ops and
                   shifts (i32), copysign abs sqrt ceil floor trunc nearest, the four
                   rows run as one v128 statement: each lane does its row's operations)
  --wat FILE       also write the text form`);
    process.exit(0);
  }
  if (positionals.length !== 1) {
    console.error(usage);
    process.exit(2);
  }
  const input = positionals[0];
  const output = values.out ?? `${input.replace(/\.ts$/, "")}.wasm`;
  try {
    const wat = await buildKernel(input, output, {
      simd: values["no-simd"] !== true,
      unroll: values["no-unroll"] !== true,
      vectorize: values["no-vectorize"] !== true,
    });
    if (values.wat !== undefined) writeFileSync(values.wat, wat);
    console.log(`built ${output}`);
  } catch (error) {
    console.error(error.kernelBuild ? error.message : error);
    process.exit(1);
  }
}
