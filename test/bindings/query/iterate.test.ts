// Iterating a query (bindings/query/iterate.ts), through the public API: only non-empty
// tables, row-aligned entities and columns; entities spawned during the iteration are not
// visited.
import { describe, expect, it } from "vitest";
import { component, createWorld } from "wasm-ecs";
import { A, setup } from "../../support/query-world.js";

const Pos = component("Pos", { x: "f32", y: "f32" });

describe("iterate", () => {
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

  // Bug: parked spawns land in table 0, which a query with no `all` term yields; each() then reads past its entities view.
  it("each visits no entity spawned during the iteration and never passes an undefined entity", async () => {
    const world = await createWorld({ components: [Pos] });
    const e0 = world.spawn();
    const seen: (number | undefined)[] = [];
    world.query({}).each((e, t, row) => {
      if (seen.length < 3) world.spawn(Pos);
      seen.push(e, t.entities[row]);
    });
    expect(seen).toEqual([e0, e0]);
  });
});
