// What the kernel build's tests share (test/bin/unroll.test.ts, vectorize.test.ts): a kernel
// file built by the package's bin with the given flags, and one function's text in the
// module's text form.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../../", import.meta.url));

export interface Built {
  readonly wasm: Uint8Array<ArrayBuffer>;
  readonly wat: string;
}

/** `source` built into `dir` as `name`.wasm (and .wat) by bin/wasm-ecs-kernel.mjs with `flags`. */
export function buildKernelFile(source: string, dir: string, name: string, ...flags: string[]): Built {
  const out = join(dir, `${name}.wasm`);
  const wat = join(dir, `${name}.wat`);
  execFileSync(process.execPath, [join(root, "bin/wasm-ecs-kernel.mjs"), source, "-o", out, "--wat", wat, ...flags], {
    cwd: root,
  });
  return { wasm: readFileSync(out), wat: readFileSync(wat, "utf8") };
}

/** The function text of export `name` in a module's text form. */
export function funcText(wat: string, name: string): string {
  const internal = new RegExp(`\\(export "${name}" \\(func (\\$[^)]+)\\)\\)`).exec(wat)?.[1];
  const start = wat.indexOf(`(func ${internal} `);
  const end = wat.indexOf("\n (func ", start + 1);
  return wat.slice(start, end < 0 ? undefined : end);
}
