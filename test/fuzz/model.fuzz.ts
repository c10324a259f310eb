// `npm run fuzz`: the model-based run for as many commands as asked (FUZZ_COMMANDS,
// default 1,000,000), in rounds of 1,000 sequences of 200 commands with fresh seeds,
// alternating the debug and the release core; then FUZZ_SNAPSHOTS damaged snapshots
// (default 100,000). Prints progress and the seed of any failure.
import { describe, expect, it } from "vitest";
import { property } from "../model/model-run.js";
import { fuzzSnapshots } from "../support/snapshot-fuzz.js";

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

  it(`snapshots: ${SNAPSHOTS} damaged ones`, async () => {
    const tally = await fuzzSnapshots(SNAPSHOTS, SEED);
    console.log(
      `snapshots: ${tally.refused} refused with SnapshotError, ${tally.accepted} accepted and round-tripping`,
    );
    expect(tally.refused + tally.accepted).toBe(SNAPSHOTS);
  });
});
