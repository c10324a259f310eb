// The row journal (assembly/journal.ts): off until journalOn(), then every row that
// appears, moves or disappears is recorded in order (J_APPEND, J_MOVE, J_TAIL, J_REMOVE,
// J_CLEAR), so the facade can move its JS-side columns the same way. The facade empties
// it after each call (here: emptied by hand, as bindings/store/objects.ts does).
import { describe, expect, test } from "vitest";
import {
  H_JOURNAL,
  H_JOURNAL_CAP,
  H_JOURNAL_LEN,
  J_APPEND,
  J_CLEAR,
  J_MOVE,
  J_REMOVE,
  J_STRIDE,
  J_TAIL,
  OK,
} from "../../bindings/core/constants.generated.js";
import { BUILDS, CoreHarness } from "./harness.js";

/** The journal's records as [kind, a, b, c, d, e], then emptied (what the facade does after a call). */
function drain(core: CoreHarness): number[][] {
  const u32 = core.u32();
  const at = core.header(H_JOURNAL) >>> 2;
  const records = Array.from({ length: core.header(H_JOURNAL_LEN) }, (_, i) =>
    Array.from(u32.subarray(at + i * J_STRIDE, at + (i + 1) * J_STRIDE)),
  );
  u32[(core.raw.headerPtr() >>> 2) + H_JOURNAL_LEN] = 0;
  return records;
}

describe.each(BUILDS)("journal (%s build)", (build) => {
  test("journal stays off and records nothing until journalOn", async () => {
    const core = await CoreHarness.create(build);
    const a = core.component([{ type: "f32" }]);
    const e = core.spawn(0);
    expect(core.raw.add(e, a)).toBe(0);
    expect(core.raw.destroy(e)).toBe(OK);
    expect(core.header(H_JOURNAL)).toBe(0);
    expect(core.header(H_JOURNAL_LEN)).toBe(0);
  });

  test("journal records spawns, moves and destroys in order once it is on", async () => {
    const core = await CoreHarness.create(build);
    const a = core.component([{ type: "f32" }]);
    const tA = core.tableOf([a]);
    expect(core.raw.journalOn()).toBe(OK);
    expect(core.header(H_JOURNAL)).not.toBe(0);
    const e0 = core.spawn(0);
    const e1 = core.spawn(0);
    const many = core.spawnMany(tA, 3);
    expect(drain(core)).toEqual([
      [J_APPEND, 0, 0, 1, 0, 0],
      [J_APPEND, 0, 1, 1, 0, 0],
      [J_APPEND, tA, 0, 3, 0, 0],
    ]);
    expect(core.raw.add(e0, a)).toBe(0); // row 0 of table 0 goes to row 3 of tA; e1 fills row 0
    expect(core.record(e1).row).toBe(0);
    expect(core.raw.destroy(many.entities[0])).toBe(OK); // tA's last row (e0) fills row 0
    expect(core.record(e0)).toMatchObject({ table: tA, row: 0 });
    expect(drain(core)).toEqual([
      [J_MOVE, 0, 0, tA, 3, 0],
      [J_REMOVE, tA, 0, 0, 0, 0],
    ]);
    expect(core.raw.remove(e1, a)).toBe(0); // e1 lacks a: no row moves
    expect(drain(core)).toEqual([]);
  });

  test("journal records a whole-table move as J_TAIL and a whole-table destroy as J_CLEAR", async () => {
    const core = await CoreHarness.create(build);
    const a = core.component([{ type: "f32" }]);
    const b = core.component([{ type: "u8" }]);
    const tA = core.tableOf([a]);
    const tAB = core.tableOf([a, b]);
    core.spawnMany(tAB, 2);
    expect(core.raw.journalOn()).toBe(OK);
    core.spawnMany(tA, 4);
    drain(core);
    const ptr = core.scratchFor(4);
    core.u32()[ptr >>> 2] = tA;
    expect(core.raw.addToTables(ptr, 1, b, 0)).toBeGreaterThanOrEqual(0);
    expect(drain(core)).toEqual([[J_TAIL, tA, 0, 4, tAB, 2]]);
    core.u32()[ptr >>> 2] = tAB;
    expect(core.raw.destroyInTables(ptr, 1)).toBe(OK);
    expect(drain(core)).toEqual([[J_CLEAR, tAB, 0, 0, 0, 0]]);
  });

  test("journal grows past its first capacity and keeps every record in order", async () => {
    const core = await CoreHarness.create(build);
    expect(core.raw.journalOn()).toBe(OK);
    const cap = core.header(H_JOURNAL_CAP);
    for (let i = 0; i < cap + 10; i++) core.spawn(0);
    expect(core.header(H_JOURNAL_CAP)).toBeGreaterThan(cap);
    const records = drain(core);
    expect(records).toHaveLength(cap + 10);
    expect(records.every((r, i) => r[0] === J_APPEND && r[1] === 0 && r[2] === i && r[3] === 1)).toBe(true);
    const journal = core.header(H_JOURNAL);
    expect(core.raw.journalOn()).toBe(OK); // on already: the same journal
    expect(core.header(H_JOURNAL)).toBe(journal);
  });
});
