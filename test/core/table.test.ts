// Archetype tables: column placement in the block, capacity growth that keeps
// every row, and swap-remove (the last row fills the hole; its record is patched).
import { describe, expect, test } from "vitest";
import { H_ALIVE, OK } from "../../bindings/core/constants.generated.js";
import { rng } from "../support/rng.js";
import type { FieldSpec } from "./fixtures.js";
import { BUILDS, CoreHarness, type TableInfo } from "./harness.js";

/** A component whose fields mix every element size and some arrays. */
const MIXED: readonly FieldSpec[] = [
  { type: "u8" },
  { type: "f64" },
  { type: "i16", length: 3 },
  { type: "f32" },
  { type: "u8", length: 3 },
  { type: "i32" },
  { type: "eid" },
  { type: "f64", length: 2 },
  { type: "u16" },
  { type: "i8", length: 5 },
];

/** Writes values derived from (seed, field, element) into every element of e's row. */
function fill(core: CoreHarness, e: number, c: number, seed: number): void {
  MIXED.forEach((f, field) => {
    for (let i = 0; i < (f.length ?? 1); i++) core.write(e, c, field, f.type, valueFor(seed, field, i), i);
  });
}

function valueFor(seed: number, field: number, i: number): number {
  const type = MIXED[field].type;
  const raw = seed * 31 + field * 7 + i;
  if (type === "f32" || type === "f64") return raw + 0.5;
  if (type === "i8") return (raw % 100) - 50;
  if (type === "u8") return raw % 251;
  return raw % 30000;
}

function expectFilled(core: CoreHarness, e: number, c: number, seed: number): void {
  MIXED.forEach((f, field) => {
    const expected = Array.from({ length: f.length ?? 1 }, (_, i) => valueFor(seed, field, i));
    expect(core.readRow(e, c, field, f.type), `entity ${e} field ${field}`).toEqual(expected);
  });
}

/** Column ranges lie in the block, are aligned for their element size and do not overlap. */
function expectSoundLayout(core: CoreHarness, t: number): void {
  const info = core.table(t);
  const blockEnd = info.block + core.allocationSize(info.block);
  expect(info.count).toBeLessThanOrEqual(info.capacity);
  expect(core.allocationSize(info.block)).toBeGreaterThanOrEqual(info.capacity * info.rowBytes);
  const ranges = info.columns.map((col) => {
    expect(col.ptr % col.elem, `column ${col.index} alignment`).toBe(0);
    expect(col.ptr).toBeGreaterThanOrEqual(info.block);
    expect(col.ptr + info.capacity * col.rowBytes).toBeLessThanOrEqual(blockEnd);
    return [col.ptr, col.ptr + info.capacity * col.rowBytes];
  });
  ranges.sort((a, b) => a[0] - b[0]);
  for (let i = 1; i < ranges.length; i++) expect(ranges[i][0]).toBeGreaterThanOrEqual(ranges[i - 1][1]);
  expect(info.columns.reduce((n, col) => n + col.rowBytes, 0)).toBe(info.rowBytes);
}

/** The end of the column that ends last. */
function columnsEnd(info: TableInfo): number {
  return Math.max(...info.columns.map((col) => col.ptr + info.capacity * col.rowBytes));
}

describe.each(BUILDS)("table (%s build)", (build) => {
  test("table aligns every column for its element size inside the block at every capacity", async () => {
    const core = await CoreHarness.create(build);
    const c = core.component(MIXED);
    const bytes = core.component([{ type: "u8", length: 7 }]);
    const tables = [core.tableOf([c]), core.tableOf([bytes]), core.tableOf([c, bytes])];
    const capacities = new Set<number>();
    for (const t of tables) {
      for (const n of [1, 7, 2, 40, 100, 900]) {
        expect(core.spawnMany(t, n).ok).toBe(true);
        expectSoundLayout(core, t);
        capacities.add(core.table(t).capacity);
      }
    }
    expect(capacities.size).toBeGreaterThan(3);
    // Blocks of different tables do not overlap either.
    const blocks = tables
      .map((t) => core.table(t))
      .map((info) => [info.block, info.block + core.allocationSize(info.block)])
      .sort((a, b) => a[0] - b[0]);
    for (let i = 1; i < blocks.length; i++) expect(blocks[i][0]).toBeGreaterThanOrEqual(blocks[i - 1][1]);
  });

  test("table starts the columns of a table of 4096 rows (80 KiB and more) at different addresses modulo 4096", async () => {
    const core = await CoreHarness.create(build);
    const four = core.component([{ type: "f32" }, { type: "f32" }, { type: "i32" }, { type: "u32" }]);
    const c = core.component(MIXED);
    for (const t of [core.tableOf([four]), core.tableOf([four, c])]) {
      expect(core.spawnMany(t, 4096).ok).toBe(true);
      const info = core.table(t);
      expect(info.capacity).toBe(4096);
      expect(info.capacity * info.rowBytes).toBeGreaterThan(1 << 16);
      expectSoundLayout(core, t);
      const fours = info.columns.filter((col) => col.elem === 4).map((col) => col.ptr % 4096);
      expect(fours.length).toBeGreaterThanOrEqual(5);
      expect(new Set(fours).size).toBe(fours.length);
      for (const col of info.columns) expect(col.ptr % 16, `column ${col.index}`).toBe(0);
      // The skew costs less than a page.
      expect(columnsEnd(info) - info.block).toBeLessThan(info.capacity * info.rowBytes + 4096);
    }
  });

  test("table packs the columns of a table below 1024 rows or of 64 KiB at most: each at block + capacity * offset", async () => {
    const core = await CoreHarness.create(build);
    const below = core.tableOf([core.component(MIXED)]);
    expect(core.spawnMany(below, 1016).ok).toBe(true);
    // 4096 rows of 16 bytes, 64 KiB: a block in the allocator's power-of-two classes stays in its class.
    const fits = core.tableOf([core.component([{ type: "f32" }, { type: "i32" }, { type: "u32" }])]);
    expect(core.spawnMany(fits, 4096).ok).toBe(true);
    for (const [t, capacity] of [
      [below, 1024 - 8],
      [fits, 4096],
    ]) {
      const info = core.table(t);
      expect(info.capacity).toBe(capacity);
      for (const col of info.columns) expect(col.ptr).toBe(info.block + info.capacity * col.offset);
      expect(columnsEnd(info) - info.block).toBe(info.capacity * info.rowBytes);
    }
  });

  test("table keeps every row's values and records when its capacity grows", async () => {
    const core = await CoreHarness.create(build);
    const c = core.component(MIXED);
    const t = core.tableOf([c]);
    const spawned: number[] = [];
    let growths = 0;
    for (let i = 0; i < 300; i++) {
      const capacity = core.table(t).capacity;
      const block = core.table(t).block;
      const e = core.spawn(t);
      fill(core, e, c, i);
      spawned.push(e);
      if (core.table(t).capacity === capacity) continue;
      growths++;
      if (capacity > 0) expect(core.table(t).block).not.toBe(block);
      spawned.forEach((s, k) => {
        expect(core.record(s)).toEqual({ table: t, row: k, generation: core.record(s).generation });
        expectFilled(core, s, c, k);
      });
    }
    expect(growths).toBeGreaterThan(3);
    expect(core.entities(t)).toEqual(spawned);
  });

  test("table moves the last row into the hole when removing from the middle", async () => {
    const core = await CoreHarness.create(build);
    const c = core.component(MIXED);
    const t = core.tableOf([c]);
    const rows = Array.from({ length: 5 }, (_, i) => {
      const e = core.spawn(t);
      fill(core, e, c, i);
      return e;
    });
    const last = rows[4];
    expect(core.raw.destroy(rows[1])).toBe(OK);

    expect(core.table(t).count).toBe(4);
    expect(core.entities(t)).toEqual([rows[0], last, rows[2], rows[3]]);
    expect(core.record(last).row).toBe(1);
    expect(core.record(last).table).toBe(t);
    expectFilled(core, last, c, 4);
    for (const k of [0, 2, 3]) {
      expect(core.record(rows[k]).row).toBe(k);
      expectFilled(core, rows[k], c, k);
    }
  });

  test("table moves nothing when removing the last row", async () => {
    const core = await CoreHarness.create(build);
    const c = core.component(MIXED);
    const t = core.tableOf([c]);
    const rows = Array.from({ length: 4 }, (_, i) => {
      const e = core.spawn(t);
      fill(core, e, c, i);
      return e;
    });
    const records = rows.map((e) => core.record(e));
    expect(core.raw.destroy(rows[3])).toBe(OK);

    expect(core.entities(t)).toEqual(rows.slice(0, 3));
    for (let k = 0; k < 3; k++) {
      expect(core.record(rows[k])).toEqual(records[k]);
      expectFilled(core, rows[k], c, k);
    }
    expect(core.raw.destroy(rows[0])).toBe(OK);
    expect(core.raw.destroy(rows[1])).toBe(OK);
    expect(core.raw.destroy(rows[2])).toBe(OK);
    expect(core.table(t).count).toBe(0);
  });

  test("table keeps every survivor's values and record through random swap-removes", async () => {
    const core = await CoreHarness.create(build);
    const c = core.component(MIXED);
    const t = core.tableOf([c]);
    const { entities } = core.spawnMany(t, 200);
    const seeds = new Map<number, number>();
    entities.forEach((e, i) => {
      fill(core, e, c, i);
      seeds.set(e, i);
    });
    const next = rng(42);
    const live = [...entities];
    while (live.length > 20) {
      const [victim] = live.splice(next(live.length), 1);
      expect(core.raw.destroy(victim)).toBe(OK);
    }
    expect(new Set(core.entities(t))).toEqual(new Set(live));
    for (const e of live) {
      const { table, row } = core.record(e);
      expect(table).toBe(t);
      expect(core.entities(t)[row]).toBe(e);
      expectFilled(core, e, c, seeds.get(e) ?? -1);
    }
  });

  test("table refuses a component set whose row bytes pass 4 GiB instead of trapping on spawn", async () => {
    const core = await CoreHarness.create(build);
    const survivor = core.spawn(0);
    // 1 MiB per row and component, the registry's own limit; 4,097 of them overflow a u32 row size.
    const huge: FieldSpec[] = [
      { type: "f64", length: 1 << 16 },
      { type: "f64", length: 1 << 16 },
    ];
    const comps = Array.from({ length: 4097 }, () => core.component(huge));
    const t = core.tableForMask(comps);
    const status = t < 0 ? t : core.raw.spawn(t);
    expect(status).toBeLessThan(0);
    expect(core.header(H_ALIVE)).toBe(1);
    expect(core.alive(survivor)).toBe(true);
    expect(core.raw.checkInvariants()).toBe(OK);
  });
});
