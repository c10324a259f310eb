// Change detection (bindings/store/changes.ts): added / changed filters, read / write
// views, world.removed(); relations are not change-tracked.
import { describe, expect, it } from "vitest";
import { ArgumentError, CapacityError, component, createWorld, type Query, relation, tag } from "wasm-ecs";
import { expectThrows } from "../../support/errors.js";
import { checkInvariants } from "../../support/internals.js";

const Position = component("Position", { x: "f32", y: "f32" });
const Velocity = component("Velocity", { x: "f32" });
const Health = component("Health", { hp: "i32" });
const Frozen = tag("Frozen");
const ALL = [Position, Velocity, Health, Frozen];

/** Entities a filtered query yields (row by row), sorted. */
function seen(q: Query): number[] {
  const out: number[] = [];
  for (const t of q) {
    const rows = t.rows as Uint32Array;
    for (const r of rows) out.push(t.entities[r]);
  }
  return out.sort((a, b) => a - b);
}

describe("change detection", () => {
  it("a system sees rows that gained a component since it last ran, each exactly once", async () => {
    const world = await createWorld({ components: ALL });
    const a = world.spawn(Health);
    const got: number[][] = [];
    world.system("react", { all: [Health], added: [Health] }, (q) => got.push(seen(q)));
    world.step();
    const b = world.spawn(Health);
    const c = world.spawn(Position);
    world.add(c, Health);
    world.step();
    world.step();
    expect(got).toEqual([[a], [b, c].sort((x, y) => x - y), []]);
  });

  it("changed sees add, set and t.write / t.columns, not t.read; several systems each see each change once", async () => {
    const world = await createWorld({ components: ALL });
    const es = [...world.spawnMany(4, Health)];
    const first: number[][] = [];
    const second: number[][] = [];
    world.system("first", { all: [Health], changed: [Health] }, (q) => first.push(seen(q)));
    world.system("writer", { all: [Health] }, (q, ctx) => {
      if (ctx.tick !== 2) return;
      for (const t of q) t.write(Health).hp[0] = 5;
    });
    world.system("second", { all: [Health], changed: [Health] }, (q) => second.push(seen(q)));
    world.step(); // 1: both see the spawns
    world.step(); // 2: writer marks the whole table after "first" ran
    world.set(es[1], Health, { hp: 3 });
    world.step(); // 3: first sees the table write and the set; second only the set
    for (const t of world.query({ all: [Health] })) t.read(Health);
    world.step(); // 4: reading marks nothing
    expect(first).toEqual([es, [], es, []]);
    expect(second).toEqual([es, es, [es[1]], []]);
  });

  it("a system does not see its own writes, and a write() mark moves with rows that migrate", async () => {
    const world = await createWorld({ components: ALL });
    const es = [...world.spawnMany(3, Health)];
    const log: number[][] = [];
    world.system("self", { all: [Health], changed: [Health] }, (q) => {
      log.push(seen(q));
      for (const t of q) t.columns(Health);
    });
    world.step();
    world.step();
    expect(log).toEqual([es, []]);
    // Outside systems: write, then migrate one entity; both rows still count as changed.
    for (const t of world.query({ all: [Health] })) t.write(Health);
    world.add(es[0], Velocity);
    world.step();
    expect(log[2]).toEqual(es);
  });

  it("rows that arrive in a written table after the write are not marked", async () => {
    const world = await createWorld({ components: ALL });
    const [a] = world.spawnMany(1, Health);
    const q = world.query({ all: [Health], changed: [Health] });
    expect(seen(q)).toEqual([a]);
    for (const t of world.query({ all: [Health] })) t.write(Health);
    const b = world.spawn(Health.with({ hp: 1 })); // new: stamped as added and changed anyway
    const c = world.spawn(Health, Velocity);
    world.remove(c, Velocity); // arrives in the written table, changed before only by its spawn
    expect(seen(q)).toEqual([a, b, c].sort((x, y) => x - y));
    world.add(a, Velocity); // a moves out: its own stamp, not the table's
    expect(seen(q)).toEqual([]);
  });

  it("outside systems a filtered query compares with its own previous iteration; count and entities agree", async () => {
    const world = await createWorld({ components: ALL });
    const es = [...world.spawnMany(5, Position, Health)];
    const q = world.query({ all: [Position], changed: [Health] });
    expect(q.count()).toBe(5);
    expect([...q.entities()]).toEqual(es);
    expect(seen(q)).toEqual(es);
    expect(q.count()).toBe(0);
    world.set(es[2], Health, { hp: 1 });
    world.add(es[3], Health, { hp: 2 });
    world.add(es[4], Health); // has it already, no values: nothing changes
    expect(q.count()).toBe(2);
    expect([...q.entities()]).toEqual([es[2], es[3]]);
    expect(seen(q)).toEqual([es[2], es[3]]);
    expect(seen(q)).toEqual([]);
  });

  it("several components in one filter must all match; added and changed combine", async () => {
    const world = await createWorld({ components: ALL });
    const [a, b] = world.spawnMany(2, Position, Health);
    const q = world.query({ all: [Position], changed: [Position, Health] });
    seen(q);
    world.set(a, Position, { x: 1 });
    world.set(b, Position, { x: 1 });
    world.set(b, Health, { hp: 1 });
    expect(seen(q)).toEqual([b]);
    const added = world.query({ added: [Velocity], changed: [Health] });
    world.add(a, Velocity);
    world.add(b, Velocity);
    world.set(a, Health, { hp: 2 });
    // Both gained Velocity and both were changed at spawn or since: the first read sees both.
    expect(seen(added)).toEqual([a, b].sort((x, y) => x - y));
    world.remove(b, Velocity);
    world.add(b, Velocity);
    expect(seen(added)).toEqual([]);
  });

  it("tracking starts for a component in use: existing rows count as added once, batches stamp too", async () => {
    const world = await createWorld({ components: ALL });
    const old = [...world.spawnMany(3, Position)];
    const q = world.query({ all: [Position], added: [Frozen] });
    expect(seen(q)).toEqual([]);
    world.addMany(old.slice(0, 2), Frozen);
    expect(seen(q)).toEqual(old.slice(0, 2));
    world.addMany(world.query({ all: [Position], none: [Frozen] }), Frozen);
    expect(seen(q)).toEqual([old[2]]);
    const fresh = world.spawnMany(2, Position, Frozen);
    world.defer(() => world.add(world.spawn(Position), Frozen));
    const got = seen(q);
    expect(got.length).toBe(3);
    expect(got).toEqual(expect.arrayContaining([...fresh]));
    const h = world.query({ all: [Position], added: [Position] });
    expect(seen(h).length).toBe(6);
  });

  it("read terms are typed read-only and cannot be written; write terms are required like all", async () => {
    const world = await createWorld({ components: ALL });
    world.spawn(Position, Velocity);
    world.spawn(Position);
    const q = world.query({ read: [Velocity], write: [Position] });
    expect(q.count()).toBe(1);
    for (const t of q) {
      const v = t.read(Velocity);
      // @ts-expect-error read views are read-only
      v.x[0] = 1;
      expect(() => t.write(Velocity)).toThrow(ArgumentError);
      expect(() => t.write(Velocity)).toThrow(/^Velocity is a read term of this query/);
      t.write(Position).x[0] = 2;
    }
    expect(() => world.query({ read: [Position], write: [Position] })).toThrow(
      /^Position is both a read and a write term/,
    );
  });

  it("columns() of a read term is typed read-only, in queries and in systems; write terms stay writable", async () => {
    const world = await createWorld({ components: ALL });
    const e = world.spawn(Position, Velocity.with({ x: 2 }));
    const q = world.query({ read: [Velocity], write: [Position] });
    for (const t of q) {
      const v = t.columns(Velocity);
      // @ts-expect-error columns() of a read term is read-only
      v.x[0] = 1;
      t.columns(Position).x[0] = v.x[0];
    }
    world.system("s", { read: [Velocity], all: [Position] }, (sq) => {
      for (const t of sq) {
        // @ts-expect-error read-only in a system's query too
        t.columns(Velocity).x[0] = 5;
        t.columns(Position).y[0] = 7;
      }
    });
    world.step();
    expect(world.get(e, Position)).toEqual({ x: 1, y: 7 });
    // A query without read terms types every component's columns as writable.
    for (const t of world.query({ all: [Velocity] })) t.columns(Velocity).x[0] = 3;
    expect(world.get(e, Velocity).x).toBe(3);
  });

  it("write on a read term is allowed again once the read-only query's iteration moved on", async () => {
    const world = await createWorld({ components: ALL });
    world.spawn(Position, Velocity);
    const ro = world.query({ read: [Velocity] });
    const rw = world.query({ all: [Velocity] });
    for (const t of ro) {
      expectThrows(() => t.write(Velocity), ArgumentError, /^Velocity is a read term of this query/);
    }
    for (const t of rw) t.write(Velocity).x[0] = 3;
    expect(world.get(world.query({ all: [Velocity] }).entities()[0], Velocity).x).toBe(3);
  });

  it("removed() lists entities that lost a component or were destroyed with it, once per reader", async () => {
    const world = await createWorld({ components: ALL });
    const es = [...world.spawnMany(6, Health)];
    expect(world.removed(Health)).toEqual([]); // the first ask starts the log
    const bySystem: number[][] = [];
    world.system("watch", { all: [Health] }, () => bySystem.push(world.removed(Health)));
    world.step(); // the system's first ask
    world.remove(es[0], Health);
    world.destroy(es[1]);
    world.removeMany([es[2]], Health);
    world.destroyMany([es[3]]);
    world.remove(es[0], Health); // had it no more: not logged again
    world.step();
    world.destroyMany(world.query({ all: [Health] }));
    const outside = world.removed(Health);
    expect(outside.slice(0, 4)).toEqual([es[0], es[1], es[2], es[3]]);
    expect(outside.slice(4).sort((a, b) => a - b)).toEqual([es[4], es[5]]);
    expect(world.removed(Health)).toEqual([]);
    world.step();
    expect(bySystem.map((l, i) => (i === 2 ? l.sort((a, b) => a - b) : l))).toEqual([
      [],
      [es[0], es[1], es[2], es[3]],
      [es[4], es[5]],
    ]);
  });

  it("removals made while deferring are logged when they are applied", async () => {
    const world = await createWorld({ components: ALL });
    const es = [...world.spawnMany(3, Health)];
    world.removed(Health);
    world.defer(() => {
      world.remove(es[0], Health);
      world.destroy(es[1]);
      world.removeMany(world.query({ all: [Health] }), Health);
      expect(world.removed(Health)).toEqual([]);
    });
    expect(world.removed(Health).sort((a, b) => a - b)).toEqual(es);
  });
});

describe("change detection edge cases", () => {
  it("write() on a table without the tracked component throws and marks nothing (the world stays sound)", async () => {
    const world = await createWorld({ components: ALL, debug: true });
    world.query({ all: [Health], changed: [Health] }).count();
    world.spawnMany(100, Position);
    for (const t of world.query({ all: [Position] })) {
      expect(() => t.write(Health)).toThrow(/has no Health: cannot view the columns of it/);
    }
    const e = world.spawn(Position, Health);
    checkInvariants(world);
    expect(world.entityCount).toBe(101);
    expect(world.get(e, Health)).toEqual({ hp: 0 });
  });

  it("tracking asked for inside defer() starts after the deferred spawns land, and sees them as added", async () => {
    const world = await createWorld({ components: ALL, debug: true });
    let q: Query | undefined;
    const es: number[] = [];
    world.defer(() => {
      for (let i = 0; i < 10; i++) es.push(world.spawn(Health.with({ hp: i })));
      q = world.query({ all: [Health], added: [Health] });
    });
    expect(seen(q as Query)).toEqual(es);
    world.set(es[3], Health, { hp: 30 });
    expect(seen(world.query({ all: [Health], changed: [Health] }))).toEqual(es);
    checkInvariants(world);
    expect(world.get(es[3], Health)).toEqual({ hp: 30 });
  });
});

describe("change filters made where tracking must wait", () => {
  /** Rows a filtered query yields now, table by table. */
  const rowsOf = (q: Query): number => {
    let n = 0;
    for (const t of q) n += t.count;
    return n;
  };

  it("a change filter first made inside a system finds no row until the system's flush starts tracking, then each row once", async () => {
    const world = await createWorld({ components: ALL });
    world.spawnMany(3, Position, Health, Velocity);
    const counts: number[] = [];
    world.system("s", { all: [Position] }, () => {
      counts.push(rowsOf(world.query({ all: [Health], changed: [Health] })));
    });
    world.step();
    world.step();
    world.step();
    expect(counts).toEqual([0, 3, 0]);
    const added: number[] = [];
    for (let i = 0; i < 3; i++)
      world.defer(() => added.push(rowsOf(world.query({ all: [Velocity], added: [Velocity] }))));
    expect(added).toEqual([0, 3, 0]);
  });

  it("tracking that memory cannot take at a loop's end waits: the filter finds no row, a read outside a loop throws CapacityError until memory allows", async () => {
    const world = await createWorld({ components: ALL, maxMemoryBytes: 3 << 20 });
    const made: number[] = [];
    try {
      for (;;) made.push(...world.spawnMany(500, Position, Health));
    } catch (error) {
      expect(error).toBeInstanceOf(CapacityError);
    }
    const filtered = () => world.query({ all: [Health], changed: [Health] });
    const inLoop: number[] = [];
    for (const _ of world.query({ all: [Position] })) {
      inLoop.push(rowsOf(filtered())); // tracking waits for the loop's end, which memory cannot give
      break;
    }
    world.defer(() => inLoop.push(rowsOf(filtered())));
    expect(inLoop).toEqual([0, 0]);
    for (let i = 0; i < 2; i++)
      expectThrows(() => rowsOf(filtered()), CapacityError, /^Out of memory while trying to add wasm-ecs:ticks:Health/);
    expect(world.query({ all: [Health] }).count()).toBe(made.length);
    world.destroyMany(made.slice(0, made.length - 10));
    expect([rowsOf(filtered()), rowsOf(filtered())]).toEqual([10, 0]); // tracking starts with the read: each row once
    checkInvariants(world);
  });

  it("sparse tags keep no removal log: removed(S) is refused with ArgumentError", async () => {
    const Picked = tag("Picked", { sparse: true });
    const world = await createWorld({ components: [...ALL, Picked] });
    const e = world.spawn(Position, Picked);
    expectThrows(
      () => world.removed(Picked),
      ArgumentError,
      "Sparse tags keep no removal log: removed(Picked) is not available (a sparse tag flips a bit in place; query { none: [Picked] } instead)",
    );
    world.remove(e, Picked);
    expect(world.has(e, Picked)).toBe(false);
  });
});

describe("change detection of relations", () => {
  const Likes = relation("Likes");

  it("relations are not change-tracked: removed(R) is refused", async () => {
    const world = await createWorld({ components: [...ALL, Likes] });
    expect(() => world.removed(Likes)).toThrow(
      new ArgumentError("Relations are not change-tracked: removed(Likes) is not available"),
    );
  });
});
