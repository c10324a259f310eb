// Section query/: all/any/none/optional terms against sets computed in JS, count(),
// entities(), iteration and each(), cached queries that see new archetypes, column views
// row-aligned with t.entities, no empty tables, argument errors.
import { eq, ok } from "./assert.js";
import { comboWorld } from "./fixtures.js";
import { sorted } from "./values.js";

export async function checkQueries(t, api) {
  const { UnknownComponentError, MissingComponentError, ArgumentError } = api;
  const { check, newWorld, throws, watch } = t;
  const { Position, Velocity, Health, Transform, Owner, Frozen, Marked, AllTypes, Unregistered, BASIC, COMBO } = t.fx;

  await check("query/all-any-none-count-entities", async () => {
    const { world, es, has } = await comboWorld(t, 96);
    const cases = [
      [{ all: [Position] }, (i) => has(i, Position)],
      [{ all: [Position, Velocity] }, (i) => has(i, Position) && has(i, Velocity)],
      [{ all: [Position], none: [Frozen] }, (i) => has(i, Position) && !has(i, Frozen)],
      [{ any: [Health, Marked] }, (i) => has(i, Health) || has(i, Marked)],
      [
        { all: [Velocity], any: [Frozen, Marked], none: [Health] },
        (i) => has(i, Velocity) && (has(i, Frozen) || has(i, Marked)) && !has(i, Health),
      ],
      [{ none: [Position, Velocity, Health, Frozen, Marked] }, (i) => COMBO.every((c) => !has(i, c))],
      [{ all: [Frozen, Marked], none: [Velocity] }, (i) => has(i, Frozen) && has(i, Marked) && !has(i, Velocity)],
      [{ all: [Health], optional: [Velocity] }, (i) => has(i, Health)],
    ];
    for (const [terms, pred] of cases) {
      const label = JSON.stringify(
        Object.fromEntries(Object.entries(terms).map(([k, v]) => [k, v.map((c) => c.name)])),
      );
      const want = sorted(es.filter((_, i) => pred(i)));
      const q = world.query(terms);
      eq(q.count(), want.length, `count() of ${label}`);
      const got = q.entities();
      ok(got instanceof Uint32Array, `entities() of ${label} is not a Uint32Array`);
      eq(sorted(got), want, `entities() of ${label}`);
      const iterated = [];
      for (const t of q) {
        ok(t.count > 0, `${label} yielded an empty table`);
        eq(t.entities.length, t.count, "t.entities row count");
        iterated.push(...t.entities);
      }
      eq(sorted(iterated), want, `iteration of ${label}`);
      got.fill(0);
      eq(sorted(q.entities()), want, "entities() is a copy");
    }
  });

  await check("query/cached-and-live", async () => {
    const { world, es, has } = await comboWorld(t, 32);
    const q = world.query({ all: [Position], none: [Frozen] });
    ok(world.query({ all: [Position], none: [Frozen] }) === q, "same terms, same Query");
    ok(world.query({ all: [Position] }) !== q, "different terms, different Query");
    const want = es.filter((_, i) => has(i, Position) && !has(i, Frozen)).length;
    eq(q.count(), want, "count");
    // The query sees archetypes created after it.
    world.spawn(Position, Transform, Owner);
    world.spawnMany(4, Position, AllTypes);
    eq(q.count(), want + 5, "count after new archetypes appear");
    const f = world.spawn(Position);
    world.add(f, Frozen);
    eq(q.count(), want + 5, "an entity that gained Frozen left the query");
  });

  await check("query/optional", async () => {
    const { world, es, has } = await comboWorld(t, 64);
    const q = world.query({ all: [Position], optional: [Velocity] });
    const want = sorted(es.filter((_, i) => has(i, Position)));
    eq(sorted(q.entities()), want, "optional does not restrict the match");
    let withV = 0;
    for (const t of q) {
      const v = t.tryColumns(Velocity);
      eq(v !== undefined, t.has(Velocity), "tryColumns agrees with has");
      if (v !== undefined) {
        eq(v.x.length, t.count, "optional columns length");
        withV += t.count;
      }
    }
    eq(
      withV,
      es.filter((_, i) => has(i, Position) && has(i, Velocity)).length,
      "rows that have the optional component",
    );
  });

  await check("query/each", async () => {
    const { world, es, has } = await comboWorld(t, 64);
    const q = world.query({ all: [Position, Health] });
    const seen = [];
    q.each((e, t, row) => {
      seen.push(e);
      eq(t.entities[row], e, "each: t.entities[row] is the entity");
      eq(t.columns(Position).x[row], es.indexOf(e), "each: row of the entity's column");
    });
    eq(sorted(seen), sorted(es.filter((_, i) => has(i, Position) && has(i, Health))), "each visits every match once");
  });

  await check("query/table-columns-write-read", async () => {
    const { world, es, has } = await comboWorld(t, 128);
    const q = world.query({ all: [Position, Velocity] });
    const index = new Map(es.map((e, i) => [e, i]));
    for (const t of q) {
      const p = t.columns(Position);
      const v = t.columns(Velocity);
      ok(p.x instanceof Float32Array && p.y instanceof Float32Array, "Position columns are Float32Arrays");
      eq(p.x.length, t.count, "column length === t.count");
      for (let i = 0; i < t.count; i++) {
        eq(p.x[i], index.get(t.entities[i]), "columns are row-aligned with t.entities");
        v.x[i] = index.get(t.entities[i]) * 0.5;
        v.y[i] = -1;
        p.y[i] = p.x[i] + v.x[i];
      }
    }
    for (const [e, i] of index) {
      if (!(has(i, Position) && has(i, Velocity))) continue;
      eq(world.get(e, Velocity), { x: Math.fround(i * 0.5), y: -1 }, `Velocity written through a view, entity ${i}`);
      eq(
        world.get(e, Position),
        { x: i, y: Math.fround(i + Math.fround(i * 0.5)) },
        `Position written through a view, entity ${i}`,
      );
    }
    // world.set is visible through the views of the next iteration.
    const some = es.filter((_, i) => has(i, Position) && has(i, Velocity)).slice(0, 5);
    for (const e of some) world.set(e, Position, { x: -index.get(e) - 100 });
    for (const t of q) {
      const p = t.columns(Position);
      for (let i = 0; i < t.count; i++) {
        const e = t.entities[i];
        eq(p.x[i], some.includes(e) ? -index.get(e) - 100 : index.get(e), "set visible through views");
      }
    }
    const lacking = world.spawn(Position);
    for (const t of world.query({ all: [Position], none: [Velocity, Health, Frozen, Marked] })) {
      throws("columns of a component the table lacks", () => t.columns(Velocity), MissingComponentError, "Velocity");
    }
    ok(world.isAlive(lacking), "entity alive");
  });

  await check("query/never-yields-empty-tables", async () => {
    const world = await newWorld({ components: BASIC });
    const a = world.spawnMany(5, Position, Frozen);
    const b = world.spawnMany(3, Position, Marked);
    world.spawnMany(2, Position);
    world.destroyMany(a);
    for (const e of b) world.remove(e, Marked);
    const q = world.query({ all: [Position] });
    let tables = 0;
    for (const t of q) {
      tables++;
      ok(t.count > 0, "empty table yielded");
      ok(!t.has(Frozen) && !t.has(Marked), "a table emptied by destroy/remove was yielded");
    }
    eq(tables, 1, "non-empty tables yielded");
    eq(q.count(), 5, "count");
  });

  await check("query/argument-errors", async () => {
    const world = await newWorld({ components: BASIC });
    const e = world.spawn(Position);
    const refuse = watch(world, [e]);
    refuse("unknown query term", () => world.query({ bogus: [Position] }), ArgumentError, '"bogus"');
    refuse("a term that is not an array", () => world.query({ all: Position }), ArgumentError, '"all"');
    refuse(
      "unregistered component in a query",
      () => world.query({ all: [Unregistered] }),
      UnknownComponentError,
      '"Unregistered"',
    );
  });

  await check("queries/iterators-are-js-iterators-and-cannot-wedge", async () => {
    const world = await newWorld({ components: BASIC });
    world.spawnMany(3, Position);
    world.spawnMany(2, Position, Velocity);
    const q = world.query({ all: [Position] });
    const proto = Object.getPrototypeOf(Object.getPrototypeOf([][Symbol.iterator]()));
    const it = q[Symbol.iterator]();
    ok(Object.prototype.isPrototypeOf.call(proto, it), "a query iterator inherits from %IteratorPrototype%");
    if (typeof proto.map === "function") {
      const counts = q[Symbol.iterator]()
        .map((tb) => tb.count)
        .toArray();
      eq(counts.sort(), [2, 3], "Iterator helpers: map().toArray()");
    }
    it.next(); // left unfinished
    const e = world.spawn(Position.with({ x: 5 }));
    world.flush();
    eq(world.get(e, Position), { x: 5, y: 0 }, "flush() applies what an unfinished iterator held back");
    throws("next() of an ended iteration", () => it.next(), ArgumentError, "ended by world.flush()");
  });
}
