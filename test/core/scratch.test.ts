// The scratch buffer (assembly/scratch.ts): one block where a call's arguments are
// staged. A request that fits returns the same buffer; a larger one replaces it with one
// of at least twice the size and frees the old; trimScratch gives a large buffer back;
// requests no 32-bit memory can hold return 0 and change nothing.
import { describe, expect, test } from "vitest";
import { H_HEAP_TOP, H_SCRATCH, H_SCRATCH_BYTES, H_USED_BYTES } from "../../bindings/core/constants.generated.js";
import { BUILDS, CoreHarness } from "./harness.js";

describe.each(BUILDS)("scratch (%s build)", (build) => {
  test("scratch returns the same buffer for every request that fits", async () => {
    const core = await CoreHarness.create(build);
    const ptr = core.header(H_SCRATCH);
    const bytes = core.header(H_SCRATCH_BYTES);
    const used = core.header(H_USED_BYTES);
    for (const request of [0, 1, 16, bytes - 1, bytes]) expect(core.raw.scratch(request)).toBe(ptr);
    expect(core.header(H_SCRATCH_BYTES)).toBe(bytes);
    expect(core.header(H_USED_BYTES)).toBe(used);
  });

  test("scratch grows to at least twice its size, or to the request when that is larger", async () => {
    const core = await CoreHarness.create(build);
    const bytes = core.header(H_SCRATCH_BYTES);
    const doubled = core.scratchFor(bytes + 1);
    expect(doubled).not.toBe(0);
    expect(core.header(H_SCRATCH)).toBe(doubled);
    expect(core.header(H_SCRATCH_BYTES)).toBe(bytes * 2);
    expect(core.allocationSize(doubled)).toBeGreaterThanOrEqual(bytes * 2);
    const large = 10 * bytes * 2 + 4;
    core.scratchFor(large);
    expect(core.header(H_SCRATCH_BYTES)).toBe(large);
    // What the caller writes stays there until the next call grows the buffer.
    const ptr = core.scratchFor(8);
    core.u32().set([7, 9], ptr >>> 2);
    expect(core.raw.scratch(8)).toBe(ptr);
    expect(Array.from(core.u32().subarray(ptr >>> 2, (ptr >>> 2) + 2))).toEqual([7, 9]);
  });

  test("scratch frees the old buffer when it grows", async () => {
    const core = await CoreHarness.create(build);
    const small = core.header(H_SCRATCH_BYTES);
    const mib = 1 << 20;
    core.scratchFor(mib);
    const used = core.header(H_USED_BYTES);
    expect(core.header(H_SCRATCH_BYTES)).toBe(mib);
    core.scratchFor(3 * mib);
    expect(core.header(H_SCRATCH_BYTES)).toBe(3 * mib);
    expect(core.header(H_USED_BYTES) - used).toBe(3 * mib - mib);
    expect(small).toBeLessThan(mib);
  });

  test("scratch trimScratch gives a large scratch buffer back and keeps a usable one", async () => {
    const core = await CoreHarness.create(build);
    const big = core.scratchFor(1 << 20);
    const bigBytes = core.allocationSize(big);
    const used = core.header(H_USED_BYTES);
    core.raw.trimScratch();
    const kept = core.header(H_SCRATCH);
    expect(kept).not.toBe(big);
    expect(core.header(H_SCRATCH_BYTES)).toBeLessThan(1 << 20);
    expect(core.allocationSize(kept)).toBeGreaterThanOrEqual(core.header(H_SCRATCH_BYTES));
    expect(core.header(H_USED_BYTES)).toBe(used - bigBytes + core.allocationSize(kept));
    expect(core.raw.scratch(16)).toBe(kept);
  });

  test("scratch trimScratch leaves a small scratch buffer in place", async () => {
    const core = await CoreHarness.create(build);
    const small = core.scratchFor(16);
    const used = core.header(H_USED_BYTES);
    core.raw.trimScratch();
    expect(core.header(H_SCRATCH)).toBe(small);
    expect(core.header(H_USED_BYTES)).toBe(used);
  });

  test("scratch returns 0 and changes nothing for requests no 32-bit memory can hold", async () => {
    const core = await CoreHarness.create(build);
    const ptr = core.header(H_SCRATCH);
    const bytes = core.header(H_SCRATCH_BYTES);
    const used = core.header(H_USED_BYTES);
    const top = core.header(H_HEAP_TOP);
    for (const request of [0xffff_fff0, 0xffff_fff1, 0xffff_fffc, 0xffff_ffff]) {
      expect(core.raw.scratch(request), `scratch(0x${request.toString(16)})`).toBe(0);
      expect(core.header(H_SCRATCH), `scratch(0x${request.toString(16)})`).toBe(ptr);
      expect(core.header(H_SCRATCH_BYTES), `scratch(0x${request.toString(16)})`).toBe(bytes);
      expect(core.header(H_USED_BYTES), `scratch(0x${request.toString(16)})`).toBe(used);
      expect(core.header(H_HEAP_TOP), `scratch(0x${request.toString(16)})`).toBe(top);
    }
  });
});
