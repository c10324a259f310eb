// The memory-image checks restore() runs before loading a snapshot (bindings/snapshot/
// image*.ts), through the public API: images edited on purpose and resealed with a correct
// CRC, as an attacker would, are refused with SnapshotError naming the broken rule, and
// the world is exactly as before. The adversarial review's cases are among them: a
// table's component count set to 2^31, a free list made to loop, a map with no empty entry.
import { describe, expect, it } from "vitest";
import { CapacityError, component, createWorld, relation, SnapshotError, tag, type World } from "wasm-ecs";
import {
  A_HEADER,
  A_KIND_COLUMNS,
  A_KIND_SMALL,
  C_OFFSET,
  C_PTR,
  C_STRIDE,
  F_DEFAULT,
  F_STRIDE,
  H_ALIVE,
  H_COMPONENTS,
  H_EPOCH,
  H_FREE_COUNT,
  H_FREE_HEAD,
  H_FREE_TABLES,
  H_MAP_CAP,
  H_MASK_WORDS,
  H_MASKS,
  H_PAIR_EDGES,
  H_RECORDS,
  H_SCRATCH,
  H_TABLE_COUNT,
  H_TABLE_SEQ,
  H_TABLES,
  K_FIELDS,
  K_STRIDE,
  PAIR_EDGE_STRIDE,
  REC_FREE,
  REC_TABLE_MASK,
  SLOT_MASK,
  T_BLOCK,
  T_CAPACITY,
  T_COLS,
  T_COMPS,
  T_NCOLS,
  T_NCOMPS,
  T_SEQ,
  T_STRIDE,
} from "../../../bindings/core/constants.generated.js";
import { FORMAT_VERSION, seal } from "../../../bindings/snapshot/format.js";
import { pairEdgeSlot } from "../../../bindings/snapshot/image-hash.js";
import { expectThrows } from "../../support/errors.js";
import { checkInvariants } from "../../support/internals.js";

const Position = component("Position", { x: "f32", y: "f32" });
const Health = component("Health", { hp: "i32" });
const Picked = tag("Picked", { sparse: true });
const ChildOf = relation("ChildOf", { exclusive: true });
const ALL = [Position, Health, Picked, ChildOf];

async function populated(): Promise<World> {
  const world = await createWorld({ components: ALL, initialMemoryBytes: 1 << 20 });
  const es = world.spawnMany(10, Position, Health);
  world.add(es[1], ChildOf.to(es[0]));
  world.add(es[2], Picked);
  world.destroy(es[9]);
  world.destroy(es[8]);
  return world;
}

/** The snapshot with a u32 of its memory image replaced (`at`: byte address in the image), resealed. */
function edited(
  bytes: Uint8Array,
  edit: (word: (addr: number) => number, set: (addr: number, v: number) => void, core: number) => void,
) {
  const b = new Uint8Array(bytes);
  const dv = new DataView(b.buffer);
  const mem = 32 + dv.getUint32(16, true);
  const core = dv.getUint32(12, true);
  edit(
    (addr) => dv.getUint32(mem + addr, true),
    (addr, v) => dv.setUint32(mem + addr, v >>> 0, true),
    core,
  );
  seal(b);
  return b;
}

type Word = (addr: number) => number;

/** A value read from the snapshot's memory image (`pick` as edited()'s `edit` reads it). */
function peek(bytes: Uint8Array, pick: (word: Word, core: number) => number): number {
  let value = 0;
  edited(bytes, (word, _set, core) => {
    value = pick(word, core);
  });
  return value;
}

const PREFIX = "The snapshot was refused: its memory image is not one the core can have made";

describe("snapshot image checks", () => {
  it("restore refuses a table whose component count is 2^31, allocating nothing for it, and leaves the world as it was", async () => {
    const world = await populated();
    const bytes = world.snapshot();
    const bad = edited(bytes, (word, set, core) => {
      const tables = word(core + H_TABLES * 4);
      set(tables + 1 * T_STRIDE * 4 + T_NCOMPS * 4, 2 ** 31);
    });
    world.spawn(Position);
    const before = world.snapshot();
    expectThrows(
      () => world.restore(bad),
      SnapshotError,
      `${PREFIX} (table 1's component count says 2147483648 where the image holds 2)`,
    );
    expect(world.snapshot()).toEqual(before);
    checkInvariants(world);
  });

  it("restore refuses a table whose column count is 2^31, naming the record and what it should hold", async () => {
    const world = await populated();
    const bad = edited(world.snapshot(), (word, set, core) => {
      const tables = word(core + H_TABLES * 4);
      set(tables + 1 * T_STRIDE * 4 + T_NCOLS * 4, 2 ** 31);
    });
    expectThrows(
      () => world.restore(bad),
      SnapshotError,
      `${PREFIX} (table 1's column count says 2147483648 where the image holds 4)`,
    );
  });

  it("restore refuses a table of 8192 rows whose columns start where format 6 put them (block + capacity * offset)", async () => {
    const world = await populated();
    world.spawnMany(8192 - 8, Position, Health);
    const bad = edited(world.snapshot(), (word, set, core) => {
      const rec = word(core + H_TABLES * 4) + 1 * T_STRIDE * 4;
      expect(word(rec + T_CAPACITY * 4)).toBe(8192);
      const block = word(rec + T_BLOCK * 4);
      for (let j = 0; j < word(rec + T_NCOLS * 4); j++) {
        const d = word(rec + T_COLS * 4) + j * C_STRIDE * 4;
        set(d + C_PTR * 4, block + 8192 * word(d + C_OFFSET * 4));
      }
    });
    world.spawn(Health);
    const before = world.snapshot();
    expectThrows(
      () => world.restore(bad),
      SnapshotError,
      `${PREFIX} (table 1's column 1 is not the layout the core gives table 1's column 1)`,
    );
    expect(world.snapshot()).toEqual(before);
    checkInvariants(world);
  });

  it("restore refuses a table's block that is one of the core's own blocks, and a column block the core uses as its own", async () => {
    const world = await populated();
    const bytes = world.snapshot();
    const block = (word: Word, core: number) => word(word(core + H_TABLES * 4) + 1 * T_STRIDE * 4 + T_BLOCK * 4);
    const scratch = (word: Word, core: number) => word(core + H_SCRATCH * 4);
    const kind = (pick: typeof block) => peek(bytes, (word, core) => word(pick(word, core) - A_HEADER + 4));
    expect([kind(block), kind(scratch)]).toEqual([A_KIND_COLUMNS, A_KIND_SMALL]);
    const retyped = (pick: typeof block, to: number) =>
      edited(bytes, (word, set, core) => set(pick(word, core) - A_HEADER + 4, to));
    world.spawn(Health);
    const before = world.snapshot();
    expectThrows(
      () => world.restore(retyped(block, A_KIND_SMALL)),
      SnapshotError,
      `${PREFIX} (table 1's block at byte ${peek(bytes, block)} is not a column block, which a table's block must be)`,
    );
    expectThrows(
      () => world.restore(retyped(scratch, A_KIND_COLUMNS)),
      SnapshotError,
      `${PREFIX} (the scratch buffer at byte ${peek(bytes, scratch)} is a column block, which only a table's block may be)`,
    );
    expect(world.snapshot()).toEqual(before);
    checkInvariants(world);
  });

  it("restore refuses a free slot list that loops", async () => {
    const world = await populated();
    const bad = edited(world.snapshot(), (word, set, core) => {
      const head = word(core + H_FREE_HEAD * 4);
      set(word(core + H_RECORDS * 4) + head * 8 + 4, head); // head's next (its record's word 1) is itself
    });
    expectThrows(
      () => world.restore(bad),
      SnapshotError,
      `${PREFIX} (the free slot list comes back to an entry (it loops))`,
    );
  });

  it("restore refuses a slot record whose packed table field names no table, the generation bits kept", async () => {
    const world = await populated();
    const snapshot = world.snapshot();
    let slot = 0;
    let count = 0;
    edited(snapshot, (word, _set, core) => {
      slot = word(core + H_FREE_HEAD * 4); // a free slot: nothing else points at its record
      count = word(core + H_TABLE_COUNT * 4);
    });
    for (const table of [count, REC_FREE - 1]) {
      const bad = edited(snapshot, (word, set, core) => {
        const at = word(core + H_RECORDS * 4) + slot * 8;
        set(at, (word(at) & ~REC_TABLE_MASK) | table);
      });
      expectThrows(
        () => world.restore(bad),
        SnapshotError,
        `${PREFIX} (slot ${slot}'s table is ${table}, no live table)`,
      );
    }
    const zero = edited(snapshot, (word, set, core) => set(word(core + H_RECORDS * 4), 0)); // slot 0 in table 0
    expectThrows(() => world.restore(zero), SnapshotError, `${PREFIX} (slot 0 is 0, but it is never alive)`);
    expect(world.snapshot()).toEqual(snapshot);
  });

  it("restore refuses a slot that points at a row another live entity holds (two entities on one row), leaving the world as it was", async () => {
    const world = await populated();
    const [first] = world.query({ all: [Health] }).entities();
    const snapshot = world.snapshot();
    const slot = peek(snapshot, (word, core) => word(core + H_FREE_HEAD * 4)); // a free slot, past first's
    const records = peek(snapshot, (word, core) => word(core + H_RECORDS * 4));
    const row = peek(snapshot, (word) => word(records + (first & SLOT_MASK) * 8 + 4));
    const memoryOnly = edited(snapshot, (word, set, core) => {
      // The free slot becomes a live entity on first's row; the core's counts are made to agree.
      set(core + H_FREE_HEAD * 4, word(records + slot * 8 + 4)); // the free list starts after it
      set(records + slot * 8, word(records + (first & SLOT_MASK) * 8) & REC_TABLE_MASK); // first's table, generation 0
      set(records + slot * 8 + 4, row);
      set(core + H_FREE_COUNT * 4, word(core + H_FREE_COUNT * 4) - 1);
      set(core + H_ALIVE * 4, word(core + H_ALIVE * 4) + 1);
    });
    // ...and so is the JSON part's entity count (same length: 8 -> 9), the checksum made right again.
    const jsonBytes = new DataView(memoryOnly.buffer).getUint32(16, true);
    const text = new TextDecoder().decode(memoryOnly.subarray(32, 32 + jsonBytes));
    expect(text).toContain('"entities":8,');
    const bad = new Uint8Array(memoryOnly);
    bad.set(new TextEncoder().encode(text.replace('"entities":8,', '"entities":9,')), 32);
    seal(bad);
    expectThrows(
      () => world.restore(bad),
      SnapshotError,
      `${PREFIX} (slot ${slot}'s row is ${row}, a row that holds another entity)`,
    );
    expect(world.snapshot()).toEqual(snapshot);
    expect(world.entityCount).toBe(8);
    checkInvariants(world);
  });

  it("restore refuses an archetype map without room (a probe could never end)", async () => {
    const world = await populated();
    const bad = edited(world.snapshot(), (_word, set, core) => set(core + H_MAP_CAP * 4, 2));
    expectThrows(
      () => world.restore(bad),
      SnapshotError,
      `${PREFIX} (the archetype map is 2, not a power of two twice the tables)`,
    );
  });

  it("createWorld refuses an edited image with SnapshotError too", async () => {
    const world = await populated();
    const bad = edited(world.snapshot(), (word, set, core) => {
      const tables = word(core + H_TABLES * 4);
      set(tables + 1 * T_STRIDE * 4 + T_NCOMPS * 4, 2 ** 31);
    });
    await expect(createWorld({ snapshot: bad, components: ALL })).rejects.toThrow(SnapshotError);
  });

  it("restore refuses an old format's snapshot and unknown header flags, naming them", async () => {
    const world = await populated();
    const v3 = world.snapshot();
    new DataView(v3.buffer).setUint32(4, 3, true);
    expectThrows(
      () => world.restore(v3),
      SnapshotError,
      `The snapshot was refused: it has format version 3; this version of wasm-ecs reads ${FORMAT_VERSION}`,
    );
    // Format 8 held other meanings in H_COLUMN_UNMERGED, header slot 58 and T_BLOCK bit 1.
    const v8 = world.snapshot();
    new DataView(v8.buffer).setUint32(4, 8, true);
    const before = world.snapshot();
    expectThrows(
      () => world.restore(v8),
      SnapshotError,
      `The snapshot was refused: it has format version 8; this version of wasm-ecs reads ${FORMAT_VERSION}`,
    );
    expect(world.snapshot()).toEqual(before);
    expect(FORMAT_VERSION).toBe(9);
    const flags = world.snapshot();
    new DataView(flags.buffer).setUint32(8, 4, true);
    expectThrows(
      () => world.restore(flags),
      SnapshotError,
      "The snapshot was refused: its header has flags 4; only bit 0 (made by the debug core) is defined",
    );
  });
});

describe("the table creation counter", () => {
  it("stops below 2^31: a world restored at 2^31 - 1 refuses a new table with CapacityError and can still be saved", async () => {
    const world = await populated();
    const bytes = edited(world.snapshot(), (_word, set, core) => set(core + H_TABLE_SEQ * 4, 2 ** 31 - 1));
    world.restore(bytes);
    const Extra = tag("Extra");
    world.register(Extra);
    const entities = [...world.query({}).entities()];
    expectThrows(
      () => world.spawn(Position, Extra),
      CapacityError,
      /^Out of memory while trying to create the archetype \(Position, Extra\)/,
    );
    // Unchanged as the API shows it (the core's slot bookkeeping of the refused spawn is not compared).
    expect([...world.query({}).entities()]).toEqual(entities);
    expect(world.query({ all: [Extra] }).count()).toBe(0);
    world.restore(world.snapshot()); // its own snapshot is one restore takes
    checkInvariants(world);
  });
});

describe("snapshot image checks: free table records", () => {
  /** A world whose relation sub-table was recycled (its target destroyed): a free record, and its id + 1. */
  async function withFreeRecord(): Promise<{ world: World; bytes: Uint8Array; free: number }> {
    const world = await populated();
    const [a, b] = world.spawnMany(2, Position);
    world.add(a, ChildOf.to(b));
    world.destroy(b);
    const bytes = world.snapshot();
    const view = new DataView(bytes.buffer, bytes.byteOffset);
    const head = view.getUint32(32 + view.getUint32(16, true) + view.getUint32(12, true) + H_FREE_TABLES * 4, true);
    expect(head).toBeGreaterThan(0);
    return { world, bytes, free: head - 1 };
  }

  it("restore refuses a free record that names components (a TypeError midway before), leaving the world as it was", async () => {
    const { world, bytes, free } = await withFreeRecord();
    const bad = edited(bytes, (word, set, core) => {
      const rec = word(core + H_TABLES * 4) + free * T_STRIDE * 4;
      set(rec + T_NCOMPS * 4, 1);
      set(rec + T_COMPS * 4, core + H_TABLES * 4);
    });
    world.spawnMany(5, Position);
    const before = world.snapshot();
    expectThrows(
      () => world.restore(bad),
      SnapshotError,
      `${PREFIX} (free table record ${free} is 1, in its word ${T_NCOMPS}, which a free record leaves 0)`,
    );
    expect(world.snapshot()).toEqual(before);
    expect(world.query({ all: [Position] }).count()).toBe(world.entityCount);
    world.spawn(Position);
    checkInvariants(world);
  });

  it("restore refuses a table mask holding a sparse tag, which lives in its bitset alone", async () => {
    const world = await populated();
    const e = world.query({ all: [Position] }).entities()[0];
    const picked = 2; // Picked's id
    const bad = edited(world.snapshot(), (word, set, core) => {
      const t = word(word(core + H_RECORDS * 4) + (e & SLOT_MASK) * 8) & REC_TABLE_MASK;
      const at = word(core + H_MASKS * 4) + t * word(core + H_MASK_WORDS * 4) * 8;
      set(at, word(at) | (1 << picked));
    });
    const before = world.snapshot();
    expectThrows(
      () => world.restore(bad),
      SnapshotError,
      /^The snapshot was refused: its memory image is not one the core can have made \(table \d+'s mask is 2, a component no mask holds \(sparse, or stamps not linked yet\)\)$/,
    );
    expect(world.snapshot()).toEqual(before);
  });

  it("restore refuses a free record with mask bits set", async () => {
    const { world, bytes, free } = await withFreeRecord();
    const bad = edited(bytes, (word, set, core) => {
      const at = word(core + H_MASKS * 4) + free * word(core + H_MASK_WORDS * 4) * 8;
      set(at, 1);
    });
    const before = world.snapshot();
    expectThrows(() => world.restore(bad), SnapshotError, `${PREFIX} (free table record ${free}'s mask is 1, not 0)`);
    expect(world.snapshot()).toEqual(before);
  });
});

describe("snapshot image checks: what the image says of itself", () => {
  it("restore moves the layout epoch on whatever the image holds: views, get and set see the restored layout", async () => {
    // An image's epoch at 2^32 - 1 once wrapped to 0 at each restore, and caches kept the older layout.
    const world = await createWorld({ components: [Position] });
    const e = world.spawn(Position.with({ x: 1 }));
    const top = (bytes: Uint8Array) => edited(bytes, (_, set, core) => set(core + H_EPOCH * 4, 0xffffffff));
    const a = top(world.snapshot());
    world.spawnMany(5000, Position); // Position's columns move
    world.set(e, Position, { x: 2 });
    const b = top(world.snapshot());
    world.restore(a);
    expect(world.get(e, Position).x).toBe(1);
    world.restore(b);
    expect([world.get(e, Position).x, world.access(Position).x(e)]).toEqual([2, 2]);
    world.set(e, Position, { x: 7 });
    const t = world.tableOf(e);
    expect(t.columns(Position).x[Array.from(t.entities).indexOf(e)]).toBe(7);
    checkInvariants(world);
  });

  it("restore refuses a field default other than the one its component declares, leaving the world as it was", async () => {
    const Hp = component("Hp", { hp: "i32" }, { defaults: { hp: 100 } });
    const world = await createWorld({ components: [Hp, Position] });
    world.spawn(Hp);
    const before = world.snapshot();
    const fieldDefault = (word: (addr: number) => number, core: number, c: number, f: number) =>
      word(word(core + H_COMPONENTS * 4) + (c * K_STRIDE + K_FIELDS) * 4) + (f * F_STRIDE + F_DEFAULT) * 4;
    const changed = edited(before, (word, set, core) => set(word(fieldDefault(word, core, 0, 0)), 999));
    const what = "component 0's field 0's default";
    expectThrows(
      () => world.restore(changed),
      SnapshotError,
      `${PREFIX} (${what} differs from its component's default)`,
    );
    // A default where the component declares none (Position.x) is refused too.
    const given = edited(before, (word, set, core) =>
      set(fieldDefault(word, core, 1, 0), word(fieldDefault(word, core, 0, 0))),
    );
    expect(() => world.restore(given)).toThrow(SnapshotError);
    expect(world.snapshot()).toEqual(before);
    expect(world.get(world.spawn(Hp), Hp)).toEqual({ hp: 100 });
  });

  it("restore refuses a pair edge cache entry naming a creation number no table had yet, planted or left by a lowered counter", async () => {
    const Pt = component("Pt", { x: "f32" });
    const V = component("V", { v: "i32" });
    const Owns = relation("Owns");
    const world = await createWorld({ components: [Pt, V, Owns] });
    const [a, y, z] = [world.spawn(Pt), world.spawn(Pt), world.spawn(Pt)];
    world.add(z, Owns.to(z));
    world.remove(z, Owns.to(z)); // the pair edge cache exists now
    const bytes = world.snapshot();
    const owns = 2; // Owns' component id
    // Planted: y's table + (Owns, a) leads to the table the next creation will make ({V}).
    const planted = edited(bytes, (word, set, core) => {
      const t = word(word(core + H_RECORDS * 4) + (y & SLOT_MASK) * 8) & REC_TABLE_MASK;
      const code = owns << 1;
      const at = word(core + H_PAIR_EDGES * 4) + pairEdgeSlot(t, code, a) * PAIR_EDGE_STRIDE * 4;
      const seqOf = (table: number) => word(word(core + H_TABLES * 4) + table * T_STRIDE * 4 + T_SEQ * 4);
      const next = [t + 1, seqOf(t), code, a, word(core + H_TABLE_COUNT * 4), word(core + H_TABLE_SEQ * 4)];
      for (const [k, v] of next.entries()) set(at + k * 4, v);
    });
    world.spawn(Pt);
    const before = world.snapshot();
    expectThrows(
      () => world.restore(planted),
      SnapshotError,
      /^The snapshot was refused: its memory image is not one the core can have made \(the pair edge cache's entry \d+ is \d+, a creation number no table had yet\)$/,
    );
    expect(world.snapshot()).toEqual(before);
    // Left behind: a recycled table's entry, its number handed out again by a counter moved back.
    const b = world.spawn(Pt);
    world.add(y, Owns.to(a));
    world.add(y, Owns.to(b)); // a table of two pairs; the cache leads there from y's old table
    world.remove(y, Owns.to(b)); // empty with two pairs of Owns: recycled
    const lowered = edited(world.snapshot(), (word, set, core) =>
      set(core + H_TABLE_SEQ * 4, word(core + H_TABLE_SEQ * 4) - 1),
    );
    const kept = world.snapshot();
    expectThrows(() => world.restore(lowered), SnapshotError, /a creation number no table had yet\)$/);
    expect(world.snapshot()).toEqual(kept);
    checkInvariants(world);
  });
});
