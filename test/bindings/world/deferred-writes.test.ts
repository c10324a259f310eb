// Writes while a remove of their component waits (bindings/ops/waiting-rows.ts,
// world/access.ts Lookup.writable): world.set and the accessor's setters write the
// entity's row at once, also while deferring; when a remove of that component from that
// entity waits for the flush, the row they would write is dropped there (an add after
// the remove starts a new one), so they throw ArgumentError and write nothing. Writes
// to other entities, and writes before the remove, go through. Fresh world per test.
import { describe, expect, it } from "vitest";
import { ArgumentError, component, createWorld, type World } from "wasm-ecs";
import { expectThrows } from "../../support/errors.js";

const P = component("P", { x: "f32", m: ["f32", 3], label: "object" });
const Q = component("Q", { v: "i32" });

const WAITS =
  /^Entity \d+ \(slot \d+, generation \d+\) waits for a deferred remove of P: (world\.set\(\)|an accessor setter) cannot reach the row it has after it; give the values to add\(\), or write once the changes are applied$/;

/** The ways to write one value of P to one entity. */
const WRITES = {
  "world.set": (world: World, e: number, v: number) => world.set(e, P, { x: v }),
  "accessor setX": (world: World, e: number, v: number) => world.access(P).setX(e, v),
  "accessor setM": (world: World, e: number, v: number) => world.access(P).setM(e, 1, v),
  "accessor setLabel": (world: World, e: number, v: number) => world.access(P).setLabel(e, `l${v}`),
};

/** Every entity with P and its values, for "nothing else changed" checks. */
function rows(world: World): string[] {
  const out: string[] = [];
  for (const t of world.query({ all: [P] })) {
    const { x, m, label } = t.columns(P);
    for (let i = 0; i < t.count; i++) out.push(`${t.entities[i]}:${x[i]},${m[i * 3 + 1]},${String(label[i])}`);
  }
  return out.sort();
}

for (const debug of [false, true]) {
  describe(`a write while a remove of its component waits (${debug ? "debug" : "release"} world)`, () => {
    for (const [name, write] of Object.entries(WRITES)) {
      it(`${name} of an entity removed and added again in the scope throws and writes nothing`, async () => {
        const world = await createWorld({ components: [P, Q], debug });
        const e = world.spawn(P.with({ x: 1, label: "e" }), Q.with({ v: 3 }));
        const other = world.spawn(P.with({ x: 10, label: "o" }));
        world.defer(() => {
          world.remove(e, P);
          world.add(e, P, { x: 7 });
          const before = rows(world);
          expectThrows(() => write(world, e, 5), ArgumentError, WAITS);
          expect(rows(world)).toEqual(before);
          write(world, other, 11); // no remove of it waits
        });
        // e's P is the re-add's: its values, defaults elsewhere.
        expect(world.get(e, P)).toEqual({ x: 7, m: [0, 0, 0], label: undefined });
        expect(world.get(e, Q).v).toBe(3);
        const o = world.get(other, P);
        expect(
          name === "world.set" || name === "accessor setX" ? o.x : name === "accessor setM" ? o.m[1] : o.label,
        ).toBe(name === "accessor setLabel" ? "l11" : 11);
      });

      it(`${name} after a remove alone throws: the entity has no P once the changes are applied`, async () => {
        const world = await createWorld({ components: [P], debug });
        const e = world.spawn(P.with({ x: 1 }));
        for (const t of world.query({ all: [P] })) {
          for (let i = 0; i < t.count; i++) {
            write(world, t.entities[i], 4); // before the remove: written
            world.remove(t.entities[i], P);
            expectThrows(() => write(world, t.entities[i], 5), ArgumentError, WAITS);
          }
        }
        expect(world.has(e, P)).toBe(false);
      });
    }

    it("finds the entity among removes recorded one by one, in runs and in batches, between writes of others", async () => {
      const world = await createWorld({ components: [P, Q], debug });
      const es = world.spawnMany(40, P.with({ x: 1 }));
      const p = world.access(P);
      world.defer(() => {
        for (let i = 0; i < 20; i++) {
          world.remove(es[i], P);
          p.setX(es[i + 1], 2); // the next one is not removed yet: written
          expectThrows(() => p.setX(es[i], 3), ArgumentError, WAITS);
          if (i % 5 === 0) world.add(es[30 + (i % 10)], Q); // another command ends the run
        }
        world.removeMany([es[25], es[26]], P);
        expectThrows(() => world.set(es[26], P, { x: 3 }), ArgumentError, WAITS);
        world.set(es[27], P, { x: 6 });
      });
      expect(es.slice(0, 20).every((e) => !world.has(e, P))).toBe(true);
      expect(world.get(es[20], P).x).toBe(2);
      expect(world.get(es[27], P).x).toBe(6);
      expect(world.has(es[26], P)).toBe(false);
    });

    it("writes through column views and to entities without a waiting remove are kept", async () => {
      const world = await createWorld({ components: [P], debug });
      const [a, b, c] = [1, 2, 3].map((x) => world.spawn(P.with({ x })));
      world.defer(() => {
        world.remove(a, P);
        world.set(b, P, { x: 5 });
        for (const t of world.query({ all: [P] })) {
          const x = t.columns(P).x;
          for (let i = 0; i < t.count; i++) if (t.entities[i] === b) x[i] += 10;
        }
        world.set(c, P, { x: 5 });
        world.add(c, P, { x: 8 }); // c has P: written now, the later write
      });
      expect(world.get(b, P).x).toBe(15);
      expect(world.get(c, P).x).toBe(8);
      expect(world.has(a, P)).toBe(false);
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
      world.defer(() => p.setX(e, 9));
      expect(p.x(e)).toBe(9);
    });
  });
}
