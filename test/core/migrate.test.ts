// Migration: add / remove / moveTo copy the shared columns, fill new ones with
// defaults (or zeros), swap-remove the source row and patch the moved entity's record.
import { describe, expect, test } from "vitest";
import { FLAG_TAG, OK } from "../../bindings/core/constants.generated.js";
import { BUILDS, type Build, CoreHarness } from "./harness.js";

/** Four components: A {x, y: f32}, B {v: i16[3]}, C {w: f64 = 9.5}, D {z: u32}, and a tag T. */
async function world(build: Build) {
  const core = await CoreHarness.create(build);
  const A = core.component([{ type: "f32" }, { type: "f32" }]);
  const B = core.component([{ type: "i16", length: 3 }]);
  const C = core.component([{ type: "f64", default: [9.5] }]);
  const D = core.component([{ type: "u32" }]);
  const T = core.component([], FLAG_TAG);
  return { core, A, B, C, D, T };
}

/** Spawns into t rows whose every column is garbage, then destroys them, so reused rows are dirty. */
function dirty(core: CoreHarness, t: number, rows: number): void {
  const { entities } = core.spawnMany(t, rows);
  const info = core.table(t);
  const bytes = new Uint8Array(core.memory.buffer);
  for (const col of info.columns.slice(1)) bytes.fill(0xab, col.ptr, col.ptr + rows * col.rowBytes);
  expect(core.destroyMany(entities)).toBe(OK);
}

describe.each(BUILDS)("migrate (%s build)", (build) => {
  test("migrate add copies the shared columns, defaults the new one and returns 0", async () => {
    const { core, A, B, C, D } = await world(build);
    const e = core.spawn(core.tableOf([A, B]));
    core.write(e, A, 0, "f32", 1.25);
    core.write(e, A, 1, "f32", -3.5);
    [7, -8, 9].forEach((v, i) => {
      core.write(e, B, 0, "i16", v, i);
    });
    dirty(core, core.tableOf([A, B, C]), 3);
    dirty(core, core.tableOf([A, B, C, D]), 3);

    expect(core.raw.add(e, C)).toBe(0);
    expect(core.record(e).table).toBe(core.tableOf([A, B, C]));
    expect(core.read(e, C, 0, "f64")).toBe(9.5);
    expect(core.raw.add(e, D)).toBe(0);
    expect(core.record(e).table).toBe(core.tableOf([A, B, C, D]));
    expect(core.read(e, D, 0, "u32")).toBe(0);
    expect(core.read(e, C, 0, "f64")).toBe(9.5);
    expect([core.read(e, A, 0, "f32"), core.read(e, A, 1, "f32")]).toEqual([1.25, -3.5]);
    expect(core.readRow(e, B, 0, "i16")).toEqual([7, -8, 9]);
  });

  test("migrate add returns 1 and changes nothing when the entity already has the component", async () => {
    const { core, A, B } = await world(build);
    const t = core.tableOf([A, B]);
    const e = core.spawn(t);
    core.write(e, A, 0, "f32", 4);
    const record = core.record(e);
    const tables = core.tableCount();
    expect(core.raw.add(e, A)).toBe(1);
    expect(core.raw.add(e, B)).toBe(1);
    expect(core.record(e)).toEqual(record);
    expect(core.read(e, A, 0, "f32")).toBe(4);
    expect(core.tableCount()).toBe(tables);
  });

  test("migrate remove copies the remaining columns and returns 1", async () => {
    const { core, A, B, C } = await world(build);
    const e = core.spawn(core.tableOf([A, B, C]));
    core.write(e, A, 1, "f32", 2.5);
    core.write(e, C, 0, "f64", -1e-3);
    core.write(e, B, 0, "i16", -32768, 2);
    dirty(core, core.tableOf([A, C]), 2);
    expect(core.raw.remove(e, B)).toBe(1);
    expect(core.record(e).table).toBe(core.tableOf([A, C]));
    expect(core.read(e, A, 1, "f32")).toBe(2.5);
    expect(core.read(e, C, 0, "f64")).toBe(-1e-3);
    expect(core.raw.remove(e, A)).toBe(1);
    expect(core.raw.remove(e, C)).toBe(1);
    expect(core.record(e).table).toBe(0);
  });

  test("migrate remove returns 0 and changes nothing when the entity lacks the component", async () => {
    const { core, A, B, D } = await world(build);
    const e = core.spawn(core.tableOf([A]));
    core.write(e, A, 0, "f32", 6);
    const record = core.record(e);
    const tables = core.tableCount();
    expect(core.raw.remove(e, B)).toBe(0);
    expect(core.raw.remove(e, D)).toBe(0);
    expect(core.record(e)).toEqual(record);
    expect(core.read(e, A, 0, "f32")).toBe(6);
    expect(core.tableCount()).toBe(tables);
  });

  test("migrate moves the last row into the hole when removing from the middle", async () => {
    const { core, A, B } = await world(build);
    const src = core.tableOf([A]);
    const rows = Array.from({ length: 5 }, (_, i) => {
      const e = core.spawn(src);
      core.write(e, A, 0, "f32", i * 10);
      core.write(e, A, 1, "f32", i * 10 + 1);
      return e;
    });
    expect(core.raw.add(rows[2], B)).toBe(0);

    expect(core.entities(src)).toEqual([rows[0], rows[1], rows[4], rows[3]]);
    expect(core.record(rows[4])).toEqual({ table: src, row: 2, generation: core.record(rows[4]).generation });
    expect([core.read(rows[4], A, 0, "f32"), core.read(rows[4], A, 1, "f32")]).toEqual([40, 41]);
    const dst = core.tableOf([A, B]);
    expect(core.entities(dst)).toEqual([rows[2]]);
    expect(core.record(rows[2]).row).toBe(0);
    expect([core.read(rows[2], A, 0, "f32"), core.read(rows[2], A, 1, "f32")]).toEqual([20, 21]);
    for (const k of [0, 1, 3]) expect(core.read(rows[k], A, 0, "f32")).toBe(k * 10);
  });

  test("migrate moves nothing in the source when the entity is its last row", async () => {
    const { core, A, B } = await world(build);
    const src = core.tableOf([A]);
    const rows = Array.from({ length: 3 }, (_, i) => {
      const e = core.spawn(src);
      core.write(e, A, 0, "f32", i);
      return e;
    });
    const records = rows.map((e) => core.record(e));
    expect(core.raw.add(rows[2], B)).toBe(0);
    expect(core.entities(src)).toEqual(rows.slice(0, 2));
    expect(rows.slice(0, 2).map((e) => core.record(e))).toEqual(records.slice(0, 2));
    expect(rows.slice(0, 2).map((e) => core.read(e, A, 0, "f32"))).toEqual([0, 1]);
  });

  test("migrate moveTo keeps shared columns, defaults new ones, drops the rest and returns OK", async () => {
    const { core, A, B, C, D } = await world(build);
    const e = core.spawn(core.tableOf([A, B, D]));
    core.write(e, A, 0, "f32", 3);
    core.write(e, D, 0, "u32", 77);
    const dst = core.tableOf([A, C]);
    dirty(core, dst, 2);
    expect(core.raw.moveTo(e, dst)).toBe(OK);
    expect(core.record(e).table).toBe(dst);
    expect(core.read(e, A, 0, "f32")).toBe(3);
    expect(core.read(e, A, 1, "f32")).toBe(0);
    expect(core.read(e, C, 0, "f64")).toBe(9.5);
    const record = core.record(e);
    expect(core.raw.moveTo(e, dst)).toBe(OK);
    expect(core.record(e)).toEqual(record);
    expect(core.raw.moveTo(e, 0)).toBe(OK);
    expect(core.entities(dst)).toEqual([]);
    expect(core.entities(0)).toEqual([e]);
  });

  test("migrate moveTo between tables with as many columns but other components defaults the ones that differ", async () => {
    const { core, A, C, D } = await world(build);
    // {A, D} and {A, C} have three data columns each; the second and third pair differ.
    const e = core.spawn(core.tableOf([A, D]));
    core.write(e, A, 0, "f32", 5);
    core.write(e, A, 1, "f32", 6);
    core.write(e, D, 0, "u32", 77);
    const dst = core.tableOf([A, C]);
    dirty(core, dst, 2);
    expect(core.raw.moveTo(e, dst)).toBe(OK);
    expect([core.read(e, A, 0, "f32"), core.read(e, A, 1, "f32"), core.read(e, C, 0, "f64")]).toEqual([5, 6, 9.5]);
    // {C} and {D}: one data column each, of different components from the first one on.
    const f = core.spawn(core.tableOf([C]));
    core.write(f, C, 0, "f64", 1.5);
    const g = core.tableOf([D]);
    dirty(core, g, 2);
    expect(core.raw.moveTo(f, g)).toBe(OK);
    expect(core.read(f, D, 0, "u32")).toBe(0);
  });

  test("migrate adding and removing a tag keeps every data value", async () => {
    const { core, A, C, T } = await world(build);
    const e = core.spawn(core.tableOf([A, C]));
    core.write(e, A, 0, "f32", 11);
    core.write(e, C, 0, "f64", 12);
    expect(core.raw.add(e, T)).toBe(0);
    expect(core.record(e).table).toBe(core.tableOf([A, C, T]));
    expect([core.read(e, A, 0, "f32"), core.read(e, C, 0, "f64")]).toEqual([11, 12]);
    expect(core.raw.remove(e, T)).toBe(1);
    expect(core.record(e).table).toBe(core.tableOf([A, C]));
    expect([core.read(e, A, 0, "f32"), core.read(e, C, 0, "f64")]).toEqual([11, 12]);
  });

  test("migrate keeps every entity's values through many add/remove round trips", async () => {
    const { core, A, B, C, D, T } = await world(build);
    const comps = [B, C, D, T];
    const { entities } = core.spawnMany(core.tableOf([A]), 64);
    entities.forEach((e, i) => {
      core.write(e, A, 0, "f32", i);
    });
    for (let round = 0; round < 8; round++) {
      entities.forEach((e, i) => {
        const c = comps[(i + round) % comps.length];
        expect(core.raw.add(e, c)).toBe(0);
        expect(core.raw.remove(e, c)).toBe(1);
        if (i % 3 === round % 3) expect(core.raw.add(e, comps[(i + round + 1) % comps.length])).toBe(0);
      });
      entities.forEach((e, i) => {
        expect(core.read(e, A, 0, "f32")).toBe(i);
        const { table, row } = core.record(e);
        expect(core.entities(table)[row]).toBe(e);
      });
      for (const e of entities) expect(core.raw.moveTo(e, core.tableOf([A]))).toBe(OK);
    }
    expect(core.raw.checkInvariants()).toBe(OK);
  });
});
