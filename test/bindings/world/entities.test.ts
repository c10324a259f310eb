// The per-entity World API (bindings/world/entities.ts), through the public API: spawn,
// add, set, get, has, remove, destroy and spawnMany; relation pairs on one entity (add,
// has, targets, remove, relation data, sub-tables, refusals that change nothing); ids that
// stay stale however often their slot is reused.
import { describe, expect, it } from "vitest";
import { ArgumentError, component, createWorld, StaleEntityError, tag } from "wasm-ecs";
import { expectThrows } from "../../support/errors.js";
import { checkInvariants } from "../../support/internals.js";
import { ChildOf, Likes, Owes, Pos, ALL as RELATIONS, sorted, state, Vel } from "../../support/relations.js";

const Position = component("Position", { x: "f32", y: "f32" });
const Velocity = component("Velocity", { x: "f32", y: "f32" });
const Health = component("Health", { hp: "i32" }, { defaults: { hp: 100 } });
const Transform = component(
  "Transform",
  { m: ["f32", 16] },
  { defaults: { m: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1] } },
);
const Owner = component("Owner", { who: "eid" });
const Frozen = tag("Frozen");
const ALL = [Position, Velocity, Health, Transform, Owner, Frozen];

describe("entities", () => {
  it("spawn with init values sets them and leaves other fields at their defaults", async () => {
    const world = await createWorld({ components: ALL });
    const e = world.spawn(Position.with({ x: 1 }), Health, Frozen);
    expect(world.get(e, Position)).toEqual({ x: 1, y: 0 });
    expect(world.get(e, Health)).toEqual({ hp: 100 });
    expect(world.has(e, Frozen)).toBe(true);
    expect(world.has(e, Velocity)).toBe(false);
    expect(world.isAlive(e)).toBe(true);
    expect(world.entityCount).toBe(1);
  });

  it("spawn of bare components, once their table exists, gives defaults and counts as added for change filters", async () => {
    const world = await createWorld({ components: ALL });
    const first = world.spawn(Health, Transform); // makes the table
    const seen: number[] = [];
    world.system("sees", { all: [Health], added: [Health] }, (q) => {
      for (const t of q) for (const row of t.rows as Uint32Array) seen.push(t.entities[row]);
    });
    world.step(0);
    const later = [world.spawn(Health, Transform), world.spawn(Transform, Health)];
    world.step(0);
    expect([...seen].sort((a, b) => a - b)).toEqual([first, ...later].sort((a, b) => a - b));
    for (const e of later) {
      expect(world.get(e, Health)).toEqual({ hp: 100 });
      expect(world.get(e, Transform).m[5]).toBe(1);
    }
    expect(world.query({ all: [Health, Transform] }).count()).toBe(3);
    checkInvariants(world);
  });

  it("add migrates and keeps existing values; adding a component the entity has writes only the given fields", async () => {
    const world = await createWorld({ components: ALL });
    const e = world.spawn(Position.with({ x: 1, y: 2 }));
    const archetypes = world.stats().archetypes;
    world.add(e, Velocity, { y: 5 });
    expect(world.get(e, Position)).toEqual({ x: 1, y: 2 });
    expect(world.get(e, Velocity)).toEqual({ x: 0, y: 5 });
    expect(world.stats().archetypes).toBe(archetypes + 1);
    world.add(e, Position, { y: 9 });
    expect(world.get(e, Position)).toEqual({ x: 1, y: 9 });
    expect(world.stats().archetypes).toBe(archetypes + 1);
  });

  it("set writes a partial update; remove reports whether the entity had the component", async () => {
    const world = await createWorld({ components: ALL });
    const e = world.spawn(Position, Velocity);
    world.set(e, Velocity, { x: 3 });
    expect(world.get(e, Velocity)).toEqual({ x: 3, y: 0 });
    expect(world.remove(e, Velocity)).toBe(true);
    expect(world.remove(e, Velocity)).toBe(false);
    expect(world.has(e, Velocity)).toBe(false);
    world.add(e, Velocity);
    expect(world.get(e, Velocity)).toEqual({ x: 0, y: 0 });
  });

  it("destroy makes the id stale and the slot comes back with a new generation", async () => {
    const world = await createWorld({ components: ALL });
    const e = world.spawn(Position);
    world.destroy(e);
    expect(world.isAlive(e)).toBe(false);
    // A freed slot is reused once REUSE_QUEUE (4096) freed slots wait, oldest first.
    const fresh: number[] = [];
    for (let i = 0; i < 70; i++) fresh.push(world.spawn(Position));
    expect(fresh.some((f) => (f & 0x3fffff) === (e & 0x3fffff))).toBe(false);
    world.destroyMany(world.spawnMany(4096, Position));
    const reused = world.spawn(Position);
    expect(reused & 0x3fffff).toBe(e & 0x3fffff);
    expect(reused >>> 22).toBe((e >>> 22) + 1);
    expect(world.isAlive(e)).toBe(false);
  });

  it("spawnMany returns distinct live ids and accepts one value for all or one per entity", async () => {
    const world = await createWorld({ components: ALL });
    const xs = Float32Array.from({ length: 500 }, (_, i) => i * 2);
    const es = world.spawnMany(500, Position.withEach({ x: xs, y: 7 }), Health.with({ hp: 3 }));
    expect(new Set(es).size).toBe(500);
    es.forEach((e, i) => {
      expect(world.get(e, Position)).toEqual({ x: i * 2, y: 7 });
      expect(world.get(e, Health)).toEqual({ hp: 3 });
    });
    const ts = world.spawnMany(2, Transform.withEach({ m: Array.from({ length: 32 }, (_, i) => i) }));
    expect(world.get(ts[1], Transform).m).toEqual(Array.from({ length: 16 }, (_, i) => i + 16));
  });

  // Was a bug: a 9-bit generation that wrapped after 512 recycles of one slot made a destroyed handle alive again.
  it("isAlive stays false for a destroyed id through 512 spawn / destroy cycles", async () => {
    const world = await createWorld({ components: [Pos] });
    const first = world.spawn(Pos);
    world.destroy(first);
    for (let i = 0; i < 511; i++) world.destroy(world.spawn(Pos));
    world.spawn(Pos);
    expect(world.isAlive(first)).toBe(false);
  });
});

describe("entities with relation pairs", () => {
  it("fan-out: the sub-tables one entity passes through while it gains or loses targets are recycled", async () => {
    const world = await createWorld({ components: RELATIONS, debug: true });
    const targets = world.spawnMany(300, Pos);
    const [e, other] = [world.spawn(Pos), world.spawn(Pos)];
    world.add(other, Likes.to(targets[7]));
    world.add(other, Likes.to(targets[9])); // a table with two Likes pairs that keeps its entity
    const before = world.stats();
    for (const t of targets) world.add(e, Likes.to(t));
    // Two tables more: e's and its first key, Likes(targets[0]) (one pair: kept); every key
    // of two or more pairs that e passed through was recycled.
    expect(world.stats().archetypes).toBe(before.archetypes + 2);
    // Linear: pairs, target map entries, scratch (keeping every key would take 300 * 300 / 2 * 16 B).
    expect(world.stats().usedBytes - before.usedBytes).toBeLessThan(300 * 256);
    expect(world.targets(e, Likes)).toEqual(sorted(targets));
    expect(world.targets(other, Likes)).toEqual(sorted([targets[7], targets[9]]));
    expect(world.query({ all: [Likes.to(targets[150])] }).entities()).toEqual(new Uint32Array([e]));
    for (const t of targets.subarray(0, 299)) world.remove(e, Likes.to(t));
    expect(world.targets(e, Likes)).toEqual([targets[299]]);
    expect(world.stats().archetypes).toBe(before.archetypes + 2); // e now in Likes(targets[299])
    world.add(e, Vel); // a component move leaves the last key too
    world.remove(e, Likes);
    expect(world.has(e, Likes)).toBe(false);
    expect(world.targets(other, Likes)).toEqual(sorted([targets[7], targets[9]]));
    checkInvariants(world);
  });

  it("add, has, targets and remove; an exclusive relation keeps one target, others several", async () => {
    const world = await createWorld({ components: RELATIONS, debug: true });
    const [a, b, c] = [world.spawn(Pos), world.spawn(Pos), world.spawn(Pos)];
    const e = world.spawn(Pos.with({ x: 3 }), ChildOf.to(a));
    expect(world.targets(e, ChildOf)).toEqual([a]);
    world.add(e, ChildOf.to(b));
    expect(world.targets(e, ChildOf)).toEqual([b]);
    expect(world.has(e, ChildOf.to(a))).toBe(false);
    expect(world.has(e, ChildOf.to(b))).toBe(true);
    world.add(e, Likes.to(c));
    world.add(e, Likes.to(a));
    world.add(e, Likes.to(a)); // held already: nothing changes
    expect(world.targets(e, Likes)).toEqual(sorted([a, c]));
    expect(world.has(e, Likes)).toBe(true);
    expect(world.has(e, Likes.to("*"))).toBe(true);
    expect(world.remove(e, Likes.to(c))).toBe(true);
    expect(world.remove(e, Likes.to(c))).toBe(false);
    expect(world.targets(e, Likes)).toEqual([a]);
    expect(world.remove(e, Likes)).toBe(true);
    expect(world.has(e, Likes)).toBe(false);
    expect(world.get(e, Pos)).toEqual({ x: 3 });
    checkInvariants(world);
  });

  it("relation data: defaults, values with the pair, get / set, kept when an exclusive target changes", async () => {
    const world = await createWorld({ components: RELATIONS });
    const [a, b] = [world.spawn(Pos), world.spawn(Pos)];
    const e = world.spawn(Pos, Owes.to(a));
    expect(world.get(e, Owes)).toEqual({ amount: 5 });
    world.add(e, Owes.to(b), { amount: 7 });
    expect(world.get(e, Owes)).toEqual({ amount: 7 });
    world.set(e, Owes, { amount: 8 });
    world.add(e, Owes.to(a));
    expect(world.targets(e, Owes)).toEqual([a]);
    expect(world.get(e, Owes)).toEqual({ amount: 8 });
    const f = world.spawn(Owes.to(b).with({ amount: 2 }));
    expect(world.get(f, Owes)).toEqual({ amount: 2 });
    for (const t of world.query({ all: [Owes.to(b)] })) expect([...t.columns(Owes).amount]).toEqual([2]);
  });

  it("entities that differ only in target live in separate sub-tables of one archetype", async () => {
    const world = await createWorld({ components: RELATIONS });
    const [p, q] = [world.spawn(Pos), world.spawn(Pos)];
    const ps = world.spawnMany(3, Pos, ChildOf.to(p));
    const qs = world.spawnMany(2, Pos, ChildOf.to(q));
    const tp = world.tableOf(ps[0]);
    const tq = world.tableOf(qs[0]);
    expect(tp.id).not.toBe(tq.id);
    expect(tp.target(ChildOf)).toBe(p);
    expect(tq.target(ChildOf)).toBe(q);
    expect(sorted(tp.entities)).toEqual(sorted(ps));
    expect(world.rowOf(ps[1])).toBe([...tp.entities].indexOf(ps[1]));
    // A query for one target yields only its sub-table.
    const tables = [...world.query({ all: [Pos, ChildOf.to(p)] })].map((t) => t.id);
    expect(tables).toEqual([tp.id]);
    // Moving to another target is a row move between sub-tables.
    world.add(ps[0], ChildOf.to(q));
    expect(world.tableOf(ps[0]).id).toBe(tq.id);
    expect(world.query({ all: [ChildOf.to(q)] }).count()).toBe(3);
  });

  it("refuses bare relations, wildcard adds and stale targets, changing nothing", async () => {
    const world = await createWorld({ components: RELATIONS, debug: true });
    const a = world.spawn(Pos);
    const e = world.spawn(Pos, Likes.to(a));
    const dead = world.spawn(Pos);
    world.destroy(dead);
    const before = state(world);
    const staleDead = new RegExp(`^Entity ${dead} \\(slot \\d+, generation 0\\) is stale`);
    expect(() => world.add(e, Likes)).toThrow(
      new ArgumentError("Likes is a relation: add() takes a pair such as Likes.to(target)"),
    );
    expect(() => world.add(e, Likes.to("*"))).toThrow(
      new ArgumentError('Likes.to("*") matches any target in queries; add() needs a target entity'),
    );
    expectThrows(() => world.add(e, Likes.to(dead)), StaleEntityError, staleDead);
    expect(() => world.add(e, ChildOf.to(dead))).toThrow(/^Entity \d+ \(slot \d+, generation 0\) is stale/);
    expectThrows(() => world.spawn(Pos, ChildOf.to(dead)), StaleEntityError, staleDead);
    expectThrows(() => world.spawnMany(4, Pos, ChildOf.to(dead)), StaleEntityError, staleDead);
    expectThrows(() => world.addMany([e, a], Likes.to(dead)), StaleEntityError, staleDead);
    expectThrows(() => world.add(dead, Likes.to(a)), StaleEntityError, staleDead);
    expectThrows(() => world.has(e, Likes.to(dead)), StaleEntityError, staleDead);
    expectThrows(() => world.remove(e, Likes.to(dead)), StaleEntityError, staleDead);
    expectThrows(() => world.query({ all: [Likes.to(dead)] }), StaleEntityError, staleDead);
    expect(() => world.spawn(Pos, ChildOf.to(a), ChildOf.to(e))).toThrow(
      new ArgumentError("ChildOf is exclusive: one target per entity, got two in (ChildOf(1), ChildOf(2))"),
    );
    expect(() => world.query({ any: [Likes.to(a)] })).toThrow(
      new ArgumentError('A pair with a target (Likes(1)) goes in all or none; any takes Likes.to("*")'),
    );
    expect(() => world.query({ all: [Pos], changed: [Likes] })).toThrow(
      new ArgumentError("Relations are not change-tracked: Likes cannot be in changed"),
    );
    expect(state(world)).toBe(before);
    checkInvariants(world);
  });

  it("removing a pair before any pair was ever added is not an out-of-memory error", async () => {
    const world = await createWorld({ components: RELATIONS });
    const [a, b] = [world.spawn(Pos), world.spawn(Pos)];
    expect(world.remove(a, ChildOf.to(b))).toBe(false);
    world.removeMany([a], ChildOf.to(b));
    world.removeMany([a], ChildOf);
    expect(world.entityCount).toBe(2);
  });

  it("two targets of an exclusive relation are refused in spawn also while deferring, and in spawnMany", async () => {
    const world = await createWorld({ components: RELATIONS });
    const [a, b] = [world.spawn(Pos), world.spawn(Pos)];
    const message = `ChildOf is exclusive: one target per entity, got two in (ChildOf(${a}), ChildOf(${b}))`;
    expect(() => world.defer(() => world.spawn(ChildOf.to(a), ChildOf.to(b)))).toThrow(new ArgumentError(message));
    expect(() => world.spawnMany(3, ChildOf.to(a), ChildOf.to(b))).toThrow(new ArgumentError(message));
    expect(world.entityCount).toBe(2);
  });
});
