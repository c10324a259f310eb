// world.access(C) (bindings/world/access.ts): per-field getters and setters for single
// entities that read the entity's record from memory; they follow migrations, new
// tables, grown memory and restores, and refuse stale or unsuited entities with the
// errors world.get / set give. Fresh world per test.
import { describe, expect, it } from "vitest";
import {
  ArgumentError,
  component,
  createWorld,
  MissingComponentError,
  SchemaError,
  StaleEntityError,
  tag,
  UnknownComponentError,
} from "wasm-ecs";

const Pos = component("Pos", { x: "f32", y: "f32" });
const Mat = component("Mat", { m: ["f64", 4] });
const Label = component("Label", { text: "object" });
const Hp = component("Hp", { hp: "u8" });
const Frozen = tag("Frozen");

describe("world.access", () => {
  it("reads and writes one entity's fields wherever it lives, the same accessor after migrations and new tables", async () => {
    const world = await createWorld({ components: [Pos, Frozen, Mat], initialMemoryBytes: 0 });
    const a = world.spawn(Pos.with({ x: 1, y: 2 }));
    const pos = world.access(Pos);
    expect(world.access(Pos)).toBe(pos);
    expect([pos.x(a), pos.y(a)]).toEqual([1, 2]);
    pos.setX(a, 10);
    expect(world.get(a, Pos)).toEqual({ x: 10, y: 2 });
    world.add(a, Frozen); // a moves to a table made after the accessor
    expect(pos.x(a)).toBe(10);
    const many = world.spawnMany(20_000, Pos.with({ y: 7 }), Mat); // columns and memory move
    pos.setY(many[19_999], 3);
    expect([pos.x(a), pos.y(many[19_999]), pos.y(many[0])]).toEqual([10, 3, 7]);
  });

  it("array fields take an element index; a bad index is an ArgumentError", async () => {
    const world = await createWorld({ components: [Mat] });
    const e = world.spawn(Mat.with({ m: [1, 2, 3, 4] }));
    const mat = world.access(Mat);
    expect(mat.m(e, 3)).toBe(4);
    mat.setM(e, 0, 9);
    expect(world.get(e, Mat).m).toEqual([9, 2, 3, 4]);
    expect(() => mat.m(e, 4)).toThrow(ArgumentError);
    expect(() => mat.setM(e, 1.5, 0)).toThrow(/^Mat\.m has elements 0 to 3, got 1\.5$/);
  });

  it("object fields hold any JS value", async () => {
    const world = await createWorld({ components: [Label] });
    const e = world.spawn(Label.with({ text: "a" }));
    const label = world.access(Label);
    label.setText(e, { deep: [1] });
    expect(label.text(e)).toEqual({ deep: [1] });
    expect(world.get(e, Label).text).toEqual({ deep: [1] });
  });

  it("refuses stale, malformed and unsuited entities, and unregistered components, with typed errors", async () => {
    const world = await createWorld({ components: [Pos, Frozen] });
    const pos = world.access(Pos);
    const bare = world.spawn(Frozen);
    const gone = world.spawn(Pos);
    world.destroy(gone);
    expect(() => pos.x(bare)).toThrow(MissingComponentError);
    expect(() => pos.setX(bare, 1)).toThrow(/^Entity \d+ \(slot \d+, generation \d+\) has no Pos: cannot access it$/);
    expect(() => pos.x(gone)).toThrow(StaleEntityError);
    expect(() => pos.x(-1)).toThrow(/^Entity -1 is not an entity id/);
    expect(() => world.access(Hp)).toThrow(UnknownComponentError);
    world.defer(() => {
      const fresh = world.spawn(Pos);
      expect(() => pos.x(fresh)).toThrow(MissingComponentError); // joins its table at the flush
    });
  });

  it("setters mark the row changed for change filters, and check integer ranges in debug worlds", async () => {
    const world = await createWorld({ components: [Hp], debug: true });
    const es = world.spawnMany(3, Hp);
    const changed = world.query({ all: [Hp], changed: [Hp] });
    for (const _t of changed); // iterating moves the query's base past the spawns
    const hp = world.access(Hp);
    hp.setHp(es[1], 200);
    expect(Array.from(changed.entities())).toEqual([es[1]]);
    expect(() => hp.setHp(es[0], 300)).toThrow(SchemaError);
    expect(hp.hp(es[0])).toBe(0);
  });

  it("follows a restored snapshot", async () => {
    const world = await createWorld({ components: [Pos] });
    const e = world.spawn(Pos.with({ x: 1 }));
    const pos = world.access(Pos);
    const saved = world.snapshot();
    pos.setX(e, 5);
    world.restore(saved);
    expect(pos.x(e)).toBe(1);
  });
});
