// Component sets as spawn sees them (bindings/store/component-sets.ts): a trie keyed by
// component id in argument order, each node caching its table while the record still
// holds the table it was found as (same creation number) and no tracking started since
// (same epoch). The unit tests run from the sources; the last one goes through the
// public API.
import { describe, expect, it } from "vitest";
import { createWorld, component as publicComponent, tag as publicTag } from "wasm-ecs";
import { type ComponentArg, component, relation, tag } from "../../../bindings/component.js";
import { ArgumentError } from "../../../bindings/errors.js";
import { ComponentSets, copyInits, Resolved } from "../../../bindings/store/component-sets.js";
import { Registry } from "../../../bindings/store/registry.js";

const A = component("A", { v: "f32" });
const B = component("B", { m: ["u8", 2] });
const T = tag("T");
const Picked = tag("Picked", { sparse: true });
const Likes = relation("Likes");

function registry(): Registry {
  const r = new Registry();
  [A, B, T, Picked, Likes].forEach((c, id) => {
    r.add(c, id);
  });
  return r;
}

const unknown = (c: unknown): never => {
  throw new ArgumentError(`Expected a component, got ${String(c)}`);
};

function resolve(sets: ComponentSets, r: Registry, args: readonly ComponentArg[], out = new Resolved()) {
  const buffer = new ArrayBuffer(64);
  return { set: sets.resolve(r, args, false, 1, false, buffer, unknown, out), out, buffer };
}

describe("component sets", () => {
  it("resolve reaches one trie node per argument order, each with the mask of its components", () => {
    const sets = new ComponentSets();
    const r = registry();
    const ab = resolve(sets, r, [A, B]).set;
    expect(resolve(sets, r, [A, B]).set).toBe(ab);
    expect(resolve(sets, r, [A.with({ v: 1 }), B]).set).toBe(ab); // an init walks its component's edge
    const ba = resolve(sets, r, [B, A]).set;
    expect(ba).not.toBe(ab);
    expect(Array.from(ba.mask)).toEqual(Array.from(ab.mask));
    expect(Array.from(ab.mask)).toEqual([0b11]);
    expect(sets.root.next[0].next[1]).toBe(ab);
    expect(resolve(sets, r, []).set).toBe(sets.root);
  });

  it("resolve sets sparse tags and pairs aside and says whether spawnMany's inits share the buffer", () => {
    const sets = new ComponentSets();
    const r = registry();
    const out = new Resolved();
    const pair = Likes.to(7);
    const { set } = resolve(sets, r, [Picked, A, pair, T], out);
    expect(out.sparse).toEqual([3]);
    expect(out.pairs).toEqual([pair]);
    expect(Array.from(set.mask)).toEqual([0b101]);
    expect(out.shared).toBe(false);
    const buffer = new ArrayBuffer(64);
    const onBuffer = B.with({ m: new Uint8Array(buffer, 0, 2) });
    sets.resolve(r, [onBuffer], true, 1, false, buffer, unknown, out);
    expect(out.sparse).toEqual([]); // the record is reused: emptied first
    expect(out.pairs).toEqual([]);
    expect(out.shared).toBe(true);
    sets.resolve(r, [B.with({ m: [1, 2] })], true, 1, false, buffer, unknown, out);
    expect(out.shared).toBe(false);
    // spawn's values are staged (checked and copied) by init-rows.ts, not here.
    sets.resolve(r, [onBuffer], false, 1, false, buffer, unknown, out);
    expect(out.shared).toBe(false);
  });

  it("resolve hands a component that is not registered to `unknown`", () => {
    const sets = new ComponentSets();
    const r = registry();
    const Stranger = component("Stranger", { v: "f32" });
    expect(() => resolve(sets, r, [A, Stranger])).toThrow(ArgumentError);
    expect(() => resolve(sets, r, [A, Stranger])).toThrow(/^Expected a component, got Stranger$/);
  });

  it("cached trusts a remembered table only while the table directory's generation and the epoch hold", () => {
    const sets = new ComponentSets();
    const r = registry();
    const set = resolve(sets, r, [A]).set;
    const tables = { generation: 17 };
    expect(sets.cached(sets.root, tables)).toBe(0); // the empty set is table 0
    expect(sets.cached(set, tables)).toBe(-1);
    sets.remember(set, 4, 17);
    expect(sets.cached(set, tables)).toBe(4);
    tables.generation = 18; // records were recycled or dropped: 4 may hold another table
    expect(sets.cached(set, tables)).toBe(-1);
    sets.remember(set, 4, 18);
    expect(sets.cached(set, tables)).toBe(4);
    sets.epoch++; // tracking started: every cached table may be wrong
    expect(sets.cached(set, tables)).toBe(-1);
  });

  it("bareTable repeats the last arguments' answer only while no key changed its id", () => {
    const sets = new ComponentSets();
    const r = registry();
    const tables = { generation: 1 };
    const ab = resolve(sets, r, [A, B]).set;
    const ba = resolve(sets, r, [B, A]).set;
    sets.remember(ab, 5, 1);
    sets.remember(ba, 6, 1);
    expect(sets.bareTable(r, [A, B], tables)).toBe(5);
    expect(sets.bareTable(r, [A, B], tables)).toBe(5); // the memo
    expect(sets.bareTable(r, [B, A], tables)).toBe(6);
    expect(sets.bareTable(r, [A], tables)).toBe(-1); // [A] has no table yet
    expect(sets.bareTable(r, [A, B, T], tables)).toBe(-1);
    expect(sets.bareTable(r, [A, B], tables)).toBe(5);
    // A's key now names another id (a restored snapshot): the memo is not trusted.
    r.forget(A);
    expect(sets.bareTable(r, [A, B], tables)).toBe(-1);
    r.add(A, 1);
    expect(sets.bareTable(r, [A, B], tables)).toBe(-1); // the trie has no [B-id, B-id] set
    expect(sets.bareTable(r, [B], tables)).toBe(-1);
  });

  it("copyInits copies array values of inits and keeps plain components as they are", () => {
    const view = Uint8Array.of(3, 4);
    const init = B.with({ m: view });
    const [a, copied] = copyInits([A, init]);
    expect(a).toBe(A);
    expect(copied).not.toBe(init);
    const m = (copied as typeof init).values.m as Uint8Array;
    expect(Array.from(m)).toEqual([3, 4]);
    view[0] = 9;
    expect(m[0]).toBe(3);
  });
});

describe("component sets through the public API", () => {
  const Position = publicComponent("Position", { x: "f32", y: "f32" });
  const Velocity = publicComponent("Velocity", { x: "f32", y: "f32" });
  const Health = publicComponent("Health", { hp: "i32" }, { defaults: { hp: 100 } });
  const Frozen = publicTag("Frozen");

  it("spawn with several components creates only the final archetype, whatever the argument order", async () => {
    const world = await createWorld({ components: [Position, Velocity, Health, Frozen] });
    world.spawn(Position, Velocity, Health, Frozen);
    world.spawn(Frozen, Health, Velocity, Position);
    world.spawnMany(3, Health, Position, Frozen, Velocity);
    expect(world.stats().archetypes).toBe(2);
    expect(world.query({ all: [Position, Velocity, Health, Frozen] }).count()).toBe(5);
  });
});
