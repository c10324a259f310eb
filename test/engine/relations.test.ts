// Relations: pairs R.to(target) held by per-target sub-tables; queries by target, wildcard
// and cascade; what destroying a target does; snapshots; errors that change nothing.
import { describe, expect, it } from "vitest";
import {
  ArgumentError,
  component,
  createWorld,
  type Entity,
  relation,
  SchemaError,
  StaleEntityError,
  type World,
} from "wasm-ecs";
import { checkInvariants } from "../support/internals.js";

const Pos = component("Pos", { x: "f32" });
const Vel = component("Vel", { x: "f32" });
const ChildOf = relation("ChildOf", { exclusive: true, onTargetDestroyed: "destroy" });
const Likes = relation("Likes");
const Owes = relation("Owes", { exclusive: true, data: { amount: "f32" }, defaults: { amount: 5 } });
const ALL = [Pos, Vel, ChildOf, Likes, Owes];

function sorted(list: Iterable<number>): number[] {
  return [...list].sort((a, b) => a - b);
}

/** Entities, tables and pairs of a world, for "nothing changed" checks. */
function state(world: World): string {
  const rows: string[] = [];
  for (const t of world.query({})) {
    for (const e of t.entities) {
      const pairs = [ChildOf, Likes, Owes].map((r) => `${r.name}:${world.targets(e, r).join(",")}`);
      rows.push(`${e} ${t.id} ${world.has(e, Pos) ? world.get(e, Pos).x : "-"} ${pairs.join(" ")}`);
    }
  }
  return rows.sort().join("\n");
}

describe("relation()", () => {
  it("rejects a bad policy, data on a non-exclusive relation and object fields with SchemaError", () => {
    expect(() => relation("R1", { onTargetDestroyed: "delete" as "remove" })).toThrow(
      new SchemaError('onTargetDestroyed of R1 must be "remove" or "destroy", got delete'),
    );
    expect(() => relation("R2", { data: { w: "f32" } })).toThrow(
      new SchemaError("Relation R2 has data fields, which need exclusive: true (one value per entity, not per target)"),
    );
    expect(() => relation("R3", { exclusive: true, data: { o: "object" } })).toThrow(
      new SchemaError('Relation R3 cannot have "object" fields; numeric data fields only'),
    );
    expect(() => Likes.to(-1)).toThrow(new ArgumentError('Likes.to() takes an entity or "*", got -1'));
  });
});

describe("pairs", () => {
  it("add, has, targets and remove; an exclusive relation keeps one target, others several", async () => {
    const world = await createWorld({ components: ALL, debug: true });
    const [a, b, c] = [world.spawn(Pos), world.spawn(Pos), world.spawn(Pos)];
    const e = world.spawn(Pos.with({ x: 3 }), ChildOf.to(a));
    expect(world.targets(e, ChildOf)).toEqual([a]);
    world.add(e, ChildOf.to(b));
    expect(world.targets(e, ChildOf)).toEqual([b]);
    expect(world.has(e, ChildOf.to(a))).toBe(false);
    expect(world.has(e, ChildOf.to(b))).toBe(true);
    world.add(e, Likes.to(c));
    world.add(e, Likes.to(a));
    world.add(e, Likes.to(a)); // held already: nothing changes
    expect(world.targets(e, Likes)).toEqual(sorted([a, c]));
    expect(world.has(e, Likes)).toBe(true);
    expect(world.has(e, Likes.to("*"))).toBe(true);
    expect(world.remove(e, Likes.to(c))).toBe(true);
    expect(world.remove(e, Likes.to(c))).toBe(false);
    expect(world.targets(e, Likes)).toEqual([a]);
    expect(world.remove(e, Likes)).toBe(true);
    expect(world.has(e, Likes)).toBe(false);
    expect(world.get(e, Pos)).toEqual({ x: 3 });
    checkInvariants(world);
  });

  it("relation data: defaults, values with the pair, get / set, kept when an exclusive target changes", async () => {
    const world = await createWorld({ components: ALL });
    const [a, b] = [world.spawn(Pos), world.spawn(Pos)];
    const e = world.spawn(Pos, Owes.to(a));
    expect(world.get(e, Owes)).toEqual({ amount: 5 });
    world.add(e, Owes.to(b), { amount: 7 });
    expect(world.get(e, Owes)).toEqual({ amount: 7 });
    world.set(e, Owes, { amount: 8 });
    world.add(e, Owes.to(a));
    expect(world.targets(e, Owes)).toEqual([a]);
    expect(world.get(e, Owes)).toEqual({ amount: 8 });
    const f = world.spawn(Owes.to(b).with({ amount: 2 }));
    expect(world.get(f, Owes)).toEqual({ amount: 2 });
    for (const t of world.query({ all: [Owes.to(b)] })) expect([...t.columns(Owes).amount]).toEqual([2]);
  });

  it("entities that differ only in target live in separate sub-tables of one archetype", async () => {
    const world = await createWorld({ components: ALL });
    const [p, q] = [world.spawn(Pos), world.spawn(Pos)];
    const ps = world.spawnMany(3, Pos, ChildOf.to(p));
    const qs = world.spawnMany(2, Pos, ChildOf.to(q));
    const tp = world.tableOf(ps[0]);
    const tq = world.tableOf(qs[0]);
    expect(tp.id).not.toBe(tq.id);
    expect(tp.target(ChildOf)).toBe(p);
    expect(tq.target(ChildOf)).toBe(q);
    expect(sorted(tp.entities)).toEqual(sorted(ps));
    expect(world.rowOf(ps[1])).toBe([...tp.entities].indexOf(ps[1]));
    // A query for one target yields only its sub-table.
    const tables = [...world.query({ all: [Pos, ChildOf.to(p)] })].map((t) => t.id);
    expect(tables).toEqual([tp.id]);
    // Moving to another target is a row move between sub-tables.
    world.add(ps[0], ChildOf.to(q));
    expect(world.tableOf(ps[0]).id).toBe(tq.id);
    expect(world.query({ all: [ChildOf.to(q)] }).count()).toBe(3);
  });

  it("refuses bare relations, wildcard adds and stale targets, changing nothing", async () => {
    const world = await createWorld({ components: ALL, debug: true });
    const a = world.spawn(Pos);
    const e = world.spawn(Pos, Likes.to(a));
    const dead = world.spawn(Pos);
    world.destroy(dead);
    const before = state(world);
    expect(() => world.add(e, Likes)).toThrow(
      new ArgumentError("Likes is a relation: add() takes a pair such as Likes.to(target)"),
    );
    expect(() => world.add(e, Likes.to("*"))).toThrow(
      new ArgumentError('Likes.to("*") matches any target in queries; add() needs a target entity'),
    );
    expect(() => world.add(e, Likes.to(dead))).toThrow(StaleEntityError);
    expect(() => world.add(e, ChildOf.to(dead))).toThrow(/^Entity \d+ \(slot \d+, generation 0\) is stale/);
    expect(() => world.spawn(Pos, ChildOf.to(dead))).toThrow(StaleEntityError);
    expect(() => world.spawnMany(4, Pos, ChildOf.to(dead))).toThrow(StaleEntityError);
    expect(() => world.addMany([e, a], Likes.to(dead))).toThrow(StaleEntityError);
    expect(() => world.add(dead, Likes.to(a))).toThrow(StaleEntityError);
    expect(() => world.has(e, Likes.to(dead))).toThrow(StaleEntityError);
    expect(() => world.remove(e, Likes.to(dead))).toThrow(StaleEntityError);
    expect(() => world.query({ all: [Likes.to(dead)] })).toThrow(StaleEntityError);
    expect(() => world.spawn(Pos, ChildOf.to(a), ChildOf.to(e))).toThrow(
      new ArgumentError("ChildOf is exclusive: one target per entity, got two in (ChildOf(1), ChildOf(2))"),
    );
    expect(() => world.query({ any: [Likes.to(a)] })).toThrow(
      new ArgumentError('A pair with a target (Likes(1)) goes in all or none; any takes Likes.to("*")'),
    );
    expect(() => world.query({ all: [Pos], changed: [Likes] })).toThrow(
      new ArgumentError("Relations are not change-tracked: Likes cannot be in changed"),
    );
    expect(state(world)).toBe(before);
    checkInvariants(world);
  });

  it("addMany / removeMany of a pair, on lists and on queries", async () => {
    const world = await createWorld({ components: ALL });
    const p = world.spawn(Pos);
    const es = world.spawnMany(10, Pos);
    world.addMany(es.subarray(0, 4), ChildOf.to(p));
    expect(world.query({ all: [ChildOf.to(p)] }).count()).toBe(4);
    world.addMany(world.query({ all: [Pos], none: [ChildOf] }), Owes.to(p), { amount: 1 });
    expect(world.query({ all: [Owes.to(p)] }).count()).toBe(7); // p itself and the 6 others
    expect(world.get(es[9], Owes)).toEqual({ amount: 1 });
    world.removeMany(world.query({ all: [Owes.to(p)] }), Owes.to(p));
    expect(world.query({ all: [Owes] }).count()).toBe(0);
    world.removeMany(es, ChildOf);
    expect(world.query({ all: [ChildOf.to("*")] }).count()).toBe(0);
  });
});

describe("queries with relations", () => {
  it("a specific target, the wildcard, none and several relation terms", async () => {
    const world = await createWorld({ components: ALL });
    const [a, b] = [world.spawn(Pos), world.spawn(Pos)];
    const x = world.spawn(Pos, ChildOf.to(a), Likes.to(b));
    const y = world.spawn(Pos, ChildOf.to(a));
    const z = world.spawn(Pos, ChildOf.to(b), Likes.to(a), Likes.to(b));
    const ids = (terms: Parameters<World["query"]>[0]) => sorted(world.query(terms).entities());
    expect(ids({ all: [ChildOf.to(a)] })).toEqual(sorted([x, y]));
    expect(ids({ all: [ChildOf.to("*")] })).toEqual(sorted([x, y, z]));
    expect(ids({ all: [ChildOf] })).toEqual(sorted([x, y, z]));
    expect(ids({ all: [Pos], none: [ChildOf] })).toEqual(sorted([a, b]));
    expect(ids({ all: [ChildOf.to(a)], none: [Likes.to(b)] })).toEqual([y]);
    expect(ids({ all: [ChildOf.to(a), Likes.to(b)] })).toEqual([x]);
    expect(ids({ all: [Likes.to(a), Likes.to(b)] })).toEqual([z]);
    expect(ids({ any: [Likes.to("*")] })).toEqual(sorted([x, z]));
    expect(world.query({ all: [ChildOf.to(a)] })).toBe(world.query({ all: [ChildOf.to(a)] }));
    // The query follows later changes.
    const q = world.query({ all: [ChildOf.to(a)] });
    world.add(z, ChildOf.to(a));
    expect(sorted(q.entities())).toEqual(sorted([x, y, z]));
  });

  it("cascade yields entities level by level, parents before children", async () => {
    const world = await createWorld({ components: ALL });
    // Built children first, so creation order is not breadth order.
    const root = world.spawn(Pos.with({ x: 0 }));
    const mid = world.spawn(Pos.with({ x: 1 }));
    const leaf = world.spawn(Pos.with({ x: 2 }));
    const leaf2 = world.spawn(Pos.with({ x: 2 }), Vel);
    world.add(leaf, ChildOf.to(mid));
    world.add(leaf2, ChildOf.to(leaf));
    world.add(mid, ChildOf.to(root));
    const other = world.spawn(Pos.with({ x: 0 }), Vel);
    const seen: number[] = [];
    for (const t of world.query({ all: [Pos], cascade: ChildOf })) seen.push(...t.entities);
    const level = new Map<number, number>([
      [root, 0],
      [other, 0],
      [mid, 1],
      [leaf, 2],
      [leaf2, 3],
    ]);
    expect(seen).toHaveLength(5);
    for (let i = 1; i < seen.length; i++)
      expect(level.get(seen[i - 1]) as number).toBeLessThanOrEqual(level.get(seen[i]) as number);
    // Transform propagation over it: every child sees its parent's value of this pass.
    for (const t of world.query({ all: [Pos], cascade: ChildOf })) {
      const p = t.target(ChildOf);
      const x = t.columns(Pos).x;
      if (p === undefined) continue;
      const px = world.tableOf(p).columns(Pos).x[world.rowOf(p)];
      for (let i = 0; i < t.count; i++) x[i] += px;
    }
    expect([root, mid, leaf, leaf2].map((e) => world.get(e, Pos).x)).toEqual([0, 1, 3, 5]);
  });
});

describe("destroying a target", () => {
  it('"destroy" takes the related entities along (recursively), "remove" takes only the pair', async () => {
    const world = await createWorld({ components: ALL, debug: true });
    const root = world.spawn(Pos);
    const kids = world.spawnMany(3, Pos, ChildOf.to(root));
    const grandkid = world.spawn(Pos, ChildOf.to(kids[0]));
    const fan = world.spawn(Pos, Likes.to(kids[1]), Likes.to(root));
    const fan2 = world.spawn(Pos, Owes.to(grandkid));
    world.destroy(root);
    for (const e of [root, ...kids, grandkid]) expect(world.isAlive(e)).toBe(false);
    expect(world.targets(fan, Likes)).toEqual([]);
    expect(world.has(fan, Likes)).toBe(false);
    expect(world.has(fan2, Owes)).toBe(false);
    expect(world.entityCount).toBe(2);
    checkInvariants(world);
  });

  it("works deferred (inside an iteration) and through destroyMany, leaving no dangling pair", async () => {
    const world = await createWorld({ components: ALL, debug: true });
    const parents = [...world.spawnMany(4, Pos, Vel)];
    for (const p of parents) world.spawnMany(3, Pos, ChildOf.to(p));
    const watcher = world.spawn(Likes.to(parents[0]), Likes.to(parents[1]));
    for (const t of world.query({ all: [Vel] })) {
      world.destroy(t.entities[0]);
      expect(world.entityCount).toBe(17); // deferred until the iteration ends
    }
    expect(world.entityCount).toBe(13);
    expect(world.targets(watcher, Likes)).toEqual([parents[1]]);
    world.destroyMany([parents[1], parents[2]]);
    expect(world.entityCount).toBe(5);
    world.destroyMany(world.query({ all: [Vel] }));
    expect(world.entityCount).toBe(1);
    expect(world.has(watcher, Likes)).toBe(false);
    checkInvariants(world);
  });

  it("a deferred pair whose target an earlier deferred command destroyed: destroy relations destroy, others skip", async () => {
    const world = await createWorld({ components: ALL });
    const p = world.spawn(Pos);
    const a = world.spawn(Pos);
    const b = world.spawn(Pos);
    world.defer(() => {
      world.destroy(p);
      world.add(a, ChildOf.to(p));
      world.add(b, Likes.to(p));
    });
    expect(world.isAlive(a)).toBe(false);
    expect(world.isAlive(b)).toBe(true);
    expect(world.has(b, Likes)).toBe(false);
  });

  it("queries that named a destroyed target are dropped from the cache and find nothing", async () => {
    const world = await createWorld({ components: ALL });
    const p = world.spawn(Pos);
    world.spawnMany(3, Pos, Likes.to(p));
    const q = world.query({ all: [Likes.to(p)] });
    const before = world.stats().queries;
    world.destroy(p);
    expect(q.count()).toBe(0);
    expect(world.stats().queries).toBe(before - 1);
  });

  it("recycles the sub-tables of dead targets: tables and memory stay bounded over many generations", async () => {
    const world = await createWorld({ components: ALL, debug: true });
    let used = 0;
    let archetypes = 0;
    for (let round = 0; round < 60; round++) {
      const parents = world.spawnMany(20, Pos);
      for (const p of parents) world.spawnMany(5, Pos, ChildOf.to(p), Likes.to(parents[0]));
      world.destroyMany(parents);
      expect(world.entityCount).toBe(0);
      if (round === 5) {
        used = world.stats().usedBytes;
        archetypes = world.stats().archetypes;
      }
      if (round > 5) {
        expect(world.stats().usedBytes).toBe(used);
        expect(world.stats().archetypes).toBe(archetypes);
      }
    }
    checkInvariants(world);
  });
});

describe("snapshots and inspection", () => {
  it("a snapshot holds the pairs; restore brings them, and their sub-tables, back", async () => {
    const world = await createWorld({ components: ALL, debug: true });
    const p = world.spawn(Pos.with({ x: 1 }));
    const kids = world.spawnMany(2, Pos, ChildOf.to(p), Owes.to(p).with({ amount: 3 }));
    const bytes = world.snapshot();
    const saved = state(world);
    world.destroy(p);
    world.spawn(Pos, Likes.to(world.spawn()));
    world.restore(bytes);
    expect(state(world)).toBe(saved);
    expect(sorted(world.query({ all: [ChildOf.to(p)] }).entities())).toEqual(sorted(kids));
    const copy = await createWorld({ snapshot: bytes, components: ALL, debug: true });
    expect(state(copy)).toBe(saved);
    copy.destroy(p as Entity);
    expect(copy.entityCount).toBe(0);
    checkInvariants(copy);
  });

  it("inspect() names each sub-table's pairs", async () => {
    const world = await createWorld({ components: ALL });
    const p = world.spawn(Pos);
    world.spawn(Pos, ChildOf.to(p));
    const tables = world.inspect().tables.map((t) => t.components.join(", "));
    expect(tables).toContain(`Pos, ChildOf(${p})`);
  });
});

describe("snapshot schema", () => {
  it("a snapshot matches only a world whose relations have the same options", async () => {
    const world = await createWorld({ components: [Pos, relation("Link", { exclusive: true })] });
    const bytes = world.snapshot();
    await expect(createWorld({ snapshot: bytes, components: [Pos, relation("Link")] })).rejects.toThrow(
      'The snapshot was refused: its schema does not match this world\'s: component 2 is relation (exclusive, onTargetDestroyed: remove) "Link" there and relation (multiple, onTargetDestroyed: remove) "Link" here',
    );
  });
});

describe("change detection", () => {
  it("relations are not change-tracked: removed(R) is refused", async () => {
    const world = await createWorld({ components: ALL });
    expect(() => world.removed(Likes)).toThrow(
      new ArgumentError("Relations are not change-tracked: removed(Likes) is not available"),
    );
  });
});

describe("regressions found by the model-based test", () => {
  it("none: [R.to(t)] leaves out only the entities related to t", async () => {
    const world = await createWorld({ components: ALL });
    const [a, b] = [world.spawn(Pos), world.spawn(Pos)];
    const c = world.spawn(Pos, ChildOf.to(a));
    const d = world.spawn(Pos, ChildOf.to(b));
    expect(sorted(world.query({ all: [Pos], none: [ChildOf.to(b)] }).entities())).toEqual(sorted([a, b, c]));
    expect(world.isAlive(d)).toBe(true);
  });

  it("object fields ride along when a destroyed target takes the pair off (its sub-table is recycled in that call)", async () => {
    const Label = component("Label", { name: "object" });
    const world = await createWorld({ components: [...ALL, Label] });
    const t = world.spawn(Pos);
    const e = world.spawn(Label.with({ name: "keep me" }), Likes.to(t));
    world.destroy(t);
    expect(world.get(e, Label)).toEqual({ name: "keep me" });
    expect(world.has(e, Likes)).toBe(false);
  });

  it("removing a pair before any pair was ever added is not an out-of-memory error", async () => {
    const world = await createWorld({ components: ALL });
    const [a, b] = [world.spawn(Pos), world.spawn(Pos)];
    expect(world.remove(a, ChildOf.to(b))).toBe(false);
    world.removeMany([a], ChildOf.to(b));
    world.removeMany([a], ChildOf);
    expect(world.entityCount).toBe(2);
  });

  it("two targets of an exclusive relation are refused in spawn also while deferring, and in spawnMany", async () => {
    const world = await createWorld({ components: ALL });
    const [a, b] = [world.spawn(Pos), world.spawn(Pos)];
    const message = `ChildOf is exclusive: one target per entity, got two in (ChildOf(${a}), ChildOf(${b}))`;
    expect(() => world.defer(() => world.spawn(ChildOf.to(a), ChildOf.to(b)))).toThrow(new ArgumentError(message));
    expect(() => world.spawnMany(3, ChildOf.to(a), ChildOf.to(b))).toThrow(new ArgumentError(message));
    expect(world.entityCount).toBe(2);
  });
});
