// The examples run as documented: the Node simulation (npm start) and the rollback
// example, whose re-run frames must hash exactly like the first run's.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { decode } from "fast-png";
import { describe, expect, it } from "vitest";

const examples = join(import.meta.dirname, "..", "..", "examples", "node");

function run(file: string, ...args: string[]): string {
  return execFileSync(process.execPath, [join(examples, file), ...args], { encoding: "utf8" });
}

describe("examples", () => {
  it("rollback.mjs: restoring a snapshot and replaying the inputs reproduces every frame's state hash", () => {
    const out = run("rollback.mjs", "--entities", "3000", "--frames", "45");
    expect(out).toMatch(/rolled back to frame 15/);
    expect(out).toMatch(/re-run frames 30, state hash mismatches: 0/);
  });

  it("simulation.mjs prints its closing table and writes the final frame as a PNG that is not blank", () => {
    const png = join(mkdtempSync(join(tmpdir(), "wasm-ecs-")), "frame.png");
    const out = run("simulation.mjs", "--entities", "2000", "--frames", "20", "--png", png);
    expect(out).toMatch(/^frame time {5}p50 [\d.]+ ms {3}p95 [\d.]+ ms {3}max [\d.]+ ms$/m);
    expect(out).toMatch(/^entities {7}2000 alive \(\d+ Boosted\)$/m);
    expect(out).toMatch(/^archetypes {5}\d+$/m);
    expect(out).toMatch(/^checksum {7}[\d.]+$/m);
    const image = decode(readFileSync(png));
    expect([image.width, image.height, image.channels]).toEqual([512, 512, 4]);
    // Dots are drawn over a dark background: some pixels are bright blue, some orange (Boosted).
    let blue = 0;
    let orange = 0;
    for (let i = 0; i < image.data.length; i += 4) {
      if (image.data[i + 2] === 255) blue++;
      if (image.data[i] === 255) orange++;
    }
    expect(blue).toBeGreaterThan(500);
    expect(orange).toBeGreaterThan(0);
  });
});
