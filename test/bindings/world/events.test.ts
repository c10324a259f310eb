// Events (double-buffered per step) and resources.
import { describe, expect, it } from "vitest";
import { ArgumentError, component, createWorld, type Entity, EventType } from "wasm-ecs";
import { expectThrows } from "../../support/errors.js";

const Position = component("Position", { x: "f32" });

describe("events", () => {
  it("an event emitted in a step is readable by every system until the end of the next step, once per system", async () => {
    const world = await createWorld({ components: [Position] });
    const Hit = world.event<{ target: Entity; damage: number }>("Hit");
    const early: number[][] = [];
    const late: number[][] = [];
    world.system("early", { all: [Position] }, () => early.push(world.read(Hit).map((h) => h.damage)));
    world.system("emit", { all: [Position] }, (_q, ctx) => {
      if (ctx.tick === 1) world.emit(Hit, { target: 1 as Entity, damage: 3 });
    });
    world.system("late", { all: [Position] }, () => late.push(world.read(Hit).map((h) => h.damage)));
    world.step();
    world.step();
    world.step();
    expect(early).toEqual([[], [3], []]);
    expect(late).toEqual([[3], [], []]);
    // Outside systems, every readable event, as often as asked.
    world.emit(Hit, { target: 1 as Entity, damage: 4 });
    expect(world.read(Hit).map((h) => h.damage)).toEqual([4]);
    expect(world.read(Hit).map((h) => h.damage)).toEqual([4]);
  });

  it("a system that applies each event it reads applies it once, over any number of steps (the README's damage)", async () => {
    const Health = component("Health", { hp: "i32" });
    const world = await createWorld({ components: [Health] });
    const Hit = world.event<{ target: Entity; damage: number }>("Hit");
    const hero = world.spawn(Health.with({ hp: 10 }));
    world.system("damage", { all: [Health] }, () => {
      for (const { target, damage } of world.read(Hit))
        world.set(target, Health, { hp: world.get(target, Health).hp - damage });
    });
    world.system("retaliate", {}, (_q, ctx) => {
      if (ctx.tick === 2) world.emit(Hit, { target: hero, damage: 2 }); // after damage ran: seen in step 3
    });
    world.emit(Hit, { target: hero, damage: 3 });
    const hp: number[] = [];
    for (let i = 0; i < 4; i++) {
      world.step(1 / 60);
      hp.push(world.get(hero, Health).hp);
    }
    expect(hp).toEqual([7, 7, 5, 5]);
  });

  it("an event emitted outside a step belongs to the next step; order is kept", async () => {
    const world = await createWorld({ components: [Position] });
    const Msg = world.event<string>("Msg");
    const got: string[][] = [];
    world.system("read", { all: [Position] }, () => got.push([...world.read(Msg)]));
    world.emit(Msg, "a");
    world.emit(Msg, "b");
    expect(world.read(Msg)).toEqual(["a", "b"]);
    world.step();
    world.emit(Msg, "c");
    world.step();
    world.step();
    expect(got).toEqual([["a", "b"], ["c"], []]);
    world.step();
    expect(got[3]).toEqual([]);
  });

  it("a step that throws does not rotate events: the systems it did not reach read them in the next step", async () => {
    const world = await createWorld();
    const E = world.event<string>("E");
    let fail = false;
    const got: string[] = [];
    world.system("thrower", {}, () => {
      if (fail) throw new Error("boom");
    });
    world.system("reader", {}, () => got.push(...world.read(E)));
    world.system("emitter", {}, (_q, ctx) => world.emit(E, `e${ctx.tick}`));
    world.step();
    fail = true;
    expect(() => world.step()).toThrow("boom");
    fail = false;
    world.step();
    world.step();
    // e1, emitted after the reader in step 1, reaches it in step 3 (step 2 threw before it); the emitter skipped step 2.
    expect(got).toEqual(["e1", "e3"]);
    expect(world.read(E)).toEqual(["e4"]);
  });

  it("event types are per world and per name; a foreign one is an ArgumentError", async () => {
    const w1 = await createWorld();
    const w2 = await createWorld();
    const e1 = w1.event<number>("E");
    expect(w1.event<number>("E")).toBe(e1);
    expect(e1).toBeInstanceOf(EventType);
    expectThrows(
      () => w2.emit(e1, 1),
      ArgumentError,
      /^Expected an event type of this world \(world\.event\(name\)\), got /,
    );
    expect(() => w2.read(e1)).toThrow(/^Expected an event type of this world/);
    expect(() => w1.event("")).toThrow(/^An event type needs a non-empty name/);
  });
});

describe("resources", () => {
  it("set / get / has / delete hold world-global values by key", async () => {
    const world = await createWorld();
    const time = world.resources.set("time", { elapsed: 0 });
    world.system("clock", {}, (_q, ctx) => {
      const t = ctx.world.resources.get<{ elapsed: number }>("time");
      if (t !== undefined) t.elapsed += ctx.dt;
    });
    world.step(0.5);
    world.step(0.25);
    expect(time.elapsed).toBe(0.75);
    expect(world.resources.has("time")).toBe(true);
    expect(world.resources.keys()).toEqual(["time"]);
    expect(world.resources.delete("time")).toBe(true);
    expect(world.resources.get("time")).toBeUndefined();
    expect(() => world.resources.set(3 as never, 1)).toThrow(/^A resource key is a string/);
  });
});
