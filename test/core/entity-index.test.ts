// Entity index: generations, the FIFO free list, stale handles and slot 0,
// exercised through the raw exports of both builds.
import { describe, expect, test } from "vitest";
import {
  ERR_ID_SPACE,
  ERR_STALE,
  GEN_MASK,
  H_ALIVE,
  H_FREE_COUNT,
  H_REC_TABLE,
  H_RETIRED,
  H_SLOT_CAP,
  MAX_SLOTS,
  OK,
  SLOT_MASK,
} from "../../bindings/core/constants.generated.js";
import { rng } from "../support/rng.js";
import { genOf, makeEntity, slotOf } from "./fixtures.js";
import { BUILDS, CoreHarness } from "./harness.js";

describe.each(BUILDS)("entity index (%s build)", (build) => {
  test("entity-index bumps the slot's generation when its entity is destroyed", async () => {
    const core = await CoreHarness.create(build);
    const e = core.spawn(0);
    const gen = genOf(e);
    expect(core.raw.destroy(e)).toBe(OK);
    expect(core.record(e).generation).toBe((gen + 1) & GEN_MASK);
    expect(core.record(e).table).toBe(-1);
    const again = core.spawn(0);
    expect(slotOf(again)).toBe(slotOf(e));
    expect(genOf(again)).toBe((gen + 1) & GEN_MASK);
    expect(core.alive(again)).toBe(true);
    expect(core.alive(e)).toBe(false);
  });

  test("entity-index reuses freed slots in the order they were freed (FIFO)", async () => {
    const core = await CoreHarness.create(build);
    const spawned = Array.from({ length: 8 }, () => core.spawn(0));
    const order = [spawned[3], spawned[0], spawned[6], spawned[1]];
    for (const e of order) expect(core.raw.destroy(e)).toBe(OK);
    expect(core.header(H_FREE_COUNT)).toBe(order.length);
    const freshSlot = core.slotCount();

    const reused = order.map(() => core.spawn(0));
    expect(reused.map(slotOf)).toEqual(order.map(slotOf));
    expect(reused.map(genOf)).toEqual(order.map((e) => (genOf(e) + 1) & GEN_MASK));
    expect(core.header(H_FREE_COUNT)).toBe(0);

    const next = core.spawn(0);
    expect(slotOf(next)).toBe(freshSlot);
    expect(core.slotCount()).toBe(freshSlot + 1);
  });

  test("entity-index puts a slot freed while others wait at the back of the queue", async () => {
    const core = await CoreHarness.create(build);
    const [a, b, c] = [core.spawn(0), core.spawn(0), core.spawn(0)];
    core.raw.destroy(a);
    core.raw.destroy(b);
    const first = core.spawn(0); // takes a's slot
    core.raw.destroy(c);
    const second = core.spawn(0);
    const third = core.spawn(0);
    expect([first, second, third].map(slotOf)).toEqual([a, b, c].map(slotOf));
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

  test("entity-index retires a slot instead of wrapping its generation, so no stale handle matches again", async () => {
    const core = await CoreHarness.create(build);
    const first = core.spawn(0);
    let e = first;
    for (let i = 0; i < GEN_MASK; i++) {
      expect(core.raw.destroy(e)).toBe(OK);
      const next = core.spawn(0);
      expect(slotOf(next)).toBe(slotOf(first));
      expect(genOf(next)).toBe(genOf(e) + 1);
      e = next;
    }
    expect(genOf(e)).toBe(GEN_MASK);
    expect(core.raw.destroy(e)).toBe(OK);
    expect(core.header(H_RETIRED)).toBe(1);
    const after = core.spawn(0);
    expect(slotOf(after)).not.toBe(slotOf(first));
    expect(core.raw.isAlive(first)).toBe(0);
    expect(core.raw.isAlive(e)).toBe(0);
  });

  test("entity-index keeps the record arrays in place while spawning into reserved room", async () => {
    const core = await CoreHarness.create(build);
    expect(core.raw.reserveEntities(5000)).toBe(OK);
    const cap = core.header(H_SLOT_CAP);
    expect(cap).toBeGreaterThanOrEqual(5000 + 1);
    const records = core.header(H_REC_TABLE);
    for (let i = 0; i < 5000; i++) core.spawn(0);
    expect(core.header(H_REC_TABLE)).toBe(records);
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
