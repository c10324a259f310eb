// Public types. One entity-id type: every list of entities the API hands out (spawnMany, t.entities,
// query.entities(), removed(), targets()) reads as the branded Entity that spawn()
// returns, so an element goes back into any World method and into an `Entity` variable.
// The type assertions are checked by `tsc -p tsconfig.json` (npm run check), and again
// under `noUncheckedIndexedAccess` against dist/'s declarations by readme-types.test.ts.
import { describe, expect, expectTypeOf, it } from "vitest";
import { component, createWorld, type Entity, type EntityList, relation } from "wasm-ecs";

const Position = component("Position", { x: "f32", y: "f32" });
const ChildOf = relation("ChildOf");

describe("entity id types", () => {
  it("spawn, spawnMany, t.entities, query.entities(), removed() and targets() all give Entity elements", async () => {
    const world = await createWorld({ components: [Position, ChildOf] });
    const one: Entity = world.spawn(Position);
    const many = world.spawnMany(3, Position);
    const q = world.query({ all: [Position] });
    const listed = q.entities();
    expectTypeOf(one).toEqualTypeOf<Entity>();
    expectTypeOf(many).toEqualTypeOf<EntityList>();
    expectTypeOf(listed).toEqualTypeOf<EntityList>();
    expectTypeOf(world.removed(Position)).toEqualTypeOf<Entity[]>();
    expectTypeOf(world.targets(one, ChildOf)).toEqualTypeOf<Entity[]>();
    // An element of each list is an Entity: it goes into an Entity variable as it is.
    const first: Entity = many[0]!;
    const fromQuery: Entity = listed[0]!;
    const fromAt: Entity | undefined = listed.at(-1);
    for (const t of q) {
      const row0: Entity = t.entities[0]!;
      expectTypeOf(t.entities).toEqualTypeOf<EntityList>();
      expect(world.isAlive(row0)).toBe(true);
      // The index is read-only: a write to the core's entity column does not type-check.
      // @ts-expect-error TS2542: the index signature only permits reading
      if (row0 < 0) t.entities[0] = row0;
    }
    for (const e of many) expectTypeOf(e).toEqualTypeOf<Entity>();
    expectTypeOf([...listed]).toEqualTypeOf<Entity[]>();
    // A plain number is not an Entity: the brand stays.
    // @ts-expect-error: number is not assignable to Entity
    const notOne: Entity = 5;
    expect(notOne).toBe(5);
    // At run time the lists are Uint32Arrays holding the spawned ids.
    expect(many).toBeInstanceOf(Uint32Array);
    expect(listed).toBeInstanceOf(Uint32Array);
    expect([...listed].sort((a, b) => a - b)).toEqual([one, ...many].sort((a, b) => a - b));
    expect(fromQuery).toBe(listed[0]);
    expect(fromAt).toBe(listed[listed.length - 1]);
    // Each element goes back into the World methods that take an entity.
    world.add(first, ChildOf.to(one));
    expect(world.targets(first, ChildOf)).toEqual([one]);
    world.removed(Position); // starts the log
    world.destroy(many[1]!);
    world.destroyMany(world.query({ all: [ChildOf.to(one)] }).entities());
    const gone: Entity[] = [many[0]!, many[1]!];
    expect(world.removed(Position).sort((a, b) => a - b)).toEqual(gone.sort((a, b) => a - b));
    expect(world.entityCount).toBe(2);
  });

  it("tables of a query with added / changed terms carry rows in their type; other queries' tables may not", async () => {
    const world = await createWorld({ components: [Position] });
    const changed = world.query({ all: [Position], changed: [Position] });
    const plain = world.query({ all: [Position] });
    world.spawnMany(2, Position);
    for (const t of changed) {
      expectTypeOf(t.rows).toEqualTypeOf<Uint32Array>();
      expect([...t.rows]).toEqual([0, 1]);
    }
    for (const t of plain) {
      expectTypeOf(t.rows).toEqualTypeOf<Uint32Array | undefined>();
      expect(t.rows).toBeUndefined();
    }
  });
});
