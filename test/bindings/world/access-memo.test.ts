// The last-entity memo of world.get / world.set and of world.access(C) (bindings/world/
// access.ts): a write right after a read of the same entity reuses the table and row the
// read found while no core call was made since. Each test reads, changes the world in one
// way that moves, frees or reuses what the read found, then writes: the write must land
// where the entity is now, or throw the error the entity's state calls for and change
// nothing. Fresh world per test.
import { describe, expect, it } from "vitest";
import {
  component,
  createWorld,
  MissingComponentError,
  relation,
  SchemaError,
  StaleEntityError,
  tag,
  type World,
  WorldPoisonedError,
} from "wasm-ecs";
import { expectThrows } from "../../support/errors.js";

const Pos = component("Pos", { x: "f32", y: "f32" });
const Frozen = tag("Frozen");
const Likes = relation("Likes");
const COMPONENTS = [Pos, Frozen, Likes];

/**
 * The two ways to read then write one entity's Pos.x: get / set, and the accessor. A read
 * reads twice: a world's first read takes the slow path (it builds the lookup), the
 * second is the one remembered.
 */
const FORMS = {
  "get / set": {
    read: (world: World, e: number) => world.get(e, Pos).x + 0 * world.get(e, Pos).x,
    write: (world: World, e: number, x: number) => world.set(e, Pos, { x }),
  },
  accessor: {
    read: (world: World, e: number) => world.access(Pos).x(e) + 0 * world.access(Pos).x(e),
    write: (world: World, e: number, x: number) => world.access(Pos).setX(e, x),
  },
};

/** Every entity with Pos and its values, for "nothing else changed" checks. */
function positions(world: World): string[] {
  const out: string[] = [];
  for (const t of world.query({ all: [Pos] })) {
    const { x, y } = t.columns(Pos);
    for (let i = 0; i < t.count; i++) out.push(`${t.entities[i]}:${x[i]},${y[i]}`);
  }
  return out.sort();
}

for (const [name, { read, write }] of Object.entries(FORMS)) {
  describe(`${name}: a write after a read of the same entity`, () => {
    it("lands in the entity's new row after a destroy moved it into the hole", async () => {
      const world = await createWorld({ components: COMPONENTS });
      const [a, b, c] = [1, 2, 3].map((x) => world.spawn(Pos.with({ x, y: x })));
      expect(read(world, c)).toBe(3);
      world.destroy(a); // swap-remove: c moves into a's row
      write(world, c, 30);
      expect(positions(world)).toEqual([`${b}:2,2`, `${c}:30,3`].sort());
    });

    it("lands in the new table after the entity migrated", async () => {
      const world = await createWorld({ components: COMPONENTS });
      const [a, b] = [1, 2].map((x) => world.spawn(Pos.with({ x, y: x })));
      expect(read(world, a)).toBe(1);
      world.add(a, Frozen);
      write(world, a, 10);
      expect(positions(world)).toEqual([`${a}:10,1`, `${b}:2,2`].sort());
      expect(world.has(a, Frozen)).toBe(true);
    });

    it("lands right after memory grew and every column moved", async () => {
      const world = await createWorld({ components: COMPONENTS, initialMemoryBytes: 0 });
      const a = world.spawn(Pos.with({ x: 1, y: 1 }));
      const before = world.stats().memoryBytes;
      expect(read(world, a)).toBe(1);
      const many = world.spawnMany(50_000, Pos.with({ x: 7, y: 7 }));
      expect(world.stats().memoryBytes).toBeGreaterThan(before);
      write(world, a, 10);
      expect(world.get(a, Pos)).toEqual({ x: 10, y: 1 });
      expect(world.get(many[0], Pos)).toEqual({ x: 7, y: 7 });
    });

    it("reaches an entity spawned since in a slot past the ones counted at the read", async () => {
      const world = await createWorld({ components: COMPONENTS });
      const a = world.spawn(Pos.with({ x: 1, y: 1 }));
      expect(read(world, a)).toBe(1);
      const b = world.spawn(Pos.with({ x: 2, y: 2 })); // a new slot, no new table, no growth
      expect(read(world, b)).toBe(2);
      write(world, b, 20);
      expect(positions(world)).toEqual([`${a}:1,1`, `${b}:20,2`].sort());
    });

    it("lands in the entity's table after the table it was read in was recycled", async () => {
      const world = await createWorld({ components: COMPONENTS });
      const [t1, t2] = [world.spawn(Frozen), world.spawn(Frozen)];
      const e = world.spawn(Pos.with({ x: 1, y: 1 }), Likes.to(t1), Likes.to(t2));
      const other = world.spawn(Frozen);
      const archetypes = world.stats().archetypes;
      expect(read(world, e)).toBe(1);
      world.remove(e, Likes.to(t1)); // e's sub-table is left empty and recycled
      world.add(other, Likes.to(t1)); // and its record taken by a table without Pos
      world.add(other, Likes.to(t2));
      expect(world.stats().archetypes).toBeLessThanOrEqual(archetypes + 2);
      write(world, e, 10);
      expect(world.get(e, Pos)).toEqual({ x: 10, y: 1 });
      expectThrows(
        () => write(world, other, 1),
        MissingComponentError,
        /^Entity \d+ \(slot \d+, generation \d+\) has no Pos: cannot (set|access) it$/,
      );
    });

    it("throws StaleEntityError, writing nothing, after the entity was destroyed and its slot reused", async () => {
      const world = await createWorld({ components: COMPONENTS });
      const a = world.spawn(Pos.with({ x: 1, y: 1 }));
      expect(read(world, a)).toBe(1);
      world.destroy(a);
      // Freed slots wait in a queue before reuse: spawn and destroy until a's slot comes back.
      const slot = (e: number) => e & 0x3fffff;
      let reused = -1;
      for (let i = 0; i < 5000 && reused < 0; i++) {
        const e = world.spawn(Pos.with({ x: 5, y: 5 }));
        if (slot(e) === slot(a)) reused = e;
        else world.destroy(e);
      }
      expect(slot(reused)).toBe(slot(a));
      const before = positions(world);
      expectThrows(() => write(world, a, 10), StaleEntityError, /^Entity \d+ \(slot \d+, generation \d+\) is stale/);
      expect(positions(world)).toEqual(before);
    });

    it("throws MissingComponentError, writing nothing, after the entity lost the component", async () => {
      const world = await createWorld({ components: COMPONENTS });
      const [a, b] = [1, 2].map((x) => world.spawn(Pos.with({ x, y: x }), Frozen));
      expect(read(world, a)).toBe(1);
      world.remove(a, Pos);
      expectThrows(
        () => write(world, a, 10),
        MissingComponentError,
        /^Entity \d+ \(slot \d+, generation \d+\) has no Pos: cannot (set|access) it$/,
      );
      expect(positions(world)).toEqual([`${b}:2,2`]);
    });

    it("lands in the restored row after a snapshot was restored", async () => {
      const world = await createWorld({ components: COMPONENTS });
      const [a, b] = [1, 2].map((x) => world.spawn(Pos.with({ x, y: x })));
      const saved = world.snapshot();
      world.destroy(a); // b moves to row 0
      expect(read(world, b)).toBe(2);
      world.restore(saved); // b back in row 1
      write(world, b, 20);
      expect(positions(world)).toEqual([`${a}:1,1`, `${b}:20,2`].sort());
    });

    it("throws WorldPoisonedError after the world was disposed", async () => {
      const world = await createWorld({ components: COMPONENTS });
      const a = world.spawn(Pos.with({ x: 1, y: 1 }));
      expect(read(world, a)).toBe(1);
      const pos = world.access(Pos);
      world.dispose();
      const late = name === "accessor" ? () => pos.setX(a, 2) : () => write(world, a, 2);
      expectThrows(late, WorldPoisonedError, /^The world refuses further calls: the world was disposed$/);
    });

    it("refuses -1, 0 and NaN after a read that found nothing, writing nothing", async () => {
      const world = await createWorld({ components: COMPONENTS });
      const [a, b] = [1, 2].map((x) => world.spawn(Pos.with({ x, y: x })));
      expect(read(world, a)).toBe(1);
      world.destroy(b); // a core call: the memo of a is dropped
      // A read that renews the views and finds nothing (b is gone) leaves no memo behind.
      expectThrows(() => read(world, b), StaleEntityError, /^Entity \d+ \(slot \d+, generation \d+\) is stale/);
      const notId = (id: string) => `Entity ${id} is not an entity id (ids are integers from 1 to 1073741823)`;
      const expected: [number, string][] = [
        [-1, notId("-1")],
        [0, "Entity 0 (slot 0, generation 0) is never alive: slot 0 is reserved for 'no entity'"],
        [Number.NaN, notId("NaN")],
      ];
      for (const [bad, message] of expected) {
        expectThrows(() => write(world, bad, 99), StaleEntityError, message);
        expect(positions(world)).toEqual([`${a}:1,1`]);
      }
    });

    it("writes the entity it is given, not the one read last", async () => {
      const world = await createWorld({ components: COMPONENTS });
      const [a, b] = [1, 2].map((x) => world.spawn(Pos.with({ x, y: x })));
      expect(read(world, a)).toBe(1);
      write(world, b, 20);
      write(world, a, 10);
      expect(positions(world)).toEqual([`${a}:10,1`, `${b}:20,2`].sort());
    });
  });
}

describe("set after get of the same entity", () => {
  it("still refuses an unknown key with SchemaError (debug) and leaves the entity as it was", async () => {
    const world = await createWorld({ components: COMPONENTS, debug: true });
    const a = world.spawn(Pos.with({ x: 1, y: 2 }));
    expect(world.get(a, Pos).x + world.get(a, Pos).x).toBe(2);
    expectThrows(
      () => world.set(a, Pos, { x: 3, z: 1 } as never),
      SchemaError,
      /^Pos has no field "z" \(its fields: x, y\)$/,
    );
    expect(world.get(a, Pos)).toEqual({ x: 1, y: 2 });
  });

  it("while changes are deferred writes the entity's current row (the deferred destroy waits)", async () => {
    const world = await createWorld({ components: COMPONENTS });
    const [a, b] = [1, 2].map((x) => world.spawn(Pos.with({ x, y: x })));
    world.defer(() => {
      expect(world.get(b, Pos).x + world.get(b, Pos).x).toBe(4);
      world.destroy(a);
      world.set(b, Pos, { x: 20 });
      expect(world.get(b, Pos)).toEqual({ x: 20, y: 2 });
    });
    expect(positions(world)).toEqual([`${b}:20,2`]);
  });
});
