// Sub-tables (assembly/subtables.ts): the table a pair moves an entity to is keyed by its
// mask plus its pairs, ascending by (relation, target); an exclusive relation keeps one
// target; removing a bare relation removes all its pairs; and the status codes of the
// relation dispatch for bad input.
import { describe, expect, test } from "vitest";
import {
  ERR_BAD_ARGUMENT,
  ERR_STALE,
  FLAG_CASCADE,
  FLAG_EXCLUSIVE,
  FLAG_RELATION,
  FLAG_TAG,
  H_MASK_WORDS,
  H_TABLE_SEQ,
  OK,
  P_REL,
  P_STRIDE,
  P_TARGET,
  T_NPAIRS,
  T_PAIRS,
} from "../../bindings/core/constants.generated.js";
import { BUILDS, type Build, CoreHarness } from "./harness.js";

async function world(build: Build) {
  const core = await CoreHarness.create(build, { checks: build === "debug" ? 1 : 0 });
  const A = core.component([{ type: "f32" }]);
  const ChildOf = core.component([], FLAG_TAG | FLAG_RELATION | FLAG_EXCLUSIVE | FLAG_CASCADE);
  const Likes = core.component([], FLAG_TAG | FLAG_RELATION);
  return { core, A, ChildOf, Likes };
}

/** [relation, target] pairs of table t, read from its record. */
function pairsOf(core: CoreHarness, t: number): [number, number][] {
  const u32 = core.u32();
  const at = core.tget(t, T_PAIRS) >>> 2;
  return Array.from({ length: core.tget(t, T_NPAIRS) }, (_, i) => [
    u32[at + i * P_STRIDE + P_REL],
    u32[at + i * P_STRIDE + P_TARGET],
  ]);
}

describe.each(BUILDS)("subtables (%s build)", (build) => {
  test("subtables move a pair's entity to the sub-table keyed by mask and pairs; an exclusive pair replaces", async () => {
    const { core, A, ChildOf, Likes } = await world(build);
    const tA = core.tableOf([A]);
    const [p, q] = [core.spawn(tA), core.spawn(tA)];
    const e = core.spawn(tA);
    expect(core.raw.addPair(e, ChildOf, p)).toBe(0);
    const sub = core.record(e).table;
    expect(pairsOf(core, sub)).toEqual([[ChildOf, p]]);
    expect(core.maskBits(sub)).toEqual([A, ChildOf].sort((x, y) => x - y));
    expect(core.raw.addPair(e, ChildOf, p)).toBe(1); // held already
    const f = core.spawn(tA);
    core.raw.addPair(f, ChildOf, p);
    expect(core.record(f).table).toBe(sub); // same key, same sub-table
    core.raw.addPair(e, ChildOf, q);
    expect(pairsOf(core, core.record(e).table)).toEqual([[ChildOf, q]]);
    core.raw.addPair(e, Likes, q);
    core.raw.addPair(e, Likes, p);
    expect(pairsOf(core, core.record(e).table)).toEqual([
      [ChildOf, q],
      [Likes, Math.min(p, q)],
      [Likes, Math.max(p, q)],
    ]);
    expect(core.raw.removePair(e, Likes, p)).toBe(1);
    expect(core.raw.removePair(e, Likes, p)).toBe(0);
    expect(core.raw.remove(e, Likes)).toBe(1); // the bare relation: every pair of it
    expect(pairsOf(core, core.record(e).table)).toEqual([[ChildOf, q]]);
    expect(core.raw.checkInvariants()).toBe(OK);
  });

  test("subtables refuse stale targets, non-relations, relation bits without pairs and two exclusive targets", async () => {
    const { core, A, ChildOf } = await world(build);
    const tA = core.tableOf([A]);
    const [e, p] = [core.spawn(tA), core.spawn(tA)];
    const dead = core.spawn(tA);
    expect(core.raw.destroy(dead)).toBe(OK);
    const seq = core.header(H_TABLE_SEQ);
    expect(core.raw.addPair(e, ChildOf, dead)).toBe(ERR_STALE);
    expect(core.raw.addPair(e, A, p)).toBe(ERR_BAD_ARGUMENT);
    expect(core.raw.add(e, ChildOf)).toBe(ERR_BAD_ARGUMENT);
    expect(core.tableForMask([A, ChildOf])).toBe(ERR_BAD_ARGUMENT);
    const words = core.header(H_MASK_WORDS) * 2;
    const ptr = core.scratchFor(words * 4 + 2 * P_STRIDE * 4);
    const u32 = core.u32();
    u32.fill(0, ptr >>> 2, (ptr >>> 2) + words + 2 * P_STRIDE);
    u32[(ptr >>> 2) + (A >>> 5)] |= 1 << (A & 31);
    const pairs = (ptr >>> 2) + words;
    u32.set([ChildOf, p, 0, 0, ChildOf, e, 0, 0], pairs);
    expect(core.raw.tableForPairs(ptr, ptr + words * 4, 2)).toBe(ERR_BAD_ARGUMENT);
    u32.set([ChildOf, dead, 0, 0], pairs);
    expect(core.raw.tableForPairs(ptr, ptr + words * 4, 1)).toBe(ERR_STALE);
    expect(core.header(H_TABLE_SEQ)).toBe(seq); // no sub-table was made
    expect(core.raw.checkInvariants()).toBe(OK);
  });
});
