// The world's query cache and pair terms (bindings/world/queries.ts), through the public
// API: a specific target, the wildcard, none and several relation terms; the same query
// for the same terms; a query naming a destroyed target is dropped from the cache.
import { describe, expect, it } from "vitest";
import { createWorld, type World } from "wasm-ecs";
import { ALL, ChildOf, Likes, Pos, sorted } from "../../support/relations.js";

describe("queries with relation terms", () => {
  it("a specific target, the wildcard, none and several relation terms", async () => {
    const world = await createWorld({ components: ALL });
    const [a, b] = [world.spawn(Pos), world.spawn(Pos)];
    const x = world.spawn(Pos, ChildOf.to(a), Likes.to(b));
    const y = world.spawn(Pos, ChildOf.to(a));
    const z = world.spawn(Pos, ChildOf.to(b), Likes.to(a), Likes.to(b));
    const ids = (terms: Parameters<World["query"]>[0]) => sorted(world.query(terms).entities());
    expect(ids({ all: [ChildOf.to(a)] })).toEqual(sorted([x, y]));
    expect(ids({ all: [ChildOf.to("*")] })).toEqual(sorted([x, y, z]));
    expect(ids({ all: [ChildOf] })).toEqual(sorted([x, y, z]));
    expect(ids({ all: [Pos], none: [ChildOf] })).toEqual(sorted([a, b]));
    expect(ids({ all: [ChildOf.to(a)], none: [Likes.to(b)] })).toEqual([y]);
    expect(ids({ all: [ChildOf.to(a), Likes.to(b)] })).toEqual([x]);
    expect(ids({ all: [Likes.to(a), Likes.to(b)] })).toEqual([z]);
    expect(ids({ any: [Likes.to("*")] })).toEqual(sorted([x, z]));
    expect(world.query({ all: [ChildOf.to(a)] })).toBe(world.query({ all: [ChildOf.to(a)] }));
    // The query follows later changes.
    const q = world.query({ all: [ChildOf.to(a)] });
    world.add(z, ChildOf.to(a));
    expect(sorted(q.entities())).toEqual(sorted([x, y, z]));
  });

  it("none: [R.to(t)] leaves out only the entities related to t", async () => {
    const world = await createWorld({ components: ALL });
    const [a, b] = [world.spawn(Pos), world.spawn(Pos)];
    const c = world.spawn(Pos, ChildOf.to(a));
    const d = world.spawn(Pos, ChildOf.to(b));
    expect(sorted(world.query({ all: [Pos], none: [ChildOf.to(b)] }).entities())).toEqual(sorted([a, b, c]));
    expect(world.isAlive(d)).toBe(true);
  });

  it("queries that named a destroyed target are dropped from the cache and find nothing", async () => {
    const world = await createWorld({ components: ALL });
    const p = world.spawn(Pos);
    world.spawnMany(3, Pos, Likes.to(p));
    const q = world.query({ all: [Likes.to(p)] });
    const before = world.stats().queries;
    world.destroy(p);
    expect(q.count()).toBe(0);
    expect(world.stats().queries).toBe(before - 1);
  });
});
