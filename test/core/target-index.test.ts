// The target index (assembly/target-index.ts): every pair of a live table is on its
// target's chain exactly once; a slot has an entry in the target map iff its chain is not
// empty iff its target bit is set, and H_TARGET_SLOTS counts those slots; moves and
// deaths of targets are counted in H_TARGET_MOVES; a table holding a target is refused
// by destroyInTables (such destroys are planned).
import { describe, expect, test } from "vitest";
import {
  ERR_BAD_ARGUMENT,
  FLAG_EXCLUSIVE,
  FLAG_RELATION,
  FLAG_TAG,
  H_MASK_WORDS,
  H_TABLE_SEQ,
  H_TARGET_MOVES,
  H_TARGET_SLOTS,
  H_TGT_BITS,
  H_TGT_CAP,
  H_TGT_MAP,
  OK,
  P_NEXT_PAIR,
  P_NEXT_TABLE,
  P_STRIDE,
  T_PAIRS,
} from "../../bindings/core/constants.generated.js";
import { slotOf } from "./fixtures.js";
import { BUILDS, type Build, CoreHarness } from "./harness.js";

async function world(build: Build) {
  const core = await CoreHarness.create(build, { checks: build === "debug" ? 1 : 0 });
  const A = core.component([{ type: "f32" }]);
  const B = core.component([], FLAG_TAG);
  const ChildOf = core.component([], FLAG_TAG | FLAG_RELATION | FLAG_EXCLUSIVE);
  const Likes = core.component([], FLAG_TAG | FLAG_RELATION);
  return { core, A, B, ChildOf, Likes };
}

/** Whether the target bit of e's slot is set. */
function targetBit(core: CoreHarness, e: number): boolean {
  const slot = slotOf(e);
  return ((core.u32()[(core.header(H_TGT_BITS) >>> 2) + (slot >>> 5)] >>> (slot & 31)) & 1) === 1;
}

/** The chain of e's slot as [table, pair index] links, found by scanning the target map (no hash). */
function chainOf(core: CoreHarness, e: number): [number, number][] {
  const u32 = core.u32();
  const map = core.header(H_TGT_MAP) >>> 2;
  const links: [number, number][] = [];
  for (let i = 0; i < core.header(H_TGT_CAP); i++) {
    if (u32[map + i * 4] !== slotOf(e) + 1) continue;
    let [t, p] = [u32[map + i * 4 + 1], u32[map + i * 4 + 2]];
    while (t !== 0) {
      links.push([t - 1, p]);
      const at = (core.tget(t - 1, T_PAIRS) >>> 2) + p * P_STRIDE;
      [t, p] = [u32[at + P_NEXT_TABLE], u32[at + P_NEXT_PAIR]];
    }
  }
  return links.sort((x, y) => x[0] - y[0] || x[1] - y[1]);
}

/** tableForPairs over mask `comps` with the [relation, target] pairs, through scratch. */
function tableForPairs(core: CoreHarness, comps: readonly number[], pairs: readonly [number, number][]): number {
  const words = core.header(H_MASK_WORDS) * 2;
  const ptr = core.scratchFor((words + pairs.length * P_STRIDE) * 4);
  const u32 = core.u32();
  u32.fill(0, ptr >>> 2, (ptr >>> 2) + words + pairs.length * P_STRIDE);
  for (const c of comps) u32[(ptr >>> 2) + (c >>> 5)] |= 1 << (c & 31);
  for (const [i, [r, x]] of pairs.entries()) u32.set([r, x], (ptr >>> 2) + words + i * P_STRIDE);
  return core.raw.tableForPairs(ptr, ptr + words * 4, pairs.length);
}

describe.each(BUILDS)("target-index (%s build)", (build) => {
  test("target-index puts every pair of a new sub-table on its target's chain once, one entry per target slot", async () => {
    const { core, A, ChildOf, Likes } = await world(build);
    const tA = core.tableOf([A]);
    const [p, q, e1, e2, e3] = Array.from({ length: 5 }, () => core.spawn(tA));
    expect(core.header(H_TARGET_SLOTS)).toBe(0);
    core.raw.addPair(e1, Likes, p);
    core.raw.addPair(e2, Likes, p); // the same sub-table: no new link
    const likesP = core.record(e1).table;
    expect(chainOf(core, p)).toEqual([[likesP, 0]]);
    core.raw.addPair(e3, ChildOf, p);
    const childOfP = core.record(e3).table;
    expect(chainOf(core, p)).toEqual(
      [
        [likesP, 0],
        [childOfP, 0],
      ].sort((x, y) => x[0] - y[0]),
    );
    expect(core.header(H_TARGET_SLOTS)).toBe(1);
    expect([targetBit(core, p), targetBit(core, q), targetBit(core, e1)]).toEqual([true, false, false]);
    core.raw.addPair(e1, Likes, q); // a sub-table with the pairs (Likes p, Likes q)
    const both = core.record(e1).table;
    expect(chainOf(core, q)).toEqual([[both, q > p ? 1 : 0]]);
    expect(chainOf(core, p)).toContainEqual([both, q > p ? 0 : 1]);
    expect(core.header(H_TARGET_SLOTS)).toBe(2);
    expect(targetBit(core, q)).toBe(true);
    expect(core.raw.checkInvariants()).toBe(OK);
  });

  test("target-index takes a dropped sub-table's pairs off the chains and clears the bit of an emptied one", async () => {
    const { core, A, Likes } = await world(build);
    const tA = core.tableOf([A]);
    const [p, q] = [core.spawn(tA), core.spawn(tA)];
    const e = core.spawn(tA);
    core.raw.addPair(e, Likes, p);
    const seq = core.header(H_TABLE_SEQ);
    const sub = tableForPairs(
      core,
      [A, Likes],
      [
        [Likes, p],
        [Likes, q],
      ],
    );
    expect(sub).toBeGreaterThanOrEqual(0);
    expect(chainOf(core, q)).toEqual([[sub, p < q ? 1 : 0]]);
    expect(chainOf(core, p)).toHaveLength(2);
    expect(core.header(H_TARGET_SLOTS)).toBe(2);
    expect(core.raw.dropTables(seq)).toBe(OK);
    expect(chainOf(core, q)).toEqual([]);
    expect(targetBit(core, q)).toBe(false);
    expect(chainOf(core, p)).toEqual([[core.record(e).table, 0]]);
    expect(targetBit(core, p)).toBe(true);
    expect(core.header(H_TARGET_SLOTS)).toBe(1);
    expect(core.raw.checkInvariants()).toBe(OK);
  });

  test("target-index counts a move or death of a target in H_TARGET_MOVES and not one of another entity", async () => {
    const { core, A, B, Likes } = await world(build);
    const tA = core.tableOf([A]);
    const [p, other, fan] = [core.spawn(tA), core.spawn(tA), core.spawn(tA)];
    const before = core.header(H_TARGET_MOVES);
    expect(core.raw.add(other, B)).toBe(0); // no entity is a target yet
    expect(core.header(H_TARGET_MOVES)).toBe(before);
    core.raw.addPair(fan, Likes, p);
    const linked = core.header(H_TARGET_MOVES);
    expect(core.raw.remove(other, B)).toBe(1); // other is no target
    expect(core.header(H_TARGET_MOVES)).toBe(linked);
    expect(core.raw.add(p, B)).toBe(0); // the target moves
    expect(core.header(H_TARGET_MOVES)).toBeGreaterThan(linked);
    const moved = core.header(H_TARGET_MOVES);
    expect(core.raw.destroy(p)).toBe(OK); // the target dies
    expect(core.header(H_TARGET_MOVES)).toBeGreaterThan(moved);
    expect(core.raw.checkInvariants()).toBe(OK);
  });

  test("target-index makes destroyInTables refuse a table holding a target with ERR_BAD_ARGUMENT", async () => {
    const { core, A, B, Likes } = await world(build);
    const tA = core.tableOf([A]);
    const tB = core.tableOf([B]);
    const p = core.spawn(tA);
    const plain = core.spawn(tB);
    const fan = core.spawn(tB);
    core.raw.addPair(fan, Likes, p);
    const ptr = core.scratchFor(8);
    core.u32().set([tA, tB], ptr >>> 2);
    expect(core.raw.destroyInTables(ptr, 2)).toBe(ERR_BAD_ARGUMENT);
    expect([core.alive(p), core.alive(plain), core.alive(fan)]).toEqual([true, true, true]);
    core.u32()[ptr >>> 2] = tB;
    expect(core.raw.destroyInTables(ptr, 1)).toBe(OK); // tB holds no target
    expect([core.alive(p), core.alive(plain), core.alive(fan)]).toEqual([true, false, true]);
    expect(core.raw.checkInvariants()).toBe(OK);
  });
});
