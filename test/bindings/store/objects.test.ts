// "object" fields (bindings/store/objects.ts): any JS value, in JS arrays kept row-aligned
// through every move of the core (the row journal replayed).
import { describe, expect, it } from "vitest";
import { component, createWorld, tag } from "wasm-ecs";
import { Likes, Pos, ALL as RELATIONS } from "../../support/relations.js";

const Name = component("Name", { label: "object" }, { defaults: { label: "anon" } });
const Sprite = component("Sprite", { frame: "u16", image: "object", meta: "object" });
const Position = component("Position", { x: "f32" });
const Velocity = component("Velocity", { x: "f32" });
const Frozen = tag("Frozen");
const ALL = [Name, Sprite, Position, Velocity, Frozen];

describe("object fields", () => {
  it("spawn, get, set and columns hold any JS value; defaults apply", async () => {
    const world = await createWorld({ components: ALL });
    const img = { src: "hero.png" };
    const a = world.spawn(Name.with({ label: "hero" }), Sprite.with({ frame: 3, image: img }));
    const b = world.spawn(Name);
    expect(world.get(a, Name)).toEqual({ label: "hero" });
    expect(world.get(b, Name)).toEqual({ label: "anon" });
    expect(world.get(a, Sprite).image).toBe(img);
    expect(world.get(a, Sprite)).toEqual({ frame: 3, image: img, meta: undefined });
    world.set(b, Name, { label: "sidekick" });
    for (const t of world.query({ all: [Name], none: [Sprite] })) {
      const cols = t.columns(Name);
      expect(cols.label).toEqual(["sidekick"]);
      cols.label[0] = "renamed";
    }
    expect(world.get(b, Name).label).toBe("renamed");
  });

  it("values follow their entity through migrations, swap-removes and destroys", async () => {
    const world = await createWorld({ components: ALL });
    const es = Array.from({ length: 6 }, (_, i) => world.spawn(Name.with({ label: `e${i}` }), Position));
    world.add(es[1], Velocity); // moves out of the middle: the last row fills the hole
    world.destroy(es[2]);
    world.remove(es[0], Position);
    world.add(es[1], Frozen);
    world.addMany([es[3], es[4]], Velocity);
    world.destroyMany([es[5]]);
    for (const [i, e] of es.entries()) {
      if (i === 2 || i === 5) expect(world.isAlive(e)).toBe(false);
      else expect(world.get(e, Name).label).toBe(`e${i}`);
    }
    for (const t of world.query({ all: [Name] })) {
      const labels = t.columns(Name).label;
      expect(labels.length).toBe(t.count);
      for (let r = 0; r < t.count; r++) expect(labels[r]).toBe(world.get(t.entities[r], Name).label);
    }
  });

  it("query batches, spawnMany with withEach and deferred changes keep the arrays aligned", async () => {
    const world = await createWorld({ components: ALL });
    const labels = Array.from({ length: 50 }, (_, i) => `n${i}`);
    const es = [...world.spawnMany(50, Name.withEach({ label: labels }), Position)];
    world.addMany(world.query({ all: [Name, Position] }), Velocity);
    world.removeMany(world.query({ all: [Name] }), Position);
    for (const t of world.query({ all: [Name] })) {
      for (const e of t.entities) if (e % 3 === 0) world.destroy(e);
      for (const e of t.entities) if (e % 3 === 1) world.add(e, Frozen);
      world.spawn(Name.with({ label: "late" }), Velocity);
    }
    for (const [i, e] of es.entries()) {
      if (e % 3 === 0) expect(world.isAlive(e)).toBe(false);
      else expect(world.get(e, Name).label).toBe(labels[i]);
    }
    let late = 0;
    for (const t of world.query({ all: [Name] })) {
      const col = t.columns(Name).label;
      expect(col.length).toBe(t.count);
      late += col.filter((l) => l === "late").length;
    }
    expect(late).toBe(1);
    world.destroyMany(world.query({ all: [Name] }));
    for (const t of world.query({ all: [Name] })) expect(t.columns(Name).label.length).toBe(0);
  });

  it("under a sparse filter an object column shows the window's rows alone: length, index, keys, `in` and spread agree", async () => {
    const Picked = tag("Picked", { sparse: true });
    const world = await createWorld({ components: [...ALL, Picked] });
    const es = world.spawnMany(10, Position, Name.withEach({ label: Array.from({ length: 10 }, (_, i) => `n${i}`) }));
    world.add(es[9], Picked);
    world.add(es[7], Picked);
    let seen = 0;
    for (const t of world.query({ all: [Position, Picked] })) {
      const label = t.columns(Name).label;
      const want = [...t.entities].map((e) => world.get(e, Name).label);
      expect([label.length, [...label], Object.keys(label), 1 in label, 2 in label, label[2]]).toEqual([
        2,
        want,
        ["0", "1"],
        true,
        false,
        undefined,
      ]);
      expect(Object.getOwnPropertyDescriptor(label, "length")?.value).toBe(2);
      label[1] = "written";
      label[5] = "ignored";
      Object.defineProperty(label, "6", { value: "ignored", writable: true, configurable: true, enumerable: true });
      Object.defineProperty(label, "length", { value: 0 });
      expect(() => delete label[0]).toThrow(TypeError); // as for a typed array's index
      seen += t.count;
    }
    expect(seen).toBe(2);
    const labels = Array.from(es, (e) => world.get(e, Name).label);
    expect(labels.filter((l) => l === "written" || l === "ignored")).toEqual(["written"]);
  });

  it("withEach of an object field needs one value per entity", async () => {
    const world = await createWorld({ components: ALL });
    expect(() => world.spawnMany(3, Name.withEach({ label: ["a"] }))).toThrow(
      'Name.label cannot take an array of length 1: withEach values of an "object" field are an array of 3 values',
    );
    const es = world.spawnMany(2, Name.with({ label: ["shared"] }));
    expect(world.get(es[0], Name).label).toBe(world.get(es[1], Name).label);
  });
});

describe("object fields with relations", () => {
  it("object fields ride along when a destroyed target takes the pair off (its sub-table is recycled in that call)", async () => {
    const Label = component("Label", { name: "object" });
    const world = await createWorld({ components: [...RELATIONS, Label] });
    const t = world.spawn(Pos);
    const e = world.spawn(Label.with({ name: "keep me" }), Likes.to(t));
    world.destroy(t);
    expect(world.get(e, Label)).toEqual({ name: "keep me" });
    expect(world.has(e, Likes)).toBe(false);
  });
});
