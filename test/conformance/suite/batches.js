// Section batches/: addMany/removeMany/destroyMany over lists and queries, and their
// atomicity: a list with one stale entity changes nothing.
import { eq } from "./assert.js";
import { comboWorld } from "./fixtures.js";
import { range, sorted } from "./values.js";

export async function checkBatches(t, api) {
  const { StaleEntityError } = api;
  const { check, newWorld, watch } = t;
  const { Position, Velocity, Owner, Frozen, BASIC } = t.fx;

  await check("batches/addMany-removeMany-destroyMany-lists", async () => {
    const world = await newWorld({ components: BASIC });
    const es = Array.from(world.spawnMany(30, Position.withEach({ x: range(30) })));
    for (const e of es.slice(0, 5)) world.add(e, Velocity, { y: 4 });
    const target = es.filter((_, i) => i % 2 === 0);
    world.addMany(target, Velocity, { x: 2 });
    es.forEach((e, i) => {
      const inTarget = i % 2 === 0;
      const hadIt = i < 5;
      eq(world.has(e, Velocity), inTarget || hadIt, `Velocity on ${i}`);
      if (inTarget) eq(world.get(e, Velocity), { x: 2, y: hadIt ? 4 : 0 }, `addMany values on ${i}`);
      eq(world.get(e, Position).x, i, `Position kept on ${i}`);
    });
    world.removeMany(Uint32Array.from(es.slice(0, 10)), Velocity);
    es.forEach((e, i) => {
      eq(world.has(e, Velocity), i >= 10 && i % 2 === 0, `Velocity after removeMany on ${i}`);
    });
    world.addMany([], Velocity);
    world.removeMany([], Velocity);
    const doomed = es.filter((_, i) => i % 3 === 1);
    world.destroyMany(doomed);
    es.forEach((e, i) => {
      eq(world.isAlive(e), i % 3 !== 1, `alive after destroyMany ${i}`);
    });
    eq(world.entityCount, 30 - doomed.length, "entityCount after destroyMany");
    const survivors = es.filter((e) => world.isAlive(e)).slice(0, 3);
    world.addMany(survivors, Frozen);
    eq(sorted(world.query({ all: [Frozen] }).entities()), sorted(survivors), "tag added by addMany");
  });

  await check("batches/with-queries", async () => {
    const { world, es, has } = await comboWorld(t, 64);
    const q = world.query({ all: [Position], none: [Frozen] });
    const matching = sorted(es.filter((_, i) => has(i, Position) && !has(i, Frozen)));
    world.addMany(q, Owner, { who: 7 });
    for (const e of matching) eq(world.get(e, Owner), { who: 7 }, "addMany(query) values");
    eq(world.query({ all: [Owner] }).count(), matching.length, "entities that got Owner");
    world.removeMany(world.query({ all: [Owner, Velocity] }), Owner);
    for (const e of matching) eq(world.has(e, Owner), !has(es.indexOf(e), Velocity), "removeMany(query)");
    const before = world.entityCount;
    const frozen = world.query({ all: [Frozen] });
    const nFrozen = frozen.count();
    world.destroyMany(frozen);
    eq(frozen.count(), 0, "destroyMany(query) emptied the query");
    eq(world.entityCount, before - nFrozen, "entityCount after destroyMany(query)");
    es.forEach((e, i) => {
      eq(world.isAlive(e), !has(i, Frozen), `alive after destroyMany(query), ${i}`);
    });
  });

  await check("batches/atomic-on-stale-entity", async () => {
    const world = await newWorld({ components: BASIC });
    const es = Array.from(world.spawnMany(10, Position.withEach({ x: range(10) })));
    const stale = world.spawn(Position);
    world.destroy(stale);
    const list = [...es.slice(0, 5), stale, ...es.slice(5)];
    const track = [...es, stale];
    const refuse = watch(world, track);
    refuse("addMany with a stale entity", () => world.addMany(list, Velocity, { x: 1 }), StaleEntityError, stale);
    refuse("removeMany with a stale entity", () => world.removeMany(list, Position), StaleEntityError, stale);
    refuse("destroyMany with a stale entity", () => world.destroyMany(list), StaleEntityError, stale);
    world.defer(() => {
      refuse("deferred destroyMany with a stale entity", () => world.destroyMany(list), StaleEntityError, stale);
    });
    eq(world.entityCount, 10, "no entity destroyed");
  });
}
