// Batches: addMany / removeMany / destroyMany over entity lists and queries.
import { describe, expect, it } from "vitest";
import { component, createWorld, StaleEntityError, tag } from "wasm-ecs";

const Pos = component("Pos", { x: "f32", y: "f32" });
const Vel = component("Vel", { x: "f32", y: "f32" });
const Mark = tag("Mark");
const ALL = [Pos, Vel, Mark];

describe("batches", () => {
  it("addMany adds with values and keeps other values; entities that have it get the values only", async () => {
    const world = await createWorld({ components: ALL, debug: true });
    const es = world.spawnMany(100, Pos.withEach({ x: Float32Array.from({ length: 100 }, (_, i) => i) }));
    world.add(es[3], Vel, { x: 7, y: 7 });
    world.addMany(es, Vel, { x: 1 });
    es.forEach((e, i) => {
      expect(world.get(e, Pos).x).toBe(i);
      expect(world.get(e, Vel)).toEqual({ x: 1, y: e === es[3] ? 7 : 0 });
    });
    expect(world.query({ all: [Pos, Vel] }).count()).toBe(100);
  });

  it("a query batch moves whole tables and removeMany brings them back", async () => {
    const world = await createWorld({ components: ALL, debug: true });
    world.spawnMany(300, Pos.with({ x: 2 }));
    world.spawnMany(200, Pos.with({ x: 3 }), Mark);
    const q = world.query({ all: [Pos] });
    world.addMany(q, Vel, { y: 5 });
    expect(world.query({ all: [Pos, Vel] }).count()).toBe(500);
    expect(world.query({ all: [Pos], none: [Vel] }).count()).toBe(0);
    let sumX = 0;
    let sumY = 0;
    for (const t of world.query({ all: [Vel] })) {
      for (let i = 0; i < t.count; i++) {
        sumX += t.columns(Pos).x[i];
        sumY += t.columns(Vel).y[i];
      }
    }
    expect([sumX, sumY]).toEqual([300 * 2 + 200 * 3, 500 * 5]);
    world.removeMany(world.query({ all: [Vel] }), Vel);
    expect(world.query({ all: [Vel] }).count()).toBe(0);
    expect(world.query({ all: [Pos, Mark] }).count()).toBe(200);
  });

  it("a batch naming a stale entity throws StaleEntityError and moves nothing", async () => {
    const world = await createWorld({ components: ALL });
    const es = world.spawnMany(10, Pos);
    world.destroy(es[4]);
    expect(() => world.addMany(es, Vel)).toThrow(StaleEntityError);
    expect(() => world.removeMany(es, Pos)).toThrow(
      new RegExp(`^Entity ${es[4]} \\(slot \\d+, generation 0\\) is stale`),
    );
    expect(() => world.addMany([es[0], 1.5], Vel)).toThrow(/^Entity 1.5 is not an entity id/);
    expect(world.query({ all: [Vel] }).count()).toBe(0);
    expect(world.query({ all: [Pos] }).count()).toBe(9);
  });

  it("destroyMany takes a query and empties every table it matches", async () => {
    const world = await createWorld({ components: ALL });
    world.spawnMany(50, Pos);
    world.spawnMany(50, Pos, Mark);
    const keep = world.spawnMany(5, Vel);
    world.destroyMany(world.query({ all: [Pos] }));
    expect(world.entityCount).toBe(5);
    for (const e of keep) expect(world.isAlive(e)).toBe(true);
  });

  it("batches made while iterating are deferred, checked at once, and applied at the end", async () => {
    const world = await createWorld({ components: ALL, debug: true });
    const es = world.spawnMany(20, Pos);
    const dead = world.spawn(Pos);
    world.destroy(dead);
    for (const t of world.query({ all: [Pos], none: [Vel] })) {
      world.addMany(t.entities, Vel, { x: 4 });
      expect(() => world.addMany([dead], Vel)).toThrow(StaleEntityError);
      expect(world.has(es[0], Vel)).toBe(false);
      world.removeMany(es.subarray(0, 5), Pos);
    }
    expect(world.query({ all: [Vel] }).count()).toBe(20);
    expect(world.query({ all: [Pos] }).count()).toBe(15);
    expect(world.get(es[10], Vel).x).toBe(4);
  });
});
