// The core as the facade sees it (bindings/core/core.ts): record reads that need no call
// (tableOf, rowOf, slotState) on live, dead and malformed ids; whole-memory views that
// follow a grown memory; poisoning after a real trap and after dispose. Run from the
// sources over the dist/ core.
import { describe, expect, it } from "vitest";
import { Core } from "../../../bindings/core/core.js";
import { createMemory, instantiateCore } from "../../../bindings/core/load.js";
import { WorldPoisonedError } from "../../../bindings/errors.js";
import { expectThrows } from "../../support/errors.js";
import { coreUrl, sourceCore } from "../../support/sources.js";

/** Spawns one entity into table t; throws on a status. */
function spawn(core: Core, t = 0): number {
  const e = core.spawn(t);
  if (e < 0) throw new Error(`spawn failed with status ${e}`);
  return e;
}

describe("core record reads", () => {
  it("tableOf, rowOf and slotState read a live entity's record without a call", async () => {
    const core = await sourceCore();
    const [a, b, c] = [spawn(core), spawn(core), spawn(core)];
    const calls = core.version;
    expect([a, b, c].map((e) => core.tableOf(e))).toEqual([0, 0, 0]);
    expect([a, b, c].map((e) => core.rowOf(e))).toEqual([0, 1, 2]);
    expect(core.slotState(b)).toEqual({ generation: 0, free: false });
    expect(core.version).toBe(calls); // no core call was made
    expect(core.destroy(a)).toBe(0);
    expect(core.rowOf(c)).toBe(0); // the last row filled the hole
  });

  it("tableOf is -1 and slotState names the free slot's generation for a destroyed entity", async () => {
    const core = await sourceCore();
    const e = spawn(core);
    expect(core.destroy(e)).toBe(0);
    expect(core.tableOf(e)).toBe(-1);
    expect(core.slotState(e)).toEqual({ generation: 1, free: true });
  });

  it("tableOf is -1 for an old handle of a reused slot, whose slotState names the new generation", async () => {
    const core = await sourceCore();
    const e = spawn(core);
    expect(core.destroy(e)).toBe(0);
    // Spawn and destroy until e's slot comes back (once 4096 freed slots wait).
    let reused = spawn(core);
    for (let i = 0; i < 5000 && (reused & 0x3fffff) !== (e & 0x3fffff); i++) {
      expect(core.destroy(reused)).toBe(0);
      reused = spawn(core);
    }
    expect(reused & 0x3fffff).toBe(e & 0x3fffff);
    expect(core.tableOf(reused)).toBe(0);
    expect(core.tableOf(e)).toBe(-1);
    expect(core.slotState(e)).toEqual({ generation: 1, free: false });
  });

  it("tableOf is -1 for malformed ids and slotState is undefined for slot 0 and never-used slots", async () => {
    const core = await sourceCore();
    const e = spawn(core);
    for (const bad of [0, -1, -e, 1.5, e + 0.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 31 + e, 2 ** 32 + e])
      expect(core.tableOf(bad), String(bad)).toBe(-1);
    expect(core.tableOf(e + 1)).toBe(-1); // a slot never used
    expect(core.tableOf(e | (5 << 22))).toBe(-1); // a generation the slot never had
    expect(core.slotState(0)).toBeUndefined();
    expect(core.slotState(e + 1)).toBeUndefined();
    expect(core.slotState(e | (5 << 22))).toEqual({ generation: 0, free: false }); // the slot's state now
  });
});

describe("core views", () => {
  it("the whole-memory views follow a memory grown by a call, and the epoch moves", async () => {
    const core = await sourceCore({ maxPages: 64 });
    const before = core.buffer;
    const epoch = core.epoch;
    expect(core.reserveEntities(200_000)).toBe(0); // record arrays past the 2 pages the memory started with
    expect(core.memory.buffer).not.toBe(before);
    expect(core.buffer).toBe(core.memory.buffer);
    expect(core.u32.length).toBe(core.memory.buffer.byteLength / 4);
    expect(core.views.every((v) => v.buffer === core.memory.buffer)).toBe(true);
    expect(core.epoch).toBeGreaterThan(epoch);
    const e = spawn(core);
    expect(core.tableOf(e)).toBe(0);
  });
});

describe("core poisoning", () => {
  it("marks the core dead after a real trap and refuses every later call", async () => {
    const memory = createMemory(2, 16);
    const core = new Core(await instantiateCore(false, memory, coreUrl(false)), memory);
    expect(core.init(16, 0)).toBe(0);
    // An address beyond the memory makes the core trap (out-of-bounds access).
    expectThrows(
      () => core.destroyMany(0x7fff0000, 4, 0),
      WorldPoisonedError,
      /^The world refuses further calls: an internal error left it half-updated \(.*memory access out of bounds/,
    );
    expect(() => core.check()).toThrow(/^The world refuses further calls: an internal error left it half-updated/);
    expect(core.dead).toMatch(/memory access out of bounds/);
  });

  it("dispose makes check() throw WorldPoisonedError saying the world was disposed; records stay readable", async () => {
    const core = await sourceCore();
    const e = spawn(core);
    expect(core.dead).toBeUndefined();
    core.check();
    core.dispose();
    expect(() => core.check()).toThrow(WorldPoisonedError);
    expect(() => core.check()).toThrow(/^The world refuses further calls: the world was disposed$/);
    expect(core.tableOf(e)).toBe(0);
  });
});
