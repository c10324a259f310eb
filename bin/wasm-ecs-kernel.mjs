#!/usr/bin/env node
// Builds a wasm-ecs kernel file: `npx wasm-ecs-kernel kernels/move.ts -o kernels/move.wasm`.
//
// A kernel runs in the world's own memory, so its module must import that memory, keep
// no runtime that allocates and no static data of its own (they would overwrite the
// core's state): this runs AssemblyScript's compiler (asc, from the project's own
// node_modules: `npm install -D assemblyscript`) with the settings that guarantee it,
// lets `import { Read, Write } from "wasm-ecs/kernel"` resolve to this package's helpers
// (kernel/index.ts), and refuses a kernel whose code would allocate or keep data.
//
//   --no-simd     build without the SIMD feature (every current runtime has it)
//   --wat FILE    also write the text form
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";

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

/** asc's API, from the node_modules of the project that builds (or of this package). */
async function loadAsc(from) {
  for (const start of [from, packageRoot]) {
    for (let dir = resolve(start); ; dir = dirname(dir)) {
      const asc = join(dir, "node_modules", "assemblyscript", "dist", "asc.js");
      if (existsSync(asc)) return (await import(pathToFileURL(asc).href)).default;
      if (dirname(dir) === dir) break;
    }
  }
  return fail("wasm-ecs-kernel needs AssemblyScript's compiler: npm install -D assemblyscript");
}

/**
 * Compiles `input` to `output`; returns the text form. Throws an Error (kernelBuild: true)
 * saying why the kernel cannot be built.
 */
export async function buildKernel(input, output, { simd = true } = {}) {
  const asc = await loadAsc(process.cwd());
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
    const { error } = await asc.main(args, { stdout: stream, stderr: stream });
    if (error) fail(`asc could not build ${input}:\n${log || error.message}`);
    const wat = readFileSync(text, "utf8");
    if (/\$~lib\/rt\//.test(wat))
      fail(`${input} allocates (an array, a string, a class instance): a kernel works on its columns and locals only`);
    if (/^\s*\(data\b/m.test(wat))
      fail(
        `${input} keeps static data (a string or constant array): a kernel may not write the world's memory outside its columns`,
      );
    if (!/\(import "env" "memory"/.test(wat)) fail(`${input} was built without the world's memory`);
    if (!/\(export "/.test(wat)) fail(`${input} exports no function: export each kernel`);
    writeFileSync(output, readFileSync(built));
    return wat;
  } finally {
    rmSync(paths, { recursive: true, force: true });
  }
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { out: { type: "string", short: "o" }, "no-simd": { type: "boolean" }, wat: { type: "string" } },
  });
  if (positionals.length !== 1) {
    console.error("usage: wasm-ecs-kernel <kernel.ts> [-o out.wasm] [--no-simd] [--wat out.wat]");
    process.exit(2);
  }
  const input = positionals[0];
  const output = values.out ?? `${input.replace(/\.ts$/, "")}.wasm`;
  try {
    const wat = await buildKernel(input, output, { simd: values["no-simd"] !== true });
    if (values.wat !== undefined) writeFileSync(values.wat, wat);
    console.log(`built ${output}`);
  } catch (error) {
    console.error(error.kernelBuild ? error.message : error);
    process.exit(1);
  }
}
