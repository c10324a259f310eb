// Every error path: the error class, its message naming the offending value, and
// a world that is exactly as it was before the failing call.
import { beforeEach, describe, expect, it } from "vitest";
import {
  ArgumentError,
  CapacityError,
  component,
  createWorld,
  EcsError,
  MissingComponentError,
  SchemaError,
  StaleEntityError,
  tag,
  UnknownComponentError,
  type World,
  WorldPoisonedError,
} from "wasm-ecs";
import { expectThrows } from "../support/errors.js";
import { stateOf } from "../support/state.js";

const Pos = component("Pos", { x: "f32", y: "f32" });
const Hp = component("Hp", { hp: "i16" });
const Rgb = component("Rgb", { c: ["u8", 3] });
const Frozen = tag("Frozen");
const Unregistered = component("Unregistered", { v: "f32" });
const KNOWN = [Pos, Hp, Rgb, Frozen];

/** Asserts fn throws an instance of cls whose message matches, and that the world did not change. */
function expectRejected(
  world: World,
  fn: () => unknown,
  cls: new (...args: never[]) => EcsError,
  message: RegExp,
): void {
  const before = stateOf(world, KNOWN);
  let thrown: unknown;
  try {
    fn();
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(cls);
  expect((thrown as Error).message).toMatch(message);
  expect(thrown).toBeInstanceOf(EcsError);
  expect(stateOf(world, KNOWN)).toEqual(before);
}

for (const debug of [false, true]) {
  describe(`errors (${debug ? "debug" : "release"} core)`, () => {
    let world: World;
    let e: number;
    let dead: number;
    beforeEach(async () => {
      world = await createWorld({ components: KNOWN, debug });
      e = world.spawn(Pos.with({ x: 1, y: 2 }), Hp.with({ hp: 7 }));
      world.spawn(Rgb.with({ c: [1, 2, 3] }), Frozen);
      dead = world.spawn(Pos);
      world.destroy(dead);
    });

    it("StaleEntityError names the entity, its slot and the slot's generation now, for every entity operation", () => {
      const slot = dead & ((1 << 22) - 1);
      const msg = new RegExp(
        `^Entity ${dead} \\(slot ${slot}, generation 0\\) is stale: slot ${slot} is free, now at generation 1$`,
      );
      expectRejected(world, () => world.add(dead, Hp), StaleEntityError, msg);
      expectRejected(world, () => world.set(dead, Pos, { x: 1 }), StaleEntityError, msg);
      expectRejected(world, () => world.get(dead, Pos), StaleEntityError, msg);
      expectRejected(world, () => world.has(dead, Pos), StaleEntityError, msg);
      expectRejected(world, () => world.remove(dead, Pos), StaleEntityError, msg);
      expectRejected(world, () => world.destroy(dead), StaleEntityError, msg);
      expect(world.isAlive(dead)).toBe(false);
    });

    it("StaleEntityError reports a reused slot's new generation", () => {
      world.destroyMany(world.spawnMany(4096, Pos)); // 4096 freed ids wait (the reuse rule): the oldest is reused
      const again = world.spawn(Pos);
      expect(again & 0x3fffff).toBe(dead & 0x3fffff);
      expectRejected(world, () => world.get(dead, Pos), StaleEntityError, /is stale: slot \d+ is now at generation 1$/);
    });

    it("StaleEntityError rejects malformed ids, entity 0 and never-used slots", () => {
      expectRejected(world, () => world.destroy(-1), StaleEntityError, /^Entity -1 is not an entity id/);
      expectRejected(world, () => world.destroy(1.5), StaleEntityError, /^Entity 1.5 is not an entity id/);
      expectRejected(world, () => world.destroy(Number.NaN), StaleEntityError, /^Entity NaN is not an entity id/);
      expectRejected(world, () => world.destroy(2 ** 31), StaleEntityError, /is not an entity id/);
      expectRejected(world, () => world.destroy(0), StaleEntityError, /slot 0 is reserved/);
      expectRejected(world, () => world.destroy(4000), StaleEntityError, /slot 4000 was never used$/);
      for (const bad of [-1, 1.5, Number.NaN, 2 ** 31, 0, 4000]) expect(world.isAlive(bad)).toBe(false);
      // Every per-entity operation, before the id reaches the core (which would truncate 1.5 to entity 1).
      const one = world.query({ all: [Pos] }).entities()[0];
      const near = one + 0.5;
      for (const op of [
        () => world.add(near, Hp),
        () => world.remove(near, Pos),
        () => world.set(near, Pos, { x: 1 }),
        () => world.get(near, Pos),
        () => world.destroy(near),
        () => world.access(Pos).x(near),
        () => world.access(Pos).setX(near, 1),
      ])
        expectRejected(world, op, StaleEntityError, /is not an entity id/);
      expect(world.isAlive(one)).toBe(true);
      expect(world.has(one, Pos)).toBe(true);
    });

    it("a batch naming a stale entity throws StaleEntityError and destroys none", () => {
      expectRejected(world, () => world.destroyMany([e, dead]), StaleEntityError, new RegExp(`^Entity ${dead} `));
      expect(world.isAlive(e)).toBe(true);
    });

    it("UnknownComponentError names a component that was never registered, for every use", () => {
      const msg =
        /^Component "Unregistered" is not registered in this world: pass it to createWorld\(\{ components \}\) or world.register\(\) first$/;
      expectRejected(world, () => world.spawn(Unregistered), UnknownComponentError, msg);
      expectRejected(world, () => world.spawn(Pos, Unregistered.with({ v: 1 })), UnknownComponentError, msg);
      expectRejected(world, () => world.spawnMany(3, Unregistered), UnknownComponentError, msg);
      expectRejected(world, () => world.add(e, Unregistered), UnknownComponentError, msg);
      expectRejected(world, () => world.set(e, Unregistered, { v: 1 }), UnknownComponentError, msg);
      expectRejected(world, () => world.get(e, Unregistered), UnknownComponentError, msg);
      expectRejected(world, () => world.has(e, Unregistered), UnknownComponentError, msg);
      expectRejected(world, () => world.remove(e, Unregistered), UnknownComponentError, msg);
      expectRejected(world, () => world.query({ all: [Pos, Unregistered] }), UnknownComponentError, msg);
    });

    it("MissingComponentError names the entity and the component it lacks", () => {
      expectRejected(
        world,
        () => world.set(e, Rgb, { c: [1, 2, 3] }),
        MissingComponentError,
        new RegExp(`^Entity ${e} \\(slot \\d+, generation 0\\) has no Rgb: cannot set it$`),
      );
      expectRejected(world, () => world.get(e, Frozen), MissingComponentError, /has no Frozen: cannot get it$/);
      for (const t of world.query({ all: [Pos] })) {
        expect(() => t.columns(Rgb)).toThrow(MissingComponentError);
        expect(() => t.columns(Rgb)).toThrow(/^The table \(Pos, Hp\) has no Rgb: cannot view the columns of it$/);
        expect(t.tryColumns(Rgb)).toBeUndefined();
      }
    });

    it("SchemaError names the field and the rule for unknown fields (debug), wrong shapes and non-numbers", () => {
      if (debug) {
        expectRejected(
          world,
          () => world.set(e, Pos, { z: 1 } as never),
          SchemaError,
          /^Pos has no field "z" \(its fields: x, y\)$/,
        );
        expectRejected(world, () => world.spawn(Pos.with({ q: 1 } as never)), SchemaError, /^Pos has no field "q"/);
      } else {
        // A release world does not look at keys that are no field.
        const x = world.get(e, Pos).x;
        world.set(e, Pos, { z: 1 } as never);
        expect(world.get(e, Pos).x).toBe(x);
        expect(world.get(world.spawn(Pos.with({ q: 1, x: 2 } as never)), Pos)).toEqual({ x: 2, y: 0 });
      }
      expectRejected(
        world,
        () => world.add(e, Rgb, { c: [1, 2] }),
        SchemaError,
        /^Rgb.c cannot take an array of length 2: it holds exactly 3 elements$/,
      );
      expectRejected(
        world,
        () => world.set(e, Pos, { x: "1" } as never),
        SchemaError,
        /^Pos.x cannot take "1": values must be numbers$/,
      );
      expectRejected(
        world,
        () => world.spawnMany(2, Pos.withEach({ x: [1, 2, 3] })),
        SchemaError,
        /^Pos.x cannot take an array of length 3: per-entity values for 2 entities need 2 elements$/,
      );
    });

    it(`integer fields ${debug ? "reject out-of-range and non-finite values with SchemaError" : "store values as their typed array does"}`, () => {
      if (debug) {
        expectRejected(
          world,
          () => world.set(e, Hp, { hp: 40000 }),
          SchemaError,
          /^Hp.hp cannot take 40000: i16 fields hold integers from -32768 to 32767/,
        );
        expectRejected(
          world,
          () => world.set(e, Hp, { hp: Number.NaN }),
          SchemaError,
          /^Hp.hp cannot take NaN: i16 fields hold finite integers/,
        );
        expectRejected(world, () => world.spawn(Hp.with({ hp: 1.5 })), SchemaError, /^Hp.hp cannot take 1.5/);
        expectRejected(
          world,
          () => world.add(e, Hp, { hp: Number.POSITIVE_INFINITY }),
          SchemaError,
          /^Hp.hp cannot take Infinity: i16 fields hold finite integers/,
        );
      } else {
        world.add(e, Hp, { hp: -40000 });
        expect(world.get(e, Hp).hp).toBe(new Int16Array([-40000])[0]);
        world.add(e, Hp, { hp: Number.POSITIVE_INFINITY });
        expect(world.get(e, Hp).hp).toBe(0);
        world.set(e, Hp, { hp: 40000 });
        expect(world.get(e, Hp).hp).toBe(new Int16Array([40000])[0]);
        world.set(e, Hp, { hp: Number.NaN });
        expect(world.get(e, Hp).hp).toBe(0);
        world.set(e, Pos, { x: Number.NaN });
        expect(world.get(e, Pos).x).toBeNaN();
      }
    });

    it("SchemaError for a second component with a name already registered", () => {
      const Impostor = component("Pos", { x: "f64" });
      expectRejected(
        world,
        () => world.register(Impostor),
        SchemaError,
        /^Another component named "Pos" is already registered in this world/,
      );
      world.register(Pos);
      expect(world.stats().components).toBe(KNOWN.length);
    });

    it("ArgumentError for an iteration that flush() ended, bad counts and unknown query terms", () => {
      world.spawnMany(2, Pos, Frozen); // a second table of Pos
      expectThrows(
        () => {
          for (const _t of world.query({ all: [Pos] })) world.flush();
        },
        ArgumentError,
        "This query iteration was ended by world.flush() before it finished (the changes waiting for it were applied then): iterate the query again",
      );
      expectRejected(
        world,
        () => world.spawnMany(-1, Pos),
        ArgumentError,
        /^spawnMany needs a whole number of entities from 0 to 4194303, got -1$/,
      );
      expectRejected(world, () => world.query({ every: [Pos] } as never), ArgumentError, /^Unknown query term "every"/);
    });

    it("WorldPoisonedError after dispose, for every call", () => {
      world.dispose();
      for (const call of [
        () => world.spawn(Pos),
        () => world.get(e, Pos),
        () => world.query({}),
        () => world.stats(),
      ]) {
        expect(call).toThrow(WorldPoisonedError);
        expect(call).toThrow(/^The world refuses further calls: the world was disposed$/);
      }
    });
  });
}

describe("errors in definitions", () => {
  it("component() rejects unknown field types, bad array lengths and invalid defaults with SchemaError", () => {
    expect(() => component("Bad", { x: "f16" as never })).toThrow(SchemaError);
    expect(() => component("Bad", { x: "f16" as never })).toThrow(/^Bad.x has type "f16": use f32, f64/);
    expect(() => component("Bad", { x: ["f32", 0] })).toThrow(/^Bad.x has type \["f32",0\]/);
    expect(() => component("Bad", { x: "u8" }, { defaults: { x: 300 } })).toThrow(
      /^Bad.x cannot take 300: u8 fields hold integers from 0 to 255/,
    );
    expect(() => component("Bad", { x: "u8" }, { defaults: { y: 1 } as never })).toThrow(/^Bad has no field "y"/);
    expect(() => component("", { x: "u8" })).toThrow(/^A component needs a non-empty name/);
  });
});

describe("CapacityError", () => {
  it("is thrown when maxMemoryBytes is reached; nothing changes and smaller operations still work", async () => {
    const world = await createWorld({ components: KNOWN, maxMemoryBytes: 4 << 20 });
    const first = world.spawnMany(1000, Pos.with({ x: 3 }));
    expectRejected(
      world,
      () => world.spawnMany(2_000_000, Pos, Hp),
      CapacityError,
      /^Out of memory while trying to spawn 2000000 entities: the world may use at most 4194304 bytes \(maxMemoryBytes\); nothing was changed$/,
    );
    let failures = 0;
    const before = world.entityCount;
    try {
      for (let i = 0; i < 1_000_000; i++) world.spawn(Pos, Hp, Rgb);
    } catch (error) {
      failures++;
      expect(error).toBeInstanceOf(CapacityError);
      expect((error as Error).message).toMatch(/^Out of memory while trying to spawn an entity/);
    }
    expect(failures).toBe(1);
    const filled = world.entityCount;
    expect(filled).toBeGreaterThan(before);
    world.destroyMany(first);
    expect(world.entityCount).toBe(filled - 1000);
    const late = world.spawn(Pos.with({ x: 9 }));
    expect(world.get(late, Pos)).toEqual({ x: 9, y: 0 });
    expect(world.query({ all: [Pos] }).count()).toBe(filled - 1000 + 1);
  });

  it("is thrown when every slot is used (2^22 - 1) and fewer than 4096 freed ids wait, and not one entity before", async () => {
    const MAX = 2 ** 22 - 1;
    const world = await createWorld({ components: KNOWN });
    world.spawnMany(MAX - 2, Frozen);
    expect(() => world.spawnMany(3, Frozen)).toThrow(CapacityError);
    expect(() => world.spawnMany(3, Frozen)).toThrow(
      /^Entity id space exhausted while trying to spawn 3 entities: 4194301 entities are alive; up to 4190208 can always be alive at once \(of the 4194303 slots, up to 4095 stay free so that a freed id waits before it is reused\); nothing was changed$/,
    );
    expect(world.entityCount).toBe(MAX - 2);
    world.spawnMany(2, Frozen);
    expect(world.entityCount).toBe(MAX);
    expect(() => world.spawn(Frozen)).toThrow(
      /^Entity id space exhausted while trying to spawn an entity: 4194303 entities/,
    );
    expect(world.entityCount).toBe(MAX);
    const all = world.query({ all: [Frozen] }).entities();
    // 4095 freed ids wait: still no id to give.
    world.destroyMany(all.slice(0, 4095));
    expect(() => world.spawn(Pos)).toThrow(
      /^Entity id space exhausted while trying to spawn an entity: 4190208 entities/,
    );
    expect(world.entityCount).toBe(MAX - 4095);
    // 4096 wait: the oldest is reused, one at a time.
    world.destroy(all[4095]);
    expect(world.spawnMany(1, Pos).length).toBe(1);
    expect(() => world.spawnMany(1, Pos)).toThrow(CapacityError);
    world.destroyMany(all.slice(4096, 4106));
    expect(world.spawnMany(10, Pos).length).toBe(10);
    expect(world.entityCount).toBe(MAX - 4095);
  });

  it("is thrown when the component registry is full (8192 components)", async () => {
    const world = await createWorld();
    for (let i = 0; i < 8192; i++) world.register(tag(`T${i}`));
    expect(() => world.register(tag("OneTooMany"))).toThrow(CapacityError);
    expect(() => world.register(tag("OneTooMany2"))).toThrow(
      /^Cannot register "OneTooMany2": a world holds at most 8192 components$/,
    );
    expect(world.stats().components).toBe(8192);
  });
});
