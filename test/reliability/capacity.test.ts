// How many entities a world of a given ceiling holds before CapacityError. A table's column
// block that the facade made no view of goes back to the core's own memory when the table
// grows or goes (the core's records and the blocks of other tables reuse it); one it made a
// view of stays a column block for good (an array kept from it may still write to it), and
// takes in the core's free blocks next to it, as many as a request needs, when memory runs
// short. Each figure below was halved while freed column blocks and the core's free blocks
// could not be joined, or (several tables) while merges gave columns every free block of the
// core's next to them, leaving the entity index none to double into.
import { describe, expect, it } from "vitest";
import { CapacityError, component, createWorld, relation, tag, type World } from "wasm-ecs";

const P = component("P", { x: "f32", y: "f32" });
const V = component("V", { x: "f32", y: "f32", z: "f64" });
const H = component("H", { hp: "i32" });
const T = tag("T");
const R = relation("R");
const MiB = 1 << 20;

/** How many times `step` runs before it throws CapacityError (anything else fails the test). */
function untilFull(step: () => void): number {
  let n = 0;
  try {
    for (;;) {
      step();
      n++;
    }
  } catch (e) {
    expect(e).toBeInstanceOf(CapacityError);
  }
  return n;
}

async function world(bytes: number, sharedMemory: boolean): Promise<World> {
  return createWorld({ components: [P, V, H, T, R], maxMemoryBytes: bytes, initialMemoryBytes: bytes, sharedMemory });
}

describe.each([true, false])("capacity (shared memory: %s)", (shared) => {
  it("per-entity spawns fill 32 MiB: 1,048,575 entities of 8 bytes, 524,288 of 24", async () => {
    const a = await world(32 * MiB, shared);
    expect(untilFull(() => a.spawn(P))).toBeGreaterThanOrEqual(1_000_000);
    const b = await world(32 * MiB, shared);
    expect(untilFull(() => b.spawn(P, V))).toBeGreaterThanOrEqual(500_000);
  });

  it("after relation churn (4,000 targets of 20 sources each, destroyed) 32 MiB still holds 300,000 entities", async () => {
    const w = await world(32 * MiB, shared);
    const targets: number[] = [];
    for (let i = 0; i < 4000; i++) {
      const t = w.spawn(P);
      targets.push(t);
      for (let k = 0; k < 20; k++) w.spawn(P, V, H, T, R.to(t));
    }
    for (const t of targets) w.destroy(t);
    expect(w.query({ all: [R.to("*")] }).count()).toBe(0);
    expect(untilFull(() => w.spawn(P, V, H, T))).toBeGreaterThanOrEqual(300_000);
  });

  it("a world whose loop reads its columns every 1,000 spawns, and writes through arrays it keeps, holds as many and stays sound", async () => {
    const w = await world(32 * MiB, shared);
    let n = 0;
    const kept: Uint32Array[] = [];
    const count = untilFull(() => {
      w.spawn(P.with({ x: 1 }));
      if (++n % 1000 !== 0) return;
      for (const t of w.query({ all: [P] })) if (n % 32_000 === 0) kept.push(t.entities);
      // Their old blocks are column blocks for good: a write lands in column values at most.
      for (const es of kept) es.fill(0xffffffff, 0, 256);
    });
    expect(count).toBeGreaterThanOrEqual(1_000_000);
    expect(w.entityCount).toBe(count);
    const table = w.query({ all: [P] }).tables()[0];
    const es = Array.from(table.entities);
    expect(es.length === count && new Set(es).size === count && es.every((e) => w.isAlive(e))).toBe(true);
    const copy = await createWorld({ components: [P, V, H, T, R], maxMemoryBytes: 64 * MiB, snapshot: w.snapshot() });
    expect(copy.entityCount).toBe(count);
  });
  it.each([4, 8])(
    "%i tables of 36-byte rows growing together, each read every 1,000 spawns, hold 500,000 entities in 32 MiB",
    async (k) => {
      const D = component("D", { a: "f32", b: "f32", c: "f32", d: "f32", e: "f32", f: "f32", g: "f32", h: "f32" });
      const tags = Array.from({ length: k }, (_, i) => tag(`K${i}`));
      const w = await createWorld({ components: [D, ...tags], maxMemoryBytes: 32 * MiB, sharedMemory: shared });
      const queries = tags.map((t) => w.query({ all: [D, t] }));
      let n = 0;
      let read = 0;
      const count = untilFull(() => {
        w.spawn(D, tags[n % k]);
        if (++n % 1000 !== 0) return;
        for (const q of queries) for (const t of q) read += t.columns(D).a.length;
      });
      expect(count).toBeGreaterThanOrEqual(500_000);
      expect(w.entityCount).toBe(count);
      expect(read).toBeGreaterThan(0);
      expect(queries.map((q) => q.count()).reduce((a, b) => a + b)).toBe(count);
    },
  );
});
