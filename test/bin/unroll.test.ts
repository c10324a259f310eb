// The kernel build's loop unrolling (bin/unroll.mjs): test/kernels/unroll-kernels.ts built
// with npx wasm-ecs-kernel and with --no-unroll. Every export must leave the memory exactly
// as the loop as written does, for row counts 0 to 13 (every remainder of four, several
// turns); the row loops that fit run four rows per turn, the others stay as written.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Built as Build, buildKernelFile, funcText } from "../support/kernel-build.js";

const root = fileURLToPath(new URL("../../", import.meta.url));
const source = join(root, "test/kernels/unroll-kernels.ts");
const UNROLLED = ["move", "double", "clampNegative", "prefix", "middle", "total", "mixed", "accumulate"];
const AS_WRITTEN = ["index", "untilZero", "unsigned", "shrink"];

let dir = "";
const built: Record<"unrolled" | "written", Build> = {
  unrolled: { wasm: new Uint8Array(), wat: "" },
  written: { wasm: new Uint8Array(), wat: "" },
};

function build(name: string, ...flags: string[]): Build {
  return buildKernelFile(source, dir, name, ...flags);
}

/** Memory after running export `name` of `wasm` over n rows; columns 1 KiB apart, filled with a pattern. */
async function memoryAfter(
  wasm: Uint8Array<ArrayBuffer>,
  name: string,
  n: number,
  dispatch: boolean,
): Promise<Uint8Array> {
  const memory = new WebAssembly.Memory({ initial: 1 });
  const instance = await WebAssembly.instantiate(await WebAssembly.compile(wasm), { env: { memory } });
  const bytes = new Uint8Array(memory.buffer);
  const f32 = new Float32Array(memory.buffer);
  for (let i = 1024 >> 2; i < f32.length; i++) f32[i] = ((i * 37) % 23) - 7;
  const kernel = instance.exports[name] as (...args: number[]) => void;
  const args = [n, ...Array.from({ length: kernel.length - 1 }, (_, j) => 1024 * (j + 1))];
  if (!dispatch) {
    kernel(...args);
    return bytes.slice();
  }
  // One dispatcher record at 64: the count's address, then one 8-byte slot per argument.
  const words = new Int32Array(memory.buffer);
  words[16 >> 2] = n;
  words[(64 + 8) >> 2] = 16;
  for (let a = 1; a < args.length; a++) words[(64 + 8 + a * 8) >> 2] = args[a];
  (instance.exports[`each:${name}`] as (buffer: number, records: number) => void)(64, 1);
  words[16 >> 2] = 0;
  words[64 >> 2] = 0;
  return bytes.slice();
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "wasm-ecs-unroll-"));
  // The scalar copies themselves: vectorize.test.ts covers the v128 form of the loops that fit.
  built.unrolled = build("unrolled", "--no-vectorize");
  built.written = build("written", "--no-unroll");
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("kernel build loop unrolling", () => {
  it("runs four rows per turn in the row loops that only address memory with the index, and in their dispatchers", () => {
    for (const name of UNROLLED) {
      expect(funcText(built.unrolled.wat, name), name).toMatch(/\(loop \$\S+\$x4/);
      expect(funcText(built.unrolled.wat, `each:${name}`), name).toMatch(/\(loop \$\S+\$x4/);
      expect(funcText(built.written.wat, name), name).not.toMatch(/\$x4/);
    }
    // Rows i+1 .. i+3 through the offsets: 4, 8 and 12 bytes on from row i for an f32 column, 12, 24 and 36 for [i32, 3].
    expect(funcText(built.unrolled.wat, "double")).toMatch(/i32\.store offset=12/);
    expect(funcText(built.unrolled.wat, "middle")).toMatch(/i32\.store offset=36/);
  });

  it("leaves as written the loops whose index is a value, that leave early, or that compare unsigned", () => {
    for (const name of AS_WRITTEN) expect(funcText(built.unrolled.wat, name), name).not.toMatch(/\$x4/);
  });

  it("writes exactly what the loop as written writes, for 0 to 13 rows, called directly and through the dispatcher", async () => {
    for (const name of [...UNROLLED, ...AS_WRITTEN]) {
      for (let n = 0; n <= 13; n++) {
        for (const dispatch of [false, true]) {
          const expected = await memoryAfter(built.written.wasm, name, n, dispatch);
          const actual = await memoryAfter(built.unrolled.wasm, name, n, dispatch);
          const first = actual.findIndex((b, i) => b !== expected[i]);
          expect(first, `${name}, ${n} rows, ${dispatch ? "dispatcher" : "direct"}: first differing byte`).toBe(-1);
        }
      }
    }
    // The runs above wrote something: doubling 13 rows changes the memory.
    const before = await memoryAfter(built.written.wasm, "double", 0, false);
    expect((await memoryAfter(built.unrolled.wasm, "double", 13, false)).some((b, i) => b !== before[i])).toBe(true);
  });
});

describe("kernel build loop unrolling: refusals", () => {
  it("leaves as written a loop whose address is the value of an if (its arms are i-affine)", async () => {
    const { createRequire } = await import("node:module");
    const binaryen = (await import(createRequire(join(root, "package.json")).resolve("binaryen"))).default;
    const { unrollLoops } = await import(join(root, "bin/unroll.mjs"));
    const wat = `(module (import "env" "memory" (memory 1)) (import "env" "f" (func $f (result i32)))
     (func $k (export "k") (param $n i32) (param $p i32) (local $i i32)
      (loop $L (if (i32.lt_s (local.get $i) (local.get $n)) (then
        (i32.store (if (result i32) (call $f)
            (then (i32.add (local.get $p) (i32.shl (local.get $i) (i32.const 2))))
            (else (i32.add (local.get $p) (i32.shl (local.get $i) (i32.const 2)))))
          (i32.const 7))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $L))))))`;
    const m = binaryen.parseText(wat);
    expect(unrollLoops(binaryen, m, ["k"])).toBe(0);
    m.dispose();
  });
});
