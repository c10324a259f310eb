// What a world saves and takes back (bindings/snapshot/world-state.ts), through the public
// API: world.snapshot(), world.restore(bytes), createWorld({ snapshot }); relation pairs
// and their sub-tables included.
import { describe, expect, it } from "vitest";
import {
  ArgumentError,
  CapacityError,
  type Component,
  component,
  createWorld,
  type Entity,
  type Query,
  relation,
  SnapshotError,
  StaleEntityError,
  type Table,
  tag,
  type World,
} from "wasm-ecs";
import { H_COMPONENTS, K_COMPANION, K_STRIDE } from "../../../bindings/core/constants.generated.js";
import { decode, encode, type SnapshotMeta, seal } from "../../../bindings/snapshot/format.js";
import { expectRejects, expectThrows } from "../../support/errors.js";
import { checkInvariants } from "../../support/internals.js";
import { ChildOf, Likes, Owes, Pos, ALL as RELATIONS, sorted, state } from "../../support/relations.js";
import { stateOf } from "../../support/state.js";

const Position = component("Position", { x: "f32", y: "f32" });
const Velocity = component("Velocity", { x: "f32", y: "f32" });
const Health = component("Health", { hp: "i32" });
const Name = component("Name", { label: "object" });
const Frozen = tag("Frozen");
const Picked = tag("Picked", { sparse: true });
const ALL = [Position, Velocity, Health, Name, Frozen, Picked];

/** Every live entity with its components' values: what a state comparison needs. */
function dump(world: World, components: readonly Component[] = ALL): string {
  return JSON.stringify(stateOf(world, components));
}

function ids(q: Query): number[] {
  return [...q.entities()].sort((a, b) => a - b);
}

async function populated(): Promise<World> {
  const world = await createWorld({ components: ALL });
  world.spawnMany(50, Position.withEach({ x: Float32Array.from({ length: 50 }, (_, i) => i) }), Velocity);
  const h = world.spawnMany(
    20,
    Health.with({ hp: 7 }),
    Name.withEach({ label: Array.from({ length: 20 }, (_, i) => `n${i}`) }),
  );
  world.addMany(h.subarray(0, 5), Frozen);
  world.addMany(h.subarray(5, 10), Picked);
  world.destroy(h[19]);
  world.resources.set("score", { points: 12 });
  return world;
}

describe("snapshots", () => {
  it("restore puts back entities, values, object fields, sparse tags and resources; handles and queries keep working", async () => {
    const world = await populated();
    const before = dump(world);
    const picked = ids(world.query({ all: [Picked] }));
    const bytes = world.snapshot();
    expect(bytes).toBeInstanceOf(Uint8Array);
    // Change everything, then roll back.
    const moving = world.query({ all: [Position, Velocity] });
    for (const t of moving) t.write(Position).x.fill(-1);
    world.destroyMany(world.query({ all: [Health] }));
    const late = world.spawn(Position, Picked);
    world.resources.set("score", { points: 0 });
    world.restore(bytes);
    expect(dump(world)).toBe(before);
    expect(ids(world.query({ all: [Picked] }))).toEqual(picked);
    expect(world.isAlive(late)).toBe(false);
    expect(world.resources.get("score")).toEqual({ points: 12 });
    expect(moving.count()).toBe(50);
    // The world works on after a restore: new archetypes, spawns, views.
    const e = world.spawn(Position.with({ x: 3 }), Health, Frozen, Picked);
    expect(world.get(e, Position).x).toBe(3);
    expect(world.has(e, Picked)).toBe(true);
    for (const t of moving) expect(t.columns(Position).x.length).toBe(t.count);
  });

  it("createWorld({ snapshot }) makes an equal world, also with change tracking started in between", async () => {
    const world = await createWorld({ components: [Position] });
    world.spawnMany(3, Position);
    const changed = world.query({ all: [Position], changed: [Position] });
    changed.count();
    world.register(Health); // registered after Position's change stamps
    world.spawn(Health.with({ hp: 4 }), Position);
    const bytes = world.snapshot();
    const copy = await createWorld({ snapshot: bytes, components: [Position, Health] });
    expect(dump(copy, [Position, Health])).toBe(dump(world, [Position, Health]));
    expect(copy.query({ all: [Position], changed: [Position] }).count()).toBe(4);
    const e = copy.spawn(Health, Position);
    expect(copy.get(e, Health)).toEqual({ hp: 0 });
  });

  it("change stamps, the step counter and systems' last runs come back with a restore", async () => {
    const world = await createWorld({ components: [Position, Health] });
    const seen: number[] = [];
    world.system("watch", { all: [Health], changed: [Health] }, (q) => {
      seen.push(q.count());
    });
    const es = world.spawnMany(4, Health, Position);
    world.step();
    world.set(es[0], Health, { hp: 1 });
    const bytes = world.snapshot();
    world.step();
    world.set(es[1], Health, { hp: 1 });
    world.set(es[2], Health, { hp: 1 });
    world.restore(bytes);
    expect(world.tick).toBe(1);
    world.step();
    expect(seen).toEqual([4, 1, 1]);
  });

  it("the step counter stops at the largest safe integer: a world stepped from any count it restores still restores its own snapshot", async () => {
    const world = await createWorld({ components: [Position, Health] });
    const ticks: number[] = [];
    world.system("tick", {}, (_, ctx) => ticks.push(ctx.tick));
    const near = withJson(world.snapshot(), (json) => {
      json.steps = Number.MAX_SAFE_INTEGER - 1;
    });
    world.restore(near);
    world.step();
    world.step();
    world.step();
    expect(ticks).toEqual([Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER]);
    expect(world.tick).toBe(Number.MAX_SAFE_INTEGER);
    const own = world.snapshot();
    world.restore(own);
    expect(world.tick).toBe(Number.MAX_SAFE_INTEGER);
    expect((await createWorld({ components: [Position, Health], snapshot: own })).tick).toBe(Number.MAX_SAFE_INTEGER);
  });

  it("a damaged, truncated or foreign snapshot throws SnapshotError and changes nothing", async () => {
    const world = await populated();
    const bytes = world.snapshot();
    world.spawn(Position);
    const before = dump(world);
    const refuse = (what: Uint8Array | unknown, message: RegExp) => {
      expect(() => world.restore(what as Uint8Array)).toThrow(SnapshotError);
      expect(() => world.restore(what as Uint8Array)).toThrow(message);
      expect(dump(world)).toBe(before);
    };
    const flipped = bytes.slice();
    flipped[bytes.length - 100] ^= 0x40;
    refuse(flipped, /^The snapshot was refused: its checksum does not match/);
    refuse(bytes.subarray(0, bytes.length - 8), /^The snapshot was refused: it is truncated or padded/);
    refuse(bytes.subarray(0, 10), /^The snapshot was refused: it is truncated: 10 bytes/);
    refuse(new Uint8Array(64), /^The snapshot was refused: it does not start with the wasm-ecs magic bytes/);
    refuse([1, 2, 3], /^The snapshot was refused: a snapshot is a Uint8Array, got an Array object/);
    const version = bytes.slice();
    version[4] = 10;
    refuse(version, /^The snapshot was refused: it has format version 10/);
    const other = await createWorld({ components: [Position, Velocity] });
    other.spawn(Position);
    expect(() => world.restore(other.snapshot())).toThrow(
      /^The snapshot was refused: its schema does not match this world's: component 2 \("Health"/,
    );
    const swapped = await createWorld({ components: [Velocity, Position, Health, Name, Frozen, Picked] });
    expectThrows(
      () => swapped.restore(bytes),
      SnapshotError,
      /^The snapshot was refused: its schema does not match this world's: /,
    );
    const debug = await createWorld({ components: ALL, debug: true });
    expect(() => debug.restore(bytes)).toThrow(/^The snapshot was refused: it was made by the release core/);
    expect(dump(world)).toBe(before);
  });

  it("createWorld({ snapshot }) names a missing or extra component", async () => {
    const bytes = (await populated()).snapshot();
    await expect(createWorld({ snapshot: bytes, components: [Position, Velocity] })).rejects.toThrow(
      /^The snapshot was refused: it has component "Health", which createWorld was not given/,
    );
    const Extra = component("Extra", { v: "u8" });
    await expect(createWorld({ snapshot: bytes, components: [...ALL, Extra] })).rejects.toThrow(
      /^The snapshot was refused: createWorld was given "Extra", which the snapshot does not have/,
    );
  });

  it("object fields and resources must be JSON-safe; snapshot and restore are refused inside iteration", async () => {
    const world = await createWorld({ components: [Name] });
    const e = world.spawn(Name.with({ label: { ok: [1, "two", null] } }));
    world.snapshot();
    world.set(e, Name, { label: new Map() });
    expect(() => world.snapshot()).toThrow(SnapshotError);
    expect(() => world.snapshot()).toThrow(
      new RegExp(`^The snapshot was refused: Name.label of entity ${e} is a Map object, which is not JSON-safe`),
    );
    world.set(e, Name, { label: undefined });
    world.resources.set("f", () => 1);
    expect(() => world.snapshot()).toThrow(/resource "f" is a function/);
    world.resources.delete("f");
    const bytes = world.snapshot();
    for (const _t of world.query({ all: [Name] })) {
      expectThrows(
        () => world.snapshot(),
        ArgumentError,
        /^snapshot\(\) cannot run while a query is iterated, inside defer\(\) or inside step\(\)$/,
      );
      expect(() => world.restore(bytes)).toThrow(/^restore\(\) cannot run while a query is iterated/);
    }
    world.restore(bytes);
    expect(world.get(e, Name)).toEqual({ label: undefined });
  });

  it("a snapshot bigger than the world's memory ceiling is a CapacityError; the world is unchanged", async () => {
    const big = await createWorld({ components: [Position], initialMemoryBytes: 8 << 20 });
    big.spawnMany(200_000, Position);
    const bytes = big.snapshot();
    const small = await createWorld({ components: [Position], maxMemoryBytes: 2 << 20 });
    small.spawn(Position);
    expectThrows(
      () => small.restore(bytes),
      CapacityError,
      /^Out of memory while trying to restore a snapshot of \d+ bytes: the world may use at most 2097152 bytes \(maxMemoryBytes\); nothing was changed$/,
    );
    expect(small.entityCount).toBe(1);
    expect(small.query({ all: [Position] }).count()).toBe(1);
  });
});

describe("snapshots of relations", () => {
  it("a snapshot holds the pairs; restore brings them, and their sub-tables, back", async () => {
    const world = await createWorld({ components: RELATIONS, debug: true });
    const p = world.spawn(Pos.with({ x: 1 }));
    const kids = world.spawnMany(2, Pos, ChildOf.to(p), Owes.to(p).with({ amount: 3 }));
    const bytes = world.snapshot();
    const saved = state(world);
    world.destroy(p);
    world.spawn(Pos, Likes.to(world.spawn()));
    world.restore(bytes);
    expect(state(world)).toBe(saved);
    expect(sorted(world.query({ all: [ChildOf.to(p)] }).entities())).toEqual(sorted(kids));
    const copy = await createWorld({ snapshot: bytes, components: RELATIONS, debug: true });
    expect(state(copy)).toBe(saved);
    copy.destroy(p as Entity);
    expect(copy.entityCount).toBe(0);
    checkInvariants(copy);
  });

  it("a snapshot matches only a world whose relations have the same options", async () => {
    const world = await createWorld({ components: [Pos, relation("Link", { exclusive: true })] });
    const bytes = world.snapshot();
    await expect(createWorld({ snapshot: bytes, components: [Pos, relation("Link")] })).rejects.toThrow(
      'The snapshot was refused: its schema does not match this world\'s: component 1 is relation (exclusive, onTargetDestroyed: remove) "Link" there and relation (multiple, onTargetDestroyed: remove) "Link" here (they differ in "relation")',
    );
  });
});

/** The snapshot with its JSON part edited, laid out and sealed again as a crafted one would be. */
function withJson(bytes: Uint8Array, edit: (json: Record<string, unknown>) => void): Uint8Array {
  const { header, meta, memory } = decode(bytes);
  const json = structuredClone(meta) as unknown as Record<string, unknown>;
  edit(json);
  return encode(json as unknown as SnapshotMeta, memory, header.flags, header.corePtr);
}

/** The snapshot with its JSON part's text edited (length and checksum made right again): JSON encode() cannot write. */
function withJsonText(bytes: Uint8Array, edit: (text: string) => string): Uint8Array {
  const jsonBytes = new DataView(bytes.buffer, bytes.byteOffset).getUint32(16, true);
  const text = edit(new TextDecoder().decode(bytes.subarray(32, 32 + jsonBytes)).trimEnd());
  const body = new TextEncoder().encode(text.padEnd(Math.ceil(text.length / 8) * 8, " "));
  const memory = bytes.subarray(32 + jsonBytes);
  const out = new Uint8Array(32 + body.length + memory.length);
  out.set(bytes.subarray(0, 32));
  out.set(body, 32);
  out.set(memory, 32 + body.length);
  new DataView(out.buffer).setUint32(16, body.length, true);
  seal(out);
  return out;
}

describe("snapshot bytes", () => {
  it("a refused call leaves the snapshot's bytes as they were (the buffers calls work in are cleared)", async () => {
    const world = await createWorld({ components: [Position] });
    const es = world.spawnMany(5, Position);
    world.destroy(es[1]);
    const before = world.snapshot();
    // The ids went into the core's scratch buffer before es[1] was found stale.
    expectThrows(() => world.destroyMany(new Uint32Array([es[2], es[1]])), StaleEntityError, /^Entity \d+ \(slot \d+/);
    expect(world.entityCount).toBe(4);
    expect(world.snapshot()).toEqual(before);
  });

  it("nothing a world held before a restore reaches a later snapshot: it makes the bytes a fresh world would", async () => {
    const pin = 1234.5678; // an f32 whose bytes appear nowhere else
    const pinBytes = new Uint8Array(Float32Array.of(pin).buffer);
    const count = (bytes: Uint8Array) => {
      let n = 0;
      for (let i = 0; i + 4 <= bytes.length; i += 4)
        if (bytes.subarray(i, i + 4).every((b, k) => b === pinBytes[k])) n++;
      return n;
    };
    const empty = (await createWorld({ components: [Position, Health] })).snapshot();
    const used = await createWorld({ components: [Position, Health] });
    used.destroyMany(used.spawnMany(20_000, Position.with({ x: pin, y: pin }), Health));
    used.spawnMany(30_000, Health.with({ hp: 3 })); // a batch whose scratch block is freed at the top
    expect(count(used.snapshot())).toBeGreaterThan(0);
    used.restore(empty);
    const fresh = await createWorld({ components: [Position, Health], snapshot: empty });
    for (const w of [used, fresh]) {
      w.destroyMany(w.spawnMany(15_000, Position));
      w.spawnMany(10, Health);
    }
    expect(count(used.snapshot())).toBe(0);
    expect(dump(used, [Position, Health])).toBe(dump(fresh, [Position, Health]));
  });

  it("restore reads the bytes wherever they lie (offset, shared, inside the world's own memory) and keeps none of them", async () => {
    const world = await populated();
    const bytes = world.snapshot();
    const want = dump(world);
    const places: [string, (b: Uint8Array) => Uint8Array][] = [
      ["at offset 8 of a larger buffer", (b) => new Uint8Array(b.length + 16).fill(1).subarray(8, 8 + b.length)],
      ["at offset 3", (b) => new Uint8Array(b.length + 3).subarray(3)],
      ["in a SharedArrayBuffer", (b) => new Uint8Array(new SharedArrayBuffer(b.length))],
    ];
    for (const [where, place] of places) {
      const given = place(bytes);
      given.set(bytes);
      world.spawnMany(3, Health);
      world.restore(given);
      expect(dump(world), where).toBe(want);
      given.fill(0xff); // the world read them once: its state does not follow the caller's buffer
      expect(dump(world), where).toBe(want);
      checkInvariants(world);
    }
    // A view over the world's own (unshared) memory, past its heap: copied before the load writes there.
    const own = await createWorld({ components: ALL, sharedMemory: false });
    own.spawnMany(4, Position.with({ x: 2 }));
    const image = own.snapshot();
    const memory = own
      .query({ all: [Position] })
      .tables()[0]
      .columns(Position).x.buffer;
    const inside = new Uint8Array(memory, memory.byteLength - image.length - 64, image.length);
    inside.set(image);
    own.spawnMany(2, Health);
    own.restore(inside);
    expect(dump(own)).toBe(JSON.stringify(stateOf(await createWorld({ components: ALL, snapshot: image }), ALL)));
    checkInvariants(own);
  });
});

describe("snapshots refuse what they cannot keep, and keep every name and value", () => {
  it("a Table kept across restore() throws ArgumentError instead of reaching the table that took its id", async () => {
    const world = await createWorld({ components: [Position, Velocity] });
    world.spawn(Velocity.with({ x: 1 }));
    world.spawn(Position.with({ x: 2 }));
    let held: Table | undefined;
    for (const t of world.query({ all: [Position] })) held = t;
    const other = await createWorld({ components: [Position, Velocity] });
    other.spawn(Position.with({ x: 30 }));
    const victim = other.spawn(Velocity.with({ x: 40 }));
    world.restore(other.snapshot()); // the same table ids, made in the other order
    const after = dump(world, [Position, Velocity]);
    const table = held as Table;
    const message = "Table (Position) is from before world.restore(): query again";
    expectThrows(() => table.columns(Position), ArgumentError, message);
    expectThrows(() => table.entities, ArgumentError, message);
    expect([table.has(Position), table.count]).toEqual([false, 0]);
    expect(world.get(victim, Velocity)).toEqual({ x: 40, y: 0 });
    expect(dump(world, [Position, Velocity])).toBe(after);
    const [fresh] = world.query({ all: [Position] });
    expect(fresh.columns(Position).x[0]).toBe(30);
  });

  it("restore refuses change ticks past the snapshot's change tick; the world is unchanged", async () => {
    const world = await createWorld({ components: [Health] });
    const e = world.spawn(Health.with({ hp: 1 }));
    world.system("watch", { all: [Health], changed: [Health] }, () => {});
    for (let i = 0; i < 5; i++) world.step();
    world.set(e, Health, { hp: 2 });
    world.step();
    const bytes = world.snapshot();
    const before = world.snapshot();
    const lowered = withJson(bytes, (j) => {
      j.changeTick = 2;
    });
    expectThrows(
      () => world.restore(lowered),
      SnapshotError,
      'The snapshot was refused: its parts disagree: reader "watch" has tick 12, past the change tick 2',
    );
    const stamps = withJson(bytes, (j) => {
      j.changeTick = 2;
      j.systems = {};
    });
    expectThrows(
      () => world.restore(stamps),
      SnapshotError,
      "The snapshot was refused: its parts disagree: table 2 has tick 11, past the change tick 2",
    );
    expect(world.snapshot()).toEqual(before);
  });

  it("restore and createWorld refuse a schema entry whose relation is no pair with SnapshotError", async () => {
    const world = await createWorld({ components: [Position] });
    const e = world.spawn(Position.with({ x: 1 }));
    const bad = withJson(world.snapshot(), (j) => {
      (j.schema as Record<string, unknown>[])[0].relation = "exclusive";
    });
    const message =
      'The snapshot was refused: its JSON part is malformed: component 0 has "relation" "exclusive", not a pair [kind, onTargetDestroyed]';
    expectThrows(() => world.restore(bad), SnapshotError, message);
    await expect(createWorld({ snapshot: bad, components: [Position] })).rejects.toThrow(message);
    expect(world.get(e, Position)).toEqual({ x: 1, y: 0 });
  });

  it("restore names what differs in a schema entry, and takes one whose keys come in another order", async () => {
    const world = await createWorld({ components: [Position] });
    const e = world.spawn(Position.with({ x: 1 }));
    const bytes = world.snapshot();
    const extra = withJson(bytes, (j) => {
      (j.schema as Record<string, unknown>[])[0].note = 1;
    });
    expectThrows(
      () => world.restore(extra),
      SnapshotError,
      `The snapshot was refused: its schema does not match this world's: component 0 is "Position" { x: f32, y: f32 } there and "Position" { x: f32, y: f32 } here (they differ in "note")`,
    );
    const wide = withJson(bytes, (j) => {
      (j.schema as { fields: unknown[][] }[])[0].fields[1][1] = "f64";
    });
    expectThrows(
      () => world.restore(wide),
      SnapshotError,
      `The snapshot was refused: its schema does not match this world's: component 0 is "Position" { x: f32, y: f64 } there and "Position" { x: f32, y: f32 } here (they differ in "fields")`,
    );
    // A key nested 20,000 deep: JSON.stringify overflowed the stack there (a RangeError, not SnapshotError).
    const deep = withJsonText(extra, (text) =>
      text.replace('"note":1', `"note":${"[".repeat(20_000)}${"]".repeat(20_000)}`),
    );
    expect(deep.length).toBeGreaterThan(extra.length + 39_000);
    const message = `The snapshot was refused: its schema does not match this world's: component 0 is "Position" { x: f32, y: f32 } there and "Position" { x: f32, y: f32 } here (they differ in "note")`;
    expectThrows(() => world.restore(deep), SnapshotError, message);
    await expectRejects(createWorld({ snapshot: deep, components: [Position] }), SnapshotError, message);
    world.set(e, Position, { x: 5 });
    const reordered = withJson(bytes, (j) => {
      const schema = j.schema as Record<string, unknown>[];
      schema[0] = Object.fromEntries(Object.entries(schema[0]).reverse());
    });
    world.restore(reordered);
    expect(world.get(e, Position)).toEqual({ x: 1, y: 0 });
  });

  it("a snapshot with change stamps between user components is refused by a world that registered them alone, and read by createWorld", async () => {
    const Z = component("Z", { z: "i32" });
    const world = await createWorld({ components: [Health] });
    world.spawn(Health);
    world.query({ all: [Health], changed: [Health] }).count(); // stamps of Health take id 1
    world.register(Z);
    const bytes = world.snapshot();
    const other = await createWorld({ components: [Health, Z] });
    const e = other.spawn(Z.with({ z: 3 }));
    expectThrows(
      () => other.restore(bytes),
      SnapshotError,
      `The snapshot was refused: its schema does not match this world's: component 1 is "wasm-ecs:ticks:Health" (internal) there and "Z" { z: i32 } here (they differ in "name", "hidden", "fields")`,
    );
    expect(other.get(e, Z)).toEqual({ z: 3 });
    const copy = await createWorld({ snapshot: bytes, components: [Health, Z] });
    expect(copy.query({ all: [Health] }).count()).toBe(1);
  });

  it("systems named like Object.prototype members, a resource named __proto__ and object values like the undefined mark survive", async () => {
    const world = await createWorld({ components: [Health, Name] });
    const e = world.spawn(Health.with({ hp: 1 }), Name.with({ label: { "wasm-ecs:undefined": true } }));
    const f = world.spawn(Name.with({ label: { "wasm-ecs:literal": 2 } }), Health);
    const g = world.spawn(Name, Health);
    world.resources.set("__proto__", { a: 1 });
    const bytes = world.snapshot(); // no system yet
    const seen: Record<string, number[]> = {};
    for (const name of ["plain", "toString", "constructor"]) {
      seen[name] = [];
      world.system(name, { all: [Health], changed: [Health] }, (q) => {
        for (const t of q) for (const r of t.rows) seen[name].push(t.entities[r]);
      });
    }
    world.step();
    world.restore(bytes);
    for (const name of Object.keys(seen)) seen[name] = [];
    world.set(e, Health, { hp: 5 });
    world.step();
    // None of them had run at the snapshot: each sees every row once.
    expect(seen).toEqual({ plain: [e, f, g], toString: [e, f, g], constructor: [e, f, g] });
    expect(world.resources.get("__proto__")).toEqual({ a: 1 });
    expect(world.get(e, Name).label).toEqual({ "wasm-ecs:undefined": true });
    expect(world.get(f, Name).label).toEqual({ "wasm-ecs:literal": 2 });
    expect(world.get(g, Name).label).toBeUndefined();
  });

  it("restore refuses resources and object values that snapshot() would refuse to write; the world is unchanged", async () => {
    const world = await createWorld({ components: [Position, Name] });
    world.spawn(Name.with({ label: "a" }));
    world.resources.set("big", 12345);
    const bytes = world.snapshot();
    const before = world.snapshot();
    let deep: unknown = 1;
    for (let i = 0; i < 70; i++) deep = [deep];
    const nested = withJson(bytes, (j) => {
      (j.resources as Record<string, unknown>).deep = deep;
    });
    expectThrows(
      () => world.restore(nested),
      SnapshotError,
      /^The snapshot was refused: resource "deep"(\[0\])+ nests deeper than 64 levels$/,
    );
    const deepValue = withJson(bytes, (j) => {
      (j.objects as unknown[][])[0][3] = [deep];
    });
    expectThrows(
      () => world.restore(deepValue),
      SnapshotError,
      /^The snapshot was refused: Name\.label(\[0\])+ nests deeper than 64 levels$/,
    );
    // 1e400 parses as Infinity: the number's text replaced in place, the CRC made right.
    // Decoded one byte to one character (windows-1252), so an index in the text is one in the bytes.
    const text = new TextDecoder("latin1").decode(bytes);
    const infinite = bytes.slice();
    infinite.set(new TextEncoder().encode("1e400"), text.indexOf("12345"));
    seal(infinite);
    expectThrows(
      () => world.restore(infinite),
      SnapshotError,
      'The snapshot was refused: resource "big" is Infinity, which JSON cannot hold',
    );
    expect(world.snapshot()).toEqual(before);
  });
});

describe("change stamps in a snapshot", () => {
  const A = component("A", { v: "f32" });
  const B = component("B", { v: "f32" });

  /** A world tracking A and B (5 entities each), and its snapshot. */
  async function tracked() {
    const world = await createWorld({ components: [A, B] });
    world.spawnMany(5, A);
    world.spawnMany(5, B);
    for (const _ of world.query({ all: [A], changed: [A] }));
    for (const _ of world.query({ all: [B], changed: [B] }));
    return { world, bytes: world.snapshot() };
  }

  /** The snapshot with the two stamp components' JSON entries edited, and (swap) their registry links crossed. */
  function crossed(bytes: Uint8Array, names: boolean, swap: boolean): Uint8Array {
    const { header, meta, memory } = decode(bytes);
    const json = structuredClone(meta);
    const [x, y] = json.schema.filter((e) => e.hidden) as { tracks?: number; name: string }[];
    [x.tracks, y.tracks] = [y.tracks, x.tracks];
    if (names) [x.name, y.name] = [y.name, x.name];
    const mem = new Uint8Array(memory);
    if (swap) {
      const m = new Uint32Array(mem.buffer);
      const reg = m[(header.corePtr >>> 2) + H_COMPONENTS] >>> 2;
      const a = reg + 0 * K_STRIDE + K_COMPANION;
      const b = reg + 1 * K_STRIDE + K_COMPANION;
      [m[a], m[b]] = [m[b], m[a]];
    }
    return encode(json, mem, header.flags, header.corePtr);
  }

  it("refuses a stamps entry that is not, key by key, the companion this world makes (restore takes the stamps' layout from it)", async () => {
    const { world, bytes } = await tracked();
    world.spawn(A);
    const before = world.snapshot();
    const stamps = (json: Record<string, unknown>) =>
      (json.schema as Record<string, unknown>[]).find((e) => e.hidden === true) as Record<string, unknown>;
    const edits: [string, (e: Record<string, unknown>) => void][] = [
      ['"objectFields"', (e) => (e.objectFields = ["zz"])],
      ['"sparse"', (e) => (e.sparse = true)],
      ['"fields"', (e) => (e.fields = [])],
      ['"tag"', (e) => (e.tag = true)],
    ];
    for (const [key, edit] of edits)
      expectThrows(
        () => world.restore(withJson(bytes, (json) => edit(stamps(json)))),
        SnapshotError,
        `The snapshot was refused: its schema does not match this world's: component 2 is "wasm-ecs:ticks:A" (internal) there and "wasm-ecs:ticks:A" (internal) here (they differ in ${key})`,
      );
    // Without `tracks` it names stamps whose tracking never began, which A's registry link contradicts.
    expectThrows(
      () => world.restore(withJson(bytes, (json) => delete stamps(json).tracks)),
      SnapshotError,
      "The snapshot was refused: its parts disagree on what tracks A",
    );
    expect(world.snapshot()).toEqual(before);
    world.restore(bytes);
    expect(world.query({ all: [A] }).count()).toBe(5);
  });

  it("a world whose tracking ran out of memory (its stamps registered, linked to nothing) saves and restores", async () => {
    const Big = component("Big", { m: ["f32", 64] });
    const world = await createWorld({ components: [Big, A], maxMemoryBytes: 8 << 20, initialMemoryBytes: 8 << 20 });
    const made: number[] = [];
    try {
      for (;;) made.push(...world.spawnMany(1000, Big));
    } catch (error) {
      expect(error).toBeInstanceOf(CapacityError);
    }
    expectThrows(() => world.query({ all: [Big], changed: [Big] }), CapacityError, /^Out of memory/);
    const bytes = world.snapshot();
    world.destroyMany(made.slice(0, 10));
    world.restore(bytes);
    expect(world.query({ all: [Big] }).count()).toBe(made.length);
    world.destroyMany(made.slice(0, made.length - 5));
    const q = world.query({ all: [Big], changed: [Big] }); // tracking starts now: each row once
    expect([q.count(), q.entities().length]).toEqual([5, 5]);
    checkInvariants(world);
  });

  it("restores a snapshot of a world that began tracking in another order (its stamps at other ids), both ways", async () => {
    const first = await createWorld({ components: [A, B], debug: true });
    const as = first.spawnMany(3, A);
    const bs = first.spawnMany(2, B);
    const changedA = first.query({ all: [A], changed: [A] });
    const changedB = first.query({ all: [B], changed: [B] });
    for (const _ of changedA);
    for (const _ of changedB);
    first.set(as[1], A, { v: 7 });
    const bytes = first.snapshot();
    const other = await createWorld({ components: [A, B], debug: true });
    const otherB = other.query({ all: [B], changed: [B] }); // B's stamps first here: A's and B's ids are crossed
    const otherA = other.query({ all: [A], changed: [A] });
    for (const _ of otherB);
    for (const _ of otherA);
    other.spawn(B);
    other.restore(bytes);
    expect(other.get(as[1], A)).toEqual({ v: 7 });
    expect(other.entityCount).toBe(5);
    other.set(bs[0], B, { v: 2 });
    expect(sorted(otherB.entities())).toEqual([bs[0]]);
    checkInvariants(other);
    first.restore(other.snapshot());
    expect(sorted(changedB.entities())).toEqual([bs[0]]);
    expect(first.get(bs[0], B)).toEqual({ v: 2 });
    checkInvariants(first);
  });

  it("refuses stamps that claim to track another component than their name says, the world unchanged", async () => {
    const { world, bytes } = await tracked();
    world.spawn(A);
    const before = world.snapshot();
    expectThrows(
      () => world.restore(crossed(bytes, false, true)),
      SnapshotError,
      `The snapshot was refused: its schema does not match this world's: component 2 is "wasm-ecs:ticks:A" (internal) there and "wasm-ecs:ticks:B" (internal) here (they differ in "name")`,
    );
    expect(world.snapshot()).toEqual(before);
  });

  it("createWorld refuses a second stamps entry for one component with SnapshotError before registering anything", async () => {
    const { bytes } = await tracked();
    const { header, meta, memory } = decode(bytes);
    const again = { ...(meta.schema.find((e) => e.hidden) as SnapshotMeta["schema"][number]) };
    const json = { ...meta, schema: [...meta.schema, again] };
    await expectRejects(
      createWorld({ components: [A, B], snapshot: encode(json, memory, header.flags, header.corePtr) }),
      SnapshotError,
      "The snapshot was refused: its JSON part is malformed: component 4 tracks no component",
    );
  });

  it("refuses a table whose rows lack the stamps the registry gives their component", async () => {
    const { bytes } = await tracked();
    // The names follow the crossed links, so the JSON agrees with the registry; the tables do not.
    const bad = crossed(bytes, true, true);
    await expectRejects(
      createWorld({ components: [A, B], snapshot: bad }),
      SnapshotError,
      /^The snapshot was refused: its memory image is not one the core can have made \(table \d+'s components is 0, without its stamps\)$/,
    );
    const world = await createWorld({ components: [A, B], snapshot: bytes }); // the snapshot as it was is taken
    checkInvariants(world);
  });
});

describe("snapshots of a world that has run long, or whose values have getters", () => {
  it("past 2^31 change ticks, a reader's first read sees every row added since tracking began, and unchanged rows never show", async () => {
    const world = await createWorld({ components: [Position, Health] });
    world.restore(
      withJson(world.snapshot(), (json) => {
        json.changeTick = 2 ** 31 + 1000;
      }),
    );
    const old = world.spawnMany(2, Position); // before any tracking: no stamps yet
    world.query({ all: [Health], added: [Health] }).count(); // tracking of Health starts
    const es = [...world.spawnMany(3, Health)];
    const seen: Record<string, number[]> = {};
    const log = (name: string) => (q: Iterable<Table>) => {
      seen[name] = [];
      for (const t of q) for (const row of t.rows as Uint32Array) seen[name].push(t.entities[row]);
    };
    world.system("added", { all: [Health], added: [Health] }, log("added"));
    world.system("changed", { all: [Position], changed: [Position] }, log("changed"));
    world.step();
    expect(seen.added).toEqual(es);
    const outside = world.query({ all: [Health], added: [Health], none: [Position] });
    log("outside")(outside);
    expect(seen.outside).toEqual(es);
    world.step();
    world.step();
    // Rows whose stamps were never set (0) are not newer than a tick past 2^31.
    expect([seen.added, seen.changed]).toEqual([[], []]);
    world.set(old[1], Position, { x: 1 });
    world.step();
    expect(seen.changed).toEqual([old[1]]);
  });

  it("a world restored at the last u32 step and change tick steps and reads on, and restores its own snapshot", async () => {
    const world = await createWorld({ components: [Position] });
    const e = world.spawn(Position);
    world.restore(
      withJson(world.snapshot(), (json) => {
        json.steps = 0xffffffff;
        json.changeTick = 0xfffffffe;
      }),
    );
    let seen = 0;
    world.system("count", { all: [Position], changed: [Position] }, (q) => {
      for (const t of q) seen += t.rows.length;
    });
    world.step(); // tracking starts; the change ticks wrap past 2^32 - 1
    seen = 0;
    world.set(e, Position, { x: 1 });
    world.step();
    expect([world.tick, seen]).toEqual([2 ** 32 + 1, 1]);
    world.restore(world.snapshot());
    world.set(e, Position, { x: 2 });
    world.step();
    expect([world.tick, seen, world.get(e, Position).x]).toEqual([2 ** 32 + 2, 2, 2]);
  });

  it("snapshot() reads each resource and object value once; a getter that changes the world is refused", async () => {
    const world = await createWorld({ components: [Position, Name] });
    world.spawn(Name.with({ label: { n: 1 } }));
    let reads = 0;
    world.resources.set("r", {
      get v() {
        reads++;
        return reads === 1 ? 1 : 1n; // a second read would be no JSON
      },
    });
    const bytes = world.snapshot();
    expect(reads).toBe(1);
    const other = await createWorld({ components: [Position, Name] });
    other.restore(bytes);
    expect(other.resources.get("r")).toEqual({ v: 1 });
    world.resources.set("r", {
      get v() {
        world.spawn(Position);
        return 1;
      },
    });
    const changed =
      "The snapshot was refused: a getter among its object-field values or resources changed the world, or called snapshot(), while snapshot() read them";
    expectThrows(() => world.snapshot(), SnapshotError, changed);
    // Changes no core call makes: a resource set or taken, an object value set; and snapshot() itself again.
    const e = world.spawn(Name.with({ label: "a" }));
    const getters: (() => void)[] = [
      () => world.resources.set("late", 1),
      () => world.resources.delete("r"),
      () => world.set(e, Name, { label: "b" }),
      () => world.snapshot(),
    ];
    for (const change of getters) {
      world.resources.set("r", {
        get v() {
          change();
          return 1;
        },
      });
      expectThrows(() => world.snapshot(), SnapshotError, changed);
    }
    world.resources.delete("late");
    world.resources.set("r", { v: 1 });
    const taken = world.snapshot();
    const copy = await createWorld({ components: [Position, Name], snapshot: taken });
    expect(copy.resources.keys()).toEqual(world.resources.keys());
    expect(copy.get(e, Name)).toEqual({ label: "b" });
  });
});
