// world.inspect(): tables and queries as the inspector shows them.
import { describe, expect, it } from "vitest";
import { component, createWorld, tag } from "wasm-ecs";

const Position = component("Position", { x: "f32", y: "f32" });
const Frozen = tag("Frozen");

describe("world.inspect()", () => {
  it("lists archetype tables with components, entities and bytes, and queries with their matches", async () => {
    const world = await createWorld({ components: [Position, Frozen] });
    const es = world.spawnMany(10, Position);
    world.addMany(es.subarray(0, 4), Frozen);
    const q = world.query({ all: [Position], none: [Frozen] });
    world.query({ changed: [Position] }); // tracked: its stamps companion stays out of the listing
    const info = world.inspect();
    const tables = info.tables.filter((t) => t.entities > 0).map((t) => [t.components.join(","), t.entities, t.bytes]);
    expect(tables).toEqual([
      ["Position", 6, 6 * (8 + 4 + 8)],
      ["Position,Frozen", 4, 4 * (8 + 4 + 8)],
    ]);
    expect(info.queries.map((x) => [x.terms, x.tables, x.entities])).toEqual([
      [{ all: ["Position"], none: ["Frozen"] }, 1, 6],
      [{ changed: ["Position"] }, 2, 10],
    ]);
    expect(q.count()).toBe(6);
  });
});
