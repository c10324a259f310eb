// Section engine/: systems (order, hooks, flushed changes between systems, cycles), events
// and resources, change detection and removed(), sparse tags, object fields.
import { eq } from "./assert.js";
import { sorted } from "./values.js";

export async function checkEngine(t, api) {
  const { component, tag, ArgumentError } = api;
  const { check, newWorld, throws } = t;
  const { Position, Velocity } = t.fx;

  await check("engine/systems-order-deferral-and-hooks", async () => {
    const world = await newWorld({ components: [Position, Velocity] });
    for (let i = 0; i < 4; i++) world.spawn(Position.with({ x: i }));
    const log = [];
    world.system("render", { all: [Position] }, () => log.push("render"), { after: ["move"] });
    world.system("move", { all: [Position, Velocity] }, (q, ctx) => {
      log.push(`move ${ctx.tick} ${q.count()}`);
      for (const t of q) {
        const p = t.write(Position);
        const v = t.read(Velocity);
        for (let i = 0; i < t.count; i++) p.x[i] += v.x[i];
      }
    });
    world.system(
      "start",
      { all: [Position], none: [Velocity] },
      (q) => {
        log.push("start");
        for (const t of q) for (const e of t.entities) world.add(e, Velocity, { x: 10 });
      },
      { before: ["move"], begin: () => log.push("begin"), end: () => log.push("end") },
    );
    world.step(1 / 60);
    eq(log, ["begin", "start", "end", "move 1 4", "render"], "systems ran in order, start's adds applied before move");
    eq(
      sorted(
        world
          .query({ all: [Position] })
          .entities()
          .map((e) => world.get(e, Position).x),
      ),
      [10, 11, 12, 13],
      "move saw the flushed adds",
    );
    world.system("a", { all: [Position] }, () => {}, { after: ["b"] });
    world.system("b", { all: [Position] }, () => {}, { after: ["a"] });
    throws("a cycle of systems", () => world.step(), ArgumentError, '"a"', '"b"', "cycle");
  });

  await check("engine/events-and-resources", async () => {
    const world = await newWorld({ components: [Position] });
    const Hit = world.event("Hit");
    const seen = [];
    world.system("read", { all: [Position] }, () => seen.push(world.read(Hit).map((h) => h.damage)));
    world.emit(Hit, { damage: 1 });
    world.step();
    eq(
      world.read(Hit).map((h) => h.damage),
      [1],
      "an event lives for the step it belongs to and the next",
    );
    world.step();
    eq(world.read(Hit), [], "an event is gone after the next step");
    world.step();
    eq(seen, [[1], [], []], "a system reads each event once");
    world.resources.set("score", { points: 3 });
    eq(world.resources.get("score"), { points: 3 }, "resource value");
  });

  await check("engine/change-detection-and-removed", async () => {
    const world = await newWorld({ components: [Position, Velocity] });
    const es = world.spawnMany(3, Position);
    const changed = world.query({ all: [Position], changed: [Position] });
    const added = world.query({ added: [Velocity] });
    const rows = (q) => {
      const out = [];
      for (const t of q) for (const r of t.rows) out.push(t.entities[r]);
      return sorted(out);
    };
    eq(rows(changed), sorted(es), "first read: every row");
    eq(rows(changed), [], "second read: nothing new");
    world.set(es[1], Position, { x: 5 });
    eq(rows(changed), [es[1]], "set marks one row");
    for (const t of world.query({ read: [Position] })) {
      t.read(Position);
      throws("write() of a read term", () => t.write(Position), ArgumentError, "Position");
    }
    eq(rows(changed), [], "read() marks nothing");
    world.add(es[2], Velocity);
    eq(rows(added), [es[2]], "added filter");
    eq(world.removed(Velocity), [], "removed(): the first ask starts the log");
    world.remove(es[2], Velocity);
    world.destroy(es[0]);
    eq(world.removed(Velocity), [es[2]], "removed() lists the entity that lost Velocity");
  });

  await check("engine/sparse-tags", async () => {
    const Picked = tag("Picked", { sparse: true });
    const world = await newWorld({ components: [Position, Picked] });
    const es = world.spawnMany(100, Position);
    const archetypes = world.stats().archetypes;
    world.addMany(es.subarray(0, 10), Picked);
    world.add(es[50], Picked);
    eq(world.stats().archetypes, archetypes, "sparse tags never create archetypes");
    eq(world.query({ all: [Picked] }).count(), 11, "query on a sparse tag");
    eq(world.query({ all: [Position], none: [Picked] }).count(), 89, "none on a sparse tag");
    world.destroy(es[50]);
    const again = world.spawn(Position);
    eq(world.has(again, Picked), false, "a reused slot starts without the tag");
  });

  await check("engine/object-fields-follow-rows", async () => {
    const Label = component("Label", { text: "object" });
    const world = await newWorld({ components: [Label, Position, Velocity] });
    const es = Array.from({ length: 8 }, (_, i) => world.spawn(Label.with({ text: { i } }), Position));
    world.add(es[1], Velocity);
    world.destroy(es[2]);
    world.addMany(world.query({ all: [Label], none: [Velocity] }), Velocity);
    world.removeMany([es[5]], Position);
    for (const [i, e] of es.entries()) if (i !== 2) eq(world.get(e, Label).text.i, i, `entity ${i}'s object value`);
    for (const t of world.query({ all: [Label] })) eq(t.columns(Label).text.length, t.count, "object column length");
  });
}
