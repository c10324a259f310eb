// Section world/: spawn, spawnMany (shared and per-entity values), add/set/get/has/remove,
// destroy and id recycling, registering at runtime, stats().
import { eq, ok } from "./assert.js";
import { IDENTITY, range, storeEach } from "./values.js";

export async function checkWorld(t, api) {
  const { UnknownComponentError } = api;
  const { check, newWorld, throws } = t;
  const { Position, Velocity, Health, Transform, Frozen, AllTypes, BASIC, LAYOUT, rawAllTypes, storedAllTypes } = t.fx;

  await check("world/spawn-with-inits", async () => {
    const world = await newWorld({ components: BASIC });
    const n = 30;
    const es = range(n, (i) => world.spawn(Position.with({ x: i, y: -i / 4 }), Velocity.with({ x: i * 0.1 }), Frozen));
    for (const e of es) ok(Number.isInteger(e) && e >= 0, `spawn returned ${e}, not a non-negative integer`);
    eq(new Set(es).size, n, "distinct ids");
    es.forEach((e, i) => {
      ok(world.isAlive(e), `entity ${i} alive`);
      eq(world.get(e, Position), { x: i, y: Math.fround(-i / 4) }, `Position ${i}`);
      eq(world.get(e, Velocity), { x: Math.fround(i * 0.1), y: 0 }, `Velocity ${i}`);
      eq(world.has(e, Frozen), true, `Frozen ${i}`);
      eq(world.has(e, Health), false, `no Health ${i}`);
    });
    eq(world.entityCount, n, "entityCount");
    const bare = world.spawn();
    ok(world.isAlive(bare), "an entity with no components is alive");
    eq(world.has(bare, Position), false, "entity with no components lacks Position");
    eq(world.entityCount, n + 1, "entityCount with a bare entity");
  });

  await check("world/spawnMany-shared-values", async () => {
    const world = await newWorld({ components: BASIC });
    const before = world.spawn(Position);
    const es = world.spawnMany(500, Position.with({ x: 1.5 }), Velocity, Health.with({ hp: -7 }), Frozen);
    ok(es instanceof Uint32Array, "spawnMany returns a Uint32Array");
    eq(es.length, 500, "spawnMany length");
    eq(new Set(es).size, 500, "distinct ids");
    ok(!es.includes(before), "no id reused from a live entity");
    for (const e of es) {
      ok(world.isAlive(e), "spawned entity alive");
      eq(world.get(e, Position), { x: 1.5, y: 0 }, "shared Position");
      eq(world.get(e, Health), { hp: -7 }, "shared Health");
      eq(world.has(e, Frozen), true, "tag");
    }
    eq(world.entityCount, 501, "entityCount");
    eq(world.spawnMany(0, Position).length, 0, "spawnMany(0) spawns nothing");
    eq(world.entityCount, 501, "entityCount after spawnMany(0)");
    eq(world.query({ all: [Position, Velocity, Health, Frozen] }).count(), 500, "query count after spawnMany");
  });

  await check("world/spawnMany-withEach", async () => {
    const world = await newWorld({ components: BASIC });
    const n = 257;
    const xs = Float32Array.from(range(n, (i) => i * 0.5));
    const ys = range(n, (i) => -i); // a plain array
    const hp = Int32Array.from(range(n, (i) => i * 1000));
    const mats = range(n * 16, (k) => k / 8);
    const raws = range(n, (i) => rawAllTypes(i));
    const allTypesEach = {};
    for (const [name, [, len]] of Object.entries(LAYOUT)) {
      allTypesEach[name] = len === 1 ? raws.map((r) => r[name]) : raws.flatMap((r) => r[name]);
    }
    const es = world.spawnMany(
      n,
      Position.withEach({ x: xs, y: ys }),
      Health.withEach({ hp }),
      Transform.withEach({ m: mats }),
      AllTypes.withEach(allTypesEach),
      Velocity.withEach({ y: 2 }),
    );
    eq(es.length, n, "spawnMany length");
    es.forEach((e, i) => {
      eq(world.get(e, Position), { x: xs[i], y: Math.fround(ys[i]) }, `Position ${i}`);
      eq(world.get(e, Health), { hp: hp[i] }, `Health ${i}`);
      eq(world.get(e, Transform).m, storeEach("f32", mats.slice(i * 16, i * 16 + 16)), `Transform ${i}`);
      eq(world.get(e, AllTypes), storedAllTypes(raws[i]), `AllTypes ${i}`);
      eq(world.get(e, Velocity), { x: 0, y: 2 }, `Velocity ${i} (one value for all in withEach)`);
    });
    // One array of the field's length for an array field is one value for all.
    const same = world.spawnMany(3, Transform.withEach({ m: IDENTITY }));
    for (const e of same) eq(world.get(e, Transform).m, IDENTITY, "one matrix for all");
  });

  await check("world/add-set-get-has-remove", async () => {
    const world = await newWorld({ components: BASIC });
    const e = world.spawn(Position.with({ x: 1, y: 2 }));
    const archetypes = world.stats().archetypes;
    world.add(e, Velocity, { y: 5 });
    eq(world.stats().archetypes, archetypes + 1, "add migrated to a new archetype");
    eq(world.get(e, Position), { x: 1, y: 2 }, "values kept across migration");
    eq(world.get(e, Velocity), { x: 0, y: 5 }, "added values");
    world.add(e, Position, { y: 9 });
    eq(world.get(e, Position), { x: 1, y: 9 }, "add of a present component writes given fields only");
    eq(world.stats().archetypes, archetypes + 1, "no migration for a present component");
    world.set(e, Velocity, { x: 3 });
    eq(world.get(e, Velocity), { x: 3, y: 5 }, "partial set");
    const copy = world.get(e, Velocity);
    copy.x = 42;
    eq(world.get(e, Velocity).x, 3, "get returns a copy");
    eq(world.has(e, Velocity), true, "has after add");
    eq(world.remove(e, Velocity), true, "remove of a present component");
    eq(world.remove(e, Velocity), false, "remove of an absent component");
    eq(world.has(e, Velocity), false, "has after remove");
    eq(world.get(e, Position), { x: 1, y: 9 }, "values kept after remove");
    world.add(e, Velocity);
    eq(world.get(e, Velocity), { x: 0, y: 0 }, "re-added component starts from its defaults");
    // Many entities migrating through the same edges keep their own values.
    const es = range(50, (i) => world.spawn(Position.with({ x: i, y: i * 2 })));
    es.forEach((x, i) => {
      world.add(x, Health, { hp: i });
      if (i % 2 === 0) world.remove(x, Position);
    });
    es.forEach((x, i) => {
      eq(world.get(x, Health), { hp: i }, `Health ${i} after migrations`);
      if (i % 2 === 0) eq(world.has(x, Position), false, `Position removed ${i}`);
      else eq(world.get(x, Position), { x: i, y: i * 2 }, `Position kept ${i}`);
    });
  });

  await check("world/destroy-isAlive-recycling", async () => {
    const world = await newWorld({ components: BASIC });
    const es = range(20, (i) => world.spawn(Position.with({ x: i })));
    const dead = es.filter((_, i) => i % 3 === 0);
    for (const e of dead) world.destroy(e);
    eq(world.entityCount, 20 - dead.length, "entityCount after destroy");
    for (const e of es) eq(world.isAlive(e), !dead.includes(e), `isAlive(${e})`);
    es.forEach((e, i) => {
      if (!dead.includes(e)) eq(world.get(e, Position).x, i, `survivor ${i} keeps its value`);
    });
    // Slots are recycled with a new generation: new ids never equal old ones.
    const fresh = world.spawnMany(100, Position);
    for (const e of dead) {
      ok(!fresh.includes(e), `destroyed id ${e} handed out again`);
      eq(world.isAlive(e), false, `destroyed id ${e} alive after its slot was reused`);
    }
    for (const bad of [-1, 1.5, Number.NaN, 2 ** 40, 0x7fffffff]) eq(world.isAlive(bad), false, `isAlive(${bad})`);
    eq(world.entityCount, 20 - dead.length + 100, "entityCount after respawn");
  });

  await check("world/register-at-runtime", async () => {
    const world = await newWorld({ components: [Position] });
    const e = world.spawn(Position.with({ x: 4 }));
    throws("before register", () => world.add(e, Health), UnknownComponentError, '"Health"');
    world.register(Health);
    world.register(Health);
    world.register(Frozen);
    eq(world.stats().components, 3, "components after runtime registration");
    world.add(e, Health, { hp: 8 });
    world.add(e, Frozen);
    eq(world.get(e, Health), { hp: 8 }, "value of a component registered after entities exist");
    eq(world.get(e, Position), { x: 4, y: 0 }, "older values kept");
    eq(world.query({ all: [Health, Frozen] }).count(), 1, "query on runtime-registered components");
  });

  await check("world/stats", async () => {
    const world = await newWorld({ components: [Position, Velocity, Frozen] });
    const s0 = world.stats();
    eq(s0.components, 3, "components");
    const keys = ["entities", "archetypes", "components", "queries", "memoryBytes", "usedBytes", "layoutEpoch"];
    for (const k of keys) ok(typeof s0[k] === "number", `stats().${k} is not a number`);
    world.spawnMany(10, Position);
    const s1 = world.stats();
    eq(s1.entities, 10, "entities");
    eq(s1.archetypes, s0.archetypes + 1, "one new archetype");
    world.spawnMany(5, Position);
    eq(world.stats().archetypes, s1.archetypes, "same archetype reused");
    world.spawn(Position, Velocity, Frozen);
    eq(world.stats().archetypes, s1.archetypes + 1, "archetype for (Position, Velocity, Frozen)");
    const q0 = world.stats().queries;
    world.query({ all: [Position] });
    world.query({ all: [Position] });
    world.query({ all: [Position], none: [Frozen] });
    eq(world.stats().queries, q0 + 2, "distinct queries");
    eq(world.stats().entities, world.entityCount, "stats().entities === entityCount");
    ok(s1.usedBytes >= s0.usedBytes, `usedBytes shrank from ${s0.usedBytes} to ${s1.usedBytes} after spawning`);
  });
}
