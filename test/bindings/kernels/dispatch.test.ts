// Kernels run through their dispatcher (bindings/kernels/batch.ts, added by the kernel
// build): outside debug worlds, one call from JS runs a kernel over every table of an
// unfiltered query. These tests span more tables than one call buffer holds, every
// scalar type, tables added and emptied between runs, and check the errors the
// per-table path gives: a trap names its table, a table lacking a column stops the run
// before anything ran. Debug worlds take the per-table path: the same runs there must
// give the same values. Fresh world per test.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  ArgumentError,
  type Component,
  component,
  createWorld,
  MissingComponentError,
  tag,
  type World,
  WorldPoisonedError,
} from "wasm-ecs";
import { expectThrows } from "../../support/errors.js";

const Pos = component("Pos", { x: "f32", y: "f32" });
const Vel = component("Vel", { x: "f32", y: "f32" });
const Val = component("Val", { value: "i32" });
const Mat = component("Mat", { m: ["f64", 4] });
const One = component("One", { v: "f32" });
const Frozen = tag("Frozen");
const Tags: readonly Component[] = Array.from({ length: 9 }, (_, i) => tag(`T${i}`));
const ALL = [Pos, Vel, Val, Mat, One, Frozen, ...Tags];
const BYTES = readFileSync(new URL("../../../build/kernels/test-kernels.wasm", import.meta.url));

/** The tags of table k (its bits). */
const tagsOf = (k: number) => Tags.filter((_, bit) => (k >> bit) & 1);

/** Spawns `tables` tables of (Pos, Vel, Val, Mat, tags), table k with k % 5 rows, x = k + row. */
function fill(world: World, from: number, tables: number): void {
  for (let k = from; k < from + tables; k++) {
    for (let row = 0; row < k % 5; row++) {
      world.spawn(
        Pos.with({ x: k + row, y: -row }),
        Vel.with({ x: 1, y: 0.5 }),
        Val.with({ value: k }),
        Mat.with({ m: [k, 0, 0, row] }),
        ...tagsOf(k),
      );
    }
  }
}

/** Every matching entity's values: Pos.x, Pos.y, Val.value, then Mat.m. */
function values(world: World): Map<number, number[]> {
  const q = world.query({ all: [Pos, Vel, Val, Mat] });
  return new Map(
    Array.from(q.entities(), (e) => [
      e,
      [world.get(e, Pos).x, world.get(e, Pos).y, world.get(e, Val).value, ...world.get(e, Mat).m],
    ]),
  );
}

async function runAll(debug: boolean): Promise<{ world: World; before: Map<number, number[]> }> {
  const world = await createWorld({ components: ALL, debug });
  const mod = await world.kernels(BYTES);
  fill(world, 0, 300);
  const before = values(world);
  const move = mod.kernel("move", { write: [Pos], read: [Vel], scalars: ["dt"] });
  const bump = mod.kernel("bump", { write: [Mat], scalars: ["k"] });
  const addInt = mod.kernel("addInt", { write: [Val], scalars: ["k"] });
  const q = world.query({ all: [Pos, Vel, Val, Mat] });
  move.run({ dt: 0.5 }, q);
  bump.run({ k: 0.25 });
  addInt.run({ k: 3 }, q);
  // New scalars, more tables and some emptied: the next runs see all of it.
  fill(world, 300, 20);
  world.destroyMany(world.query({ all: [Val, Tags[0], Tags[1]] }).entities());
  move.run({ dt: 2 }, q);
  bump.run({ k: -1.5 });
  addInt.run({ k: -7 }, q);
  return { world, before };
}

describe("kernels through their dispatcher", () => {
  it("run over more tables than one call buffer holds, with f32, f64 and i32 scalars, as the per-table path does", async () => {
    const { world, before } = await runAll(false);
    const { world: debug } = await runAll(true);
    const got = values(world);
    expect([...got]).toEqual([...values(debug)]);
    expect(world.query({ all: [Pos] }).tables().length).toBeGreaterThan(250);
    let ranTwice = 0;
    for (const [e, was] of before) {
      const now = got.get(e);
      if (now === undefined) continue; // destroyed
      ranTwice++;
      expect(now[0]).toBe(Math.fround(Math.fround(was[0] + 0.5) + 2));
      expect(now[1]).toBe(Math.fround(Math.fround(was[1] + 0.25) + 1));
      expect(now[2]).toBe(was[2] + 3 - 7);
      expect(now.slice(3)).toEqual(was.slice(3).map((m) => m + 0.25 - 1.5));
    }
    expect(ranTwice).toBeGreaterThan(400);
    expect(ranTwice).toBeLessThan(before.size);
  });

  it("passes every scalar value as given, NaN on the first run included", async () => {
    const world = await createWorld({ components: ALL });
    const mod = await world.kernels(BYTES);
    const e = world.spawn(Mat.with({ m: [1, 2, 3, 4] }));
    const bump = mod.kernel("bump", { write: [Mat], scalars: ["k"] });
    bump.run({ k: Number.NaN });
    expect(world.get(e, Mat).m.every(Number.isNaN)).toBe(true);
    world.set(e, Mat, { m: [1, 2, 3, 4] });
    bump.run({ k: -0.5 });
    expect(world.get(e, Mat).m).toEqual([0.5, 1.5, 2.5, 3.5]);
  });

  it("a trap on one table of many poisons the world naming that table; empty tables are not called", async () => {
    const world = await createWorld({ components: ALL });
    const mod = await world.kernels(BYTES);
    world.destroy(world.spawn(One)); // (One) exists, empty
    world.spawn(One, Frozen);
    world.spawn(One, Tags[0]);
    const trap = mod.kernel("trap", { write: [One] });
    expectThrows(
      () => trap.run({}),
      WorldPoisonedError,
      /^The world refuses further calls: kernel trap trapped on table \(One, Frozen\) \(unreachable\)/,
    );
  });

  it.each([false, true])(
    "a non-empty table lacking a declared column stops the run before any table ran; an empty one does not (debug: %s)",
    async (debug) => {
      const world = await createWorld({ components: ALL, debug });
      const mod = await world.kernels(BYTES);
      const e = world.spawn(Pos.with({ x: 1 }), Vel.with({ x: 1 }));
      const lone = world.spawn(Pos);
      const move = mod.kernel("move", { write: [Pos], read: [Vel], scalars: ["dt"] });
      const q = world.query({ all: [Pos] });
      expectThrows(
        () => move.run({ dt: 1 }, q),
        MissingComponentError,
        "The table (Pos) has no Vel: cannot run kernel move over it",
      );
      expect(world.get(e, Pos).x).toBe(1);
      world.destroy(lone);
      move.run({ dt: 1 }, q);
      expect(world.get(e, Pos).x).toBe(2);
    },
  );

  it("refuses to write a component that the query, or an enclosing loop, takes as a read term", async () => {
    const world = await createWorld({ components: ALL });
    const mod = await world.kernels(BYTES);
    const e = world.spawn(Pos.with({ x: 1 }), Vel.with({ x: 1 }));
    const move = mod.kernel("move", { write: [Pos], read: [Vel], scalars: ["dt"] });
    expectThrows(
      () => move.run({ dt: 1 }, world.query({ read: [Pos, Vel] })),
      ArgumentError,
      "Pos is a read term of this query: write() is for its write terms",
    );
    expect(world.get(e, Pos).x).toBe(1);
    // Inside a loop that holds the table with Pos as a read term, as t.write(Pos) there.
    const loop = () => {
      for (const _ of world.query({ read: [Pos], all: [Vel] })) move.run({ dt: 1 });
    };
    expectThrows(loop, ArgumentError, "Pos is a read term of this query: write() is for its write terms");
    expect(world.get(e, Pos).x).toBe(1);
  });

  it("the module's dispatchers are not kernels of their own", async () => {
    const world = await createWorld({ components: ALL });
    const mod = await world.kernels(BYTES);
    expect(mod.names).toContain("move");
    expect(mod.names.filter((n) => n.includes(":"))).toEqual([]);
    expect(() => mod.kernel("each:move", {})).toThrow(/^The kernel module exports no function "each:move"/);
  });
});
