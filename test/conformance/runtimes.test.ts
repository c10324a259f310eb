// The conformance suite in Deno and Bun: each runs test/conformance/cli.mjs, which
// imports the built package (dist/index.js) and prints the suite's result as JSON.
// Both runtimes are devDependencies (npm packages `deno` and `bun`), so a missing
// binary is an install problem and fails the test.
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { expectAllPassed, parseResult } from "./expect.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
const cli = fileURLToPath(new URL("./cli.mjs", import.meta.url));
const bin = (name: string): string => fileURLToPath(new URL(`../../node_modules/.bin/${name}`, import.meta.url));

interface Run {
  readonly stdout: string;
  readonly stderr: string;
}

function run(file: string, args: readonly string[]): Promise<Run> {
  return new Promise((resolve, reject) => {
    execFile(
      file,
      args,
      {
        cwd: root,
        timeout: 60_000,
        maxBuffer: 16 << 20,
        env: { ...process.env, NO_COLOR: "1", DENO_NO_UPDATE_CHECK: "1", DENO_NO_PROMPT: "1" },
      },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`${file} ${args.join(" ")} failed: ${error.message}\n${stderr}\n${stdout}`));
        else resolve({ stdout, stderr });
      },
    );
  });
}

const runtimes = [
  { name: "deno", args: ["run", "--allow-read", cli] },
  { name: "bun", args: [cli] },
] as const;

describe("conformance in other runtimes", () => {
  for (const runtime of runtimes) {
    it(`passes every check in ${runtime.name}`, async () => {
      const file = bin(runtime.name);
      expect(
        existsSync(file),
        `${runtime.name} is missing at ${file}: it is a devDependency, run npm ci (the runtime cannot be skipped)`,
      ).toBe(true);
      const { stdout, stderr } = await run(file, runtime.args);
      const line = stdout.trim().split("\n").pop() ?? "";
      let output: { runtime: string };
      try {
        output = JSON.parse(line) as { runtime: string };
      } catch {
        throw new Error(`${runtime.name} printed no result line:\n${stdout}\n${stderr}`);
      }
      expect(output.runtime, "the runtime that ran the suite").toMatch(new RegExp(`^${runtime.name} \\d`));
      expectAllPassed(output.runtime, parseResult(output, runtime.name));
    });
  }
});
