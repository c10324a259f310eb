// Batch operations: spawnMany, moveMany and destroyMany are all or nothing. A stale
// handle anywhere in the batch returns ERR_STALE, names its index in H_RESULT and
// changes nothing; repeated handles are handled once.
import { describe, expect, test } from "vitest";
import {
  ERR_BAD_ARGUMENT,
  ERR_STALE,
  FLAG_TAG,
  H_ALIVE,
  H_FREE_COUNT,
  H_FREE_HEAD,
  H_RESULT,
  H_TABLE_COUNT,
  OK,
  REUSE_QUEUE,
} from "../../bindings/core/constants.generated.js";
import { rng } from "../support/rng.js";
import { slotOf } from "./fixtures.js";
import { BUILDS, type Build, CoreHarness } from "./harness.js";

/** Two data components A {v: f32}, B {w: i32[2]}; n entities in table {A} with v = index. */
async function world(build: Build, n: number) {
  const core = await CoreHarness.create(build);
  const A = core.component([{ type: "f32" }]);
  const B = core.component([{ type: "i32", length: 2 }]);
  const tA = core.tableOf([A]);
  const tAB = core.tableOf([A, B]);
  const { entities } = core.spawnMany(tA, n);
  entities.forEach((e, i) => {
    core.write(e, A, 0, "f32", i);
  });
  return { core, A, B, tA, tAB, entities };
}

/** Every table's rows, every tracked record and value: what a failed batch must not touch. */
function snapshot(core: CoreHarness, tracked: readonly number[], A: number): string {
  const tables = Array.from({ length: core.tableCount() }, (_, t) => core.entities(t));
  const records = tracked.map((e) => (core.alive(e) ? [core.record(e), core.read(e, A, 0, "f32")] : "dead"));
  return JSON.stringify({ tables, records, alive: core.header(H_ALIVE), free: core.header(H_FREE_COUNT) });
}

/** Slots on the free list, head first. */
function freeList(core: CoreHarness): number[] {
  const slots: number[] = [];
  for (let s = core.header(H_FREE_HEAD); s !== 0 && slots.length <= core.slotCount(); s = core.recordOfSlot(s).row) {
    slots.push(s);
  }
  return slots;
}

describe.each(BUILDS)("batch (%s build)", (build) => {
  test("batch spawnMany writes n distinct live handles, in row order, into the table", async () => {
    const { core, tA, entities } = await world(build, 5);
    const { status, entities: more } = core.spawnMany(tA, 300);
    expect(status).toBe(entities.length); // the first new row
    expect(new Set(more).size).toBe(300);
    expect(core.entities(tA)).toEqual([...entities, ...more]);
    more.forEach((e, i) => {
      expect(core.alive(e)).toBe(true);
      expect(core.record(e)).toEqual({ table: tA, row: entities.length + i, generation: 0 });
    });
    expect(core.header(H_ALIVE)).toBe(305);
  });

  test("batch spawnMany of zero entities or into a missing table changes nothing", async () => {
    const { core, A, tA, entities } = await world(build, 4);
    const before = snapshot(core, entities, A);
    expect(core.spawnMany(tA, 0).ok).toBe(true);
    expect(core.raw.spawnMany(core.header(H_TABLE_COUNT), 10, core.scratchFor(40))).toBe(ERR_BAD_ARGUMENT);
    expect(snapshot(core, entities, A)).toBe(before);
  });

  test("batch moveMany returns ERR_STALE with the stale index in H_RESULT and moves nothing", async () => {
    const { core, A, tAB, entities } = await world(build, 6);
    const dead = entities[5];
    expect(core.raw.destroy(dead)).toBe(OK);
    const live = entities.slice(0, 5);
    const cases: number[][] = [
      [dead, ...live],
      [live[0], live[1], dead, live[2]],
      [...live, dead],
      [live[0], 0, live[1]],
      [live[3], 0xffffffff],
    ];
    for (const batch of cases) {
      const before = snapshot(core, entities, A);
      expect(core.moveMany(batch, tAB)).toBe(ERR_STALE);
      expect(core.header(H_RESULT)).toBe(batch.findIndex((e) => !live.includes(e)));
      expect(snapshot(core, entities, A)).toBe(before);
    }
  });

  test("batch moveMany reports the first stale handle when several are stale", async () => {
    const { core, tAB, entities } = await world(build, 6);
    expect(core.destroyMany([entities[1], entities[4]])).toBe(OK);
    expect(core.moveMany([entities[0], entities[4], entities[2], entities[1]], tAB)).toBe(ERR_STALE);
    expect(core.header(H_RESULT)).toBe(1);
  });

  test("batch moveMany moves every entity once, keeps shared values and skips those already there", async () => {
    const { core, A, B, tA, tAB, entities } = await world(build, 10);
    expect(core.raw.moveTo(entities[9], tAB)).toBe(OK);
    core.write(entities[9], B, 0, "i32", -5, 1);
    const batch = [entities[2], entities[9], entities[7], entities[2], entities[0], entities[7]];
    expect(core.moveMany(batch, tAB)).toBe(OK);
    const moved = new Set(batch);
    expect(new Set(core.entities(tAB))).toEqual(moved);
    expect(core.entities(tAB).length).toBe(moved.size);
    expect(core.entities(tAB)[0]).toBe(entities[9]);
    expect(core.readRow(entities[9], B, 0, "i32")).toEqual([0, -5]);
    expect(new Set(core.entities(tA))).toEqual(new Set(entities.filter((e) => !moved.has(e))));
    entities.forEach((e, i) => {
      expect(core.read(e, A, 0, "f32")).toBe(i);
      const { table, row } = core.record(e);
      expect(core.entities(table)[row]).toBe(e);
    });
  });

  test("batch moveMany to a table that does not exist returns ERR_BAD_ARGUMENT and moves nothing", async () => {
    const { core, A, entities } = await world(build, 3);
    const before = snapshot(core, entities, A);
    expect(core.moveMany(entities, core.header(H_TABLE_COUNT))).toBe(ERR_BAD_ARGUMENT);
    expect(snapshot(core, entities, A)).toBe(before);
  });

  test("batch destroyMany returns ERR_STALE with the stale index in H_RESULT and destroys nothing", async () => {
    const { core, A, entities } = await world(build, 6);
    const dead = entities[0];
    expect(core.raw.destroy(dead)).toBe(OK);
    const live = entities.slice(1);
    const cases: number[][] = [
      [dead, live[0]],
      [live[0], live[1], live[2], dead],
      [live[4], live[4], 0],
      [live[1], 0x80000000 | live[2]],
    ];
    for (const batch of cases) {
      const before = snapshot(core, entities, A);
      expect(core.destroyMany(batch)).toBe(ERR_STALE);
      expect(core.header(H_RESULT)).toBe(batch.findIndex((e) => !live.includes(e)));
      expect(snapshot(core, entities, A)).toBe(before);
      for (const e of live) expect(core.alive(e)).toBe(true);
    }
  });

  test("batch destroyMany destroys a repeated handle once and frees its slot once", async () => {
    const { core, A, tA, entities } = await world(build, 6);
    const [a, b] = [entities[1], entities[4]];
    expect(core.destroyMany([a, b, a, a, b])).toBe(OK);
    expect(core.header(H_ALIVE)).toBe(4);
    expect(core.header(H_FREE_COUNT)).toBe(2);
    expect(freeList(core).sort((x, y) => x - y)).toEqual([slotOf(a), slotOf(b)]);
    expect(core.alive(a) || core.alive(b)).toBe(false);
    const rest = entities.filter((e) => e !== a && e !== b);
    expect(new Set(core.entities(tA))).toEqual(new Set(rest));
    for (const e of rest) expect(core.read(e, A, 0, "f32")).toBe(entities.indexOf(e));
    // REUSE_QUEUE - 1 more freed slots behind a and b: two spawns reuse a and b, the third takes a fresh slot.
    const filler = core.spawnMany(tA, REUSE_QUEUE - 1).entities;
    for (const e of filler) expect(core.raw.destroy(e)).toBe(OK);
    const freshSlot = core.slotCount();
    const next = [core.spawn(tA), core.spawn(tA), core.spawn(tA)];
    expect(
      next
        .slice(0, 2)
        .map(slotOf)
        .sort((x, y) => x - y),
    ).toEqual([slotOf(a), slotOf(b)]);
    expect(slotOf(next[2])).toBe(freshSlot);
  });

  test("batch destroyMany empties a table when given all of its rows", async () => {
    const { core, tA, entities } = await world(build, 50);
    expect(core.destroyMany([...entities].reverse())).toBe(OK);
    expect(core.table(tA).count).toBe(0);
    expect(core.header(H_ALIVE)).toBe(0);
    expect(freeList(core).length).toBe(50);
    expect(core.raw.checkInvariants()).toBe(OK);
  });

  test("batch destroyMany of every row of a table in row order empties it and frees the slots as one by one from the last row would", async () => {
    for (const skipDead of [false, true]) {
      const whole = await world(build, 40);
      const single = await world(build, 40);
      expect(whole.core.destroyMany(whole.core.entities(whole.tA), skipDead)).toBe(OK);
      for (const e of [...single.entities].reverse()) expect(single.core.raw.destroy(e)).toBe(OK);
      expect(whole.core.table(whole.tA).count).toBe(0);
      expect(whole.core.header(H_ALIVE)).toBe(0);
      expect(freeList(whole.core)).toEqual(freeList(single.core));
      for (const e of whole.entities) expect(whole.core.alive(e)).toBe(false);
      expect(whole.core.raw.checkInvariants()).toBe(OK);
    }
  });

  test("batch addMany and removeMany of every row of a table in row order move it as one block with its values", async () => {
    const { core, A, B, tA, tAB, entities } = await world(build, 30);
    expect(core.addMany(core.entities(tA), B)).toBe(OK);
    expect(core.header(H_RESULT)).toBe(0); // the first row in (A, B): one block
    expect(core.table(tA).count).toBe(0);
    expect(core.entities(tAB)).toEqual(entities);
    entities.forEach((e, i) => {
      expect(core.record(e)).toEqual({ table: tAB, row: i, generation: 0 });
      expect(core.read(e, A, 0, "f32")).toBe(i);
    });
    expect(core.removeMany(core.entities(tAB), B)).toBe(OK);
    expect(core.entities(tA)).toEqual(entities);
    entities.forEach((e, i) => {
      expect(core.read(e, A, 0, "f32")).toBe(i);
    });
    expect(core.raw.checkInvariants()).toBe(OK);
  });

  test("batch addMany and removeMany move entities from several tables and keep their values", async () => {
    const { core, A, B, tA, tAB, entities } = await world(build, 8);
    const T = core.component([], FLAG_TAG);
    expect(core.moveMany(entities.slice(4), tAB)).toBe(OK);
    entities.slice(4).forEach((e, i) => {
      core.write(e, B, 0, "i32", 100 + i, 0);
    });
    expect(core.addMany(entities, T)).toBe(OK);
    expect(new Set(core.entities(core.tableOf([A, T])))).toEqual(new Set(entities.slice(0, 4)));
    expect(new Set(core.entities(core.tableOf([A, B, T])))).toEqual(new Set(entities.slice(4)));
    expect(core.table(tA).count + core.table(tAB).count).toBe(0);
    expect(core.addMany(entities, T)).toBe(OK); // all of them already have T: nothing moves
    expect(
      core.removeMany(
        entities.filter((_, i) => i % 2 === 0),
        T,
      ),
    ).toBe(OK);
    entities.forEach((e, i) => {
      expect(core.maskBits(core.record(e).table).includes(T)).toBe(i % 2 === 1);
      expect(core.read(e, A, 0, "f32")).toBe(i);
      if (i >= 4) expect(core.read(e, B, 0, "i32")).toBe(100 + i - 4);
    });
    expect(core.raw.checkInvariants()).toBe(OK);
  });

  test("batch addMany and removeMany return ERR_STALE with the stale index and move nothing", async () => {
    const { core, A, B, entities } = await world(build, 5);
    expect(core.raw.destroy(entities[3])).toBe(OK);
    const before = snapshot(core, entities, A);
    expect(core.addMany([entities[0], entities[1], entities[3]], B)).toBe(ERR_STALE);
    expect(core.header(H_RESULT)).toBe(2);
    expect(snapshot(core, entities, A)).toBe(before);
    expect(core.removeMany([entities[3], entities[0]], A)).toBe(ERR_STALE);
    expect(core.header(H_RESULT)).toBe(0);
    expect(snapshot(core, entities, A)).toBe(before);
  });

  test("batch operations with skipDead ignore dead handles and apply to the live ones", async () => {
    const { core, A, B, tAB, entities } = await world(build, 6);
    const dead = entities[2];
    expect(core.raw.destroy(dead)).toBe(OK);
    expect(core.moveMany([entities[0], dead, 0xffffffff], tAB, true)).toBe(OK);
    expect(core.entities(tAB)).toEqual([entities[0]]);
    expect(core.removeMany([dead, entities[0]], B, true)).toBe(OK);
    expect(core.addMany([entities[1], dead], B, true)).toBe(OK);
    expect(core.entities(tAB)).toEqual([entities[1]]);
    expect(core.destroyMany([dead, entities[4], 0, entities[4]], true)).toBe(OK);
    expect(core.alive(entities[4])).toBe(false);
    expect(core.header(H_ALIVE)).toBe(4);
    for (const i of [0, 1, 3, 5]) expect(core.read(entities[i], A, 0, "f32")).toBe(i);
  });

  test("batch moveMany moves a table's trailing rows in row order and leaves the rest in place", async () => {
    const { core, A, tA, tAB, entities } = await world(build, 20);
    const records = entities.map((e) => core.record(e));
    const tail = core.entities(tA).slice(12);
    expect(core.moveMany(tail, tAB)).toBe(OK);
    expect(core.entities(tAB)).toEqual(tail);
    expect(core.entities(tA)).toEqual(entities.slice(0, 12));
    entities.slice(0, 12).forEach((e, i) => {
      expect(core.record(e)).toEqual(records[i]);
    });
    entities.forEach((e, i) => {
      expect(core.read(e, A, 0, "f32")).toBe(i);
    });
    tail.forEach((e, i) => {
      expect(core.record(e).row).toBe(i);
    });
    // The whole table at once, then back again.
    expect(core.moveMany(core.entities(tA), tAB)).toBe(OK);
    expect(core.table(tA).count).toBe(0);
    expect(core.moveMany(core.entities(tAB), tA)).toBe(OK);
    expect(new Set(core.entities(tA))).toEqual(new Set(entities));
    entities.forEach((e, i) => {
      expect(core.read(e, A, 0, "f32")).toBe(i);
      expect(core.entities(tA)[core.record(e).row]).toBe(e);
    });
  });

  test("batch moves keep every entity's components, values and record over random lists", async () => {
    const { core, A, B, entities } = await world(build, 120);
    const comps = [B, core.component([], FLAG_TAG), core.component([{ type: "u8", length: 3 }])];
    const model = new Map(entities.map((e) => [e, new Set([A])]));
    const next = rng(2024);
    for (let step = 0; step < 150; step++) {
      const e0 = entities[next(entities.length)];
      const t = core.record(e0).table;
      // Lists are either a run of rows ending at a table's end (the bulk path) or a random pick.
      const list =
        next(2) === 0
          ? core.entities(t).slice(next(core.table(t).count))
          : Array.from({ length: 1 + next(30) }, () => entities[next(entities.length)]);
      const c = comps[next(comps.length)];
      const op = next(3);
      if (op === 0) {
        const target = core.record(entities[next(entities.length)]).table;
        expect(core.moveMany(list, target)).toBe(OK);
        for (const e of list) model.set(e, new Set(core.maskBits(target)));
      } else {
        expect(op === 1 ? core.addMany(list, c) : core.removeMany(list, c)).toBe(OK);
        for (const e of list) {
          if (op === 1) model.get(e)?.add(c);
          else model.get(e)?.delete(c);
        }
      }
      for (const e of entities) {
        const { table, row } = core.record(e);
        expect(core.entities(table)[row]).toBe(e);
        expect(core.maskBits(table)).toEqual([...(model.get(e) ?? [])].sort((x, y) => x - y));
        expect(core.read(e, A, 0, "f32")).toBe(entities.indexOf(e)); // every table here has A
      }
    }
    expect(core.raw.checkInvariants()).toBe(OK);
  });

  test("batch spawnMany without an out pointer returns the first row, whose entity column holds the handles", async () => {
    const { core, tA, entities } = await world(build, 7);
    const first = core.raw.spawnMany(tA, 25, 0);
    expect(first).toBe(entities.length);
    const spawned = core.entities(tA).slice(first);
    expect(spawned.length).toBe(25);
    expect(new Set([...entities, ...spawned]).size).toBe(32);
    spawned.forEach((e, i) => {
      expect(core.alive(e)).toBe(true);
      expect(core.record(e).row).toBe(first + i);
    });
  });

  test("batch firstDead returns the index of the first dead handle, or -1 when all are alive", async () => {
    const { core, entities } = await world(build, 6);
    const firstDead = (list: readonly number[]): number => {
      const ptr = core.scratchFor(Math.max(list.length, 1) * 4);
      core.u32().set(list, ptr >>> 2);
      return core.raw.firstDead(ptr, list.length);
    };
    expect(firstDead(entities)).toBe(-1);
    expect(firstDead([])).toBe(-1);
    expect(core.raw.destroy(entities[4])).toBe(OK);
    expect(firstDead(entities)).toBe(4);
    expect(firstDead([entities[0], 0, entities[4]])).toBe(1);
    expect(firstDead([entities[1], 0xffffffff])).toBe(1);
    expect(core.header(H_ALIVE)).toBe(5);
  });

  test("batch moveMany puts the first destination row in H_RESULT only when the list moved as one block", async () => {
    const { core, A, tA, tAB, entities } = await world(build, 12);
    expect(core.moveMany([entities[0]], tAB)).toBe(OK); // a single move from the middle, not a block
    expect(core.header(H_RESULT)).toBeGreaterThanOrEqual(core.table(tAB).count);
    const tail = core.entities(tA).slice(6);
    const first = core.table(tAB).count;
    expect(core.moveMany(tail, tAB)).toBe(OK);
    expect(core.header(H_RESULT)).toBe(first);
    expect(core.entities(tAB).slice(first)).toEqual(tail);
    const scattered = [core.entities(tA)[0], core.entities(tA)[3]];
    expect(core.moveMany(scattered, tAB)).toBe(OK);
    expect(core.header(H_RESULT)).toBeGreaterThanOrEqual(core.table(tAB).count);
    entities.forEach((e, i) => {
      expect(core.read(e, A, 0, "f32")).toBe(i);
    });
  });
});
