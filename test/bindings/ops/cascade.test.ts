// Destroying relation targets (bindings/ops/cascade.ts), through the public API: "destroy"
// relations take the related entities along, "remove" ones only the pair; deferred and
// batched destroys too; dead targets' sub-tables are recycled, so tables and memory stay
// bounded.
import { describe, expect, it } from "vitest";
import { createWorld } from "wasm-ecs";
import { checkInvariants } from "../../support/internals.js";
import { ALL, ChildOf, Likes, Owes, Pos, Vel } from "../../support/relations.js";

describe("destroying a target", () => {
  it('"destroy" takes the related entities along (recursively), "remove" takes only the pair', async () => {
    const world = await createWorld({ components: ALL, debug: true });
    const root = world.spawn(Pos);
    const kids = world.spawnMany(3, Pos, ChildOf.to(root));
    const grandkid = world.spawn(Pos, ChildOf.to(kids[0]));
    const fan = world.spawn(Pos, Likes.to(kids[1]), Likes.to(root));
    const fan2 = world.spawn(Pos, Owes.to(grandkid));
    world.destroy(root);
    for (const e of [root, ...kids, grandkid]) expect(world.isAlive(e)).toBe(false);
    expect(world.targets(fan, Likes)).toEqual([]);
    expect(world.has(fan, Likes)).toBe(false);
    expect(world.has(fan2, Owes)).toBe(false);
    expect(world.entityCount).toBe(2);
    checkInvariants(world);
  });

  it("works deferred (inside an iteration) and through destroyMany, leaving no dangling pair", async () => {
    const world = await createWorld({ components: ALL, debug: true });
    const parents = [...world.spawnMany(4, Pos, Vel)];
    for (const p of parents) world.spawnMany(3, Pos, ChildOf.to(p));
    const watcher = world.spawn(Likes.to(parents[0]), Likes.to(parents[1]));
    for (const t of world.query({ all: [Vel] })) {
      world.destroy(t.entities[0]);
      expect(world.entityCount).toBe(17); // deferred until the iteration ends
    }
    expect(world.entityCount).toBe(13);
    expect(world.targets(watcher, Likes)).toEqual([parents[1]]);
    world.destroyMany([parents[1], parents[2]]);
    expect(world.entityCount).toBe(5);
    world.destroyMany(world.query({ all: [Vel] }));
    expect(world.entityCount).toBe(1);
    expect(world.has(watcher, Likes)).toBe(false);
    checkInvariants(world);
  });

  it("recycles the sub-tables of dead targets: tables and memory stay bounded over many generations", async () => {
    const world = await createWorld({ components: ALL, debug: true });
    // 4096 freed ids waiting: from here on every spawn reuses a slot, so the entity index stays as it is.
    world.destroyMany(world.spawnMany(4096, Pos));
    let used = 0;
    let archetypes = 0;
    for (let round = 0; round < 60; round++) {
      const parents = world.spawnMany(20, Pos);
      for (const p of parents) world.spawnMany(5, Pos, ChildOf.to(p), Likes.to(parents[0]));
      world.destroyMany(parents);
      expect(world.entityCount).toBe(0);
      if (round === 5) {
        used = world.stats().usedBytes;
        archetypes = world.stats().archetypes;
      }
      if (round > 5) {
        expect(world.stats().usedBytes).toBe(used);
        expect(world.stats().archetypes).toBe(archetypes);
      }
    }
    checkInvariants(world);
  });
});
