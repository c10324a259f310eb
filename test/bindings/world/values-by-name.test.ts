// Init values are read field by field, by name (bindings/component.ts fieldOf, store/values.ts
// readLines): the same values give the same result on every path (spawn at once or
// deferred, first or later, spawnMany, add, set), in a release and a debug world alike.
import { describe, expect, it } from "vitest";
import { ArgumentError, CapacityError, type Component, component, createWorld, tag, type World } from "wasm-ecs";
import { expectThrows } from "../../support/errors.js";

/** What each path gives for values of c: the stored values, or the error's class and message. */
function paths(w: World, c: Component, values: () => unknown): unknown[] {
  const t = (f: () => unknown) => {
    try {
      return f();
    } catch (error) {
      return [(error as Error).constructor.name, (error as Error).message];
    }
  };
  const v = () => values() as never;
  const target = w.spawn(c);
  return [
    t(() => w.get(w.spawn(c.with(v())), c)),
    t(() => w.get(w.spawn(c.with(v())), c)), // the second one takes the made code
    t(() => {
      let e = 0;
      w.defer(() => {
        e = w.spawn(c.with(v()));
      });
      return w.get(e, c);
    }),
    t(() => w.get(w.spawnMany(1, c.with(v()))[0] as number, c)),
    t(() => {
      const e = w.spawn();
      w.add(e, c, v());
      return w.get(e, c);
    }),
    t(() => {
      w.set(target, c, v());
      return w.get(target, c);
    }),
  ];
}

describe("init values read by name", () => {
  it("a field named like what every object inherits (constructor, valueOf) is left out when not given", async () => {
    const C = component("C", { x: "f32", constructor: "f32", valueOf: "i32" }, { defaults: { valueOf: 4 } as never });
    for (const debug of [false, true]) {
      const w = await createWorld({ components: [C], debug });
      expect(paths(w, C, () => ({ x: 1 }))).toEqual(new Array(6).fill({ x: 1, constructor: 0, valueOf: 4 }));
      expect(paths(w, C, () => ({ constructor: 2, valueOf: 3 }))).toEqual(
        new Array(6).fill({ x: 0, constructor: 2, valueOf: 3 }),
      );
    }
  });

  it('an "object" field named like what every object inherits keeps its default when not given, on every path', async () => {
    const C = component("C", { n: "f32", constructor: "object" }, { defaults: { constructor: "kept" } as never });
    for (const debug of [false, true]) {
      const w = await createWorld({ components: [C], debug });
      // set() keeps what the entity holds: its default, from its spawn.
      expect(paths(w, C, () => ({ n: 1 }))).toEqual(new Array(6).fill({ n: 1, constructor: "kept" }));
      expect(paths(w, C, () => ({ constructor: "given" }))).toEqual(new Array(6).fill({ n: 0, constructor: "given" }));
      // Given as undefined, an "object" field stores undefined.
      expect(paths(w, C, () => ({ constructor: undefined }))).toEqual(
        new Array(6).fill({ n: 0, constructor: undefined }),
      );
    }
  });

  it("a function is read as any object is, on every path and in both kinds of world", async () => {
    const P = component("P", { x: "f32", y: "f32" });
    const results: unknown[][] = [];
    for (const debug of [false, true]) {
      const w = await createWorld({ components: [P], debug });
      results.push(paths(w, P, () => Object.assign(() => 0, { x: 3 })));
    }
    expect(results[0]).toEqual(new Array(6).fill({ x: 3, y: 0 }));
    expect(results[1]).toEqual(results[0]);
  });

  it("a primitive is refused on every path with the same SchemaError", async () => {
    const P = component("P", { x: "f32", y: "f32" });
    const w = await createWorld({ components: [P] });
    const got = paths(w, P, () => 5);
    expect(got.map((g) => (g as string[])[0])).toEqual(new Array(6).fill("SchemaError"));
  });

  it("add and set with values given no component throw ArgumentError naming it, in both modes", async () => {
    const P = component("P", { x: "f32" });
    const w = await createWorld({ components: [P] });
    const e = w.spawn(P);
    for (const bad of [undefined, null, 5, "P", {}]) {
      const shown =
        bad === undefined ? "undefined" : bad === null ? "null" : typeof bad === "object" ? "" : String(bad);
      const message = new RegExp(`^Expected a component, got ${shown}`);
      expectThrows(() => w.add(e, bad as never, { x: 1 } as never), ArgumentError, message);
      expectThrows(() => w.set(e, bad as never, { x: 1 } as never), ArgumentError, message);
      w.defer(() => {
        expectThrows(() => w.add(e, bad as never, { x: 1 } as never), ArgumentError, message);
        expectThrows(() => w.set(e, bad as never, { x: 1 } as never), ArgumentError, message);
      });
    }
    expect(w.get(e, P)).toEqual({ x: 0 });
  });

  it("one init at once until the memory runs out: CapacityError, each value read once, nothing half made", async () => {
    const P = component("P", { x: "f32", y: "f32" });
    const w = await createWorld({ components: [P], maxMemoryBytes: 4 * 1024 * 1024 });
    let reads = 0;
    let error: unknown;
    try {
      for (let i = 0; i < 1_000_000; i++)
        w.spawn(
          P.with({
            get x() {
              reads++;
              return i;
            },
          }),
        );
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(CapacityError);
    expect(reads).toBe(w.entityCount + 1); // the failed spawn read its values once too
    const xs = [...w.query({ all: [P] }).entities()].map((e) => w.get(e, P).x);
    expect(xs).toEqual(xs.map((_, i) => i));
  });

  it("a first spawn at once that the core refuses leaves the world as the general path leaves it", async () => {
    // The general path's world: a sparse tag registered turns the made spawn off.
    const outcomes: unknown[] = [];
    for (const general of [false, true]) {
      const T = component("T", { a: "u8" });
      const P = component("P", { x: "f64" });
      const S = tag("S", { sparse: true });
      const w = await createWorld({ components: general ? [T, P, S] : [T, P], maxMemoryBytes: 1 << 20 });
      const epoch0 = w.stats().layoutEpoch;
      try {
        for (;;) w.spawn(T);
      } catch {
        // the id space or the memory is used up
      }
      const before = { count: w.entityCount, tables: w.inspect().tables.length, epoch: w.stats().layoutEpoch - epoch0 };
      const errors = [0, 1, 2].map((i) => {
        try {
          w.spawn(P.with({ x: i }));
          return "spawned";
        } catch (e) {
          return (e as Error).constructor.name;
        }
      });
      const after = { count: w.entityCount, tables: w.inspect().tables.length, epoch: w.stats().layoutEpoch - epoch0 };
      outcomes.push({ before, errors, after });
    }
    expect(outcomes[0]).toEqual(outcomes[1]);
    expect((outcomes[0] as { errors: string[] }).errors).toEqual(new Array(3).fill("CapacityError"));
  });
});
