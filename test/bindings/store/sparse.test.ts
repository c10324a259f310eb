// Sparse tags: bitset membership, no migration, row filters in queries.
import { describe, expect, it } from "vitest";
import {
  ArgumentError,
  component,
  createWorld,
  SchemaError,
  StaleEntityError,
  tag,
  UnknownComponentError,
} from "wasm-ecs";
import { expectThrows } from "../../support/errors.js";
import { stateOf } from "../../support/state.js";

const Position = component("Position", { x: "f32" });
const Selected = tag("Selected", { sparse: true });
const Hidden = tag("Hidden", { sparse: true });
const Frozen = tag("Frozen");
const ALL = [Position, Selected, Hidden, Frozen];

function ids(q: { entities(): Uint32Array }): number[] {
  return [...q.entities()].sort((a, b) => a - b);
}

describe("sparse tags", () => {
  it("add / has / remove toggle membership without moving the entity or creating an archetype", async () => {
    const world = await createWorld({ components: ALL });
    const e = world.spawn(Position.with({ x: 7 }));
    const before = world.stats();
    world.add(e, Selected);
    expect(world.has(e, Selected)).toBe(true);
    expect(world.has(e, Hidden)).toBe(false);
    expect(world.stats().archetypes).toBe(before.archetypes);
    expect(world.stats().layoutEpoch).toBeGreaterThanOrEqual(before.layoutEpoch);
    expect(world.remove(e, Selected)).toBe(true);
    expect(world.remove(e, Selected)).toBe(false);
    expect(world.has(e, Selected)).toBe(false);
    expect(world.get(e, Position)).toEqual({ x: 7 });
  });

  it("spawn and spawnMany accept sparse tags; queries filter row by row in all and none", async () => {
    const world = await createWorld({ components: ALL });
    const a = world.spawn(Position, Selected);
    const b = world.spawn(Position);
    const many = [...world.spawnMany(3, Position, Selected, Hidden)];
    const sel = world.query({ all: [Position, Selected] });
    expect(ids(sel)).toEqual([a, ...many].sort((x, y) => x - y));
    const notSel = world.query({ all: [Position], none: [Selected] });
    expect(ids(notSel)).toEqual([b]);
    const both = world.query({ all: [Selected, Hidden] });
    expect(ids(both)).toEqual(many);
    let rows = 0;
    for (const t of sel) {
      expect(t.rows).toBeDefined();
      rows += (t.rows as Uint32Array).length;
      for (const r of t.rows as Uint32Array) expect(world.has(t.entities[r], Selected)).toBe(true);
    }
    expect(rows).toBe(4);
    expect(sel.count()).toBe(4);
  });

  it("a destroyed entity's bits are cleared, so a reused slot starts without them", async () => {
    const world = await createWorld({ components: ALL });
    const es = [...world.spawnMany(40, Position, Selected)];
    world.destroy(es[0]);
    world.destroyMany(es.slice(1, 20));
    world.destroyMany(world.query({ all: [Position], none: [Frozen] }));
    expect(world.entityCount).toBe(0);
    const fresh = [...world.spawnMany(40, Position)];
    for (const e of fresh) expect(world.has(e, Selected)).toBe(false);
    expect(world.query({ all: [Selected] }).count()).toBe(0);
  });

  it("a word whose top bit is set keeps an exact count (toggling a clear bit of it changes nothing)", async () => {
    const world = await createWorld({ components: ALL });
    const es = [...world.spawnMany(40, Position)];
    const top = es.find((e) => (e & 31) === 31) as number;
    world.add(top, Selected);
    world.removeMany(
      es.filter((e) => e !== top),
      Selected,
    );
    world.destroyMany(es.filter((e) => e !== top && (e & 31) < 8));
    world.destroy(top);
    const fresh = [...world.spawnMany(60, Position)];
    expect(fresh.filter((e) => world.has(e, Selected))).toEqual([]);
  });

  it("addMany / removeMany on a list or a query flip bits; a stale id in a list changes nothing", async () => {
    const world = await createWorld({ components: ALL });
    const es = [...world.spawnMany(100, Position)];
    world.addMany(es.slice(0, 10), Selected);
    expect(world.query({ all: [Selected] }).count()).toBe(10);
    world.addMany(world.query({ all: [Position] }), Selected);
    expect(world.query({ all: [Selected] }).count()).toBe(100);
    world.removeMany(world.query({ all: [Position, Selected] }), Selected);
    expect(world.query({ all: [Selected] }).count()).toBe(0);
    const dead = world.spawn(Position);
    world.destroy(dead);
    expectThrows(
      () => world.addMany([es[0], dead], Selected),
      StaleEntityError,
      new RegExp(`^Entity ${dead} \\(slot \\d+, generation 0\\) is stale`),
    );
    expect(world.has(es[0], Selected)).toBe(false);
  });

  it("a query batch of a sparse tag respects the query's other row filters", async () => {
    const world = await createWorld({ components: ALL });
    const es = [...world.spawnMany(64, Position)];
    world.addMany(es.slice(0, 16), Hidden);
    world.addMany(world.query({ all: [Position, Hidden] }), Selected);
    expect(ids(world.query({ all: [Selected] }))).toEqual(es.slice(0, 16));
    world.addMany(world.query({ all: [Position], none: [Selected] }), Selected);
    expect(world.query({ all: [Selected] }).count()).toBe(64);
    world.removeMany(world.query({ all: [Selected], none: [Hidden] }), Selected);
    expect(ids(world.query({ all: [Selected] }))).toEqual(es.slice(0, 16));
    world.removeMany(world.query({ all: [Selected] }), Selected);
    expect(world.query({ all: [Selected] }).count()).toBe(0);
  });

  it("toggles apply at once while iterating and never defer or move rows", async () => {
    const world = await createWorld({ components: ALL });
    const es = [...world.spawnMany(10, Position)];
    let tables = 0;
    for (const t of world.query({ all: [Position] })) {
      tables++;
      const n = t.count;
      for (const e of t.entities) world.add(e, Selected);
      expect(t.count).toBe(n);
      expect(world.has(t.entities[0], Selected)).toBe(true);
    }
    expect(tables).toBe(1);
    expect(ids(world.query({ all: [Selected] }))).toEqual(es);
  });

  it("remove while iterating clears at once and answers whether the entity had the tag", async () => {
    const world = await createWorld({ components: ALL });
    const es = [...world.spawnMany(40, Position)];
    world.addMany(es.slice(0, 20), Selected);
    const answers: boolean[] = [];
    for (const t of world.query({ all: [Position] }))
      for (const e of t.entities) {
        answers.push(world.remove(e, Selected));
        expect(world.has(e, Selected)).toBe(false);
      }
    expect(answers).toEqual(es.map((_, i) => i < 20));
    expect(world.query({ all: [Selected] }).count()).toBe(0);
  });

  it("a sparse tag of another world, or one this world lacks, is refused with nothing set", async () => {
    const Other = tag("OtherSparse", { sparse: true });
    const world = await createWorld({ components: ALL });
    const e = world.spawn(Position);
    expectThrows(
      () => world.add(e, Other),
      UnknownComponentError,
      /^Component "OtherSparse" is not registered in this world/,
    );
    expectThrows(
      () => world.remove(e, Other),
      UnknownComponentError,
      /^Component "OtherSparse" is not registered in this world/,
    );
    expect(world.has(e, Selected)).toBe(false);
    expect(world.query({ all: [Selected] }).count()).toBe(0);
  });

  it("values given to a sparse tag are checked as a tag's, at the call: SchemaError, nothing spawned or set", async () => {
    // A key that is no field (a tag has none) is refused in a debug world, not looked at in a release one.
    for (const debug of [false, true]) {
      const world = await createWorld({ components: ALL, debug });
      const e = world.spawn(Position.with({ x: 1 }));
      const before = stateOf(world, ALL);
      const noField = /^Selected has no field "x" \(its fields: none\)/;
      const calls: [() => unknown, RegExp][] = [
        [() => world.spawnMany(3, Position, Selected.with({ x: 1 })), noField],
        [
          () => world.spawnMany(3, Position, Selected.with(undefined as never)),
          /^Values for Selected must be an object, got undefined/,
        ],
        [() => world.spawn(Position, Selected.with({ x: 1 })), noField],
        [
          () => world.spawn(Position, Selected.with(undefined as never)),
          /^Values for Selected must be an object such as/,
        ],
        [() => world.add(e, Selected, { x: 1 } as never), noField],
        [
          () => world.add(e, Selected, null as never),
          /^Values for Selected must be an object such as \{ x: 1 \}, got null/,
        ],
        [() => world.addMany([e], Selected, { x: 1 } as never), noField],
      ];
      for (const [call, message] of calls) {
        if (!debug && message === noField) continue;
        expectThrows(call, SchemaError, message);
        // The same inside a loop, where spawns are deferred and sparse flips apply at once.
        const a = world.spawn(Position);
        for (const _ of world.query({ all: [Position] })) {
          expectThrows(call, SchemaError, message);
          world.destroy(a); // recorded after the refused call: the flush still applies it
          break;
        }
        expect(world.isAlive(a)).toBe(false);
        expect(stateOf(world, ALL)).toEqual(before);
      }
      if (!debug) {
        // A release world takes the calls refused in a debug one: their key is not looked at.
        const w2 = await createWorld({ components: ALL });
        const f = w2.spawn(Position);
        w2.spawnMany(3, Position, Selected.with({ x: 1 } as never));
        w2.spawn(Position, Selected.with({ x: 1 } as never));
        w2.add(f, Selected, { x: 1 } as never);
        expect([w2.query({ all: [Selected] }).count(), w2.has(f, Selected)]).toEqual([5, true]);
      }
      // {} is a tag's whole value: taken, and nothing is written (as { x: 1 } in a release world).
      world.spawnMany(2, Position, Selected.with({}));
      world.add(e, Selected, (debug ? {} : { x: 1 }) as never);
      expect(world.query({ all: [Selected] }).count()).toBe(3);
      expect(world.has(e, Selected)).toBe(true);
    }
  });

  it("sparse tags are refused in any, added, changed, read and write terms", async () => {
    const world = await createWorld({ components: ALL });
    expectThrows(
      () => world.query({ any: [Selected] }),
      ArgumentError,
      "Selected is a sparse tag: queries take sparse tags in all, none or optional",
    );
    expect(() => world.query({ changed: [Selected] })).toThrow(
      /^Selected is a sparse tag: queries take sparse tags in all, none or optional/,
    );
  });

  it("a stale entity is refused by has / add / remove of a sparse tag", async () => {
    const world = await createWorld({ components: ALL });
    const e = world.spawn(Position);
    world.destroy(e);
    expectThrows(
      () => world.add(e, Selected),
      StaleEntityError,
      new RegExp(`^Entity ${e} \\(slot \\d+, generation 0\\) is stale`),
    );
    expectThrows(
      () => world.has(e, Selected),
      StaleEntityError,
      new RegExp(`^Entity ${e} \\(slot \\d+, generation 0\\) is stale`),
    );
    expectThrows(
      () => world.remove(e, Selected),
      StaleEntityError,
      new RegExp(`^Entity ${e} \\(slot \\d+, generation 0\\) is stale`),
    );
  });

  it("bitsets grow with the entity index past the first words", async () => {
    const world = await createWorld({ components: ALL });
    const es = world.spawnMany(5000, Position);
    world.add(es[4999], Hidden);
    world.addMany(es.subarray(0, 2500), Hidden);
    expect(world.query({ all: [Hidden] }).count()).toBe(2501);
    expect(world.has(es[4999], Hidden)).toBe(true);
    expect(world.has(es[3000], Hidden)).toBe(false);
  });
});
