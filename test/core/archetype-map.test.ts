// Archetype map: one table per mask, add/remove edges cached on first use and
// consistent with the masks, through growth of the map and of the mask width; and
// dropTables(seq), which gives back the empty tables a failed call created.
import { describe, expect, test } from "vitest";
import {
  ERR_BAD_ARGUMENT,
  ERR_CAPACITY,
  ERR_UNKNOWN_COMPONENT,
  FLAG_TAG,
  H_COMPONENT_COUNT,
  H_MASK_WORDS,
  H_TABLE_COUNT,
  H_TABLE_SEQ,
  MAX_TABLES,
  OK,
} from "../../bindings/core/constants.generated.js";
import { rng } from "../support/rng.js";
import { BUILDS, CoreHarness } from "./harness.js";

const keyOf = (comps: Iterable<number>): string => [...comps].sort((a, b) => a - b).join(",");

/** Every permutation of xs. */
function permutations(xs: readonly number[]): number[][] {
  if (xs.length <= 1) return [[...xs]];
  return xs.flatMap((x, i) => permutations([...xs.slice(0, i), ...xs.slice(i + 1)]).map((p) => [x, ...p]));
}

/** Checks invariant 4 from JS: every cached edge leads to the table with that bit flipped. */
function expectEdgesAgree(core: CoreHarness): number {
  const components = core.header(H_MASK_WORDS) * 64;
  let cached = 0;
  for (let t = 0; t < core.tableCount(); t++) {
    const bits = new Set(core.maskBits(t));
    for (let c = 0; c < components; c++) {
      const added = core.edge(t, c, "add");
      if (added !== undefined) {
        cached++;
        expect(keyOf(core.maskBits(added))).toBe(keyOf(new Set([...bits, c])));
      }
      const removed = core.edge(t, c, "remove");
      if (removed !== undefined) {
        cached++;
        expect(keyOf(core.maskBits(removed))).toBe(keyOf([...bits].filter((b) => b !== c)));
      }
    }
  }
  return cached;
}

describe.each(BUILDS)("archetype map (%s build)", (build) => {
  test("archetype-map creates a table once and returns it and its cached edge on repeated tableWith", async () => {
    const core = await CoreHarness.create(build);
    const a = core.component([{ type: "f32" }]);
    const before = core.tableCount();
    const t = core.raw.tableWith(0, a);
    expect(t).toBeGreaterThanOrEqual(0);
    expect(core.tableCount()).toBe(before + 1);
    expect(core.maskBits(t)).toEqual([a]);
    expect(core.edge(0, a, "add")).toBe(t);
    expect(core.edge(t, a, "remove")).toBe(0);
    for (let i = 0; i < 3; i++) expect(core.raw.tableWith(0, a)).toBe(t);
    expect(core.raw.tableWithout(t, a)).toBe(0);
    expect(core.tableCount()).toBe(before + 1);
  });

  test("archetype-map returns the same table when adding a component it already has", async () => {
    const core = await CoreHarness.create(build);
    const a = core.component([{ type: "f32" }]);
    const b = core.component([], FLAG_TAG);
    const t = core.tableOf([a, b]);
    const count = core.tableCount();
    expect(core.raw.tableWith(t, a)).toBe(t);
    expect(core.raw.tableWith(t, b)).toBe(t);
    expect(core.raw.tableWithout(0, a)).toBe(0);
    expect(core.raw.tableWithout(core.tableOf([a]), b)).toBe(core.tableOf([a]));
    expect(core.tableCount()).toBe(count);
  });

  test("archetype-map reaches one table per component set whatever the order of additions", async () => {
    const core = await CoreHarness.create(build);
    const comps = [core.component([{ type: "f32" }]), core.component([], FLAG_TAG), core.component([{ type: "u8" }])];
    comps.push(core.component([{ type: "f64", length: 2 }]));
    const orders = permutations(comps);
    const ids = orders.map((order) => core.tableOf(order));
    expect(new Set(ids).size).toBe(1);
    // One table per distinct prefix set of every order, plus the empty table 0.
    const prefixes = new Set(orders.flatMap((order) => order.map((_, i) => keyOf(order.slice(0, i + 1)))));
    expect(core.tableCount()).toBe(prefixes.size + 1);
  });

  test("archetype-map keeps masks unique and edges consistent over a random walk", async () => {
    const core = await CoreHarness.create(build);
    const comps = Array.from({ length: 12 }, (_, i) =>
      i % 3 === 0 ? core.component([], FLAG_TAG) : core.component([{ type: "i32" }]),
    );
    const next = rng(7);
    const seen = new Map<string, number>([["", 0]]);
    let t = 0;
    for (let step = 0; step < 600; step++) {
      const c = comps[next(comps.length)];
      const bits = new Set(core.maskBits(t));
      const adding = next(3) !== 0;
      const result = adding ? core.raw.tableWith(t, c) : core.raw.tableWithout(t, c);
      if (adding) bits.add(c);
      else bits.delete(c);
      const key = keyOf(bits);
      expect(keyOf(core.maskBits(result))).toBe(key);
      const known = seen.get(key);
      if (known !== undefined) expect(result).toBe(known);
      seen.set(key, result);
      t = next(10) === 0 ? next(core.tableCount()) : result;
    }
    expect(core.tableCount()).toBe(seen.size);
    const masks = Array.from({ length: core.tableCount() }, (_, id) => core.mask(id).join(","));
    expect(new Set(masks).size).toBe(masks.length);
    for (let id = 0; id < core.tableCount(); id++) expect(core.table(id).comps).toEqual(core.maskBits(id));
    expect(expectEdgesAgree(core)).toBeGreaterThan(seen.size);
  });

  test("archetype-map finds all 256 subsets of 8 components by any route after growing", async () => {
    const core = await CoreHarness.create(build);
    const comps = Array.from({ length: 8 }, () => core.component([{ type: "u16" }]));
    const subsets = Array.from({ length: 256 }, (_, bits) => comps.filter((_, i) => (bits >> i) & 1));
    const ids = subsets.map((s) => core.tableOf(s));
    expect(core.tableCount()).toBe(256);
    expect(new Set(ids).size).toBe(256);
    subsets.forEach((s, i) => {
      expect(core.maskBits(ids[i])).toEqual(s);
      expect(core.tableOf([...s].reverse())).toBe(ids[i]);
    });
    // Removal from the full set reaches the same tables.
    const full = ids[255];
    comps.forEach((c, i) => {
      expect(core.raw.tableWithout(full, c)).toBe(ids[255 & ~(1 << i)]);
    });
    expect(core.tableCount()).toBe(256);
    expectEdgesAgree(core);
  });

  test("archetype-map finds tables built before the mask grew a word", async () => {
    const core = await CoreHarness.create(build);
    const comps = Array.from({ length: 10 }, () => core.component([{ type: "f32" }]));
    const before = [core.tableOf([comps[1], comps[4]]), core.tableOf([comps[9]]), core.tableOf(comps)];
    const e = core.spawn(before[0]);
    const words = core.header(H_MASK_WORDS);
    for (let i = 0; i < 130; i++) core.component([], FLAG_TAG);
    expect(core.header(H_MASK_WORDS)).toBeGreaterThan(words);
    // Routes never taken before, so the answers come from the rehashed map, not edges.
    expect(core.tableOf([comps[4], comps[1]])).toBe(before[0]);
    expect(core.raw.tableWithout(core.tableOf([comps[2], comps[9]]), comps[2])).toBe(before[1]);
    expect(core.tableOf([...comps].reverse())).toBe(before[2]);
    expect(core.maskBits(before[0])).toEqual([comps[1], comps[4]]);
    const wide = core.header(H_COMPONENT_COUNT) - 1;
    expect(core.raw.add(e, wide)).toBe(0);
    expect(core.maskBits(core.record(e).table)).toEqual([comps[1], comps[4], wide]);
  });

  test("archetype-map rejects a table id that does not exist with ERR_BAD_ARGUMENT", async () => {
    const core = await CoreHarness.create(build);
    const a = core.component([{ type: "f32" }]);
    const count = core.header(H_TABLE_COUNT);
    expect(core.raw.tableWith(count, a)).toBe(ERR_BAD_ARGUMENT);
    expect(core.raw.tableWithout(count, a)).toBe(ERR_BAD_ARGUMENT);
    expect(core.raw.tableWith(0xffffffff, a)).toBe(ERR_BAD_ARGUMENT);
    expect(core.raw.spawn(count)).toBe(ERR_BAD_ARGUMENT);
    expect(core.raw.moveTo(core.spawn(0), count)).toBe(ERR_BAD_ARGUMENT);
    expect(core.header(H_TABLE_COUNT)).toBe(count);
  });

  test("archetype-map tableForMask returns the existing table for a known mask and creates none", async () => {
    const core = await CoreHarness.create(build);
    const comps = Array.from({ length: 5 }, () => core.component([{ type: "f32" }]));
    const t = core.tableOf([comps[3], comps[0], comps[4]]);
    const count = core.tableCount();
    expect(core.tableForMask([comps[0], comps[3], comps[4]])).toBe(t);
    expect(core.tableForMask([])).toBe(0);
    expect(core.tableCount()).toBe(count);
  });

  test("archetype-map tableForMask creates only the requested table, not the ones in between", async () => {
    const core = await CoreHarness.create(build);
    const comps = Array.from({ length: 70 }, (_, i) =>
      i % 2 === 0 ? core.component([{ type: "u8" }]) : core.component([], FLAG_TAG),
    );
    const wanted = [comps[1], comps[2], comps[40], comps[69]];
    const count = core.tableCount();
    const t = core.tableForMask(wanted);
    expect(t).toBe(count);
    expect(core.tableCount()).toBe(count + 1);
    expect(core.maskBits(t)).toEqual(wanted);
    expect(core.table(t).comps).toEqual(wanted);
    expect(core.tableForMask(wanted)).toBe(t);
    expect(core.tableOf([...wanted].reverse())).toBe(t);
    const e = core.spawn(t);
    expect(core.raw.remove(e, comps[40])).toBe(1);
    expect(core.maskBits(core.record(e).table)).toEqual([comps[1], comps[2], comps[69]]);
    expectEdgesAgree(core);
  });

  test("archetype-map tableForMask rejects a mask naming an unregistered component", async () => {
    const core = await CoreHarness.create(build);
    const a = core.component([{ type: "f32" }]);
    const count = core.tableCount();
    const unregistered = core.header(H_COMPONENT_COUNT);
    expect(core.tableForMask([a, unregistered])).toBe(ERR_UNKNOWN_COMPONENT);
    expect(core.tableForMask([core.header(H_MASK_WORDS) * 64 - 1])).toBe(ERR_UNKNOWN_COMPONENT);
    expect(core.tableCount()).toBe(count);
  });

  test("archetype-map dropTables(seq) drops the empty tables made since creation number seq", async () => {
    const core = await CoreHarness.create(build, { checks: build === "debug" ? 1 : 0 });
    const A = core.component([{ type: "f32" }]);
    core.spawn(core.tableOf([A]));
    const B = core.component([{ type: "u8" }]);
    const seq = core.header(H_TABLE_SEQ);
    const count = core.tableCount();
    core.tableOf([A, B]); // a new, empty table
    expect(core.tableCount()).toBe(count + 1);
    expect(core.raw.dropTables(seq)).toBe(OK);
    expect(core.tableCount()).toBe(count);
    expect(core.raw.checkInvariants()).toBe(OK);
  });

  test("archetype-map dropTables refuses seq 0, a future seq and tables made since that hold rows", async () => {
    const core = await CoreHarness.create(build, { checks: build === "debug" ? 1 : 0 });
    const A = core.component([{ type: "f32" }]);
    const seq = core.header(H_TABLE_SEQ);
    const tA = core.tableOf([A]);
    const count = core.tableCount();
    expect(core.raw.dropTables(0)).toBe(ERR_BAD_ARGUMENT);
    expect(core.raw.dropTables(core.header(H_TABLE_SEQ) + 1)).toBe(ERR_BAD_ARGUMENT);
    const e = core.spawn(tA);
    expect(core.raw.dropTables(seq)).toBe(ERR_BAD_ARGUMENT);
    expect(core.tableCount()).toBe(count);
    expect(core.record(e).table).toBe(tA);
    expect(core.raw.checkInvariants()).toBe(OK);
  });

  test("archetype-map refuses a table id past MAX_TABLES (an entity record's table field) with ERR_CAPACITY", async () => {
    const core = await CoreHarness.create(build);
    const A = core.component([{ type: "f32" }]);
    const count = core.tableCount();
    const seq = core.header(H_TABLE_SEQ);
    // Every id below MAX_TABLES taken (as far as the count says; none is recycled): no id is left.
    const at = (core.raw.headerPtr() >>> 2) + H_TABLE_COUNT;
    core.u32()[at] = MAX_TABLES;
    expect(core.raw.tableWith(0, A)).toBe(ERR_CAPACITY);
    expect(core.header(H_TABLE_SEQ)).toBe(seq);
    expect(core.tableCount()).toBe(MAX_TABLES);
    core.u32()[at] = count; // one id left now: the table is made
    expect(core.raw.tableWith(0, A)).toBe(count);
    expect(core.raw.checkInvariants()).toBe(OK);
  });
});
