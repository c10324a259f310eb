// Batches (bindings/world/batches.ts), through the public API: addMany / removeMany /
// destroyMany over entity lists and queries, of components and of relation pairs; lists
// that are views on the memory the batch changes; arguments that are no list.
import { describe, expect, it } from "vitest";
import { ArgumentError, component, createWorld, StaleEntityError, tag } from "wasm-ecs";
import { expectThrows } from "../../support/errors.js";
import { ChildOf, Owes, ALL as RELATIONS, Pos as RelPos } from "../../support/relations.js";

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
    expectThrows(
      () => world.addMany(es, Vel),
      StaleEntityError,
      new RegExp(`^Entity ${es[4]} \\(slot \\d+, generation 0\\) is stale`),
    );
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
      expectThrows(
        () => world.addMany([dead], Vel),
        StaleEntityError,
        new RegExp(`^Entity ${dead} \\(slot \\d+, generation 0\\) is stale`),
      );
      expect(world.has(es[0], Vel)).toBe(false);
      world.removeMany(es.subarray(0, 5), Pos);
    }
    expect(world.query({ all: [Vel] }).count()).toBe(20);
    expect(world.query({ all: [Pos] }).count()).toBe(15);
    expect(world.get(es[10], Vel).x).toBe(4);
  });
});

describe("batches of relation pairs", () => {
  it("addMany / removeMany of a pair, on lists and on queries", async () => {
    const world = await createWorld({ components: RELATIONS });
    const p = world.spawn(RelPos);
    const es = world.spawnMany(10, RelPos);
    world.addMany(es.subarray(0, 4), ChildOf.to(p));
    expect(world.query({ all: [ChildOf.to(p)] }).count()).toBe(4);
    world.addMany(world.query({ all: [RelPos], none: [ChildOf] }), Owes.to(p), { amount: 1 });
    expect(world.query({ all: [Owes.to(p)] }).count()).toBe(7); // p itself and the 6 others
    expect(world.get(es[9], Owes)).toEqual({ amount: 1 });
    world.removeMany(world.query({ all: [Owes.to(p)] }), Owes.to(p));
    expect(world.query({ all: [Owes] }).count()).toBe(0);
    world.removeMany(es, ChildOf);
    expect(world.query({ all: [ChildOf.to("*")] }).count()).toBe(0);
  });
});

describe("batches over views and odd arguments", () => {
  const Big = component("Big", { m: ["f64", 64] });

  // Bug: Ops.moveMany reads ids[0] / ids[i] after the addMany core call grew memory, so a t.entities view is detached.
  it("addMany of a table's entities view writes the values to every entity when the move grows memory", async () => {
    const world = await createWorld({ components: [Pos, Big], initialMemoryBytes: 0 });
    world.spawnMany(1000, Pos);
    const [t] = world.query({ all: [Pos] });
    world.addMany(t.entities, Big, { m: 5 });
    const moved = world.query({ all: [Big] }).entities();
    expect(moved.length).toBe(1000);
    expect(Array.from(moved).filter((e) => world.get(e, Big).m[0] !== 5).length).toBe(0);
  });

  // Bug: destroyMany never checks that its argument is a list; a bare id reads .length === undefined and destroys nothing.
  it("destroyMany given a single id instead of a list throws ArgumentError", async () => {
    const world = await createWorld({ components: [Pos] });
    const e = world.spawn(Pos);
    expect(() => world.destroyMany(e as never)).toThrow(ArgumentError);
    expect(() => world.destroyMany(e as never)).toThrow(
      new RegExp(`^destroyMany\\(\\) takes an array of entities or a query, got ${e}$`),
    );
    expect(world.isAlive(e)).toBe(true);
  });
});

describe("spawnMany reads withEach values once, at the call", () => {
  const Label = component("Label", { o: "object" });

  it("a getter among the values that destroys an entity cannot move values onto other entities", async () => {
    for (const debug of [false, true]) {
      const world = await createWorld({ components: [Label, Pos], debug });
      const old = world.spawnMany(3, Label.withEach({ o: ["a", "b", "c"] }));
      let reads = 0;
      const values = new Proxy(["n0", "n1", "n2", "n3"], {
        get: (target, key) => {
          if (key === "0") {
            reads++;
            if (world.isAlive(old[0])) world.destroy(old[0]); // swap-removes a row of Label's table
          }
          return Reflect.get(target, key);
        },
      });
      const ids = world.spawnMany(4, Label.withEach({ o: values }));
      expect([reads, Array.from(ids, (e) => world.get(e, Label).o)], `debug: ${debug}`).toEqual([
        1,
        ["n0", "n1", "n2", "n3"],
      ]);
      world.destroy(old[1]);
      expect(Array.from(ids, (e) => world.get(e, Label).o)).toEqual(["n0", "n1", "n2", "n3"]);
      world.restore(world.snapshot()); // object values stay one per row
    }
  });

  it("while deferring, the spawned entities take the values as they were at the call", async () => {
    const world = await createWorld({ components: [Label, Pos] });
    const labels = ["x"];
    const xs = new Float32Array([5]);
    let id = 0;
    world.defer(() => {
      [id] = world.spawnMany(1, Label.withEach({ o: labels }), Pos.withEach({ x: xs }));
      labels[0] = "changed after the call";
      xs[0] = 6;
    });
    expect([world.get(id, Label).o, world.get(id, Pos).x]).toEqual(["x", 5]);
  });
});

describe("spawnMany names what is no component", () => {
  it("null or undefined among the arguments is an ArgumentError, nothing spawned", async () => {
    const world = await createWorld({ components: ALL });
    expectThrows(
      () => world.spawnMany(2, Pos, null as unknown as typeof Pos),
      ArgumentError,
      "Expected a component, got null",
    );
    expectThrows(
      () => world.spawnMany(2, undefined as unknown as typeof Pos, Pos.withEach({ x: [1, 2] })),
      ArgumentError,
      "Expected a component, got undefined",
    );
    expect(world.entityCount).toBe(0);
  });
});
