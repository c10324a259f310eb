// Writes while a command waits that the flush applies over them (bindings/ops/waiting-rows.ts):
// an addMany with values of a component the entity has, a relation pair's add with values (a
// retarget of an exclusive relation, or the same target again), a remove of a pair the entity
// holds or a waiting add gives it. A world.set or an accessor setter made now of a field those
// values carry (any field, for a remove) would be written over or dropped at the flush, so it
// throws ArgumentError and writes nothing. Other fields, the same commands without values,
// removes of pairs the entity does not hold and writes made before them go through; an add
// with values waits behind such a command. Fresh world per test, release and debug cores.
import { describe, expect, it } from "vitest";
import { ArgumentError, component, createWorld, relation, type World } from "wasm-ecs";
import { expectThrows } from "../../support/errors.js";

const P = component("P", { x: "f32", y: "f32" });
const Owes = relation("Owes", { exclusive: true, data: { amount: "f32", due: "i32" } });

const entity = String.raw`Entity \d+ \(slot \d+, generation \d+\)`;
const call = String.raw`(world\.set\(\)|an accessor setter)`;
const over = (c: string) =>
  new RegExp(
    `^${entity} waits for a deferred add of ${c} with values, which the flush writes over what ${call} writes now; give the values to that add, or write once the changes are applied$`,
  );
const dropped = (c: string) =>
  new RegExp(
    `^${entity} waits for a deferred remove of ${c}: ${call} cannot reach the row it has after it; give the values to add\\(\\), or write once the changes are applied$`,
  );

const WRITES_P = {
  "world.set": (world: World, e: number, v: number) => world.set(e, P, { x: v }),
  "accessor setX": (world: World, e: number, v: number) => world.access(P).setX(e, v),
};
const WRITES_OWES = {
  "world.set": (world: World, e: number, v: number) => world.set(e, Owes, { amount: v }),
  "accessor setAmount": (world: World, e: number, v: number) => world.access(Owes).setAmount(e, v),
};

/** Every entity's P and Owes values, for "nothing changed" checks. */
function state(world: World): string {
  const out: string[] = [];
  for (const t of world.query({ all: [P] })) {
    const { x, y } = t.columns(P);
    for (let i = 0; i < t.count; i++) out.push(`P ${t.entities[i]}:${x[i]},${y[i]}`);
  }
  for (const t of world.query({ all: [Owes] })) {
    const { amount, due } = t.columns(Owes);
    for (let i = 0; i < t.count; i++) out.push(`Owes ${t.entities[i]}:${amount[i]},${due[i]}`);
  }
  return out.sort().join(" ");
}

for (const debug of [false, true]) {
  describe(`a write that a waiting command would write over or drop (${debug ? "debug" : "release"} world)`, () => {
    for (const [name, write] of Object.entries(WRITES_P)) {
      it(`${name} after addMany with values of a component the entity has throws; others and later writes go through`, async () => {
        const world = await createWorld({ components: [P, Owes], debug });
        const [a, b, c] = world.spawnMany(3, P.with({ x: 1, y: 2 }));
        world.defer(() => {
          write(world, a, 9); // before the addMany: written, then the addMany's x lands on it
          world.addMany([a, b], P, { x: 5 });
          const before = state(world);
          expectThrows(() => write(world, a, 6), ArgumentError, over("P"));
          expectThrows(() => write(world, b, 6), ArgumentError, over("P"));
          expect(state(world)).toBe(before);
          write(world, c, 7); // not in the batch
        });
        expect(world.get(a, P)).toEqual({ x: 5, y: 2 });
        expect(world.get(b, P)).toEqual({ x: 5, y: 2 });
        expect(world.get(c, P)).toEqual({ x: 7, y: 2 });
        write(world, a, 8); // applied: the usual path again
        expect(world.get(a, P).x).toBe(8);
      });

      it(`${name} of a field the waiting addMany's values leave out is kept`, async () => {
        const world = await createWorld({ components: [P], debug });
        const [a] = world.spawnMany(2, P.with({ x: 1, y: 2 }));
        world.defer(() => {
          world.addMany([a], P, { y: 5 });
          write(world, a, 6); // x: not among the addMany's fields
          world.addMany([a], P, {});
          write(world, a, 7);
        });
        expect(world.get(a, P)).toEqual({ x: 7, y: 5 });
      });

      it(`${name} after addMany without values is kept`, async () => {
        const world = await createWorld({ components: [P], debug });
        const [a] = world.spawnMany(2, P.with({ x: 1 }));
        world.defer(() => {
          world.addMany([a], P);
          write(world, a, 6);
        });
        expect(world.get(a, P).x).toBe(6);
      });
    }

    it("an add with values after a waiting addMany of the same fields lands after it, as it would at once", async () => {
      for (const deferred of [true, false]) {
        const world = await createWorld({ components: [P], debug });
        const [a, b] = world.spawnMany(2, P.with({ x: 1, y: 2 }));
        const body = () => {
          world.addMany([a, b], P, { x: 5 });
          world.add(a, P, { x: 7 });
          world.add(b, P, { y: 8 }); // no field in common: written at once
        };
        if (deferred) {
          world.defer(() => {
            body();
            expect(world.get(a, P)).toEqual({ x: 1, y: 2 }); // waits for the flush, behind the addMany
            expect(world.get(b, P)).toEqual({ x: 1, y: 8 });
            expectThrows(() => world.set(a, P, { x: 3 }), ArgumentError, over("P"));
          });
        } else body();
        expect(world.get(a, P)).toEqual({ x: 7, y: 2 });
        expect(world.get(b, P)).toEqual({ x: 5, y: 8 });
      }
    });

    for (const [name, write] of Object.entries(WRITES_OWES)) {
      it(`${name} after a remove of a pair the entity does not hold is kept; of one a waiting add gives, refused`, async () => {
        const world = await createWorld({ components: [Owes], debug });
        const [t1, t2, e] = world.spawnMany(3);
        world.add(e, Owes.to(t1), { amount: 5, due: 3 });
        world.defer(() => {
          world.remove(e, Owes.to(t2)); // e holds t1: nothing to remove
          world.removeMany([e], Owes.to(t2));
          write(world, e, 7);
          world.add(e, Owes.to(t2));
          world.remove(e, Owes.to(t2)); // the pair the add gives: gone at the flush, with e's Owes
          expectThrows(() => write(world, e, 8), ArgumentError, dropped("Owes"));
        });
        expect(world.has(e, Owes)).toBe(false);
      });

      it(`${name} after a retarget and a remove of the old pair is kept, as it would be at once`, async () => {
        for (const deferred of [true, false]) {
          const world = await createWorld({ components: [Owes], debug });
          const [t1, t2, e, f] = world.spawnMany(4);
          world.add(e, Owes.to(t1), { amount: 5, due: 1 });
          world.add(f, Owes.to(t1), { amount: 5, due: 1 });
          const body = () => {
            world.add(e, Owes.to(t2));
            world.remove(e, Owes.to(t1)); // e holds t2 by then: nothing to remove
            write(world, e, 9);
            world.add(f, Owes.to(t2));
            world.add(f, Owes.to(t1));
            world.remove(f, Owes.to(t2));
            write(world, f, 9);
          };
          if (deferred) world.defer(body);
          else body();
          expect(world.get(e, Owes)).toEqual({ amount: 9, due: 1 });
          expect(world.has(e, Owes.to(t2))).toBe(true);
          expect(world.get(f, Owes)).toEqual({ amount: 9, due: 1 });
          expect(world.has(f, Owes.to(t1))).toBe(true);
        }
      });

      it(`${name} after a destroy of the pair's target throws; after a retarget away from it, it is kept`, async () => {
        const world = await createWorld({ components: [Owes], debug });
        const [t1, t2, e, f, g] = world.spawnMany(5);
        for (const x of [e, f, g]) world.add(x, Owes.to(t1), { amount: 5, due: 1 });
        const dies = (x: number) =>
          `Entity ${x} (slot ${x}, generation 0) has Owes with Entity ${t1} (slot ${t1}, generation 0), whose deferred destroy takes that pair at the flush: ${name === "world.set" ? "world.set()" : "an accessor setter"} cannot reach the row it has after it; write once the changes are applied`;
        world.defer(() => {
          world.add(g, Owes.to(t2)); // g leaves t1 before it dies
          world.destroy(t1);
          expectThrows(() => write(world, e, 9), ArgumentError, dies(e));
          world.add(f, Owes.to(t2)); // a new pair after the old one went: a new row
          expectThrows(() => write(world, f, 9), ArgumentError, dies(f));
          write(world, g, 9);
        });
        expect(world.has(e, Owes)).toBe(false);
        expect(world.get(f, Owes)).toEqual({ amount: 0, due: 0 });
        expect(world.get(g, Owes)).toEqual({ amount: 9, due: 1 });
      });

      it(`${name} after a destroyMany of another entity is kept`, async () => {
        const world = await createWorld({ components: [Owes], debug });
        const [t1, other, e] = world.spawnMany(3);
        world.add(e, Owes.to(t1), { amount: 5 });
        world.defer(() => {
          world.destroyMany([other]);
          write(world, e, 9);
        });
        expect(world.get(e, Owes).amount).toBe(9);
      });

      it(`${name} of a field a retarget's values leave out is kept`, async () => {
        const world = await createWorld({ components: [Owes], debug });
        const [t1, t2, e] = world.spawnMany(3);
        world.add(e, Owes.to(t1), { amount: 5, due: 3 });
        world.defer(() => {
          world.add(e, Owes.to(t2), { due: 4 });
          write(world, e, 9); // amount
        });
        expect(world.get(e, Owes)).toEqual({ amount: 9, due: 4 });
      });

      it(`${name} after a retarget with values throws and writes nothing; the retarget's values land`, async () => {
        const world = await createWorld({ components: [P, Owes], debug });
        const [t1, t2] = world.spawnMany(2, P);
        const e = world.spawn();
        world.add(e, Owes.to(t1), { amount: 5, due: 3 });
        world.defer(() => {
          world.add(e, Owes.to(t2), { amount: 1 });
          const before = state(world);
          expectThrows(() => write(world, e, 2), ArgumentError, over("Owes"));
          expect(state(world)).toBe(before);
        });
        expect(world.has(e, Owes.to(t2))).toBe(true);
        expect(world.get(e, Owes)).toEqual({ amount: 1, due: 3 });
      });

      it(`${name} after an add of the same pair with values throws; without values it is kept`, async () => {
        const world = await createWorld({ components: [Owes], debug });
        const t = world.spawn();
        const [e, f] = world.spawnMany(2);
        world.add(e, Owes.to(t), { amount: 5 });
        world.add(f, Owes.to(t), { amount: 5 });
        world.defer(() => {
          world.add(e, Owes.to(t), { amount: 1 });
          expectThrows(() => write(world, e, 2), ArgumentError, over("Owes"));
          world.add(f, Owes.to(t));
          write(world, f, 4);
        });
        expect(world.get(e, Owes).amount).toBe(1);
        expect(world.get(f, Owes).amount).toBe(4);
      });

      it(`${name} after a retarget without values is kept: the pair's data moves with it`, async () => {
        const world = await createWorld({ components: [Owes], debug });
        const [t1, t2, e] = world.spawnMany(3);
        world.add(e, Owes.to(t1), { amount: 5 });
        world.defer(() => {
          world.add(e, Owes.to(t2));
          write(world, e, 2);
        });
        expect(world.has(e, Owes.to(t2))).toBe(true);
        expect(world.get(e, Owes).amount).toBe(2);
      });

      it(`${name} after a remove of the pair throws: the entity has no pair once the changes are applied`, async () => {
        const world = await createWorld({ components: [P, Owes], debug });
        const [t, e, other] = world.spawnMany(3, P);
        world.add(e, Owes.to(t), { amount: 5 });
        world.add(other, Owes.to(t), { amount: 5 });
        world.defer(() => {
          world.remove(e, Owes.to(t));
          const before = state(world);
          expectThrows(() => write(world, e, 2), ArgumentError, dropped("Owes"));
          expect(state(world)).toBe(before);
          write(world, other, 3);
        });
        expect(world.has(e, Owes)).toBe(false);
        expect(world.get(other, Owes).amount).toBe(3);
      });

      it(`${name} after addMany / removeMany of a pair on a list throws for the listed entities`, async () => {
        const world = await createWorld({ components: [Owes], debug });
        const [t1, t2, a, b, c] = world.spawnMany(5);
        for (const e of [a, b, c]) world.add(e, Owes.to(t1), { amount: 5 });
        world.defer(() => {
          world.addMany([a], Owes.to(t2), { amount: 1 });
          world.removeMany([b], Owes.to(t1));
          expectThrows(() => write(world, a, 2), ArgumentError, over("Owes"));
          expectThrows(() => write(world, b, 2), ArgumentError, dropped("Owes"));
          write(world, c, 7);
        });
        expect(world.get(a, Owes).amount).toBe(1);
        expect(world.has(b, Owes)).toBe(false);
        expect(world.get(c, Owes).amount).toBe(7);
      });
    }
  });
}
