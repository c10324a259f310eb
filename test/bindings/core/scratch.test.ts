// Staging id lists in the core's scratch buffer (bindings/core/scratch.ts): stage copies
// the values, stageLive also checks them in one call and names the first malformed or
// dead id, a buffer the memory ceiling cannot hold is a CapacityError. The unit tests run
// from the sources; the last one goes through the public API.
import { describe, expect, it } from "vitest";
import { component, createWorld } from "wasm-ecs";
import type { Core } from "../../../bindings/core/core.js";
import { checkAllLive, checkHandles, scratch, stage, stageLive } from "../../../bindings/core/scratch.js";
import type { Boundary } from "../../../bindings/core/status.js";
import { CapacityError, StaleEntityError } from "../../../bindings/errors.js";
import { sourceCore } from "../../support/sources.js";

async function boundary(maxPages = 64): Promise<Boundary & { core: Core }> {
  return { core: await sourceCore({ maxPages }), maxBytes: maxPages * 65536 };
}

/** n live entities in table 0. */
function spawnAll(core: Core, n: number): number[] {
  return Array.from({ length: n }, () => core.spawn(0));
}

/** The error fn throws (fails the test when it returns). */
function thrown(fn: () => unknown): Error {
  try {
    fn();
  } catch (error) {
    return error as Error;
  }
  throw new Error("expected a throw");
}

describe("scratch staging", () => {
  it("stage copies the values into scratch and returns their byte address", async () => {
    const b = await boundary();
    const ptr = stage(b, [5, 0, 0xffffffff, 42], "test");
    expect(ptr % 4).toBe(0);
    expect(Array.from(b.core.u32.subarray(ptr >>> 2, (ptr >>> 2) + 4))).toEqual([5, 0, 0xffffffff, 42]);
    const big = Uint32Array.from({ length: 100_000 }, (_, i) => i); // grows the buffer (and maybe memory)
    const at = stage(b, big, "test");
    expect(b.core.u32[(at >>> 2) + 99_999]).toBe(99_999);
  });

  it("scratch throws CapacityError naming the operation when the buffer cannot grow that far", async () => {
    const b = await boundary(4);
    const error = thrown(() => scratch(b, 1 << 20, "destroy 262144 entities"));
    expect(error).toBeInstanceOf(CapacityError);
    expect(error.message).toBe(
      `Out of memory while trying to destroy 262144 entities: the world may use at most ${4 * 65536} bytes (maxMemoryBytes); nothing was changed`,
    );
  });

  it("stageLive returns the address of live ids and names the first dead one with StaleEntityError", async () => {
    const b = await boundary();
    const ids = spawnAll(b.core, 5);
    const ptr = stageLive(b, ids, "destroy 5 entities");
    expect(Array.from(b.core.u32.subarray(ptr >>> 2, (ptr >>> 2) + 5))).toEqual(ids);
    expect(b.core.destroy(ids[3])).toBe(0);
    expect(b.core.destroy(ids[1])).toBe(0);
    const error = thrown(() => stageLive(b, ids, "destroy 5 entities"));
    expect(error).toBeInstanceOf(StaleEntityError);
    expect((error as StaleEntityError).entity).toBe(ids[1]);
    expect(error.message).toBe(
      `Entity ${ids[1]} (slot ${ids[1]}, generation 0) is stale: slot ${ids[1]} is free, now at generation 1`,
    );
  });

  it("stageLive names a malformed id before any dead one, without staging", async () => {
    const b = await boundary();
    const ids = spawnAll(b.core, 3);
    expect(b.core.destroy(ids[0])).toBe(0);
    const error = thrown(() => stageLive(b, [ids[0], ids[1], 2.5, -1], "add A"));
    expect(error).toBeInstanceOf(StaleEntityError);
    expect(error.message).toBe("Entity 2.5 is not an entity id (ids are integers from 1 to 1073741823)");
  });

  it("checkHandles trusts a Uint32Array and checks the form of every other list", async () => {
    const b = await boundary();
    checkHandles(b, Uint32Array.of(0, 7)); // every element of a Uint32Array is a u32: no check
    checkHandles(b, [1, 2, 3]);
    const error = thrown(() => checkHandles(b, [1, 0, 3]));
    expect(error).toBeInstanceOf(StaleEntityError);
    expect(error.message).toBe("Entity 0 (slot 0, generation 0) is never alive: slot 0 is reserved for 'no entity'");
  });

  it("checkAllLive names the first id that is not alive, reading records only", async () => {
    const b = await boundary();
    const ids = spawnAll(b.core, 4);
    checkAllLive(b, ids);
    expect(b.core.destroy(ids[2])).toBe(0);
    const calls = b.core.version;
    const error = thrown(() => checkAllLive(b, [ids[0], ids[2], ids[3] + 10]));
    expect(error).toBeInstanceOf(StaleEntityError);
    expect((error as StaleEntityError).entity).toBe(ids[2]);
    expect(b.core.version).toBe(calls);
  });
});

describe("scratch staging through the public API", () => {
  const Pos = component("Pos", { x: "f32", y: "f32" });

  it("destroyMany of a table's entities view destroys them all when staging the ids grows memory", async () => {
    const world = await createWorld({ components: [Pos], initialMemoryBytes: 0 });
    world.spawnMany(10_000, Pos);
    const [t] = world.query({ all: [Pos] });
    world.destroyMany(t.entities);
    expect(world.entityCount).toBe(0);
  });
});
