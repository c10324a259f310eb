// Section deferral/: changes made while iterating wait for the outermost iteration and are
// applied in order at its end, on break and on throw; defer() and flush(); spawned
// entities are alive at once and never visited by the iteration that spawned them.
import { eq, ok } from "./assert.js";
import { range, sorted } from "./values.js";

export async function checkDeferral(t, api) {
  const { ArgumentError } = api;
  const { check, newWorld, throws } = t;
  const { Position, Velocity, Health, Frozen, Marked, BASIC } = t.fx;

  await check("deferral/destroy-and-spawn-while-iterating", async () => {
    const world = await newWorld({ components: BASIC });
    const a = world.spawnMany(50, Position.withEach({ x: range(50) }));
    const b = world.spawnMany(30, Position.withEach({ x: range(30, (i) => 50 + i) }), Velocity);
    const all = [...a, ...b];
    const q = world.query({ all: [Position] });
    const visited = [];
    const spawned = [];
    const destroyed = [];
    const countBefore = q.count();
    for (const t of q) {
      const rows = t.count;
      for (let i = 0; i < t.count; i++) {
        const e = t.entities[i];
        visited.push(e);
        if (t.columns(Position).x[i] % 2 === 0) {
          world.destroy(e);
          destroyed.push(e);
        }
        const s = world.spawn(Position.with({ x: 1000 + visited.length }), Frozen);
        ok(world.isAlive(s), "an entity spawned during iteration is alive at once");
        spawned.push(s);
      }
      eq(t.count, rows, "table rows changed during iteration");
      eq(q.count(), countBefore, "query count changed during iteration");
    }
    eq(sorted(visited), sorted(all), "every entity visited exactly once, spawned ones not at all");
    for (const e of destroyed) eq(world.isAlive(e), false, "destroyed after the iteration");
    spawned.forEach((s, i) => {
      ok(world.isAlive(s), "spawned entity alive after the iteration");
      eq(world.get(s, Position).x, 1000 + i + 1, "spawned entity received its values");
      eq(world.has(s, Frozen), true, "spawned entity received its tag");
    });
    eq(world.entityCount, all.length - destroyed.length + spawned.length, "entityCount after applying");
    eq(q.count(), all.length - destroyed.length + spawned.length, "query count after applying");
  });

  await check("deferral/migration-visits-each-entity-once", async () => {
    const world = await newWorld({ components: BASIC });
    const es = world.spawnMany(40, Position.withEach({ x: range(40) }));
    world.spawnMany(10, Position, Velocity);
    const q = world.query({ all: [Position] });
    const seen = new Map();
    for (const t of q) {
      for (let i = 0; i < t.count; i++) {
        const e = t.entities[i];
        seen.set(e, (seen.get(e) ?? 0) + 1);
        if (!t.has(Velocity)) world.add(e, Velocity, { x: i + 1 });
        else world.remove(e, Velocity);
      }
    }
    eq(seen.size, 50, "entities visited");
    ok(
      [...seen.values()].every((n) => n === 1),
      "an entity was visited twice",
    );
    for (const e of es) {
      eq(world.has(e, Velocity), true, "migrated after the iteration");
      ok(world.get(e, Velocity).x >= 1, "added values applied");
    }
    eq(world.query({ all: [Position, Velocity] }).count(), 40, "entities that gained Velocity");
  });

  await check("deferral/order-of-changes", async () => {
    const world = await newWorld({ components: BASIC });
    const [a, b, c, d] = world.spawnMany(4, Position, Velocity);
    const q = world.query({ all: [Position] });
    for (const _t of q) {
      world.add(a, Health, { hp: 1 });
      world.remove(a, Health);
      world.remove(b, Velocity);
      world.add(b, Velocity, { x: 7 });
      world.add(c, Health, { hp: 2 });
      world.add(c, Health, { hp: 3 });
      world.destroy(d);
      break;
    }
    eq(world.has(a, Health), false, "add then remove: removed");
    eq(world.get(b, Velocity), { x: 7, y: 0 }, "remove then add: added with the values");
    eq(world.get(c, Health), { hp: 3 }, "add twice: the later values win");
    eq(world.isAlive(d), false, "destroyed");
  });

  await check("deferral/applied-on-break", async () => {
    const world = await newWorld({ components: BASIC });
    world.spawnMany(10, Position);
    world.spawnMany(10, Position, Velocity);
    const q = world.query({ all: [Position] });
    let victim;
    let spawned;
    for (const t of q) {
      victim = t.entities[0];
      world.add(victim, Marked);
      spawned = world.spawn(Position.with({ x: 5 }));
      break;
    }
    eq(world.has(victim, Marked), true, "change made before break applied");
    eq(world.get(spawned, Position), { x: 5, y: 0 }, "spawn made before break applied");
    eq(q.count(), 21, "count after break");
    // Not deferring any more: a change is visible at once.
    const now = world.spawn(Position);
    eq(world.has(now, Position), true, "changes after the loop are immediate");
    world.flush();
    eq(world.entityCount, 22, "entityCount");
  });

  await check("deferral/applied-on-throw", async () => {
    const world = await newWorld({ components: BASIC });
    const es = world.spawnMany(8, Position);
    const q = world.query({ all: [Position] });
    const boom = new Error("boom");
    let caught;
    try {
      for (const t of q) {
        world.destroy(t.entities[0]);
        world.add(t.entities[1], Velocity, { y: 3 });
        throw boom;
      }
    } catch (error) {
      caught = error;
    }
    ok(caught === boom, "the error thrown inside the loop propagates unchanged");
    eq(world.entityCount, 7, "destroy before the throw applied");
    const alive = es.filter((e) => world.isAlive(e));
    eq(alive.length, 7, "survivors");
    eq(alive.filter((e) => world.has(e, Velocity)).length, 1, "add before the throw applied");
    const after = world.spawn(Position, Velocity);
    eq(world.has(after, Velocity), true, "not deferring after the throw");
    let caughtEach;
    try {
      q.each((e) => {
        world.destroy(e);
        throw boom;
      });
    } catch (error) {
      caughtEach = error;
    }
    ok(caughtEach === boom, "each propagates the error");
    eq(world.entityCount, 7, "destroy inside each before the throw applied");
  });

  await check("deferral/nested-iteration", async () => {
    const world = await newWorld({ components: BASIC });
    world.spawnMany(3, Position);
    world.spawnMany(2, Velocity);
    const qp = world.query({ all: [Position] });
    const qv = world.query({ all: [Velocity] });
    let inner = 0;
    for (const _a of qp) {
      for (const _b of qv) {
        world.spawn(Velocity);
        inner++;
      }
      eq(qv.count(), 2, "changes wait for the outermost iteration");
    }
    eq(inner, 1, "inner loop ran over one table");
    eq(qv.count(), 3, "applied after the outermost iteration");
  });

  await check("deferral/defer-and-flush", async () => {
    const world = await newWorld({ components: BASIC });
    const q = world.query({ all: [Position] });
    const result = world.defer(() => {
      const e = world.spawn(Position.with({ x: 2 }));
      ok(world.isAlive(e), "spawned inside defer is alive");
      eq(q.count(), 0, "spawn inside defer waits");
      return e;
    });
    eq(world.get(result, Position), { x: 2, y: 0 }, "defer returns fn's value and applies at the end");
    eq(q.count(), 1, "applied after defer");
    world.defer(() => {
      world.spawn(Position);
      world.defer(() => world.spawn(Position));
      eq(q.count(), 1, "nested defer waits for the outermost");
      world.flush();
      eq(q.count(), 3, "flush applies now");
      world.spawn(Position);
    });
    eq(q.count(), 4, "changes after flush applied at the end of defer");
    const boom = new Error("boom");
    let caught;
    try {
      world.defer(() => {
        world.spawnMany(2, Position);
        throw boom;
      });
    } catch (error) {
      caught = error;
    }
    ok(caught === boom, "defer propagates fn's error");
    eq(q.count(), 6, "changes made before the throw applied");
    const es = q.entities();
    throws(
      "flush during an iteration ends it",
      () => {
        for (const t of q) {
          world.destroy(t.entities[0]);
          world.flush();
        }
      },
      ArgumentError,
      "ended by world.flush()",
    );
    eq(world.entityCount, es.length - 1, "the flush applied the destroy made before it");
    world.flush();
    eq(world.entityCount, es.length - 1, "flush with nothing pending changes nothing");
  });

  await check("deferral/spawnMany-and-batches-while-iterating", async () => {
    const world = await newWorld({ components: BASIC });
    const es = world.spawnMany(20, Position.withEach({ x: range(20) }));
    const q = world.query({ all: [Position] });
    let made;
    for (const t of q) {
      made = world.spawnMany(10, Position.withEach({ x: range(10, (i) => 100 + i) }), Health);
      for (const e of made) ok(world.isAlive(e), "spawnMany during iteration: alive at once");
      world.addMany(t.entities.subarray(0, 5), Velocity, { x: 9 });
      world.removeMany(t.entities.subarray(0, 2), Velocity);
      world.destroyMany([t.entities[19]]);
      eq(q.count(), 20, "count during iteration");
    }
    made.forEach((e, i) => {
      eq(world.get(e, Position).x, 100 + i, "deferred spawnMany values");
      eq(world.get(e, Health), { hp: 100 }, "deferred spawnMany default");
    });
    eq(world.isAlive(es[19]), false, "deferred destroyMany applied");
    // In order: addMany on rows 0-4, then removeMany on rows 0-1.
    es.slice(0, 19).forEach((e, i) => {
      eq(world.has(e, Velocity), i >= 2 && i < 5, `Velocity on ${i} after batches`);
    });
    eq(world.get(es[3], Velocity), { x: 9, y: 0 }, "deferred addMany values");
    eq(world.entityCount, 29, "entityCount");
  });
}
