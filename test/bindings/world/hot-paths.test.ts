// The per-entity fast paths of world.add / remove in a loop (bindings/world/hot.ts,
// entities.ts): a plain component while deferring (recorded as a run, applied at the
// flush in order with other commands) and a sparse tag (flipped at once). Bad input
// takes the long way and throws the same typed error as ever, recording nothing; a
// component used in several worlds is looked up in each. Fresh world per test.
import { describe, expect, it } from "vitest";
import {
  component,
  createWorld,
  StaleEntityError,
  tag,
  UnknownComponentError,
  type World,
  WorldPoisonedError,
} from "wasm-ecs";
import { expectThrows } from "../../support/errors.js";

const A = tag("A");
const B = tag("B");
const V = component("V", { value: "i32" });
const S = tag("S", { sparse: true });

const STALE = /^Entity \d+ \(slot \d+, generation \d+\) is stale: slot \d+ is free, now at generation \d+$/;
const NOT_AN_ID = /^Entity -?[\d.]+ is not an entity id \(ids are integers from 1 to 1073741823\)$/;

const unknown = (name: string) =>
  `Component "${name}" is not registered in this world: pass it to createWorld({ components }) or world.register() first`;

/** Whether each entity has c. */
const hasAll = (world: World, es: ArrayLike<number>, c: typeof B) => Array.from(es, (e) => world.has(e, c));

describe("add and remove in a loop", () => {
  it("a stale id throws StaleEntityError, recording nothing; the adds around it apply at the flush", async () => {
    const world = await createWorld({ components: [A, B] });
    const es = world.spawnMany(4, A);
    world.destroy(es[3]);
    world.defer(() => {
      world.add(es[0], B);
      expectThrows(() => world.add(es[3], B), StaleEntityError, STALE);
      expectThrows(() => world.remove(es[3], B), StaleEntityError, STALE);
      world.add(es[1], B);
      expect(world.has(es[0], B)).toBe(false); // waits for the flush
    });
    expect(hasAll(world, es.subarray(0, 3), B)).toEqual([true, true, false]);
    expect(world.query({ all: [B] }).count()).toBe(2);
  });

  it("ids that are no entity (fractions, negative, strings) throw StaleEntityError while deferring", async () => {
    const world = await createWorld({ components: [A, B] });
    const [e] = world.spawnMany(1, A);
    world.defer(() => {
      for (const bad of [e + 0.5, -e, String(e)]) {
        expectThrows(() => world.add(bad as number, B), StaleEntityError, NOT_AN_ID);
        expectThrows(() => world.remove(bad as number, B), StaleEntityError, NOT_AN_ID);
      }
    });
    expect(world.has(e, B)).toBe(false);
  });

  it("an unregistered component throws UnknownComponentError naming it, in a loop and out of one", async () => {
    const world = await createWorld({ components: [A] });
    const other = await createWorld({ components: [A, B] }); // B is known there, not here
    const [o] = other.spawnMany(1, A);
    other.defer(() => other.add(o, B)); // B remembers the other world's id
    const [e] = world.spawnMany(1, A);
    for (const t of world.query({ all: [A] })) {
      expectThrows(() => world.add(t.entities[0], B), UnknownComponentError, unknown("B"));
      expectThrows(() => world.remove(t.entities[0], B), UnknownComponentError, unknown("B"));
    }
    expectThrows(() => world.add(e, B), UnknownComponentError, unknown("B"));
    expect([world.query({ all: [A] }).count(), other.has(o, B)]).toEqual([1, true]);
  });

  it("a component registered in two worlds is added in each, alternating in one loop", async () => {
    const w1 = await createWorld({ components: [A, V, B] });
    const w2 = await createWorld({ components: [B, A] }); // other ids
    const e1 = w1.spawnMany(3, A);
    const e2 = w2.spawnMany(3, A);
    w1.defer(() =>
      w2.defer(() => {
        for (let i = 0; i < 3; i++) {
          w1.add(e1[i], B);
          w2.add(e2[i], B);
        }
      }),
    );
    expect([hasAll(w1, e1, B), hasAll(w2, e2, B)]).toEqual([
      [true, true, true],
      [true, true, true],
    ]);
    for (const t of w2.query({ all: [B] })) for (const e of t.entities) expect(w2.remove(e, B)).toBe(true);
    expect([hasAll(w1, e1, B), hasAll(w2, e2, B)]).toEqual([
      [true, true, true],
      [false, false, false],
    ]);
  });

  it("apply in order with the other commands: an entity destroyed earlier in the scope stays destroyed", async () => {
    const world = await createWorld({ components: [A, B] });
    const [x, y] = world.spawnMany(2, A);
    world.defer(() => {
      world.add(x, B);
      world.destroy(x);
      world.add(x, B); // alive until the flush: recorded, skipped when applied
      expect(world.remove(y, B)).toBe(false); // y lacks B now
      world.add(y, B);
      expect(world.remove(y, B)).toBe(false); // the add still waits
      world.add(y, B);
    });
    expect([world.isAlive(x), world.has(y, B), world.entityCount]).toEqual([false, true, 1]);
    world.defer(() => expect(world.remove(y, B)).toBe(true));
    expect(world.has(y, B)).toBe(false);
  });

  it("an entity spawned in the scope gains and loses the component at the flush", async () => {
    const world = await createWorld({ components: [A, B] });
    let s = 0;
    let t = 0;
    world.defer(() => {
      s = world.spawn(A);
      t = world.spawn(A);
      world.add(s, B);
      world.add(t, B);
      expect(world.remove(t, B)).toBe(false);
    });
    expect([world.has(s, B), world.has(t, B)]).toEqual([true, false]);
  });

  it("in a disposed world, an add or remove in a loop throws WorldPoisonedError", async () => {
    const world = await createWorld({ components: [A, B, S] });
    const [e] = world.spawnMany(1, A);
    world.defer(() => {
      world.add(e, B); // the run the next add would join
      world.dispose();
      expectThrows(() => world.add(e, B), WorldPoisonedError, /disposed/);
      expectThrows(() => world.remove(e, B), WorldPoisonedError, /disposed/);
      expectThrows(() => world.add(e, S), WorldPoisonedError, /disposed/);
      expectThrows(() => world.remove(e, S), WorldPoisonedError, /disposed/);
    });
  });

  it("a debug world takes the long way and gives the same answers", async () => {
    const world = await createWorld({ components: [A, B], debug: true });
    const es = world.spawnMany(3, A);
    world.destroy(es[2]);
    world.defer(() => {
      world.add(es[0], B);
      expectThrows(() => world.add(es[2], B), StaleEntityError, STALE);
    });
    expect(hasAll(world, es.subarray(0, 2), B)).toEqual([true, false]);
  });
});

describe("sparse tags in a loop", () => {
  it("flip at once; remove answers whether the bit was set; stale ids throw and flip nothing", async () => {
    const world = await createWorld({ components: [A, S] });
    const es = world.spawnMany(3, A);
    world.destroy(es[2]);
    for (const t of world.query({ all: [A] })) {
      const en = t.entities;
      for (let i = 0; i < t.count; i++) world.add(en[i], S);
      expect(world.has(en[0], S)).toBe(true); // not deferred
      expectThrows(() => world.add(es[2], S), StaleEntityError, STALE);
      expectThrows(() => world.remove(es[2], S), StaleEntityError, STALE);
      expect([world.remove(en[0], S), world.remove(en[0], S)]).toEqual([true, false]);
    }
    expect([world.has(es[0], S), world.has(es[1], S), world.query({ all: [S] }).count()]).toEqual([false, true, 1]);
  });

  it("an unregistered sparse tag throws UnknownComponentError naming it", async () => {
    const world = await createWorld({ components: [A] });
    const [e] = world.spawnMany(1, A);
    world.defer(() => {
      expectThrows(() => world.add(e, S), UnknownComponentError, unknown("S"));
      expectThrows(() => world.remove(e, S), UnknownComponentError, unknown("S"));
    });
  });
});
