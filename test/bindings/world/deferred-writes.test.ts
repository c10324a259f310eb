// Writes made while a remove of their component waits (bindings/ops/commands.ts SET,
// world/access.ts Lookup.waits): world.set and the accessor's setters write the entity's
// current row at once and, while a remove of the component waits in the same scope, are
// made again in order at the flush. So `remove, add, set` ends with the set's values (the
// re-add starts a new row), `remove, set, add(v)` with the add's, and `remove, set` with
// the entity without the component and nothing thrown. Fresh world per test.
import { describe, expect, it } from "vitest";
import { component, createWorld, MissingComponentError, type World } from "wasm-ecs";
import { expectThrows } from "../../support/errors.js";

const P = component("P", { x: "f32", m: ["f32", 3], label: "object" });
const Q = component("Q", { v: "i32" });

/** The ways to write P.x = v to one entity. */
const WRITES = {
  "world.set": (world: World, e: number, v: number) => world.set(e, P, { x: v }),
  "accessor setX": (world: World, e: number, v: number) => world.access(P).setX(e, v),
};

for (const debug of [false, true]) {
  describe(`a write while a remove of its component waits (${debug ? "debug" : "release"} world)`, () => {
    for (const [name, write] of Object.entries(WRITES)) {
      it(`${name} after remove + add of the component in one scope lands in the new row`, async () => {
        const world = await createWorld({ components: [P, Q], debug });
        const e = world.spawn(P.with({ x: 1, m: [1, 1, 1] }), Q.with({ v: 3 }));
        const other = world.spawn(P.with({ x: 10 }));
        world.defer(() => {
          world.remove(e, P);
          world.add(e, P, { m: [2, 2, 2] });
          write(world, e, 5);
          write(world, other, 11); // no remove of it waits: written now, and again at the flush
          expect(world.get(other, P).x).toBe(11);
        });
        expect(world.get(e, P)).toMatchObject({ x: 5, m: [2, 2, 2] });
        expect(world.get(e, Q).v).toBe(3);
        expect(world.get(other, P).x).toBe(11);
      });

      it(`${name} after remove + add without values lands over the defaults`, async () => {
        const world = await createWorld({ components: [P, Q], debug });
        const e = world.spawn(P.with({ x: 1, m: [1, 1, 1] }));
        for (const t of world.query({ all: [P] })) {
          for (const x of t.entities) {
            world.remove(x, P);
            world.add(x, P);
            write(world, x, 7);
          }
        }
        expect(world.get(e, P)).toMatchObject({ x: 7, m: [0, 0, 0] });
      });

      it(`${name} before the remove and the re-add leaves the re-add's values (program order)`, async () => {
        const world = await createWorld({ components: [P], debug });
        const e = world.spawn(P.with({ x: 1 }));
        world.defer(() => {
          write(world, e, 5);
          world.remove(e, P);
          write(world, e, 6); // P still there now: written, then again at the flush, before the add
          world.add(e, P, { x: 8 });
        });
        expect(world.get(e, P).x).toBe(8);
      });

      it(`${name} after a remove alone: the entity ends without the component, nothing thrown`, async () => {
        const world = await createWorld({ components: [P, Q], debug });
        const e = world.spawn(P.with({ x: 1 }), Q);
        world.defer(() => {
          world.remove(e, P);
          write(world, e, 5);
        });
        expect(world.has(e, P)).toBe(false);
        expectThrows(
          () => write(world, e, 6),
          MissingComponentError,
          /^Entity \d+ \(slot \d+, generation \d+\) has no P: cannot (set|access) it$/,
        );
      });
    }

    it("accessor element and object-field writes after remove + add land in the new row, element by element", async () => {
      const world = await createWorld({ components: [P], debug });
      const e = world.spawn(P.with({ x: 1, m: [1, 1, 1], label: "old" }));
      const p = world.access(P);
      world.defer(() => {
        world.remove(e, P);
        world.add(e, P, { x: 2 });
        p.setM(e, 1, 9);
        p.setLabel(e, "new");
      });
      // The re-added row starts from its defaults; only element 1 was written after it.
      expect(world.get(e, P)).toEqual({ x: 2, m: [0, 9, 0], label: "new" });
    });

    it("the re-added and written row is reported by a change filter after the flush, with the written value", async () => {
      const world = await createWorld({ components: [P], debug });
      const e = world.spawn(P.with({ x: 1 }));
      const changed = world.query({ all: [P], changed: [P] });
      const seen = () => [...changed.entities()];
      expect(seen()).toEqual([e]);
      for (const _ of changed) {
        // an iteration moves the reader on
      }
      expect(seen()).toEqual([]);
      world.defer(() => {
        world.remove(e, P);
        world.add(e, P);
        world.set(e, P, { x: 4 });
      });
      expect(seen()).toEqual([e]);
      expect(world.get(e, P).x).toBe(4);
    });

    it("after the flush, writes take their usual path again", async () => {
      const world = await createWorld({ components: [P], debug });
      const e = world.spawn(P.with({ x: 1 }));
      const p = world.access(P);
      world.defer(() => {
        world.remove(e, P);
        world.add(e, P);
      });
      p.setX(e, p.x(e) + 3);
      world.set(e, P, { x: world.get(e, P).x + 1 });
      expect(world.get(e, P).x).toBe(4);
      world.defer(() => {
        p.setX(e, 9); // no remove waits in this scope: written at once, nothing recorded
        expect(p.x(e)).toBe(9);
      });
      expect(p.x(e)).toBe(9);
    });
  });
}
