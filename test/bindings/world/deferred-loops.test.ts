// The usual structural changes of a loop body while changes wait (bindings/world/
// deferral.ts spawnOne, entities.ts destroy): a spawn of one component (or one init of
// it) joins the run of such spawns the last command holds, and destroys of live entities
// join the last command when it holds destroys. What the world does with them is what
// it did command by command. Fresh world per test.
import { describe, expect, it } from "vitest";
import { ArgumentError, component, createWorld, StaleEntityError, tag, WorldPoisonedError } from "wasm-ecs";
import { expectThrows } from "../../support/errors.js";

const A = component("A", { value: "i32" });
const B = component("B", { value: "i32" });
const T = tag("T");

describe("spawns and destroys in a loop", () => {
  it("entity_cycle: a spawn per A row, then a destroy per B row, step after step", async () => {
    const world = await createWorld({ components: [A, B] });
    world.spawnMany(50, A.withEach({ value: Int32Array.from({ length: 50 }, (_, i) => i) }));
    const qa = world.query({ all: [A] });
    const qb = world.query({ all: [B] });
    for (let step = 0; step < 5; step++) {
      for (const t of qa) {
        const a = t.columns(A).value;
        for (let i = 0; i < t.count; i++) world.spawn(B.with({ value: a[i] + step }));
      }
      expect(qb.count()).toBe(50);
      let sum = 0;
      for (const t of qb) for (const v of t.columns(B).value) sum += v;
      expect(sum).toBe(1225 + 50 * step);
      for (const t of qb) {
        const en = t.entities;
        for (let i = 0; i < t.count; i++) world.destroy(en[i]);
      }
      expect([world.entityCount, qb.count()]).toEqual([50, 0]);
    }
  });

  it("runs of spawns and destroys between other commands apply in order", async () => {
    const world = await createWorld({ components: [A, B, T] });
    const [x, y, z] = world.spawnMany(3, A);
    let s: number[] = [];
    world.defer(() => {
      world.destroy(x);
      world.destroy(y);
      s = [world.spawn(B.with({ value: 1 })), world.spawn(B), world.spawn(T)];
      world.add(z, B);
      world.destroy(z);
      s.push(world.spawn(B.with({ value: 4 })));
      world.destroy(s[1]); // spawned in this scope
      world.destroy(x); // twice in one scope: destroyed once
      expect(world.entityCount).toBe(7); // x, y and z wait to go; s[1] waits to come and go
    });
    expect([x, y, z, s[1]].map((e) => world.isAlive(e))).toEqual([false, false, false, false]);
    expect([s[0], s[2], s[3]].map((e) => world.isAlive(e))).toEqual([true, true, true]);
    expect([world.get(s[0], B), world.get(s[3], B)]).toEqual([{ value: 1 }, { value: 4 }]);
    expect(world.has(s[2], T)).toBe(true);
    expect(world.entityCount).toBe(3);
  });

  it("a destroy of an entity spawned in the scope makes its values wait; a stale one throws and records nothing", async () => {
    const world = await createWorld({ components: [A, B] });
    const dead = world.spawn(A);
    world.destroy(dead);
    world.defer(() => {
      const e = world.spawn(B.with({ value: 2 }));
      expect(world.get(e, B)).toEqual({ value: 2 });
      world.destroy(e);
      expectThrows(() => world.get(e, B), ArgumentError, /world.get\(\) of it waits until they are applied/);
      expectThrows(() => world.destroy(dead), StaleEntityError, /is stale/);
      expectThrows(() => world.destroy(-1), StaleEntityError, /-1/);
    });
    expect(world.entityCount).toBe(0);
  });

  it("in a disposed world, a spawn or destroy in a loop throws WorldPoisonedError", async () => {
    const world = await createWorld({ components: [A, B] });
    const e = world.spawn(A);
    world.defer(() => {
      world.spawn(B.with({ value: 1 })); // the run the next spawn would join
      world.dispose();
      expectThrows(() => world.spawn(B.with({ value: 1 })), WorldPoisonedError, /disposed/);
      expectThrows(() => world.destroy(e), WorldPoisonedError, /disposed/);
    });
  });
});
