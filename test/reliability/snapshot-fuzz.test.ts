// Damaged and crafted snapshots (test/support/snapshot-fuzz.ts), run in a watched worker:
// each is refused with SnapshotError / CapacityError and the world unchanged, or accepted
// with every invariant holding and ordinary calls answering; no hang, no partial apply,
// no trap, no untyped error (npm run fuzz runs 100,000 and more).
import { describe, expect, it } from "vitest";
import { runSnapshotFuzz } from "../support/snapshot-fuzz-run.js";

const COUNT = Number(process.env.SNAPSHOT_FUZZ_COUNT ?? 1500);

describe("snapshot fuzzing", () => {
  for (const debug of [true, false]) {
    it(`${COUNT} damaged or crafted snapshots against a ${debug ? "debug" : "release"} world: refused unchanged or accepted sound, nothing else`, async () => {
      const report = await runSnapshotFuzz({ count: COUNT, seed: debug ? 1 : 2, debug });
      expect(report.failures).toEqual([]);
      const { refused, capacity, accepted, changed, trap, untyped, invariant, hang } = report.tally;
      expect({ changed, trap, untyped, invariant, hang }).toEqual({
        changed: 0,
        trap: 0,
        untyped: 0,
        invariant: 0,
        hang: 0,
      });
      expect(refused + capacity + accepted).toBe(COUNT);
      // The unsealed damage is all refused by the CRC; crafted images are refused or accepted.
      for (const [key, n] of Object.entries(report.kinds))
        if (!key.includes("resealed")) expect(key.endsWith("/ refused"), `${key}: ${n}`).toBe(true);
      expect(refused).toBeGreaterThan(COUNT / 2);
    });
  }
});
