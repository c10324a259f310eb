// The kernel build's refusals (bin/wasm-ecs-kernel.mjs): a kernel file whose module would
// allocate, keep static data, grow the memory or export nothing is not built; the build
// exits with 1, names the file and the cause, and writes no module.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../../", import.meta.url));
const dir = mkdtempSync(join(tmpdir(), "wasm-ecs-refusals-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The build of `source` (written to dir/name.ts): its exit status, its error output and whether it wrote the module. */
function build(name: string, source: string): { status: number | null; stderr: string; wrote: boolean } {
  const input = join(dir, `${name}.ts`);
  const output = join(dir, `${name}.wasm`);
  writeFileSync(input, source);
  const run = spawnSync(process.execPath, [join(root, "bin/wasm-ecs-kernel.mjs"), input, "-o", output], {
    cwd: root,
    encoding: "utf8",
  });
  return { status: run.status, stderr: run.stderr.trim(), wrote: existsSync(output) };
}

const HEAD = `import { Write } from "wasm-ecs/kernel";\n`;

describe("kernel build refusals", () => {
  it("refuses a kernel that grows the memory, naming the file and the cause", () => {
    const grows = build(
      "grows",
      `${HEAD}export function bump(n: i32, px: Write<f32>): void {\n  memory.grow(1);\n  for (let i = 0; i < n; i++) px[i] += 1;\n}\n`,
    );
    expect(grows).toEqual({
      status: 1,
      stderr: `${join(dir, "grows.ts")} grows the memory (memory.grow): that would detach every view the world handed out; the world grows its memory itself`,
      wrote: false,
    });
  });

  it("refuses a kernel that allocates or keeps static data, and a file that exports no function", () => {
    const allocates = build(
      "allocates",
      `${HEAD}export function sum(n: i32, px: Write<f32>): void {\n  const a = new Array<f32>(n);\n  for (let i = 0; i < n; i++) a[i] = px[i];\n}\n`,
    );
    expect(allocates.status).toBe(1);
    expect(allocates.stderr).toBe(
      `${join(dir, "allocates.ts")} allocates (an array, a string, a class instance): a kernel works on its columns and locals only`,
    );
    const data = build(
      "data",
      `${HEAD}const TABLE: StaticArray<f32> = [1.5, 2.5, 3.5];\nexport function pick(n: i32, px: Write<f32>): void {\n  for (let i = 0; i < n; i++) px[i] = TABLE[i % 3];\n}\n`,
    );
    expect(data.status).toBe(1);
    expect(data.stderr).toBe(
      `${join(dir, "data.ts")} keeps static data (a string or constant array): a kernel may not write the world's memory outside its columns`,
    );
    const none = build("none", `${HEAD}function hidden(n: i32, px: Write<f32>): void {}\n`);
    expect(none.status).toBe(1);
    expect(none.stderr).toBe(`${join(dir, "none.ts")} exports no function: export each kernel`);
    expect([allocates.wrote, data.wrote, none.wrote]).toEqual([false, false, false]);
  });

  it("builds the same kernel without the growth", () => {
    const fine = build(
      "fine",
      `${HEAD}export function bump(n: i32, px: Write<f32>): void {\n  for (let i = 0; i < n; i++) px[i] += 1;\n}\n`,
    );
    expect(fine).toEqual({ status: 0, stderr: "", wrote: true });
  });
});
