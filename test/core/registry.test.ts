// Component registry: type codes and element sizes, fixed-length arrays, tags,
// defaults, malformed descriptors, and a registry far wider than one mask word.
import { describe, expect, test } from "vitest";
import {
  ERR_BAD_ARGUMENT,
  ERR_COMPONENT_LIMIT,
  ERR_UNKNOWN_COMPONENT,
  FLAG_TAG,
  H_COMPONENT_COUNT,
  H_MASK_WORDS,
  H_USED_BYTES,
  MAX_COMPONENTS,
  OK,
} from "../../bindings/core/constants.generated.js";
import { ELEMENT_TYPES, type ElementType, elementSize, type FieldSpec, type RawField, typeCode } from "./fixtures.js";
import { BUILDS, CoreHarness } from "./harness.js";

/** One default row per type, chosen to use each type's sign and range. */
const SAMPLE: Readonly<Record<ElementType, readonly number[]>> = {
  f32: [1.5, -2.25, 1024.125],
  f64: [Math.PI, -1e300, 2 ** 53 - 1],
  i8: [-5, 127, -128],
  u8: [200, 255, 1],
  i16: [-300, 32767, -32768],
  u16: [60000, 65535, 2],
  i32: [-70000, 2 ** 31 - 1, -(2 ** 31)],
  u32: [0xfffffff0, 2 ** 32 - 1, 3],
  eid: [12345, 0x7fffffff, 4],
};

describe.each(BUILDS)("registry (%s build)", (build) => {
  test("registry gives every type code its element size in the table's column descriptors", async () => {
    const core = await CoreHarness.create(build);
    const c = core.component(ELEMENT_TYPES.map((type) => ({ type })));
    const t = core.tableOf([c]);
    const info = core.table(t);
    expect(info.columns.length).toBe(1 + ELEMENT_TYPES.length);
    ELEMENT_TYPES.forEach((type, field) => {
      const col = core.columnOf(t, c, field);
      expect(col.elem, type).toBe(elementSize(type));
      expect(col.rowBytes, type).toBe(elementSize(type));
    });
    const sum = ELEMENT_TYPES.reduce((n, type) => n + elementSize(type), 0);
    expect(info.rowBytes).toBe(Uint32Array.BYTES_PER_ELEMENT + sum);
  });

  test("registry gives fixed-length array fields length times the element size per row", async () => {
    const core = await CoreHarness.create(build);
    const lengths = [3, 16, 2, 7, 5, 9, 4, 11, 6];
    const fields = ELEMENT_TYPES.map((type, i) => ({ type, length: lengths[i] }));
    const c = core.component(fields);
    const t = core.tableOf([c]);
    fields.forEach((f, field) => {
      const col = core.columnOf(t, c, field);
      expect(col.elem, f.type).toBe(elementSize(f.type));
      expect(col.rowBytes, f.type).toBe(elementSize(f.type) * f.length);
    });
    const sum = fields.reduce((n, f) => n + elementSize(f.type) * f.length, 0);
    expect(core.table(t).rowBytes).toBe(Uint32Array.BYTES_PER_ELEMENT + sum);
  });

  test("registry lists the entity column first and data columns by component then field", async () => {
    const core = await CoreHarness.create(build);
    const a = core.component([{ type: "u8" }, { type: "f64" }]);
    const b = core.component([{ type: "i16", length: 3 }]);
    const t = core.tableOf([b, a]);
    const e = core.spawn(t);
    const columns = core.table(t).columns;
    expect(core.u32()[columns[0].ptr >>> 2]).toBe(e);
    expect(columns[0].elem).toBe(Uint32Array.BYTES_PER_ELEMENT);
    const keys = columns.slice(1).map((col) => [col.comp, col.field]);
    expect(keys).toEqual([
      [a, 0],
      [a, 1],
      [b, 0],
    ]);
  });

  test("registry gives tags a mask bit but no column", async () => {
    const core = await CoreHarness.create(build);
    const pos = core.component([{ type: "f32" }, { type: "f32" }]);
    const tag = core.component([], FLAG_TAG);
    const plain = core.tableOf([pos]);
    const tagged = core.raw.tableWith(plain, tag);
    expect(tagged).not.toBe(plain);
    const shape = (t: number): number[][] =>
      core.table(t).columns.map((col) => [col.comp, col.field, col.elem, col.rowBytes, col.offset]);
    expect(shape(tagged)).toEqual(shape(plain));
    expect(core.table(tagged).rowBytes).toBe(core.table(plain).rowBytes);
    expect(core.table(tagged).comps).toEqual([pos, tag].sort((x, y) => x - y));
    expect(core.maskBits(tagged)).toEqual([pos, tag].sort((x, y) => x - y));
    const onlyTag = core.tableOf([tag]);
    expect(core.table(onlyTag).columns.length).toBe(1);
    expect(core.table(onlyTag).rowBytes).toBe(Uint32Array.BYTES_PER_ELEMENT);
  });

  test("registry writes each field's default into new rows and zeros into fields without one", async () => {
    const core = await CoreHarness.create(build);
    const fields: FieldSpec[] = ELEMENT_TYPES.flatMap((type) => [
      { type, default: SAMPLE[type].slice(0, 1) },
      { type, length: 3, default: SAMPLE[type] },
      { type, length: 2 },
    ]);
    const c = core.component(fields);
    const t = core.tableOf([c]);
    // Dirty the rows first, so zeros cannot come from fresh memory.
    const dirty = core.spawnMany(t, 4).entities;
    for (const e of dirty) {
      fields.forEach((f, field) => {
        for (let i = 0; i < (f.length ?? 1); i++) core.write(e, c, field, f.type, 99, i);
      });
    }
    expect(core.destroyMany(dirty)).toBe(OK);

    const one = core.spawn(t);
    const many = core.spawnMany(t, 3).entities;
    for (const e of [one, ...many]) {
      fields.forEach((f, field) => {
        const expected = f.default ?? new Array<number>(f.length ?? 1).fill(0);
        expect(core.readRow(e, c, field, f.type), `${f.type} x${f.length ?? 1}`).toEqual(expected);
      });
    }
  });

  test("registry reads packed defaults in field order, skipping fields without one", async () => {
    const core = await CoreHarness.create(build);
    const fields: FieldSpec[] = [
      { type: "u8", default: [7] },
      { type: "i32" },
      { type: "f64", default: [2.5] },
      { type: "i16", length: 3, default: [-1, -2, -3] },
      { type: "f32", default: [0.75] },
    ];
    const c = core.component(fields);
    const e = core.spawn(core.tableOf([c]));
    expect(fields.map((f, field) => core.readRow(e, c, field, f.type))).toEqual([
      [7],
      [0],
      [2.5],
      [-1, -2, -3],
      [0.75],
    ]);
  });

  test("registry rejects malformed descriptors with ERR_BAD_ARGUMENT and leaves the registry unchanged", async () => {
    const core = await CoreHarness.create(build);
    core.component([{ type: "f32" }]);
    const count = core.header(H_COMPONENT_COUNT);
    const used = core.header(H_USED_BYTES);
    const f64 = typeCode("f64");
    const bad: { name: string; fields: readonly RawField[]; flags?: number; nfields?: number }[] = [
      { name: "type code TYPE_COUNT", fields: [{ type: ELEMENT_TYPES.length, length: 1 }] },
      { name: "type code 0xffffffff", fields: [{ type: 0xffffffff, length: 1 }] },
      { name: "zero length", fields: [{ type: f64, length: 0 }] },
      { name: "length 0xffffffff", fields: [{ type: f64, length: 0xffffffff }] },
      { name: "a 4 GiB row (wraps u32 to 0)", fields: [{ type: f64, length: 2 ** 29 }] },
      {
        name: "bad second field",
        fields: [
          { type: f64, length: 1 },
          { type: 99, length: 1 },
        ],
      },
      { name: "tag with a field", fields: [{ type: f64, length: 1 }], flags: FLAG_TAG },
      { name: "field count 0xffffffff", fields: [{ type: f64, length: 1 }], nfields: 0xffffffff },
    ];
    for (const d of bad) {
      expect(core.registerRaw(d.fields, d.flags ?? 0, d.nfields ?? d.fields.length), d.name).toBe(ERR_BAD_ARGUMENT);
      expect(core.header(H_COMPONENT_COUNT), d.name).toBe(count);
      expect(core.header(H_USED_BYTES), d.name).toBe(used);
    }
    expect(core.register([{ type: "u8" }])).toBe(count);
    expect(core.raw.checkInvariants()).toBe(OK);
  });

  test("registry rejects table lookups with an unregistered component id", async () => {
    const core = await CoreHarness.create(build);
    const c = core.component([{ type: "f32" }]);
    const e = core.spawn(0);
    expect(core.raw.tableWith(0, c + 1)).toBe(ERR_UNKNOWN_COMPONENT);
    expect(core.raw.tableWithout(0, 0xffffffff)).toBe(ERR_UNKNOWN_COMPONENT);
    expect(core.raw.add(e, c + 1)).toBe(ERR_UNKNOWN_COMPONENT);
    expect(core.raw.remove(e, c + 1)).toBe(ERR_UNKNOWN_COMPONENT);
    expect(core.record(e).table).toBe(0);
  });

  test("registry of 1,024 components builds tables holding ids 0, 511 and 1,023 with the right masks", async () => {
    const core = await CoreHarness.create(build);
    const N = 1024;
    // Component c has one u32 field whose default is c, so values show which column a row reads.
    const first = core.component([{ type: "u32", default: [0] }]);
    const early = core.tableOf([first]); // built while masks are one word wide
    const earlyEntity = core.spawn(early);
    for (let c = 1; c < N; c++) expect(core.register([{ type: "u32", default: [c] }])).toBe(c);
    expect(core.header(H_COMPONENT_COUNT)).toBe(N);
    expect(core.header(H_MASK_WORDS)).toBe(Math.ceil(N / 64));

    const ids = [0, 511, 1023];
    const with511 = core.raw.tableWith(early, 511);
    const all = core.raw.tableWith(with511, 1023);
    expect(core.tableOf([1023, 511, 0])).toBe(all);
    expect(core.tableOf([511, 1023, 0])).toBe(all);

    const expectMask = (t: number, bits: readonly number[]): void => {
      const words = new Array<number>(core.header(H_MASK_WORDS) * 2).fill(0);
      for (const b of bits) words[b >>> 5] = (words[b >>> 5] | (1 << (b & 31))) >>> 0;
      expect(core.mask(t), `mask of table ${t}`).toEqual(words);
    };
    expectMask(0, []);
    expectMask(early, [0]);
    expectMask(with511, [0, 511]);
    expectMask(all, ids);
    expect(core.table(all).comps).toEqual(ids);

    const spawned = [...core.spawnMany(all, 5).entities, core.spawn(all)];
    const moved = core.spawn(0);
    expect(core.moveMany([moved, earlyEntity], all)).toBe(OK);
    for (const e of [...spawned, moved, earlyEntity]) {
      expect(core.alive(e)).toBe(true);
      const { table, row } = core.record(e);
      expect(table).toBe(all);
      expect(core.entities(all)[row]).toBe(e);
    }
    for (const e of spawned) expect(ids.map((c) => core.read(e, c, 0, "u32"))).toEqual(ids);
    expect(ids.map((c) => core.read(moved, c, 0, "u32"))).toEqual(ids);

    expect(core.raw.add(spawned[0], 700)).toBe(0);
    const four = core.record(spawned[0]).table;
    expectMask(
      four,
      [...ids, 700].sort((x, y) => x - y),
    );
    expect(core.raw.remove(spawned[0], 511)).toBe(1);
    expectMask(core.record(spawned[0]).table, [0, 700, 1023]);
    expect(core.raw.checkInvariants()).toBe(OK);
  });

  test("registry returns ERR_COMPONENT_LIMIT past MAX_COMPONENTS and keeps the count", async () => {
    const core = await CoreHarness.create(build);
    for (let c = 0; c < MAX_COMPONENTS; c++) {
      const id = core.register([], FLAG_TAG);
      if (id !== c) expect(id).toBe(c);
    }
    expect(core.register([], FLAG_TAG)).toBe(ERR_COMPONENT_LIMIT);
    expect(core.register([{ type: "f32" }])).toBe(ERR_COMPONENT_LIMIT);
    expect(core.header(H_COMPONENT_COUNT)).toBe(MAX_COMPONENTS);
    const t = core.tableOf([0, MAX_COMPONENTS - 1]);
    expect(core.maskBits(t)).toEqual([0, MAX_COMPONENTS - 1]);
    expect(core.record(core.spawn(t)).table).toBe(t);
  });
});
