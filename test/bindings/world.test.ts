// World: spawn/add/set/get/has/remove/destroy, registration and stats.
import { describe, expect, it } from "vitest";
import { component, createWorld, tag } from "wasm-ecs";

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

describe("world", () => {
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

  it("fixed-length array fields default, read and write as arrays of their length", async () => {
    const world = await createWorld({ components: ALL });
    const e = world.spawn(Transform);
    expect(world.get(e, Transform).m).toEqual([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]);
    const m = Array.from({ length: 16 }, (_, i) => i * 0.5);
    world.set(e, Transform, { m });
    expect(world.get(e, Transform).m).toEqual(m);
    const f = world.spawn(Transform.with({ m: 2 }));
    expect(world.get(f, Transform).m).toEqual(new Array(16).fill(2));
    for (const t of world.query({ all: [Transform] })) {
      expect(t.columns(Transform).m.length).toBe(t.count * 16);
      const row = Array.from(t.entities).indexOf(e);
      expect(Array.from(t.columns(Transform).m.subarray(row * 16, row * 16 + 16))).toEqual(m);
    }
  });

  it("eid fields hold entity ids, and 0 is never a live entity", async () => {
    const world = await createWorld({ components: ALL });
    const a = world.spawn(Position);
    const b = world.spawn(Owner.with({ who: a }));
    expect(world.get(b, Owner).who).toBe(a);
    expect(world.isAlive(world.spawn(Owner) && world.get(world.spawn(Owner), Owner).who)).toBe(false);
  });

  it("destroy makes the id stale and the slot comes back with a new generation", async () => {
    const world = await createWorld({ components: ALL });
    const e = world.spawn(Position);
    world.destroy(e);
    expect(world.isAlive(e)).toBe(false);
    const fresh: number[] = [];
    for (let i = 0; i < 70; i++) fresh.push(world.spawn(Position));
    const reused = fresh.find((f) => (f & 0x3fffff) === (e & 0x3fffff));
    expect(reused).toBeDefined();
    expect((reused as number) >>> 22).toBe((e >>> 22) + 1);
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

  it("register works after entities exist and widens masks past 64 components", async () => {
    const world = await createWorld({ components: [Position] });
    const e = world.spawn(Position.with({ x: 4 }));
    const extra = Array.from({ length: 100 }, (_, i) => tag(`Extra${i}`));
    for (const t of extra) world.register(t);
    world.register(Health);
    world.add(e, extra[99]);
    world.add(e, Health);
    expect(world.get(e, Position)).toEqual({ x: 4, y: 0 });
    expect(world.has(e, extra[99])).toBe(true);
    expect(world.query({ all: [extra[99], Health] }).entities()).toEqual(Uint32Array.of(e));
  });

  it("1,024 component types: archetypes from ids 0, 511 and 1,023 are built and queried", async () => {
    const comps = Array.from({ length: 1024 }, (_, i) => component(`C${i}`, { v: "i32" }));
    const world = await createWorld({ components: comps });
    const [c0, c511, c1023] = [comps[0], comps[511], comps[1023]];
    const a = world.spawn(c0.with({ v: 1 }), c511.with({ v: 2 }), c1023.with({ v: 3 }));
    const b = world.spawn(c511, c1023.with({ v: 30 }));
    const c = world.spawn(c0);
    expect(
      world
        .query({ all: [c1023] })
        .entities()
        .sort(),
    ).toEqual(Uint32Array.of(a, b).sort());
    expect(world.query({ all: [c0, c511, c1023] }).entities()).toEqual(Uint32Array.of(a));
    expect(world.query({ all: [c0], none: [c1023] }).entities()).toEqual(Uint32Array.of(c));
    expect(world.query({ any: [c0, c1023] }).count()).toBe(3);
    expect([world.get(a, c0).v, world.get(a, c511).v, world.get(a, c1023).v]).toEqual([1, 2, 3]);
    let sum = 0;
    for (const t of world.query({ all: [c1023] })) for (const v of t.columns(c1023).v) sum += v;
    expect(sum).toBe(33);
  });

  it("spawn with several components creates only the final archetype, whatever the argument order", async () => {
    const world = await createWorld({ components: ALL });
    world.spawn(Position, Velocity, Health, Frozen);
    world.spawn(Frozen, Health, Velocity, Position);
    world.spawnMany(3, Health, Position, Frozen, Velocity);
    expect(world.stats().archetypes).toBe(2);
    expect(world.query({ all: [Position, Velocity, Health, Frozen] }).count()).toBe(5);
  });

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

  it("a second world reuses the compiled module and has its own memory and ids", async () => {
    const w1 = await createWorld({ components: [Position, Health] });
    const w2 = await createWorld({ components: [Health, Position] });
    const e1 = w1.spawn(Position.with({ x: 1 }));
    const e2 = w2.spawn(Position.with({ x: 2 }));
    expect(e1).toBe(e2);
    expect(w1.get(e1, Position).x).toBe(1);
    expect(w2.get(e2, Position).x).toBe(2);
  });
});

describe("world edge cases", () => {
  it("spawnMany of one entity takes per-entity values of length one", async () => {
    const world = await createWorld({ components: ALL });
    const [e] = world.spawnMany(1, Position.withEach({ x: Float32Array.of(5), y: [6] }));
    expect(world.get(e, Position)).toEqual({ x: 5, y: 6 });
    const [f] = world.spawnMany(1, Transform.withEach({ m: Array.from({ length: 16 }, (_, i) => i) }));
    expect(world.get(f, Transform).m).toEqual(Array.from({ length: 16 }, (_, i) => i));
  });

  it("a disposed world reports no entity alive", async () => {
    const world = await createWorld({ components: ALL });
    const e = world.spawn(Position);
    world.dispose();
    expect(world.isAlive(e)).toBe(false);
  });
});
