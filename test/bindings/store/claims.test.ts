// Ids claimed for deferred spawns (bindings/store/claims.ts), against a fake entity
// index: the reuse rule's order, and the end of the id space. Run from the sources.
import { describe, expect, it } from "vitest";
import {
  H_ALIVE,
  H_FREE_COUNT,
  H_FREE_HEAD,
  H_FRESH_GEN,
  H_RECORDS,
  H_SLOT_COUNT,
  MAX_SLOTS,
  REC_FREE,
  REC_TABLE_BITS,
  REUSE_QUEUE,
  SLOT_BITS,
} from "../../../bindings/core/constants.generated.js";
import type { Core } from "../../../bindings/core/core.js";
import { CapacityError } from "../../../bindings/errors.js";
import { idSpace } from "../../../bindings/messages.js";
import { Claims } from "../../../bindings/store/claims.js";
import { expectThrows } from "../../support/errors.js";

/** An entity index whose header says what `head` gives; room for 8 slot records (2 u32 each) at byte 64. */
function fakeCore(head: Record<number, number>): Core {
  const buffer = new ArrayBuffer(128);
  const u32 = new Uint32Array(buffer);
  const header = (slot: number) => head[slot] ?? 0;
  return { header, u32, i32: new Int32Array(buffer) } as unknown as Core;
}

describe("claims", () => {
  it("take never-used slots at the fresh generation while fewer than REUSE_QUEUE slots wait", () => {
    const claims = new Claims(fakeCore({ [H_SLOT_COUNT]: 5, [H_FRESH_GEN]: 3, [H_FREE_COUNT]: REUSE_QUEUE - 1 }));
    const ids = Array.from({ length: 70 }, () => claims.claim()); // past the initial room for 64
    expect(ids.slice(0, 2)).toEqual([(3 << SLOT_BITS) | 5, (3 << SLOT_BITS) | 6]);
    expect(ids[69]).toBe((3 << SLOT_BITS) | 74);
    expect(claims.unborn).toBe(70);
    expect(claims.has(ids[69])).toBe(true);
    expect(claims.has(ids[69] + 1)).toBe(false);
  });

  it("take the free queue's slots from its head, with the generation their records hold, while REUSE_QUEUE wait", () => {
    const core = fakeCore({
      [H_SLOT_COUNT]: 8,
      [H_FREE_HEAD]: 2,
      [H_FREE_COUNT]: REUSE_QUEUE + 1,
      [H_RECORDS]: 64,
    });
    core.u32[16 + 2 * 2] = (7 << REC_TABLE_BITS) | REC_FREE; // slot 2: free at generation 7, next free slot 6
    core.u32[16 + 2 * 2 + 1] = 6;
    core.u32[16 + 6 * 2] = (1 << REC_TABLE_BITS) | REC_FREE;
    const claims = new Claims(core);
    expect([claims.claim(), claims.claim(), claims.claim()]).toEqual([(7 << SLOT_BITS) | 2, (1 << SLOT_BITS) | 6, 8]);
  });

  it("work ids out ahead without claiming them: has() is false for those, and a flush hands them out again", () => {
    const claims = new Claims(fakeCore({ [H_SLOT_COUNT]: 5, [H_FRESH_GEN]: 3 }));
    const first = claims.claim();
    expect([first, claims.count, claims.unborn]).toEqual([(3 << SLOT_BITS) | 5, 1, 1]);
    // The next ids are worked out (ids beyond count), but no spawn took them.
    expect(claims.ids[1]).toBe((3 << SLOT_BITS) | 6);
    expect([claims.has(first), claims.has((3 << SLOT_BITS) | 6)]).toEqual([true, false]);
    expect([...claims.unbornIds()]).toEqual([first]);
    claims.reset();
    expect(claims.has(first)).toBe(false);
    // The core took nothing (this fake index stands still): the same ids again, claimed afresh.
    expect([claims.claim(), claims.claim()]).toEqual([first, (3 << SLOT_BITS) | 6]);
    expect([claims.has(first), claims.has((3 << SLOT_BITS) | 6), claims.has((3 << SLOT_BITS) | 7)]).toEqual([
      true,
      true,
      false,
    ]);
  });

  it("throw CapacityError past the last slot and claim nothing, again on the next try", () => {
    const claims = new Claims(fakeCore({ [H_SLOT_COUNT]: MAX_SLOTS - 1, [H_ALIVE]: 100 }));
    expect(claims.claim()).toBe(MAX_SLOTS - 1);
    for (let i = 0; i < 2; i++) expectThrows(() => claims.claim(), CapacityError, idSpace("spawn an entity", 101));
    expect(claims.unborn).toBe(1);
  });
});
