// world.inspect() and world.stats() (bindings/world/inspect.ts): tables and queries as the
// inspector shows them, and the summary counts.
import { describe, expect, it } from "vitest";
import { component, createWorld, relation, tag } from "wasm-ecs";
import { ChildOf, Pos, ALL as RELATIONS } from "../../support/relations.js";

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

describe("world.inspect() with relations", () => {
  it("names sub-tables by their pairs and queries by their pair terms and cascade", async () => {
    const ChildOf = relation("ChildOf", { exclusive: true });
    const world = await createWorld({ components: [Position, ChildOf] });
    const [a, b] = [world.spawn(Position), world.spawn(Position)];
    world.spawnMany(2, Position, ChildOf.to(a));
    world.spawn(Position, ChildOf.to(b));
    world.query({ all: [ChildOf.to(a)] });
    world.query({ all: [Position, ChildOf.to("*")], cascade: ChildOf });
    const info = world.inspect();
    const tables = info.tables.filter((t) => t.entities > 0).map((t) => [t.components.join(","), t.entities]);
    expect(tables).toEqual([
      ["Position", 2],
      [`Position,ChildOf(${a})`, 2],
      [`Position,ChildOf(${b})`, 1],
    ]);
    expect(info.queries.map((x) => [x.terms, x.tables, x.entities])).toEqual([
      [{ all: [`ChildOf(${a})`] }, 1, 2],
      [{ all: ["Position", "ChildOf(*)"], cascade: ["ChildOf"] }, 2, 3],
    ]);
  });
});

describe("world.stats()", () => {
  const Velocity = component("Velocity", { x: "f32", y: "f32" });
  const Health = component("Health", { hp: "i32" }, { defaults: { hp: 100 } });
  const ALL = [Position, Velocity, Health, Frozen];

  it("stats report entities, archetypes, components and memory", async () => {
    const world = await createWorld({ components: ALL });
    world.spawnMany(1000, Position, Velocity);
    const s = world.stats();
    expect(s.entities).toBe(1000);
    expect(s.archetypes).toBe(2);
    expect(s.components).toBe(ALL.length);
    expect(s.usedBytes).toBeGreaterThan(1000 * (16 + 4));
    expect(s.memoryBytes).toBeGreaterThanOrEqual(s.usedBytes);
  });
});

describe("world.inspect() of sub-tables", () => {
  it("inspect() names each sub-table's pairs", async () => {
    const world = await createWorld({ components: RELATIONS });
    const p = world.spawn(Pos);
    world.spawn(Pos, ChildOf.to(p));
    const tables = world.inspect().tables.map((t) => t.components.join(", "));
    expect(tables).toContain(`Pos, ChildOf(${p})`);
  });
});
