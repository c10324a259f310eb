// `npm run fuzz`: the model-based run for as many commands as asked (FUZZ_COMMANDS,
// default 1,000,000), in rounds of 1,000 sequences of 200 commands with fresh seeds,
// alternating the debug and the release core; then FUZZ_SNAPSHOTS damaged snapshots
// (default 100,000). Prints progress and the seed of any failure.
import { describe, expect, it } from "vitest";
import { property } from "../model/model-run.js";
import { runSnapshotFuzz } from "../support/snapshot-fuzz-run.js";

const COMMANDS = Number(process.env.FUZZ_COMMANDS ?? 1_000_000);
const SNAPSHOTS = Number(process.env.FUZZ_SNAPSHOTS ?? 100_000);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 1_000_000_000);
const PER_RUN = 200;
const RUNS_PER_ROUND = 1000;

describe("fuzz", () => {
  it(`model-based: ${COMMANDS} commands`, async () => {
    const started = performance.now();
    let done = 0;
    for (let round = 0; done < COMMANDS; round++) {
      const runs = Math.min(RUNS_PER_ROUND, Math.ceil((COMMANDS - done) / PER_RUN));
      const seed = SEED + round;
      const debug = round % 2 === 0;
      try {
        await property(runs, PER_RUN, { debug }, seed);
      } catch (error) {
        // The cause (fast-check's error, whose own cause is the failing check) is printed too.
        throw new Error(`round ${round} (seed ${seed}, ${debug ? "debug" : "release"} core) failed: ${String(error)}`, {
          cause: error,
        });
      }
      done += runs * PER_RUN;
      const s = (performance.now() - started) / 1000;
      console.log(`model: ${done.toLocaleString("en")} commands in ${s.toFixed(0)} s (${Math.round(done / s)} per s)`);
    }
    expect(done).toBeGreaterThanOrEqual(COMMANDS);
  });

  it(`snapshots: ${SNAPSHOTS} damaged or crafted ones (half debug, half release worlds)`, async () => {
    for (const debug of [true, false]) {
      const count = debug ? Math.ceil(SNAPSHOTS / 2) : Math.floor(SNAPSHOTS / 2);
      const started = performance.now();
      const report = await runSnapshotFuzz({
        count,
        seed: SEED,
        debug,
        onProgress: (done) => {
          if (done % 10_000 === 0) console.log(`snapshots (${debug ? "debug" : "release"}): ${done} variants`);
        },
      });
      const s = ((performance.now() - started) / 1000).toFixed(0);
      console.log(`snapshots, ${debug ? "debug" : "release"} world, seed ${SEED}, ${count} variants in ${s} s:`);
      console.log(JSON.stringify(report.tally));
      for (const [kind, n] of Object.entries(report.kinds).sort()) console.log(`  ${kind}: ${n}`);
      for (const f of report.failures) console.log(`  FAILURE ${f}`);
      expect(report.failures).toEqual([]);
      expect(report.tally.refused + report.tally.capacity + report.tally.accepted).toBe(count);
    }
  });
});
