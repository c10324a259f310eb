// Slot bitsets (assembly/bitset.ts) through the exports the facade's sparse tags use:
// allocBlock hands out a zeroed block, setBits sets or clears the bits of many entities'
// slots and returns how many bits changed, skipping slots past the end of the set.
import { describe, expect, test } from "vitest";
import { H_USED_BYTES } from "../../bindings/core/constants.generated.js";
import { makeEntity } from "./fixtures.js";
import { BUILDS, CoreHarness } from "./harness.js";

/** setBits over the handles (staged in scratch); returns the core's count of changed bits. */
function setBits(core: CoreHarness, bits: number, words: number, handles: readonly number[], on: boolean): number {
  const ptr = core.scratchFor(Math.max(handles.length, 1) * 4);
  core.u32().set(handles, ptr >>> 2);
  return core.raw.setBits(bits, words, ptr, handles.length, on ? 1 : 0);
}

/** The u32 words of the set at bits. */
function wordsOf(core: CoreHarness, bits: number, words: number): number[] {
  return Array.from(core.u32().subarray(bits >>> 2, (bits >>> 2) + words));
}

describe.each(BUILDS)("bitset (%s build)", (build) => {
  test("bitset allocBlock hands out a zeroed block and freeBlock gives its bytes back", async () => {
    const core = await CoreHarness.create(build);
    const used = core.header(H_USED_BYTES);
    const bits = core.raw.allocBlock(64);
    expect(bits).not.toBe(0);
    expect(wordsOf(core, bits, 16)).toEqual(new Array(16).fill(0));
    expect(core.header(H_USED_BYTES)).toBeGreaterThan(used);
    core.raw.freeBlock(bits);
    expect(core.header(H_USED_BYTES)).toBe(used);
  });

  test("bitset setBits sets each listed slot's bit across words and counts only the bits it changed", async () => {
    const core = await CoreHarness.create(build);
    const bits = core.raw.allocBlock(3 * 4);
    expect(setBits(core, bits, 3, [1, 40, 2, 41, 95], true)).toBe(5);
    expect(wordsOf(core, bits, 3)).toEqual([0b110, (1 << 8) | (1 << 9), 0x8000_0000]);
    expect(setBits(core, bits, 3, [2, 40, 3], true)).toBe(1); // only slot 3 was clear
    expect(setBits(core, bits, 3, [1, 1, 1], false)).toBe(1); // a slot listed three times changes once
    expect(setBits(core, bits, 3, [1, 7], false)).toBe(0); // both clear already
    expect(wordsOf(core, bits, 3)).toEqual([0b1100, (1 << 8) | (1 << 9), 0x8000_0000]);
    expect(setBits(core, bits, 3, [95, 2, 3, 40, 41], false)).toBe(5);
    expect(wordsOf(core, bits, 3)).toEqual([0, 0, 0]);
  });

  test("bitset setBits reads the slot of each handle and ignores its generation", async () => {
    const core = await CoreHarness.create(build);
    const bits = core.raw.allocBlock(4);
    expect(setBits(core, bits, 1, [makeEntity(5, 3), makeEntity(31, 511)], true)).toBe(2);
    expect(wordsOf(core, bits, 1)).toEqual([((1 << 5) | 0x8000_0000) >>> 0]);
    expect(setBits(core, bits, 1, [makeEntity(5, 0)], false)).toBe(1);
    expect(wordsOf(core, bits, 1)).toEqual([0x8000_0000]);
  });

  test("bitset setBits skips slots past the end of the set and leaves the memory after it alone", async () => {
    const core = await CoreHarness.create(build);
    const block = core.raw.allocBlock(4 * 4);
    expect(setBits(core, block, 2, [3, 64, 70, 200, 33], true)).toBe(2); // set of 2 words: slots 0 .. 63
    expect(wordsOf(core, block, 4)).toEqual([1 << 3, 1 << 1, 0, 0]);
    expect(setBits(core, block, 2, [64, 3], false)).toBe(1);
    expect(wordsOf(core, block, 4)).toEqual([0, 1 << 1, 0, 0]);
    expect(setBits(core, block, 0, [1, 2], true)).toBe(0); // an empty set holds no slot
    expect(wordsOf(core, block, 4)).toEqual([0, 1 << 1, 0, 0]);
  });
});
