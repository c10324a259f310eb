// Component masks (assembly/mask.ts): one u64 word per 64 registered components, the
// width growing as the registry crosses each multiple of 64 (the pool moves, the epoch
// moves, every table keeps its bits); a mask naming a bit past the registered
// components is refused in every word.
import { describe, expect, test } from "vitest";
import {
  ERR_UNKNOWN_COMPONENT,
  FLAG_TAG,
  H_EPOCH,
  H_MASK_WORDS,
  H_MASKS,
  H_TMP_MASK,
  OK,
} from "../../bindings/core/constants.generated.js";
import { BUILDS, CoreHarness } from "./harness.js";

describe.each(BUILDS)("mask (%s build)", (build) => {
  test("mask widens by one word as the registry passes each multiple of 64 and keeps every table's bits", async () => {
    const core = await CoreHarness.create(build, { checks: build === "debug" ? 1 : 0 });
    const comps: number[] = [];
    const widths: number[] = [];
    const tables = new Map<number, number[]>();
    for (let i = 0; i < 130; i++) {
      const pool = core.header(H_MASKS);
      const tmp = core.header(H_TMP_MASK);
      const epoch = core.header(H_EPOCH);
      const words = core.header(H_MASK_WORDS);
      comps.push(core.component([], FLAG_TAG));
      widths.push(core.header(H_MASK_WORDS));
      const widened = core.header(H_MASK_WORDS) !== words;
      expect(core.header(H_MASKS) !== pool, `component ${i}: pool moved`).toBe(widened);
      expect(core.header(H_TMP_MASK) !== tmp, `component ${i}: scratch mask moved`).toBe(widened);
      expect(core.header(H_EPOCH) !== epoch, `component ${i}: epoch moved`).toBe(widened);
      if (i % 16 === 0) tables.set(core.tableOf([comps[0], comps[i]]), [comps[0], comps[i]]);
    }
    expect([widths[0], widths[63], widths[64], widths[127], widths[128], widths[129]]).toEqual([1, 1, 2, 2, 3, 3]);
    for (const [t, bits] of tables) {
      expect(core.mask(t)).toHaveLength(3 * 2);
      expect(core.maskBits(t)).toEqual([...new Set(bits)].sort((a, b) => a - b));
    }
    expect(core.raw.checkInvariants()).toBe(OK);
  });

  test("mask refuses a bit past the registered components in any word with ERR_UNKNOWN_COMPONENT", async () => {
    const core = await CoreHarness.create(build);
    const comps = Array.from({ length: 70 }, () => core.component([], FLAG_TAG));
    expect(core.header(H_MASK_WORDS)).toBe(2);
    const count = core.tableCount();
    expect(core.tableForMask([comps[69]])).toBeGreaterThanOrEqual(0); // the last registered bit
    const tables = core.tableCount();
    expect(tables).toBe(count + 1);
    for (const bit of [70, 71, 100, 127]) {
      expect(core.tableForMask([comps[0], bit]), `bit ${bit}`).toBe(ERR_UNKNOWN_COMPONENT);
    }
    expect(core.tableCount()).toBe(tables);
  });
});
