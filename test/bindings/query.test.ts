// Queries: matching, caching, iteration over table views, and deferral of
// structural changes made while iterating (including break, throw and nesting).
import { describe, expect, it } from "vitest";
import { component, createWorld, tag } from "wasm-ecs";

const A = component("A", { v: "f32" });
const B = component("B", { v: "i32" });
const C = component("C", { v: "u8" });
const T = tag("T");
const ALL = [A, B, C, T];

async function setup() {
  const world = await createWorld({ components: ALL, debug: true });
  const ab = world.spawnMany(10, A, B);
  const a = world.spawnMany(5, A);
  const abt = world.spawnMany(3, A, B, T);
  const c = world.spawnMany(2, C);
  return { world, ab, a, abt, c };
}

describe("query", () => {
  it("matches all / any / none terms and caches by terms", async () => {
    const { world } = await setup();
    expect(world.query({ all: [A, B] }).count()).toBe(13);
    expect(world.query({ all: [A], none: [T] }).count()).toBe(15);
    expect(world.query({ any: [T, C] }).count()).toBe(5);
    expect(world.query({ all: [A], optional: [B] }).count()).toBe(18);
    expect(world.query({ all: [B, A] })).toBe(world.query({ all: [A, B] }));
    expect(world.query({ all: [A] })).not.toBe(world.query({ all: [A], none: [T] }));
  });

  it("picks up tables created after the query was made", async () => {
    const { world } = await setup();
    const q = world.query({ all: [C] });
    expect(q.count()).toBe(2);
    const e = world.spawn(A, C);
    expect(q.count()).toBe(3);
    expect(Array.from(q.entities())).toContain(e);
  });

  it("iteration yields only non-empty tables with row-aligned entities and columns", async () => {
    const { world, ab } = await setup();
    world.destroyMany(ab);
    let tables = 0;
    for (const t of world.query({ all: [A] })) {
      tables++;
      expect(t.count).toBeGreaterThan(0);
      expect(t.entities.length).toBe(t.count);
      expect(t.columns(A).v.length).toBe(t.count);
      t.columns(A).v.forEach((_, row) => {
        t.columns(A).v[row] = t.entities[row];
      });
    }
    expect(tables).toBe(2);
    for (const e of world.query({ all: [A] }).entities()) expect(world.get(e, A).v).toBe(Math.fround(e));
  });

  it("optional terms: tryColumns gives views only where the table has the component", async () => {
    const { world } = await setup();
    let withB = 0;
    for (const t of world.query({ all: [A], optional: [B] })) {
      const b = t.tryColumns(B);
      expect(b === undefined).toBe(!t.has(B));
      if (b) withB += b.v.length;
    }
    expect(withB).toBe(13);
  });

  it("each visits every matching entity once with its table and row", async () => {
    const { world } = await setup();
    const seen: number[] = [];
    world.query({ all: [A, B] }).each((e, t, row) => {
      expect(t.entities[row]).toBe(e);
      seen.push(e);
    });
    expect(seen.sort()).toEqual(Array.from(world.query({ all: [A, B] }).entities()).sort());
  });

  it("structural changes during iteration are deferred and applied in order when it ends", async () => {
    const { world, a } = await setup();
    const spawned: number[] = [];
    for (const t of world.query({ all: [A], none: [B] })) {
      for (const e of t.entities) {
        world.add(e, B, { v: 7 });
        expect(world.has(e, B)).toBe(false);
        const s = world.spawn(C.with({ v: 4 }));
        expect(world.isAlive(s)).toBe(true);
        expect(world.has(s, C)).toBe(false);
        spawned.push(s);
      }
    }
    for (const e of a) expect(world.get(e, B).v).toBe(7);
    for (const s of spawned) expect(world.get(s, C).v).toBe(4);
  });

  it("a destroy then an add of the same entity in one buffer drops the add", async () => {
    const { world, a } = await setup();
    world.defer(() => {
      world.destroy(a[0]);
      world.add(a[0], B);
      world.add(a[1], B);
    });
    expect(world.isAlive(a[0])).toBe(false);
    expect(world.has(a[1], B)).toBe(true);
  });

  it("deferred changes are applied when the loop breaks or throws", async () => {
    const { world, a } = await setup();
    for (const _t of world.query({ all: [A] })) {
      world.destroy(a[0]);
      break;
    }
    expect(world.isAlive(a[0])).toBe(false);
    expect(() => {
      for (const _t of world.query({ all: [A] })) {
        world.destroy(a[1]);
        throw new Error("boom");
      }
    }).toThrow("boom");
    expect(world.isAlive(a[1])).toBe(false);
    for (const t of world.query({ all: [A] })) expect(t.count).toBeGreaterThan(0);
  });

  it("nested iteration flushes only when the outermost loop ends, and visits no entity twice", async () => {
    const { world } = await setup();
    const visited = new Set<number>();
    for (const outer of world.query({ all: [A] })) {
      for (const e of outer.entities) {
        expect(visited.has(e)).toBe(false);
        visited.add(e);
        world.add(e, C);
      }
      for (const _inner of world.query({ all: [C] })) world.spawn(A);
      expect(world.query({ all: [A, C] }).count()).toBe(0);
    }
    expect(world.query({ all: [A, C] }).count()).toBe(visited.size);
  });

  it("spawnMany and destroyMany inside iteration return ids at once and apply at the end", async () => {
    const { world } = await setup();
    let ids: Uint32Array = new Uint32Array(0);
    for (const t of world.query({ all: [A], none: [B] })) {
      ids = world.spawnMany(t.count, B.withEach({ v: Int32Array.from(t.columns(A).v, (_, i) => i + 1) }));
      t.columns(A).v.fill(3);
      world.destroyMany(t.entities);
    }
    expect(world.query({ all: [A], none: [B] }).count()).toBe(0);
    expect(Array.from(ids, (e) => world.get(e, B).v)).toEqual([1, 2, 3, 4, 5]);
  });
});
