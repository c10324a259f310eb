// Review findings: each test reproduces a bug a code review found (fixed since; the
// comment above each says what it was). Fresh world per test.
import { describe, expect, it } from "vitest";
import { ArgumentError, CapacityError, component, createWorld, type Init, SchemaError } from "wasm-ecs";

const Pos = component("Pos", { x: "f32", y: "f32" });
const Vel = component("Vel", { x: "f32", y: "f32" });
const Rgb = component("Rgb", { c: ["u8", 3] });
const Big = component("Big", { m: ["f64", 64] });
const Huge = component("Huge", { m: ["f64", 65536] });

describe("review: memory growth", () => {
  // Bug: stageLive copies a Uint32Array argument only after ops.scratch(), whose growth detaches a t.entities view.
  it("destroyMany of a table's entities view destroys them all when staging the ids grows memory", async () => {
    const world = await createWorld({ components: [Pos], initialMemoryBytes: 0 });
    world.spawnMany(10_000, Pos);
    const [t] = world.query({ all: [Pos] });
    world.destroyMany(t.entities);
    expect(world.entityCount).toBe(0);
  });

  // Bug: Ops.moveMany reads ids[0] / ids[i] after the addMany core call grew memory, so a t.entities view is detached.
  it("addMany of a table's entities view writes the values to every entity when the move grows memory", async () => {
    const world = await createWorld({ components: [Pos, Big], initialMemoryBytes: 0 });
    world.spawnMany(1000, Pos);
    const [t] = world.query({ all: [Pos] });
    world.addMany(t.entities, Big, { m: 5 });
    const moved = world.query({ all: [Big] }).entities();
    expect(moved.length).toBe(1000);
    expect(Array.from(moved).filter((e) => world.get(e, Big).m[0] !== 5).length).toBe(0);
  });

  // Bug: same path while deferring (checkLive grows scratch first, then entities.slice() hits the detached view).
  it("destroyMany of a table's entities view inside its iteration destroys them all when the loop ends", async () => {
    const world = await createWorld({ components: [Pos], initialMemoryBytes: 0 });
    world.spawnMany(10_000, Pos);
    for (const t of world.query({ all: [Pos] })) world.destroyMany(t.entities);
    expect(world.entityCount).toBe(0);
  });
});

describe("review: deferral", () => {
  // A deferred flush that runs out of memory applies what came before the failing run,
  // drops the rest and destroys the entities parked for it: no orphans, and the error
  // says so. (All-or-nothing flushes need a reservation pass: the reliability issue.)
  it("a CapacityError while applying deferred changes leaves no spawned entity alive without its components", async () => {
    const world = await createWorld({ components: [Pos, Big], maxMemoryBytes: 1 << 20 });
    const keep = world.spawn(Pos);
    const victim = world.spawn(Pos);
    let ids: Uint32Array = new Uint32Array(0);
    let thrown: unknown;
    try {
      for (const _t of world.query({ all: [Pos] })) {
        world.destroy(victim);
        ids = world.spawnMany(4000, Big.with({ m: 7 }));
        world.add(keep, Big);
        break;
      }
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(CapacityError);
    expect((thrown as Error).message).toMatch(
      /^Out of memory while trying to spawn 4000 entities: .*, while applying deferred changes: the first 1 were applied; the 2 from the failing one on were dropped, and the entities spawned for them destroyed$/,
    );
    const orphans = Array.from(ids).filter((e) => world.isAlive(e)).length;
    expect(orphans).toBe(0);
    expect(world.isAlive(victim)).toBe(false);
    expect(world.has(keep, Big)).toBe(false);
    expect(world.entityCount).toBe(1);
  });

  // Bug: deferred ADD keeps a reference to the caller's values object and reads it at the flush.
  it("a deferred add writes the values as they were at the call, when the caller reuses one object", async () => {
    const world = await createWorld({ components: [Pos, Vel] });
    const es = world.spawnMany(3, Pos.withEach({ x: [0, 1, 2] }));
    const tmp = { x: 0, y: 0 };
    world.query({ all: [Pos] }).each((e) => {
      tmp.x = world.get(e, Pos).x * 10;
      world.add(e, Vel, tmp);
    });
    expect(Array.from(es, (e) => world.get(e, Vel).x)).toEqual([0, 10, 20]);
  });

  // Bug: deferred SPAWN keeps the ComponentInit's values object and reads it at the flush (spawnMany copies; spawn does not).
  it("a deferred spawn writes the init values as they were at the call, when the caller reuses one object", async () => {
    const world = await createWorld({ components: [Pos] });
    const init = { x: 0 };
    const spawned: number[] = [];
    world.defer(() => {
      for (let i = 0; i < 3; i++) {
        init.x = i;
        spawned.push(world.spawn(Pos.with(init)));
      }
    });
    expect(spawned.map((e) => world.get(e, Pos).x)).toEqual([0, 1, 2]);
  });

  // Bug: parked spawns land in table 0, which a query with no `all` term yields; each() then reads past its entities view.
  it("each visits no entity spawned during the iteration and never passes an undefined entity", async () => {
    const world = await createWorld({ components: [Pos] });
    const e0 = world.spawn();
    const seen: (number | undefined)[] = [];
    world.query({}).each((e, t, row) => {
      if (seen.length < 3) world.spawn(Pos);
      seen.push(e, t.entities[row]);
    });
    expect(seen).toEqual([e0, e0]);
  });

  // While deferring, remove answers from the entity's components at the time of the
  // call (changes waiting in the buffer do not count); the removes are all applied.
  it("remove while deferring reports whether the entity has the component at the call, and the removes apply", async () => {
    const world = await createWorld({ components: [Pos, Vel] });
    const e = world.spawn(Pos, Vel);
    const results = world.defer(() => {
      const twice = [world.remove(e, Vel), world.remove(e, Vel)];
      const s = world.spawn(Pos);
      return { answers: [...twice, world.remove(s, Pos)], s };
    });
    expect(results.answers).toEqual([true, true, false]);
    expect(world.has(e, Vel)).toBe(false);
    expect(world.has(results.s, Pos)).toBe(false);
  });
});

describe("review: atomicity and validation", () => {
  // Bug: writeValues walks values with for...in (inherited keys too) but checkValues checks own keys only.
  it("spawn with init values inheriting an unknown key neither throws a TypeError nor half-spawns", async () => {
    const world = await createWorld({ components: [Pos] });
    const values = Object.create({ z: 1 }) as Init<typeof Pos.schema>;
    const before = world.entityCount;
    let thrown: unknown;
    let e = 0;
    try {
      e = world.spawn(Pos.with(values));
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeUndefined();
    expect(world.entityCount).toBe(before + 1);
    expect(world.get(e, Pos)).toEqual({ x: 0, y: 0 });
  });

  // Bug: checkInit skips the element type check of array fields unless strict, while scalar fields always check it.
  it("set rejects a non-number element of an array field with SchemaError in the release core", async () => {
    const world = await createWorld({ components: [Rgb] });
    const e = world.spawn(Rgb);
    expect(() => world.set(e, Rgb, { c: [1, "2", 3] } as never)).toThrow(SchemaError);
    expect(() => world.set(e, Rgb, { c: [1, "2", 3] } as never)).toThrow(
      /^Rgb\.c cannot take "2": values must be numbers$/,
    );
    expect(world.get(e, Rgb)).toEqual({ c: [0, 0, 0] });
  });

  // Bug: destroyMany never checks that its argument is a list; a bare id reads .length === undefined and destroys nothing.
  it("destroyMany given a single id instead of a list throws ArgumentError", async () => {
    const world = await createWorld({ components: [Pos] });
    const e = world.spawn(Pos);
    expect(() => world.destroyMany(e as never)).toThrow(ArgumentError);
    expect(() => world.destroyMany(e as never)).toThrow(/destroyMany/);
    expect(world.isAlive(e)).toBe(true);
  });

  // Bug: core add() creates the destination table (tableWith) before ensureCapacity fails, so stats() changes.
  it("an add that fails with CapacityError leaves the archetype count unchanged", async () => {
    const world = await createWorld({ components: [Pos, Huge], maxMemoryBytes: 2 << 20 });
    const e = world.spawn(Pos);
    const archetypes = world.stats().archetypes;
    expect(() => world.add(e, Huge)).toThrow(CapacityError);
    expect(() => world.add(e, Huge)).toThrow(/^Out of memory while trying to add Huge: .*; nothing was changed$/);
    expect(world.stats().archetypes).toBe(archetypes);
  });
});

describe("review: entity index", () => {
  // Bug: the 9-bit generation wraps, so after 512 recycles of one slot a destroyed handle is alive again.
  it("isAlive stays false for a destroyed id after its slot is recycled 512 times", async () => {
    const world = await createWorld({ components: [Pos] });
    const first = world.spawn(Pos);
    world.destroy(first);
    for (let i = 0; i < 511; i++) world.destroy(world.spawn(Pos));
    world.spawn(Pos);
    expect(world.isAlive(first)).toBe(false);
  });
});
