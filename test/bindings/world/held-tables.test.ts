// A Table a user keeps from a query past the moment its core record is recycled for another
// table (a relation target's sub-table when the target dies, then another target's
// sub-table takes the id) reads nothing of the new table: its count is 0 and its views
// throw ArgumentError naming the table it was. A kept Table whose record lives on keeps
// working. Fresh world per test, release and debug cores.
import { describe, expect, it } from "vitest";
import { ArgumentError, component, createWorld, relation, type Table } from "wasm-ecs";
import { expectThrows } from "../../support/errors.js";

const P = component("P", { x: "f32" });

const gone = (names: string) =>
  `Table (${names}) is gone (its relation target was destroyed, or the call that made it failed); its id may stand for another table: query again`;

for (const debug of [false, true]) {
  describe(`a kept Table (${debug ? "debug" : "release"} world)`, () => {
    for (const exclusive of [true, false]) {
      it(`of a sub-table recycled for another target throws instead of reading it (exclusive: ${exclusive})`, async () => {
        const R = relation("R", { exclusive });
        const world = await createWorld({ components: [P, R], debug });
        const t1 = world.spawn();
        const a = world.spawn(P.with({ x: 1 }));
        world.add(a, R.to(t1));
        let kept: Table | undefined;
        for (const t of world.query({ all: [P, R] })) kept = t;
        const held = kept as Table;
        expect(held.targets(R)).toEqual([t1]);
        world.destroy(t1); // a loses R: the sub-table of R(t1) is recycled
        const t2 = world.spawn();
        const b = world.spawn(P.with({ x: 2 }));
        world.add(b, R.to(t2)); // takes the recycled id
        const now = [...world.query({ all: [P, R] })];
        expect(now.map((t) => t.id)).toContain(held.id);
        expect(held.count).toBe(0);
        expectThrows(() => held.entities, ArgumentError, gone(`P, R(${t1})`));
        expectThrows(() => held.columns(P), ArgumentError, gone(`P, R(${t1})`));
        const fresh = now.find((t) => t.id === held.id) as Table;
        expect(fresh.targets(R)).toEqual([t2]);
        expect([...fresh.entities]).toEqual([b]);
        expect([...fresh.columns(P).x]).toEqual([2]);
      });
    }

    it("whose record lives on keeps reading it after other changes", async () => {
      const R = relation("R");
      const world = await createWorld({ components: [P, R], debug });
      const [t1, t2] = world.spawnMany(2);
      const a = world.spawn(P.with({ x: 1 }));
      world.add(a, R.to(t1));
      const d = world.spawn(P.with({ x: 0 }));
      const held = [...world.query({ all: [P], none: [R] })];
      world.destroy(t2);
      world.destroy(a);
      const c = world.spawn(P.with({ x: 3 }));
      expect(held).toHaveLength(1);
      expect([...held[0].entities]).toEqual([d, c]);
      expect([...held[0].columns(P).x]).toEqual([0, 3]);
    });
  });
}
