// The allocator at the memory ceiling (ERR_CAPACITY, never a trap, nothing changed),
// used-bytes accounting, and the layout epoch that tells the facade to rebuild views.
import { describe, expect, test } from "vitest";
import {
  A_KIND_FREE,
  A_KIND_LARGE,
  ERR_CAPACITY,
  FLAG_TAG,
  H_ALIVE,
  H_COLUMN_FREE,
  H_COMPONENT_COUNT,
  H_EPOCH,
  H_HEAP_TOP,
  H_MASKS,
  H_MAX_PAGES,
  H_RECORDS,
  H_SCRATCH,
  H_TABLES,
  H_USED_BYTES,
  OK,
  REUSE_QUEUE,
} from "../../bindings/core/constants.generated.js";
import { rng } from "../support/rng.js";
import { ALLOC_HEADER_BYTES } from "./fixtures.js";
import { BUILDS, CoreHarness } from "./harness.js";

const PAGE = 65536;
const MAX_PAGES = 8;

/** Everything the facade may hold a view or pointer of; the epoch must move when any of it does. */
function layout(core: CoreHarness): string {
  const parts = [core.memory.buffer.byteLength, H_TABLES, H_MASKS, H_RECORDS].map((x, i) =>
    i === 0 ? x : core.header(x),
  );
  for (let t = 0; t < core.tableCount(); t++) parts.push(...core.table(t).columns.map((col) => col.ptr));
  return parts.join(",");
}

/**
 * What a failed operation must leave as it was: entities, their rows and records, the
 * registry. (A failed add may leave behind the empty table it created for the move.)
 */
function state(core: CoreHarness, tracked: readonly number[], tables: number): string {
  const rows = Array.from({ length: tables }, (_, t) => core.entities(t).join(" "));
  const records = tracked.map((e) => JSON.stringify(core.record(e)));
  const counts = [H_ALIVE, H_COMPONENT_COUNT].map((h) => core.header(h));
  return JSON.stringify({ rows, records, counts });
}

describe.each(BUILDS)("alloc (%s build)", (build) => {
  test("alloc makes spawnMany return ERR_CAPACITY at the ceiling without trapping or changing entities", async () => {
    const core = await CoreHarness.create(build, { maxPages: MAX_PAGES });
    const c = core.component([{ type: "f64" }, { type: "u32" }]);
    const t = core.tableOf([c]);
    const batch = 2000;
    core.scratchFor(batch * 4);
    const spawned: number[] = [];
    let status = 0;
    while (status >= 0) {
      const count = core.table(t).count;
      const result = core.spawnMany(t, batch);
      status = result.status;
      if (result.ok) expect(status).toBe(count);
      for (const e of result.entities) {
        core.write(e, c, 0, "f64", spawned.length + 0.5);
        core.write(e, c, 1, "u32", spawned.length);
        spawned.push(e);
      }
    }
    expect(status).toBe(ERR_CAPACITY);
    expect(spawned.length).toBeGreaterThan(batch);
    expect(core.memory.buffer.byteLength).toBeLessThanOrEqual(MAX_PAGES * PAGE);
    expect(core.header(H_ALIVE)).toBe(spawned.length);
    expect(core.entities(t)).toEqual(spawned);
    spawned.forEach((e, i) => {
      expect(core.read(e, c, 0, "f64")).toBe(i + 0.5);
      expect(core.read(e, c, 1, "u32")).toBe(i);
    });
    expect(core.raw.checkInvariants()).toBe(OK);

    // Smaller operations still succeed: free some rows and slots, then spawn into them.
    const freed = spawned.splice(0, 100);
    expect(core.destroyMany(freed)).toBe(OK);
    const again = core.spawnMany(t, 100);
    expect(again.ok).toBe(true);
    expect(core.raw.destroy(spawned.pop() ?? 0)).toBe(OK);
    expect(core.raw.spawn(t)).toBeGreaterThan(0);
    expect(core.header(H_ALIVE)).toBe(spawned.length + 100 + 1);
    spawned.forEach((e, i) => {
      expect(core.read(e, c, 1, "u32")).toBe(i + 100);
    });
    expect(core.raw.checkInvariants()).toBe(OK);
  });

  test("alloc leaves the world unchanged whenever an operation returns ERR_CAPACITY at the ceiling", async () => {
    const core = await CoreHarness.create(build, { maxPages: 4, checks: build === "debug" ? 1 : 0 });
    core.scratchFor(4096);
    const comps = [core.component([{ type: "f64", length: 64 }]), core.component([{ type: "u8" }])];
    const live: number[] = [];
    const next = rng(99);
    let failures = 0;
    for (let step = 0; step < 3000 && failures < 60; step++) {
      const tables = core.tableCount();
      const before = state(core, live, tables);
      const used = core.header(H_USED_BYTES);
      const op = next(6);
      let status: number;
      if (op === 0) {
        status = core.register([{ type: "f64", length: 512, default: new Array<number>(512).fill(1) }]);
        if (status === ERR_CAPACITY) expect(core.header(H_USED_BYTES)).toBe(used);
      } else if (op === 1 && live.length > 0) {
        status = core.raw.add(live[next(live.length)], comps[next(comps.length)]);
      } else if (op === 2) {
        const c = comps[next(comps.length)];
        const t = next(core.tableCount());
        status = core.raw.tableWith(t, c);
        if (status === ERR_CAPACITY) expect(core.header(H_USED_BYTES)).toBe(used);
      } else {
        const result = core.spawnMany(next(core.tableCount()), 1 + next(200));
        status = result.status;
        live.push(...result.entities);
      }
      if (status === ERR_CAPACITY) {
        failures++;
        expect(state(core, live, tables)).toBe(before);
        if (op !== 1) expect(core.tableCount()).toBe(tables);
      } else {
        expect(status).toBeGreaterThanOrEqual(0);
      }
      if (comps.length < 40 && status >= 0 && op === 0) comps.push(status);
    }
    expect(failures).toBeGreaterThan(0);
    expect(core.memory.buffer.byteLength).toBeLessThanOrEqual(4 * PAGE);
    expect(core.raw.checkInvariants()).toBe(OK);
  });

  test("alloc reuses a freed large block before raising the heap top", async () => {
    const core = await CoreHarness.create(build);
    expect(core.raw.reserveEntities(20_000)).toBe(OK);
    core.scratchFor(1 << 20);
    core.scratchFor(3 << 20); // frees the 1 MiB block below the new one
    const top = core.header(H_HEAP_TOP);
    const used = core.header(H_USED_BYTES);
    expect(core.raw.reserveEntities(60_000)).toBe(OK); // slot records of about 480 KB
    expect(core.header(H_RECORDS)).toBeLessThan(top); // in the freed block, not above it
    expect(core.header(H_HEAP_TOP)).toBeLessThan(top + 40_000 * 8);
    expect(core.header(H_USED_BYTES)).toBeGreaterThan(used + 40_000 * 8);
  });

  test("alloc keeps column blocks and the core's own blocks apart, so a stale view reaches only column values", async () => {
    const core = await CoreHarness.create(build);
    expect(core.raw.reserveEntities(40_000)).toBe(OK);
    core.scratchFor(1 << 20);
    core.scratchFor(3 << 20); // a free 1 MiB block of the core's own
    const top = core.header(H_HEAP_TOP);
    expect(core.spawnMany(0, 20_000).ok).toBe(true); // a column block of about 80 KB
    const first = core.table(0).block;
    expect(first).toBeLessThan(top); // cut from the core's free block, which no view ever reached
    expect(core.table(0).fresh).toBe(true);
    core.show(0); // a view of it is made
    expect(core.spawnMany(0, 20_000).ok).toBe(true); // table 0 grows: its first block is freed
    expect(core.table(0).block).not.toBe(first);
    const size = core.allocationSize(first);
    core.scratchFor(4 << 20); // the core's own blocks never take the freed column block
    expect(core.header(H_SCRATCH)).not.toBe(first);
    const c = core.component([{ type: "u32" }]);
    const t = core.tableOf([c]);
    expect(core.spawnMany(t, 9_000).ok).toBe(true); // 8 bytes a row: a column block of the same class takes it
    expect(core.table(t).block).toBe(first);
    expect(core.table(t).fresh).toBe(false); // an old view may reach it: its entity column is checked
    expect(core.table(t).hidden).toBe(false); // and freed it stays a column block, shown or not
    expect(core.allocationSize(first)).toBe(size);
    expect(core.raw.checkInvariants()).toBe(OK);
  });

  test("alloc gives a freed column block no view was made of back to the core's own blocks, and columns take the core's free blocks", async () => {
    const core = await CoreHarness.create(build);
    expect(core.raw.reserveEntities(60_000)).toBe(OK);
    core.scratchFor(1 << 20);
    expect(core.spawnMany(0, 20_000).ok).toBe(true); // a column block of about 80 KB, no view made of it
    const first = core.table(0).block;
    expect(core.table(0).hidden).toBe(true);
    expect(core.spawnMany(0, 20_000).ok).toBe(true); // table 0 grows: its first block is freed
    expect(core.header(H_COLUMN_FREE)).toBe(0); // not a column block any more
    const c = core.component([{ type: "u32" }]);
    const t = core.tableOf([c]);
    const top = core.header(H_HEAP_TOP);
    expect(core.spawnMany(t, 9_000).ok).toBe(true); // 72 KB: a first fit in the core's free blocks, no carve
    expect(core.table(t).block).toBeLessThanOrEqual(first);
    expect(core.header(H_HEAP_TOP)).toBe(top);
    expect(core.table(t)).toMatchObject({ hidden: true, fresh: true });
    // A small block no view was made of goes on the core's small list, and a small table takes it.
    const s = core.tableOf([core.component([], FLAG_TAG)]);
    const s2 = core.tableOf([core.component([], FLAG_TAG), core.component([], FLAG_TAG)]);
    expect(core.spawnMany(s, 3).ok).toBe(true);
    const small = core.table(s).block;
    expect(core.allocationSize(small)).toBe(32); // 8 rows of 4 bytes, a power of two
    expect(core.spawnMany(s, 10).ok).toBe(true); // grows to 16 rows: the 32-byte block is freed
    expect(core.spawnMany(s2, 1).ok).toBe(true);
    expect(core.table(s2).block).toBe(small);
    expect(core.raw.checkInvariants()).toBe(OK);
  });

  test("alloc merges neighbouring free column blocks when a request needs it, never splitting one", async () => {
    const core = await CoreHarness.create(build);
    const [a, b, c] = [0, 1, 2].map(() => core.tableOf([core.component([], FLAG_TAG)])); // 4 bytes a row
    expect(core.raw.reserveEntities(120_000)).toBe(OK);
    core.scratchFor(1 << 18);
    expect(core.spawnMany(a, 20_000).ok && core.spawnMany(b, 20_000).ok).toBe(true);
    core.show(a);
    core.show(b);
    const [blockA, blockB] = [core.table(a).block, core.table(b).block];
    expect(core.allocationSize(blockA)).toBe(80_000);
    expect(blockB).toBe(blockA + 80_000 + ALLOC_HEADER_BYTES); // neighbours
    expect(core.spawnMany(a, 20_000).ok && core.spawnMany(b, 20_000).ok).toBe(true); // both grow: freed
    expect(core.header(H_COLUMN_FREE)).toBe(2 * (80_000 + ALLOC_HEADER_BYTES));
    const top = core.header(H_HEAP_TOP);
    expect(core.spawnMany(c, 40_000).ok).toBe(true); // 160,000 bytes: the two merged hold it
    expect(core.table(c).block).toBe(blockA);
    expect(core.table(c).fresh).toBe(false);
    expect(core.allocationSize(blockA)).toBe(160_000 + ALLOC_HEADER_BYTES);
    expect(core.header(H_HEAP_TOP)).toBe(top);
    expect(core.header(H_COLUMN_FREE)).toBe(0);
    expect(core.raw.checkInvariants()).toBe(OK);
  });

  test("alloc gives a request the core's free block between free column blocks only when memory is short", async () => {
    const core = await CoreHarness.create(build);
    const big = core.component([{ type: "f64", length: 8 }]); // rows of 68 bytes with the entity
    const [a, b, c, d] = [0, 1, 2, 3].map((i) => core.tableOf(i === 0 ? [big] : [big, core.component([], FLAG_TAG)]));
    expect(core.raw.reserveEntities(20_000)).toBe(OK);
    core.scratchFor(1 << 14);
    expect(core.spawnMany(a, 1200).ok).toBe(true); // 81,600 bytes of rows, and the columns' skew
    const blockA = core.table(a).block;
    const size = core.allocationSize(blockA);
    core.scratchFor(1 << 17); // a block of the core's after a's
    const between = core.header(H_SCRATCH);
    expect(core.spawnMany(b, 1200).ok).toBe(true);
    const blockB = core.table(b).block;
    expect([between, blockB]).toEqual([blockA + size + ALLOC_HEADER_BYTES, between + (1 << 17) + ALLOC_HEADER_BYTES]);
    expect(core.allocationSize(blockB)).toBe(size);
    core.show(a);
    core.show(b);
    core.scratchFor(1 << 18); // the block between is free, the core's
    // Both grow: a's and b's blocks are free column blocks; merges (a's free bytes were a
    // sixteenth of the heap when b grew) left the core's block between them the core's.
    expect(core.spawnMany(a, 1200).ok && core.spawnMany(b, 1200).ok).toBe(true);
    const columnFree = 2 * (size + ALLOC_HEADER_BYTES);
    expect(core.header(H_COLUMN_FREE)).toBe(columnFree);
    expect(core.allocationSize(blockA)).toBe(size);
    // Room at the top: a table that needs more than any free block gets a new one there.
    expect(core.spawnMany(d, 2500).ok).toBe(true); // 170,000 bytes and more
    expect(core.table(d).block).toBeGreaterThan(blockB);
    expect(core.header(H_COLUMN_FREE)).toBe(columnFree);
    // No room left: a request that only the three together hold takes them, up to what it needs.
    const top = core.header(H_HEAP_TOP);
    core.u32()[(core.raw.headerPtr() >>> 2) + H_MAX_PAGES] = core.raw.memory.buffer.byteLength / 65536;
    expect(core.raw.memory.buffer.byteLength - top).toBeLessThan(272_000);
    expect(core.spawnMany(c, 4000).ok).toBe(true); // 272,000 bytes and more
    expect(core.table(c).block).toBe(blockA);
    expect(core.allocationSize(blockA)).toBe(2 * size + (1 << 17) + 2 * ALLOC_HEADER_BYTES);
    expect(core.header(H_COLUMN_FREE)).toBe(0);
    expect(core.table(c).fresh).toBe(false);
    expect(core.header(H_HEAP_TOP)).toBe(top);
    expect(core.raw.checkInvariants()).toBe(OK);
  });

  test("alloc gives a request short of memory a free column block and the head of the core's large block after it", async () => {
    const core = await CoreHarness.create(build);
    const big = core.component([{ type: "f64", length: 8 }]); // rows of 68 bytes with the entity
    const [a, b, c] = [0, 1, 2].map((i) => core.tableOf(i === 0 ? [big] : [big, core.component([], FLAG_TAG)]));
    expect(core.raw.reserveEntities(40_000)).toBe(OK);
    core.scratchFor(1 << 14);
    expect(core.spawnMany(a, 12_000).ok).toBe(true); // 816,000 bytes and more
    const blockA = core.table(a).block;
    const sizeA = core.allocationSize(blockA);
    core.show(a);
    core.scratchFor(1 << 20); // 1 MiB of the core's after a's block
    const scratch = core.header(H_SCRATCH);
    expect(scratch).toBe(blockA + sizeA + ALLOC_HEADER_BYTES);
    expect(core.spawnMany(b, 10).ok).toBe(true); // keeps the top above it
    expect(core.spawnMany(a, 1).ok).toBe(true); // a grows: its old block is a free column block
    core.scratchFor(1 << 21); // a new scratch block at the top: the 1 MiB block is free, the core's
    const top = core.header(H_HEAP_TOP);
    core.u32()[(core.raw.headerPtr() >>> 2) + H_MAX_PAGES] = core.raw.memory.buffer.byteLength / 65536;
    // 1,360,000 bytes and more: neither block alone, nor the top, holds them.
    expect(core.raw.memory.buffer.byteLength - top).toBeLessThan(1_360_000);
    expect(core.spawnMany(c, 20_000).ok).toBe(true);
    const block = core.table(c).block;
    const size = core.allocationSize(block);
    expect(block).toBe(blockA);
    expect(size).toBeGreaterThanOrEqual(1_360_000);
    // The rest of the core's block past the request stays the core's: a free large block.
    const tail = block + size + ALLOC_HEADER_BYTES;
    expect(tail + core.allocationSize(tail)).toBe(scratch + (1 << 20));
    expect(core.u32()[(tail - ALLOC_HEADER_BYTES + 4) >>> 2]).toBe((A_KIND_LARGE | A_KIND_FREE) >>> 0);
    expect(core.u32()[core.raw.allocatorStatic(2) >>> 2]).toBe(tail);
    expect(core.header(H_COLUMN_FREE)).toBe(0);
    expect(core.header(H_HEAP_TOP)).toBe(top);
    expect(core.raw.checkInvariants()).toBe(OK);
  });

  test("alloc hands a request short of memory the block the merge built for it, past 16 free blocks of its class above it", async () => {
    const core = await CoreHarness.create(build);
    const big = core.component([{ type: "f64", length: 8 }]); // rows of 68 bytes with the entity
    const tx = core.tableOf([big, core.component([], FLAG_TAG)]);
    expect(core.raw.reserveEntities(100_000)).toBe(OK);
    core.scratchFor(1 << 16);
    expect(core.spawnMany(tx, 1000).ok).toBe(true); // 68,000 bytes and more
    core.show(tx);
    const blockX = core.table(tx).block;
    const large = core.raw.allocBlock(145_600); // the core's, right after x's block
    expect(large).toBe(blockX + core.allocationSize(blockX) + ALLOC_HEADER_BYTES);
    core.raw.allocBlock(16);
    // 16 tables whose blocks, once they grow, are free column blocks of the class the request's lands in.
    const others = Array.from({ length: 16 }, () => core.tableOf([big, core.component([], FLAG_TAG)]));
    for (const t of others) {
      expect(core.spawnMany(t, 1904).ok).toBe(true); // 133,312 bytes and more
      core.show(t);
      core.raw.allocBlock(16);
    }
    for (const t of others) expect(core.spawnMany(t, 1).ok).toBe(true);
    expect(core.spawnMany(tx, 1000).ok).toBe(true); // x's first block is a free column block
    // Memory short: the ceiling at the memory's size, the top filled but for 1 KiB.
    core.u32()[(core.raw.headerPtr() >>> 2) + H_MAX_PAGES] = core.raw.memory.buffer.byteLength / 65536;
    const room = core.raw.memory.buffer.byteLength - core.header(H_HEAP_TOP) - ALLOC_HEADER_BYTES - 1024;
    expect(core.raw.allocBlock(room)).not.toBe(0);
    core.raw.freeBlock(large);
    const tr = core.tableOf([big, core.component([], FLAG_TAG)]);
    expect(core.spawnMany(tr, 2104).ok).toBe(true); // 146,912 bytes and more: x's old block and the head of the core's
    expect(core.table(tr).block).toBe(blockX);
    expect(core.raw.checkInvariants()).toBe(OK);
  });

  test("alloc builds a request short of memory from free column blocks alone when they hold it, and leaves the core's block the core's", async () => {
    const core = await CoreHarness.create(build);
    const big = core.component([{ type: "f64", length: 8 }]); // rows of 68 bytes with the entity
    const table = () => core.tableOf([big, core.component([], FLAG_TAG)]);
    const [x, y, z] = [table(), table(), table()];
    expect(core.raw.reserveEntities(100_000)).toBe(OK);
    core.scratchFor(1 << 16);
    core.raw.allocBlock(8 << 20); // a heap so large that no merge runs before memory is short
    expect(core.spawnMany(x, 1000).ok).toBe(true);
    const large = core.raw.allocBlock(145_600); // the core's, right after x's block
    expect(core.spawnMany(y, 1104).ok && core.spawnMany(z, 1104).ok).toBe(true); // 75,072 bytes and more each
    const blockY = core.table(y).block;
    expect(core.table(z).block).toBe(blockY + core.allocationSize(blockY) + ALLOC_HEADER_BYTES);
    core.raw.allocBlock(16);
    for (const t of [x, y, z]) {
      core.show(t);
      expect(core.spawnMany(t, 1).ok).toBe(true); // its old block is a free column block
    }
    core.u32()[(core.raw.headerPtr() >>> 2) + H_MAX_PAGES] = core.raw.memory.buffer.byteLength / 65536;
    const room = core.raw.memory.buffer.byteLength - core.header(H_HEAP_TOP) - ALLOC_HEADER_BYTES - 1024;
    expect(core.raw.allocBlock(room)).not.toBe(0);
    core.raw.freeBlock(large);
    const tr = table();
    const columnFree = core.header(H_COLUMN_FREE);
    expect(core.spawnMany(tr, 2104).ok).toBe(true); // 146,912 bytes and more: y's and z's old blocks hold them
    const block = core.table(tr).block;
    expect(block).toBe(blockY);
    // Only they left the free column blocks, and the core's block is whole on its large list.
    expect(core.header(H_COLUMN_FREE)).toBe(columnFree - core.allocationSize(block) - ALLOC_HEADER_BYTES);
    const largeList: number[] = [];
    for (
      let p = core.u32()[core.raw.allocatorStatic(2) >>> 2];
      p !== 0;
      p = core.u32()[(p - ALLOC_HEADER_BYTES + 8) >>> 2]
    )
      largeList.push(p);
    expect(largeList).toContain(large);
    expect(core.allocationSize(large)).toBe(145_600);
    expect(core.raw.checkInvariants()).toBe(OK);
  });

  test("alloc takes a request short of memory from the core's free blocks alone as memory no view reached", async () => {
    const core = await CoreHarness.create(build);
    const t = core.tableOf([core.component([{ type: "f64", length: 8 }]), core.component([], FLAG_TAG)]);
    expect(core.raw.reserveEntities(10_000)).toBe(OK);
    core.scratchFor(1 << 16);
    const large = core.raw.allocBlock(300_000);
    core.raw.allocBlock(70_000); // keeps the top above it
    core.u32()[(core.raw.headerPtr() >>> 2) + H_MAX_PAGES] = core.raw.memory.buffer.byteLength / 65536;
    for (let s = 1 << 20; s >= 16; ) if (core.raw.allocBlock(s) === 0) s >>= 1;
    core.raw.freeBlock(large);
    expect(core.spawnMany(t, 500).ok).toBe(true); // 34,000 bytes and more: only the core's freed block holds them
    expect(core.table(t).block).toBeGreaterThanOrEqual(large);
    expect(core.table(t).block).toBeLessThan(large + 300_000);
    expect([core.table(t).fresh, core.table(t).hidden]).toEqual([true, true]);
    expect(core.spawnMany(t, 1500).ok).toBe(true); // it grows: no view reached its old block, which goes back
    expect(core.header(H_COLUMN_FREE)).toBe(0);
    expect(core.raw.checkInvariants()).toBe(OK);
  });

  test("alloc frees a table's old block when the table grows", async () => {
    const core = await CoreHarness.create(build);
    const c = core.component([{ type: "f32", length: 4 }]);
    const t = core.tableOf([c]);
    expect(core.raw.reserveEntities(10_000)).toBe(OK);
    core.scratchFor(10_000 * 4);
    for (const n of [10, 100, 1000, 5000]) {
      const before = core.table(t);
      const oldBytes = before.block === 0 ? 0 : core.allocationSize(before.block) + ALLOC_HEADER_BYTES;
      const used = core.header(H_USED_BYTES);
      expect(core.spawnMany(t, n).ok).toBe(true);
      const after = core.table(t);
      expect(after.block).not.toBe(before.block);
      const newBytes = core.allocationSize(after.block) + ALLOC_HEADER_BYTES;
      expect(core.header(H_USED_BYTES) - used).toBe(newBytes - oldBytes);
    }
  });

  test("alloc destroy allocates nothing and respawning reuses the freed rows and slots", async () => {
    const core = await CoreHarness.create(build);
    const c = core.component([{ type: "f64" }]);
    const t = core.tableOf([c]);
    // 3000 + REUSE_QUEUE - 1 freed slots: the 3000 respawns all reuse one.
    const { entities } = core.spawnMany(t, 3000 + REUSE_QUEUE - 1);
    const used = core.header(H_USED_BYTES);
    expect(core.destroyMany(entities.slice(0, 1500))).toBe(OK);
    for (const e of entities.slice(1500)) expect(core.raw.destroy(e)).toBe(OK);
    expect(core.header(H_USED_BYTES)).toBe(used);
    expect(core.spawnMany(t, 3000).ok).toBe(true);
    expect(core.header(H_USED_BYTES)).toBe(used);
  });

  test("alloc bumps the layout epoch when memory grows, even when no column moves", async () => {
    const core = await CoreHarness.create(build);
    const c = core.component([{ type: "f64", length: 8 }]);
    const t = core.tableOf([c]);
    core.spawnMany(t, 10);
    let grows = 0;
    for (let size = 1 << 16; size <= 1 << 23; size *= 2) {
      const bytes = core.memory.buffer.byteLength;
      const epoch = core.header(H_EPOCH);
      const columns = layout(core);
      core.scratchFor(size); // only the scratch buffer is allocated
      if (core.memory.buffer.byteLength === bytes) continue;
      grows++;
      expect(core.header(H_EPOCH), `scratch(${size})`).not.toBe(epoch);
      expect(layout(core).split(",").slice(1)).toEqual(columns.split(",").slice(1));
    }
    expect(grows).toBeGreaterThan(2);
  });

  test("alloc bumps the layout epoch when a table's block moves and keeps it when nothing moves", async () => {
    const core = await CoreHarness.create(build);
    const c = core.component([{ type: "u16" }]);
    const t = core.tableOf([c]);
    expect(core.raw.reserveEntities(1000)).toBe(OK);
    let moves = 0;
    let stays = 0;
    for (let i = 0; i < 600; i++) {
      const block = core.table(t).block;
      const epoch = core.header(H_EPOCH);
      const bytes = core.memory.buffer.byteLength;
      core.spawn(t);
      if (core.table(t).block !== block) {
        moves++;
        expect(core.header(H_EPOCH)).not.toBe(epoch);
      } else if (core.memory.buffer.byteLength === bytes) {
        stays++;
        expect(core.header(H_EPOCH)).toBe(epoch);
      }
    }
    expect(moves).toBeGreaterThan(3);
    expect(stays).toBeGreaterThan(500);
  });

  test("alloc bumps the layout epoch whenever a column, record array, mask pool or memory moves", async () => {
    const core = await CoreHarness.create(build);
    const comps = Array.from({ length: 6 }, (_, i) =>
      i === 5 ? core.component([], FLAG_TAG) : core.component([{ type: "f32", length: i + 1 }]),
    );
    const live: number[] = [];
    const next = rng(5);
    let moved = 0;
    for (let step = 0; step < 1000; step++) {
      const before = layout(core);
      const epoch = core.header(H_EPOCH);
      const op = next(10);
      if (op < 3) {
        live.push(...core.spawnMany(next(core.tableCount()), 1 + next(300)).entities);
      } else if (op < 6 && live.length > 0) {
        core.raw.add(live[next(live.length)], comps[next(comps.length)]);
      } else if (op < 7 && live.length > 0) {
        core.raw.remove(live[next(live.length)], comps[next(comps.length)]);
      } else if (op < 8) {
        comps.push(core.component([{ type: "u8" }]));
      } else if (live.length > 0) {
        core.raw.destroy(live.splice(next(live.length), 1)[0]);
      }
      if (layout(core) === before) continue;
      moved++;
      expect(core.header(H_EPOCH), `step ${step}`).not.toBe(epoch);
    }
    expect(moved).toBeGreaterThan(10);
  });
});
