// Entity index: generations, the FIFO free queue and its reuse rule (a freed slot is
// taken again only while REUSE_QUEUE freed slots wait), stale handles and slot 0,
// exercised through the raw exports of both builds.
import { describe, expect, test } from "vitest";
import {
  ERR_ID_SPACE,
  ERR_STALE,
  GEN_MASK,
  H_ALIVE,
  H_FREE_COUNT,
  H_FREE_HEAD,
  H_FREE_TAIL,
  H_RECORDS,
  H_SLOT_CAP,
  H_SLOT_COUNT,
  MAX_SLOTS,
  OK,
  REUSE_QUEUE,
  SLOT_MASK,
} from "../../bindings/core/constants.generated.js";
import { rng } from "../support/rng.js";
import { genOf, makeEntity, slotOf } from "./fixtures.js";
import { BUILDS, CoreHarness } from "./harness.js";

describe.each(BUILDS)("entity index (%s build)", (build) => {
  /** Fills the free queue with exactly REUSE_QUEUE slots (spawned and destroyed), so the next spawn reuses its head. */
  function primeQueue(core: CoreHarness): number[] {
    const free = core.header(H_FREE_COUNT);
    const { entities } = core.spawnMany(0, REUSE_QUEUE);
    for (const e of entities) expect(core.raw.destroy(e)).toBe(OK); // freed in this order
    expect(core.header(H_FREE_COUNT)).toBe(free + REUSE_QUEUE);
    return entities;
  }

  test("entity-index bumps the slot's generation when its entity is destroyed", async () => {
    const core = await CoreHarness.create(build);
    const e = core.spawn(0);
    const gen = genOf(e);
    expect(core.raw.destroy(e)).toBe(OK);
    expect(core.record(e).generation).toBe((gen + 1) & GEN_MASK);
    expect(core.record(e).table).toBe(-1);
    primeQueue(core); // e's slot heads the queue, which now holds REUSE_QUEUE + 1 slots
    const again = core.spawn(0);
    expect(slotOf(again)).toBe(slotOf(e));
    expect(genOf(again)).toBe((gen + 1) & GEN_MASK);
    expect(core.alive(again)).toBe(true);
    expect(core.alive(e)).toBe(false);
  });

  test("entity-index takes never-used slots while fewer than REUSE_QUEUE freed slots wait", async () => {
    const core = await CoreHarness.create(build);
    const first = core.spawnMany(0, REUSE_QUEUE - 1).entities;
    for (const e of first) expect(core.raw.destroy(e)).toBe(OK);
    expect(core.header(H_FREE_COUNT)).toBe(REUSE_QUEUE - 1);
    const fresh = core.slotCount();
    const next = core.spawn(0);
    expect(slotOf(next)).toBe(fresh);
    expect(core.header(H_FREE_COUNT)).toBe(REUSE_QUEUE - 1);
    // One more freed slot makes REUSE_QUEUE: the next spawn takes the oldest one.
    expect(core.raw.destroy(next)).toBe(OK);
    const reused = core.spawn(0);
    expect(slotOf(reused)).toBe(slotOf(first[0]));
    expect(genOf(reused)).toBe((genOf(first[0]) + 1) & GEN_MASK);
    expect(core.header(H_FREE_COUNT)).toBe(REUSE_QUEUE - 1);
  });

  test("entity-index reuses freed slots in the order they were freed (FIFO)", async () => {
    const core = await CoreHarness.create(build);
    const spawned = Array.from({ length: 8 }, () => core.spawn(0));
    const order = [spawned[3], spawned[0], spawned[6], spawned[1]];
    for (const e of order) expect(core.raw.destroy(e)).toBe(OK);
    const filler = primeQueue(core);
    expect(core.header(H_FREE_COUNT)).toBe(order.length + REUSE_QUEUE);
    const reused = order.map(() => core.spawn(0));
    expect(reused.map(slotOf)).toEqual(order.map(slotOf));
    expect(reused.map(genOf)).toEqual(order.map((e) => (genOf(e) + 1) & GEN_MASK));
    expect(core.header(H_FREE_HEAD)).toBe(slotOf(filler[0]));
    expect(core.header(H_FREE_COUNT)).toBe(REUSE_QUEUE);
  });

  test("entity-index puts a slot freed while others wait at the back of the queue", async () => {
    const core = await CoreHarness.create(build);
    const [a, b, c] = [core.spawn(0), core.spawn(0), core.spawn(0)];
    core.raw.destroy(a);
    core.raw.destroy(b);
    const filler = primeQueue(core);
    const first = core.spawn(0); // takes a's slot
    core.raw.destroy(c);
    expect(slotOf(first)).toBe(slotOf(a));
    // The queue holds REUSE_QUEUE + 2: three spawns take its oldest, then it is too short.
    const taken = Array.from({ length: 4 }, () => core.spawn(0));
    expect(taken.map(slotOf)).toEqual([b, filler[0], filler[1]].map(slotOf).concat(core.slotCount() - 1));
    // c waits behind every slot freed before it.
    expect(core.header(H_FREE_HEAD)).toBe(slotOf(filler[2]));
    expect(core.header(H_FREE_TAIL)).toBe(slotOf(c));
  });

  test("entity-index spawnMany takes the queue's draws first, then never-used slots, rows in order", async () => {
    const core = await CoreHarness.create(build);
    const [a, b] = [core.spawn(0), core.spawn(0)];
    core.raw.destroy(a);
    core.raw.destroy(b);
    const filler = primeQueue(core); // REUSE_QUEUE + 2 wait: three draws, then the queue is too short
    const fresh = core.slotCount();
    const { entities } = core.spawnMany(0, 5);
    expect(entities.map(slotOf)).toEqual([a, b, filler[0]].map(slotOf).concat([fresh, fresh + 1]));
    expect(entities.slice(0, 3).map(genOf)).toEqual([a, b, filler[0]].map((e) => (genOf(e) + 1) & GEN_MASK));
    const rows = entities.map((e) => core.record(e));
    expect(rows.map((r) => r.table)).toEqual([0, 0, 0, 0, 0]);
    expect(rows.map((r) => r.row)).toEqual([0, 1, 2, 3, 4]);
    expect(core.header(H_FREE_COUNT)).toBe(REUSE_QUEUE - 1);
    expect(core.header(H_FREE_HEAD)).toBe(slotOf(filler[1]));
    expect(core.slotCount()).toBe(fresh + 2);
    expect(core.header(H_ALIVE)).toBe(5);
  });

  test("entity-index frees a whole table's slots last row first, behind the slots already waiting", async () => {
    const core = await CoreHarness.create(build);
    const lone = core.spawn(0);
    const { entities } = core.spawnMany(0, 4);
    expect(core.raw.destroy(lone)).toBe(OK); // the last row, 4, fills lone's row 0
    const table = core.entities(0);
    expect(core.destroyMany(table)).toBe(OK); // every row in row order: the whole-table pass
    expect(core.header(H_ALIVE)).toBe(0);
    const queue: number[] = [];
    for (let s = core.header(H_FREE_HEAD); s !== 0; s = core.recordOfSlot(s).row) queue.push(s);
    expect(queue).toEqual([lone, ...[...table].reverse()].map(slotOf));
    expect(core.header(H_FREE_TAIL)).toBe(slotOf(table[0]));
    expect(core.header(H_FREE_COUNT)).toBe(5);
    for (const e of entities) {
      expect(core.record(e)).toEqual({ table: -1, row: expect.any(Number), generation: (genOf(e) + 1) & GEN_MASK });
    }
  });

  test("entity-index rejects a destroyed handle with ERR_STALE in every structural export", async () => {
    const core = await CoreHarness.create(build);
    const pos = core.component([{ type: "f32" }]);
    const t = core.tableOf([pos]);
    const e = core.spawn(t);
    expect(core.raw.destroy(e)).toBe(OK);
    const successor = core.spawn(t); // same slot, next generation
    core.write(successor, pos, 0, "f32", 7.5);
    const before = core.record(successor);

    expect(core.raw.add(e, pos)).toBe(ERR_STALE);
    expect(core.raw.remove(e, pos)).toBe(ERR_STALE);
    expect(core.raw.moveTo(e, 0)).toBe(ERR_STALE);
    expect(core.raw.destroy(e)).toBe(ERR_STALE);
    expect(core.raw.isAlive(e)).toBe(0);

    expect(core.alive(successor)).toBe(true);
    expect(core.record(successor)).toEqual(before);
    expect(core.read(successor, pos, 0, "f32")).toBe(7.5);
    expect(core.header(H_ALIVE)).toBe(1);
  });

  test("entity-index never hands out slot 0 and never reports entity 0 alive", async () => {
    const core = await CoreHarness.create(build);
    const { entities } = core.spawnMany(0, 100);
    expect(entities.length).toBe(100);
    for (const e of entities) expect(slotOf(e)).not.toBe(0);
    for (let gen = 0; gen <= GEN_MASK; gen++) expect(core.raw.isAlive(makeEntity(0, gen))).toBe(0);
    expect(core.raw.destroy(0)).toBe(ERR_STALE);
    expect(core.raw.add(0, 0)).toBe(ERR_STALE);
    expect(core.record(0).table).toBe(-1);
  });

  test("entity-index isAlive returns 0 without trapping for garbage handles", async () => {
    const core = await CoreHarness.create(build);
    const live = core.spawnMany(0, 50).entities;
    const e = live[10];
    const garbage = [
      0xffffffff,
      -1,
      0x80000000,
      0x7fffffff,
      makeEntity(SLOT_MASK, 0),
      makeEntity(core.slotCount(), genOf(e)),
      (e | 0x80000000) >>> 0,
      makeEntity(slotOf(e), (genOf(e) + 1) & GEN_MASK),
    ];
    for (const g of garbage) expect(core.raw.isAlive(g)).toBe(0);
    expect(core.raw.isAlive(e)).toBe(1);

    const liveSet = new Set(live);
    const next = rng(1234);
    for (let i = 0; i < 20_000; i++) {
      const value = (next(0x10000) * 0x10000 + next(0x10000)) >>> 0;
      expect(core.raw.isAlive(value)).toBe(liveSet.has(value) ? 1 : 0);
    }
  });

  test("entity-index wraps a slot's generation, and a stale handle stays stale until its slot's 256th reuse", async () => {
    const core = await CoreHarness.create(build);
    const [stale] = primeQueue(core); // its slot heads a queue of REUSE_QUEUE
    const slot = slotOf(stale);
    // Spawn, destroy, repeat: each spawn takes the queue's head and the destroy puts it at
    // the back, so the slot comes back every REUSE_QUEUE spawns, one generation further.
    const uses: number[] = [];
    let spawns = 0;
    while (uses.length < GEN_MASK + 1) {
      const e = core.raw.spawn(0);
      spawns++;
      if (slotOf(e) === slot) {
        uses.push(spawns);
        // The handle of the first entity is stale for the first 255 uses, alive at the 256th.
        expect(core.raw.isAlive(stale)).toBe(uses.length === GEN_MASK + 1 ? 1 : 0);
        expect(genOf(e)).toBe((genOf(stale) + uses.length) & GEN_MASK);
      }
      if (uses.length <= GEN_MASK) expect(core.raw.destroy(e)).toBe(OK);
    }
    expect(uses[0]).toBe(1);
    for (let i = 1; i < uses.length; i++) expect(uses[i] - uses[i - 1]).toBe(REUSE_QUEUE);
    expect(core.slotCount()).toBe(REUSE_QUEUE + 1); // no slot retired, none added
  });

  test("entity-index spawns past MAX_SLOTS lifetime ids: churn never runs out", async () => {
    const core = await CoreHarness.create(build);
    const batch = 1 << 16;
    let spawned = 0;
    // More spawns than there are slots, with few alive: slots keep being reused.
    while (spawned < 2 * MAX_SLOTS) {
      const { ok, entities } = core.spawnMany(0, batch);
      expect(ok).toBe(true);
      expect(core.destroyMany(entities)).toBe(OK);
      spawned += batch;
    }
    expect(core.slotCount()).toBe(1 + batch + REUSE_QUEUE - 1);
    expect(core.header(H_ALIVE)).toBe(0);
  });

  test("entity-index refuses a spawn with ERR_ID_SPACE only when every slot is used and fewer than REUSE_QUEUE are free", async () => {
    const core = await CoreHarness.create(build);
    const { ok, entities } = core.spawnMany(0, MAX_SLOTS - 1);
    expect(ok).toBe(true);
    expect(core.header(H_SLOT_COUNT)).toBe(MAX_SLOTS);
    for (const e of entities.slice(0, REUSE_QUEUE - 1)) expect(core.raw.destroy(e)).toBe(OK);
    expect(core.raw.spawn(0)).toBe(ERR_ID_SPACE);
    expect(core.raw.spawnMany(0, 1, core.scratchFor(4))).toBe(ERR_ID_SPACE);
    expect(core.header(H_ALIVE)).toBe(MAX_SLOTS - REUSE_QUEUE);
    expect(core.header(H_FREE_COUNT)).toBe(REUSE_QUEUE - 1);
    // One more free slot: the oldest freed one is taken, the queue is back to REUSE_QUEUE - 1.
    expect(core.raw.destroy(entities[REUSE_QUEUE - 1])).toBe(OK);
    const e = core.raw.spawn(0);
    expect(slotOf(e)).toBe(slotOf(entities[0]));
    expect(core.header(H_ALIVE)).toBe(MAX_SLOTS - REUSE_QUEUE);
    expect(core.raw.spawn(0)).toBe(ERR_ID_SPACE);
  });

  test("entity-index keeps the record arrays in place while spawning into reserved room", async () => {
    const core = await CoreHarness.create(build);
    expect(core.raw.reserveEntities(5000)).toBe(OK);
    const cap = core.header(H_SLOT_CAP);
    expect(cap).toBeGreaterThanOrEqual(5000 + 1);
    const records = core.header(H_RECORDS);
    for (let i = 0; i < 5000; i++) core.spawn(0);
    expect(core.header(H_RECORDS)).toBe(records);
    expect(core.header(H_SLOT_CAP)).toBe(cap);
  });

  test("entity-index returns ERR_ID_SPACE when a reservation exceeds the slot bits", async () => {
    const core = await CoreHarness.create(build);
    const e = core.spawn(0);
    const cap = core.header(H_SLOT_CAP);
    // Slot 0 is reserved, so at most MAX_SLOTS - 1 entities can ever be alive.
    expect(core.raw.reserveEntities(MAX_SLOTS)).toBe(ERR_ID_SPACE);
    expect(core.raw.reserveEntities(0xffffffff)).toBe(ERR_ID_SPACE);
    expect(core.header(H_SLOT_CAP)).toBe(cap);
    expect(core.alive(e)).toBe(true);
    expect(core.raw.spawnMany(0, MAX_SLOTS - 1, core.scratchFor(4))).toBe(ERR_ID_SPACE);
    expect(core.header(H_ALIVE)).toBe(1);
  });
});
