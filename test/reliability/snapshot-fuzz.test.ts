// Damaged snapshots: each is refused with SnapshotError and the world unchanged, or
// accepted with exactly the snapshot's state (npm run fuzz runs 100,000 and more).
import { describe, expect, it } from "vitest";
import { fuzzSnapshots } from "../support/snapshot-fuzz.js";

describe("snapshot fuzzing", () => {
  it("2,000 damaged snapshots: SnapshotError with the world unchanged, or accepted and round-tripping; nothing else", async () => {
    const tally = await fuzzSnapshots(2000, 1);
    expect(tally.refused + tally.accepted).toBe(2000);
    expect(tally.refused).toBeGreaterThan(1900);
  });
});
