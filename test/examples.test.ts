// The examples run as documented: the Node simulation (npm start) and the rollback
// example, whose re-run frames must hash exactly like the first run's.
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const examples = join(import.meta.dirname, "..", "examples", "node");

function run(file: string, ...args: string[]): string {
  return execFileSync(process.execPath, [join(examples, file), ...args], { encoding: "utf8" });
}

describe("examples", () => {
  it("rollback.mjs: restoring a snapshot and replaying the inputs reproduces every frame's state hash", () => {
    const out = run("rollback.mjs", "--entities", "3000", "--frames", "45");
    expect(out).toMatch(/rolled back to frame 15/);
    expect(out).toMatch(/re-run frames 30, state hash mismatches: 0/);
  });

  it("simulation.mjs runs and prints its closing figures", () => {
    const out = run("simulation.mjs", "--entities", "2000", "--frames", "20");
    expect(out).toMatch(/entities/);
    expect(out).toMatch(/checksum/i);
  });
});
