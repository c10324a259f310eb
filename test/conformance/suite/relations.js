// Section relations/: pairs and targets (exclusive and not), one sub-table per target,
// wildcard and cascade queries, what destroying a target does, and pairs in snapshots.
import { eq } from "./assert.js";
import { sorted } from "./values.js";

export async function checkRelations(t, api) {
  const { StaleEntityError } = api;
  const { check, newWorld, watch } = t;
  const { Position } = t.fx;

  const ChildOf = api.relation("ChildOf", { exclusive: true, onTargetDestroyed: "destroy" });
  const Likes = api.relation("Likes");

  await check("relations/pairs-targets-exclusive", async () => {
    const world = await newWorld({ components: [Position, ChildOf, Likes] });
    const [a, b, c] = [world.spawn(Position), world.spawn(Position), world.spawn(Position)];
    const e = world.spawn(Position.with({ x: 4 }), ChildOf.to(a));
    eq(world.targets(e, ChildOf), [a], "targets after spawn");
    world.add(e, ChildOf.to(b));
    eq(world.targets(e, ChildOf), [b], "an exclusive relation keeps one target");
    world.add(e, Likes.to(c));
    world.add(e, Likes.to(a));
    eq(world.targets(e, Likes), sorted([a, c]), "a non-exclusive relation holds several");
    eq(world.has(e, Likes.to(c)), true, "has(pair)");
    eq(world.remove(e, Likes.to(c)), true, "remove(pair)");
    eq(world.has(e, Likes.to(c)), false, "has(pair) after remove");
    eq(world.get(e, Position), { x: 4, y: 0 }, "data survives the moves");
  });

  await check("relations/sub-tables-and-queries", async () => {
    const world = await newWorld({ components: [Position, ChildOf, Likes] });
    const [p, q] = [world.spawn(Position), world.spawn(Position)];
    const ps = [...world.spawnMany(3, Position, ChildOf.to(p))];
    const qs = [...world.spawnMany(2, Position, ChildOf.to(q))];
    const tables = [...world.query({ all: [Position, ChildOf.to(p)] })];
    eq(tables.length, 1, "one sub-table for one target");
    eq(tables[0].target(ChildOf), p, "the sub-table's target");
    eq(sorted(tables[0].entities), sorted(ps), "its rows");
    eq(sorted(world.query({ all: [ChildOf.to("*")] }).entities()), sorted([...ps, ...qs]), "wildcard");
    eq(sorted(world.query({ all: [Position], none: [ChildOf] }).entities()), sorted([p, q]), "none: [R]");
    const x = world.tableOf(qs[1]).columns(Position).x;
    x[world.rowOf(qs[1])] = 9;
    eq(world.get(qs[1], Position).x, 9, "tableOf / rowOf address the entity's row");
  });

  await check("relations/cascade-breadth-order", async () => {
    const world = await newWorld({ components: [Position, ChildOf] });
    const leaf = world.spawn(Position);
    const mid = world.spawn(Position);
    const root = world.spawn(Position);
    world.add(leaf, ChildOf.to(mid));
    world.add(mid, ChildOf.to(root));
    const order = [];
    for (const t of world.query({ all: [Position], cascade: ChildOf })) order.push(...t.entities);
    eq(order, [root, mid, leaf], "parents before children");
  });

  await check("relations/destroying-a-target", async () => {
    const world = await newWorld({ components: [Position, ChildOf, Likes] });
    const root = world.spawn(Position);
    const kid = world.spawn(Position, ChildOf.to(root));
    const grandkid = world.spawn(Position, ChildOf.to(kid));
    const fan = world.spawn(Position, Likes.to(kid));
    for (const _ of world.query({ all: [Position] })) world.destroy(root); // deferred
    eq(
      [root, kid, grandkid].map((e) => world.isAlive(e)),
      [false, false, false],
      '"destroy" goes down the tree',
    );
    eq(world.isAlive(fan), true, '"remove" keeps the entity');
    eq(world.targets(fan, Likes), [], "and takes the pair");
    const refuse = watch(world, [fan], [Position]);
    refuse("a stale target", () => world.add(fan, Likes.to(kid)), StaleEntityError, `Entity ${kid}`);
  });

  await check("relations/snapshot-round-trip", async () => {
    const world = await newWorld({ components: [Position, ChildOf, Likes] });
    const p = world.spawn(Position);
    const kids = [...world.spawnMany(2, Position, ChildOf.to(p), Likes.to(p))];
    const bytes = world.snapshot();
    world.destroy(p);
    world.restore(bytes);
    eq(sorted(world.query({ all: [ChildOf.to(p)] }).entities()), sorted(kids), "pairs are back");
    const copy = await newWorld({ snapshot: bytes, components: [Position, ChildOf, Likes] });
    eq(copy.targets(kids[0], Likes), [p], "a world made from the snapshot");
  });
}
