// Section errors/: each error class from every call that can raise it, with its code, name
// and a message naming the value; a refused call leaves the world as it was.
import { eq, ok } from "./assert.js";
import { range } from "./values.js";

export async function checkErrors(t, api) {
  const {
    createWorld,
    StaleEntityError,
    UnknownComponentError,
    MissingComponentError,
    CapacityError,
    ArgumentError,
    WorldPoisonedError,
  } = api;
  const { check, newWorld, inspectError, throws, rejects, watch } = t;
  const { Position, Velocity, Health, Transform, Owner, AllTypes, Unregistered, BASIC } = t.fx;

  await check("errors/StaleEntityError", async () => {
    const world = await newWorld({ components: BASIC });
    const e = world.spawn(Position.with({ x: 1 }), Health);
    const dead = world.spawn(Position);
    world.destroy(dead);
    const track = [e, dead];
    const refuse = watch(world, track);
    const calls = {
      get: () => world.get(dead, Position),
      set: () => world.set(dead, Position, { x: 1 }),
      add: () => world.add(dead, Velocity),
      has: () => world.has(dead, Position),
      remove: () => world.remove(dead, Position),
      destroy: () => world.destroy(dead),
    };
    for (const [name, call] of Object.entries(calls)) {
      const err = refuse(`${name} of a destroyed entity`, call, StaleEntityError, `Entity ${dead}`, "stale");
      eq(err.entity, dead, `${name}: error.entity`);
    }
    refuse("a negative id", () => world.get(-1, Position), StaleEntityError, "-1");
    refuse("an id never handed out", () => world.add(123456, Position), StaleEntityError, "123456");
    eq(world.isAlive(dead), false, "isAlive never throws");
  });

  await check("errors/UnknownComponentError", async () => {
    const world = await newWorld({ components: BASIC });
    const e = world.spawn(Position);
    const refuse = watch(world, [e]);
    const mention = ['"Unregistered"', "register"];
    const calls = {
      spawn: () => world.spawn(Position, Unregistered),
      "spawn with": () => world.spawn(Unregistered.with({ v: 1 })),
      spawnMany: () => world.spawnMany(4, Unregistered),
      add: () => world.add(e, Unregistered, { v: 1 }),
      set: () => world.set(e, Unregistered, { v: 1 }),
      get: () => world.get(e, Unregistered),
      has: () => world.has(e, Unregistered),
      remove: () => world.remove(e, Unregistered),
      addMany: () => world.addMany([e], Unregistered),
      removeMany: () => world.removeMany([e], Unregistered),
    };
    for (const [name, call] of Object.entries(calls)) {
      refuse(name, call, UnknownComponentError, ...mention);
    }
    for (const t of world.query({ all: [Position] })) {
      throws("t.columns", () => t.columns(Unregistered), UnknownComponentError, '"Unregistered"');
    }
  });

  await check("errors/MissingComponentError", async () => {
    const world = await newWorld({ components: BASIC });
    const e = world.spawn(Position.with({ x: 3 }));
    const refuse = watch(world, [e]);
    refuse("get", () => world.get(e, Velocity), MissingComponentError, `Entity ${e}`, "Velocity");
    refuse("set", () => world.set(e, Health, { hp: 1 }), MissingComponentError, `Entity ${e}`, "Health");
    for (const t of world.query({ all: [Position] })) {
      throws("t.columns", () => t.columns(Transform), MissingComponentError, "Transform", "Position");
    }
  });

  await check("errors/CapacityError-maxMemoryBytes", async () => {
    const limit = 1 << 20;
    // initialMemoryBytes left at its default: the whole limit is reserved up front.
    const world = await newWorld({ components: BASIC, maxMemoryBytes: limit, initialMemoryBytes: undefined });
    ok(world.stats().memoryBytes <= limit, `memory ${world.stats().memoryBytes} above maxMemoryBytes ${limit}`);
    const es = Array.from(world.spawnMany(100, Position.withEach({ x: range(100) })));
    const refuse = watch(world, es, [Position, Velocity, Transform, AllTypes]);
    world.destroy(world.spawn(Position, Velocity)); // the archetype exists: see the next check
    const err = refuse(
      "spawnMany beyond maxMemoryBytes",
      () => world.spawnMany(1_000_000, Position, Velocity),
      CapacityError,
      String(limit),
      "maxMemoryBytes",
    );
    ok(err.message.includes("nothing was changed"), "the message says nothing changed");
    // Fill up with single spawns: every successful spawn counts, the failing one changes nothing.
    let spawned = 0;
    let failure;
    for (let i = 0; i < 200_000 && failure === undefined; i++) {
      try {
        world.spawn(Position.with({ x: i }), Transform);
        spawned++;
      } catch (error) {
        failure = error;
      }
    }
    inspectError("single spawns until memory runs out", failure, CapacityError, String(limit));
    eq(world.entityCount, 100 + spawned, "entityCount counts exactly the successful spawns");
    ok(world.stats().memoryBytes <= limit, "memory stayed within maxMemoryBytes");
    es.forEach((e, i) => {
      eq(world.get(e, Position).x, i, "earlier values intact after CapacityError");
    });
    // A batch migration that does not fit changes nothing (its archetype exists: see the next checks).
    world.destroy(world.spawn(Position, Transform, AllTypes));
    refuse(
      "addMany beyond maxMemoryBytes",
      () => world.addMany(world.query({ all: [Position, Transform] }), AllTypes),
      CapacityError,
      String(limit),
    );
    // Still usable: free room, spawn again.
    world.destroyMany(world.query({ all: [Transform] }));
    eq(world.entityCount, 100, "entityCount after freeing");
    const again = world.spawn(Position.with({ x: -1 }));
    eq(world.get(again, Position).x, -1, "spawn works after CapacityError");
  });

  // "The failing call changes nothing": also no archetype left behind by a batch that did not fit.
  for (const batch of ["spawnMany", "addMany"]) {
    await check(`errors/CapacityError-${batch}-leaves-no-new-archetype`, async () => {
      const limit = 1 << 20;
      const world = await newWorld({ components: BASIC, maxMemoryBytes: limit, initialMemoryBytes: undefined });
      const es = Array.from(world.spawnMany(10_000, Position.withEach({ x: range(10_000) })));
      const archetypes = world.stats().archetypes;
      const call =
        batch === "spawnMany"
          ? () => world.spawnMany(1_000_000, Health, Transform)
          : () => world.addMany(world.query({ all: [Position] }), AllTypes);
      throws(`${batch} of a new component set beyond maxMemoryBytes`, call, CapacityError, String(limit));
      eq(world.entityCount, es.length, "entityCount after the failed batch");
      eq(world.stats().archetypes, archetypes, `archetypes after the failed ${batch}`);
    });
  }

  await check("errors/ArgumentError", async () => {
    const world = await newWorld({ components: BASIC });
    const e = world.spawn(Position);
    const refuse = watch(world, [e]);
    const bad = (what, fn, ...mentions) => refuse(what, fn, ArgumentError, ...mentions);
    bad("negative count", () => world.spawnMany(-1, Position), "-1");
    bad("fractional count", () => world.spawnMany(1.5, Position), "1.5");
    bad("a string instead of a component", () => world.spawn("Position"), "Position");
    bad("register of a non-component", () => world.register({ name: "Fake" }), "register");
    await rejects(
      "maxMemoryBytes too small",
      () => createWorld({ maxMemoryBytes: 1000 }),
      ArgumentError,
      "1000",
      "maxMemoryBytes",
    );
    await rejects(
      "negative initialEntities",
      () => createWorld({ initialEntities: -5 }),
      ArgumentError,
      "-5",
      "initialEntities",
    );
    await rejects(
      "negative initialMemoryBytes",
      () => createWorld({ initialMemoryBytes: -1 }),
      ArgumentError,
      "-1",
      "initialMemoryBytes",
    );
  });

  await check("errors/WorldPoisonedError-after-dispose", async () => {
    const world = await newWorld({ components: BASIC });
    const e = world.spawn(Position, Velocity);
    const q = world.query({ all: [Position] });
    world.dispose();
    const calls = {
      spawn: () => world.spawn(Position),
      spawnMany: () => world.spawnMany(2, Position),
      add: () => world.add(e, Health),
      set: () => world.set(e, Position, { x: 1 }),
      get: () => world.get(e, Position),
      has: () => world.has(e, Position),
      remove: () => world.remove(e, Velocity),
      destroy: () => world.destroy(e),
      register: () => world.register(Owner),
      stats: () => world.stats(),
      query: () => world.query({ all: [Velocity] }),
      iterate: () => {
        for (const _t of q) break;
      },
      defer: () => world.defer(() => 1),
      flush: () => world.flush(),
      addMany: () => world.addMany([e], Health),
      removeMany: () => world.removeMany([e], Velocity),
      destroyMany: () => world.destroyMany([e]),
    };
    for (const [name, call] of Object.entries(calls)) {
      throws(`${name} after dispose`, call, WorldPoisonedError, "disposed");
    }
    eq(world.isAlive(e), false, "isAlive in a disposed world");
  });
}
