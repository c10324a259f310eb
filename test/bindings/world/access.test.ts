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
import { expectThrows } from "../../support/errors.js";

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
      // It joins its table at the flush: the accessor says so (world.get reaches its staged values).
      expect(() => pos.x(fresh)).toThrow(ArgumentError);
      expect(() => pos.setX(fresh, 1)).toThrow(
        /^Entity \d+ \(slot \d+, generation \d+\) was spawned while changes are deferred: it joins its table when they are applied, when the loop, the system or defer\(\) ends \(world\.get and world\.set reach its values before\)$/,
      );
      expect(world.get(fresh, Pos)).toEqual({ x: 0, y: 0 });
    });
  });

  it("refuses an id whose generation bits past the record's match it, and a claimed id of a free slot", async () => {
    const world = await createWorld({ components: [Pos] });
    const pos = world.access(Pos);
    const e = world.spawn(Pos); // generation 0: the record's word holds 0 in its top 8 bits
    pos.setX(e, 3);
    for (const alias of [e + 2 ** 30, e + 2 ** 31, e + 2 ** 30 * 3]) {
      expectThrows(() => pos.x(alias), StaleEntityError, new RegExp(`^Entity ${alias} `));
      expectThrows(() => world.get(alias, Pos), StaleEntityError, new RegExp(`^Entity ${alias} `));
    }
    // Enough freed slots that a deferred spawn claims one from the free queue: its record is
    // free (REC_FREE) at the claimed id's very generation.
    world.destroyMany(world.spawnMany(4100, Pos));
    world.defer(() => {
      const claimed = world.spawn(Pos);
      expect(world.isAlive(claimed)).toBe(true);
      expectThrows(() => pos.x(claimed), ArgumentError, /was spawned while changes are deferred/);
      expectThrows(() => pos.setX(claimed, 1), ArgumentError, /was spawned while changes are deferred/);
    });
    expect(pos.x(e)).toBe(3);
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

  it('refuses a component two of whose fields would give one function name, and names a field called "" by its setter "set"', async () => {
    const Both = component("Both", { x: "f32", setX: "f32" });
    const Cased = component("Cased", { x: "f32", X: "f32" });
    const Blank = component("Blank", { "": "f32", y: "f32" });
    const world = await createWorld({ components: [Both, Cased, Blank] });
    expectThrows(
      () => world.access(Both),
      SchemaError,
      'Both has no accessor: field "x" and field "setX" would both have a function named "setX"; rename one of them',
    );
    expectThrows(
      () => world.access(Cased),
      SchemaError,
      'Cased has no accessor: field "x" and field "X" would both have a function named "setX"; rename one of them',
    );
    const e = world.spawn(Blank.with({ "": 2, y: 3 }));
    const blank = world.access(Blank) as unknown as Record<string, (e: number, v?: number) => number>;
    blank.set(e, 5);
    expect(blank[""](e)).toBe(5);
    expect(world.get(e, Blank)).toEqual({ "": 5, y: 3 });
  });

  it("setters and set used before tracking starts mark rows changed once a change filter tracks the component", async () => {
    const world = await createWorld({ components: [Pos] });
    const es = world.spawnMany(3, Pos);
    const pos = world.access(Pos);
    for (let k = 0; k < 3; k++) {
      pos.setX(es[0], pos.x(es[0]) + 1); // the fast paths, untracked
      world.set(es[0], Pos, { x: world.get(es[0], Pos).x + 1 });
    }
    const changed = world.query({ all: [Pos], changed: [Pos] }); // tracking starts here
    for (const _t of changed); // iterating moves the query's base past the spawns
    expect(Array.from(changed.entities())).toEqual([]);
    pos.setX(es[1], pos.x(es[1]) + 1);
    world.set(es[2], Pos, { y: world.get(es[2], Pos).y + 1 });
    expect(Array.from(changed.entities()).sort()).toEqual([es[1], es[2]].sort());
    expect(pos.x(es[0])).toBe(6);
  });

  it("setters of a release world mark the row changed through their fast path too", async () => {
    const world = await createWorld({ components: [Pos] });
    const es = world.spawnMany(3, Pos);
    const changed = world.query({ all: [Pos], changed: [Pos] });
    for (const _t of changed); // iterating moves the query's base past the spawns
    world.access(Pos).setY(es[2], 4);
    expect(Array.from(changed.entities())).toEqual([es[2]]);
    expect(world.get(es[2], Pos)).toEqual({ x: 0, y: 4 });
  });
});

describe("world.get / world.set through the record", () => {
  const Odd = component("Odd", { "a-b": "f32", 'q"u\\ote': "i32", "x y": "u8" });

  it("get returns a fresh copy with the fields in schema order, whatever the field names", async () => {
    const world = await createWorld({ components: [Odd, Pos] });
    const e = world.spawn(Odd.with({ "a-b": 1.5, 'q"u\\ote': -7, "x y": 300 }));
    const copy = world.get(e, Odd);
    expect(Object.keys(copy)).toEqual(["a-b", 'q"u\\ote', "x y"]);
    expect(copy).toEqual({ "a-b": 1.5, 'q"u\\ote': -7, "x y": 44 }); // 300 wraps in a u8
    copy["a-b"] = 9;
    expect(world.get(e, Odd)["a-b"]).toBe(1.5);
    expect(world.get(e, Odd)).not.toBe(world.get(e, Odd));
  });

  it("set writes the fields given, in any order and with inherited keys; others keep their values", async () => {
    const world = await createWorld({ components: [Odd, Pos] });
    const e = world.spawn(Pos.with({ x: 1, y: 2 }), Odd);
    world.set(e, Pos, { y: 5, x: 4 });
    expect(world.get(e, Pos)).toEqual({ x: 4, y: 5 });
    world.set(e, Pos, { x: undefined, y: 6 });
    expect(world.get(e, Pos)).toEqual({ x: 4, y: 6 });
    world.set(e, Pos, Object.create({ x: 8 }));
    expect(world.get(e, Pos)).toEqual({ x: 8, y: 6 });
    world.set(e, Odd, { "x y": 2, 'q"u\\ote': 3 });
    expect(world.get(e, Odd)).toEqual({ "a-b": 0, 'q"u\\ote': 3, "x y": 2 });
  });

  it("set refuses an unknown key (debug) or a value that is no number and leaves the entity as it was", async () => {
    const debug = await createWorld({ components: [Pos], debug: true });
    const d = debug.spawn(Pos.with({ x: 1, y: 2 }));
    expect(() => debug.set(d, Pos, { x: 3, z: 2 } as never)).toThrow(SchemaError);
    expect(() => debug.set(d, Pos, { x: 3, z: 2 } as never)).toThrow(/^Pos has no field "z" \(its fields: x, y\)$/);
    expect(debug.get(d, Pos)).toEqual({ x: 1, y: 2 });
    const world = await createWorld({ components: [Pos] });
    const e = world.spawn(Pos.with({ x: 1, y: 2 }));
    world.set(e, Pos, { x: 5, z: 2 } as never); // a release world does not look at z
    expect(world.get(e, Pos)).toEqual({ x: 5, y: 2 });
    world.set(e, Pos, { x: 1 });
    expect(() => world.set(e, Pos, { y: 3, x: "a" } as never)).toThrow(
      /^Pos\.x cannot take "a": values must be numbers$/,
    );
    expect(world.get(e, Pos)).toEqual({ x: 1, y: 2 });
  });

  it("get and set name a stale entity or one without the component", async () => {
    const world = await createWorld({ components: [Pos, Frozen] });
    const bare = world.spawn(Frozen);
    const gone = world.spawn(Pos);
    world.destroy(gone);
    expect(() => world.get(bare, Pos)).toThrow(MissingComponentError);
    expect(() => world.set(bare, Pos, { x: 1 })).toThrow(
      /^Entity \d+ \(slot \d+, generation \d+\) has no Pos: cannot set it$/,
    );
    expect(() => world.get(gone, Pos)).toThrow(StaleEntityError);
    expect(() => world.set(gone, Pos, { x: 1 })).toThrow(StaleEntityError);
  });
});
