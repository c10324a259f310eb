// Non-fragmenting relations (relation(name, { fragmenting: false }), store/links.ts)
// through the public API: pairs that never move their entity, queries that filter on
// them row by row, target destruction ("remove" and "destroy", deferred and cascading),
// exclusive relations, batches, snapshots, the inspector, and the refusals (data,
// cascade, table.target()) with their typed errors.
import { describe, expect, it } from "vitest";
import {
  ArgumentError,
  component,
  createWorld,
  relation,
  SchemaError,
  SnapshotError,
  StaleEntityError,
  type World,
} from "wasm-ecs";
import { decode, encode, type SnapshotMeta } from "../../../bindings/snapshot/format.js";
import { expectThrows } from "../../support/errors.js";
import { checkInvariants } from "../../support/internals.js";
import { ChildOf, sorted } from "../../support/relations.js";

const Pos = component("Pos", { x: "f32" });
const Likes = relation("Likes", { fragmenting: false });
const Follows = relation("Follows", { fragmenting: false, onTargetDestroyed: "destroy" });
const Mate = relation("Mate", { fragmenting: false, exclusive: true });
const ALL = [Pos, Likes, Follows, Mate, ChildOf];

/** The part of a snapshot's JSON the restore tests edit. */
type Meta = { links: { id: number; pairs: number[] }[] };

async function world(): Promise<World> {
  return createWorld({ components: ALL, debug: true });
}

describe("non-fragmenting relations", () => {
  it("a removal made while an add of the same pair waits for the flush wins, as the order of the calls says", async () => {
    const w = await createWorld({ components: ALL });
    const [s, s2] = w.spawnMany(2, Pos);
    const seen: boolean[] = [];
    w.defer(() => {
      const t = w.spawn(Pos); // spawned in the scope: adds of pairs to it wait
      const t2 = w.spawn(Pos);
      w.add(s as number, Likes.to(t));
      w.remove(s as number, Likes.to(t));
      w.add(s2 as number, Likes.to(t2));
      w.remove(s2 as number, Likes); // every pair of the relation
      w.addMany([s as number], Likes.to(t2));
      w.removeMany([s as number], Likes);
      seen.push(w.has(s as number, Likes.to(t)));
    });
    expect(seen).toEqual([false]);
    expect(w.targets(s as number, Likes)).toEqual([]);
    expect(w.targets(s2 as number, Likes)).toEqual([]);
    // Removed, then added again: the add comes last and stays.
    let again = 0;
    w.defer(() => {
      again = w.spawn(Pos);
      w.add(s as number, Likes.to(again));
      w.remove(s as number, Likes.to(again));
      w.add(s as number, Likes.to(again));
    });
    expect(w.targets(s as number, Likes)).toEqual([again]);
  });

  it("adding and removing pairs never moves the entity nor creates tables", async () => {
    const w = await world();
    const e = w.spawn(Pos);
    const ts = w.spawnMany(50, Pos);
    const table = w.tableOf(e).id;
    const tables = w.stats().archetypes;
    for (const t of ts) w.add(e, Likes.to(t));
    expect(w.tableOf(e).id).toBe(table);
    expect(w.stats().archetypes).toBe(tables);
    expect(w.targets(e, Likes)).toEqual(sorted(ts));
    expect(w.has(e, Likes.to(ts[3]))).toBe(true);
    expect(w.has(e, Likes.to("*"))).toBe(true);
    expect(w.has(e, Likes)).toBe(true);
    expect(w.remove(e, Likes.to(ts[3]))).toBe(true);
    expect(w.remove(e, Likes.to(ts[3]))).toBe(false);
    expect(w.has(e, Likes.to(ts[3]))).toBe(false);
    expect(w.targets(e, Likes)).toHaveLength(49);
    expect(w.remove(e, Likes)).toBe(true);
    expect(w.has(e, Likes)).toBe(false);
    expect(w.targets(e, Likes)).toEqual([]);
    checkInvariants(w);
  });

  it("an exclusive relation keeps one target: adding another replaces it", async () => {
    const w = await world();
    const [a, b, c] = w.spawnMany(3, Pos);
    w.add(a, Mate.to(b));
    w.add(a, Mate.to(c));
    expect(w.targets(a, Mate)).toEqual([c]);
    expect(w.query({ all: [Mate.to(b)] }).count()).toBe(0);
    expect(w.query({ all: [Mate.to(c)] }).entities()).toEqual(Uint32Array.of(a));
    checkInvariants(w);
  });

  it("spawn and spawnMany take pairs, also while deferring", async () => {
    const w = await world();
    const t = w.spawn(Pos);
    const e = w.spawn(Pos, Likes.to(t), ChildOf.to(t));
    const many = w.spawnMany(4, Pos, Likes.to(t));
    expect(w.targets(e, Likes)).toEqual([t]);
    expect(w.targets(e, ChildOf)).toEqual([t]);
    for (const m of many) expect(w.targets(m, Likes)).toEqual([t]);
    let later = 0;
    let laterMany: ArrayLike<number> = [];
    w.defer(() => {
      later = w.spawn(Pos, Likes.to(t));
      laterMany = w.spawnMany(2, Pos, Likes.to(t));
      expect(w.has(later, Likes.to(t))).toBe(true); // what its spawn gives it, before the flush
    });
    expect(w.targets(later, Likes)).toEqual([t]);
    for (const m of Array.from(laterMany)) expect(w.targets(m, Likes)).toEqual([t]);
    expect(w.query({ all: [Likes.to(t)] }).count()).toBe(8);
    checkInvariants(w);
  });

  it("pairs added inside a query loop apply at once and the loop keeps its rows", async () => {
    const w = await world();
    const t = w.spawn(Pos);
    const es = w.spawnMany(10, Pos.with({ x: 1 }));
    let seen = 0;
    for (const tbl of w.query({ all: [Pos] })) {
      for (const e of tbl.entities) {
        if (e === t) continue;
        w.add(e, Likes.to(t));
        expect(w.has(e, Likes.to(t))).toBe(true);
        seen++;
      }
    }
    expect(seen).toBe(10);
    expect(sorted(w.query({ all: [Likes.to(t)] }).entities())).toEqual(sorted(es));
    checkInvariants(w);
  });

  it("queries filter rows by pair, wildcard and bare relation in all and none", async () => {
    const w = await world();
    const [a, b] = w.spawnMany(2, Pos);
    const e1 = w.spawn(Pos, Likes.to(a));
    const e2 = w.spawn(Pos, Likes.to(b));
    const e3 = w.spawn(Pos, Likes.to(a), Likes.to(b));
    const ids = (q: ReturnType<World["query"]>) => sorted(q.entities());
    expect(ids(w.query({ all: [Likes.to(a)] }))).toEqual(sorted([e1, e3]));
    expect(ids(w.query({ all: [Likes.to(a), Likes.to(b)] }))).toEqual([e3]);
    expect(ids(w.query({ all: [Pos], none: [Likes.to(a)] }))).toEqual(sorted([a, b, e2]));
    expect(ids(w.query({ all: [Likes.to("*")] }))).toEqual(sorted([e1, e2, e3]));
    expect(ids(w.query({ all: [Likes] }))).toEqual(sorted([e1, e2, e3]));
    expect(ids(w.query({ all: [Pos], none: [Likes] }))).toEqual(sorted([a, b]));
    // The loop sees exactly the matching rows.
    const looped: number[] = [];
    for (const t of w.query({ all: [Pos, Likes.to(b)] })) looped.push(...t.entities);
    expect(sorted(looped)).toEqual(sorted([e2, e3]));
    w.remove(e3, Likes.to(b));
    expect(ids(w.query({ all: [Pos, Likes.to(b)] }))).toEqual([e2]);
  });

  it('destroying a target removes its pairs ("remove") or destroys the sources ("destroy"), cascading', async () => {
    const w = await world();
    const [a, b] = w.spawnMany(2, Pos);
    const fan = w.spawn(Pos, Likes.to(a), Likes.to(b));
    const follower = w.spawn(Pos, Follows.to(a));
    const child = w.spawn(Pos, ChildOf.to(follower));
    const grand = w.spawn(Pos, Follows.to(child));
    w.destroy(a);
    expect(w.targets(fan, Likes)).toEqual([b]);
    for (const e of [follower, child, grand]) expect(w.isAlive(e)).toBe(false);
    expect(w.isAlive(fan)).toBe(true);
    checkInvariants(w);
  });

  it("a deferred destroy of a target applies its policy at the flush", async () => {
    const w = await world();
    const a = w.spawn(Pos);
    const fan = w.spawn(Pos, Likes.to(a));
    const follower = w.spawn(Pos, Follows.to(a));
    w.defer(() => {
      w.destroy(a);
      expect(w.isAlive(follower)).toBe(true);
    });
    expect(w.isAlive(follower)).toBe(false);
    expect(w.targets(fan, Likes)).toEqual([]);
    expect(w.has(fan, Likes)).toBe(false);
    checkInvariants(w);
  });

  it("destroying a source forgets its pairs, so a reused slot holds none", async () => {
    const w = await world();
    const a = w.spawn(Pos);
    const e = w.spawn(Pos, Likes.to(a));
    w.destroy(e);
    const fresh = w.spawnMany(5000, Pos);
    for (const f of fresh) expect(w.has(f, Likes)).toBe(false);
    expect(w.query({ all: [Likes.to(a)] }).count()).toBe(0);
    checkInvariants(w);
  });

  it("addMany and removeMany on lists and queries", async () => {
    const w = await world();
    const t = w.spawn(Pos);
    const es = w.spawnMany(6, Pos);
    w.addMany(es, Likes.to(t));
    expect(w.query({ all: [Likes.to(t)] }).count()).toBe(6);
    w.removeMany(es.subarray(0, 2), Likes.to(t));
    expect(w.query({ all: [Likes.to(t)] }).count()).toBe(4);
    w.removeMany(w.query({ all: [Likes] }), Likes);
    expect(w.query({ all: [Likes] }).count()).toBe(0);
    w.addMany(w.query({ all: [Pos] }), Likes.to(t));
    expect(w.query({ all: [Likes.to(t)] }).count()).toBe(7);
    checkInvariants(w);
  });

  it("stale entities and targets give StaleEntityError, and nothing changes", async () => {
    const w = await world();
    const [a, e] = w.spawnMany(2, Pos);
    w.add(e, Likes.to(a));
    const dead = w.spawn(Pos);
    w.destroy(dead);
    expectThrows(() => w.add(e, Likes.to(dead)), StaleEntityError, /is stale/);
    expectThrows(() => w.add(dead, Likes.to(a)), StaleEntityError, /is stale/);
    expectThrows(() => w.addMany([e, dead], Likes.to(a)), StaleEntityError, /is stale/);
    expectThrows(() => w.spawn(Pos, Likes.to(dead)), StaleEntityError, /is stale/);
    expectThrows(() => w.query({ all: [Likes.to(dead)] }), StaleEntityError, /is stale/);
    expect(w.targets(e, Likes)).toEqual([a]);
    expect(w.entityCount).toBe(2);
  });

  it("refuses data fields, cascade and table.target() with typed errors", async () => {
    expectThrows(
      () => relation("Amount", { fragmenting: false, exclusive: true, data: { n: "f32" } }),
      SchemaError,
      "Relation Amount is non-fragmenting (fragmenting: false): its pairs carry no data fields",
    );
    expectThrows(
      () => relation("Bad", { fragmenting: "no" as unknown as boolean }),
      SchemaError,
      "relation(Bad): fragmenting is true or false, got no",
    );
    const w = await world();
    const a = w.spawn(Pos);
    w.spawn(Pos, Likes.to(a));
    expectThrows(
      () => w.query({ all: [Pos], cascade: Likes }),
      ArgumentError,
      "cascade: Likes is non-fragmenting (fragmenting: false): its pairs are not per table, so tables have no breadth order over it",
    );
    const t = w.tableOf(a);
    expectThrows(
      () => t.targets(Likes),
      ArgumentError,
      "Likes is non-fragmenting (fragmenting: false): the entities of a table do not share its targets, so table.targets() does not apply; use world.targets(e, Likes)",
    );
    expectThrows(() => t.target(Likes), ArgumentError, /table\.target\(\) does not apply/);
    for (const term of [Likes, Likes.to("*")])
      for (const key of ["any", "read", "write"])
        expectThrows(
          () => w.query({ all: [Pos], [key]: [term] }),
          ArgumentError,
          `Likes is non-fragmenting (fragmenting: false): queries take ${String(term)} in all, none or optional`,
        );
  });

  it("a snapshot round-trips the pairs and restore brings back the saved ones", async () => {
    const w = await world();
    const [a, b] = w.spawnMany(2, Pos);
    const e = w.spawn(Pos, Likes.to(a), Likes.to(b), Mate.to(a));
    const bytes = w.snapshot();
    w.remove(e, Likes.to(a));
    const other = w.spawn(Pos, Likes.to(b));
    w.restore(bytes);
    expect(w.targets(e, Likes)).toEqual(sorted([a, b]));
    expect(w.targets(e, Mate)).toEqual([a]);
    expect(w.isAlive(other)).toBe(false);
    expect(sorted(w.query({ all: [Likes.to(b)] }).entities())).toEqual([e]);
    checkInvariants(w);
    const copy = await createWorld({ components: ALL, debug: true, snapshot: bytes });
    expect(copy.targets(e, Likes)).toEqual(sorted([a, b]));
    checkInvariants(copy);
  });

  it("restore refuses links that name a dead entity or disagree with the bitset, and the world is unchanged", async () => {
    const w = await world();
    const [a, b] = w.spawnMany(2, Pos);
    const e = w.spawn(Pos, Likes.to(a));
    const good = w.snapshot();
    w.add(e, Likes.to(b));
    const edit = (f: (meta: Meta) => void) => edited(good, f);
    const id = (meta: Meta) => meta.links.find((l) => l.pairs.length > 0);
    const deadTarget = edit((m) => {
      (id(m) as { pairs: number[] }).pairs[1] = 12345;
    });
    expectThrows(() => w.restore(deadTarget), SnapshotError, /which is not a live entity there/);
    const extra = edit((m) => {
      (id(m) as { pairs: number[] }).pairs.push(a, b);
    });
    expectThrows(() => w.restore(extra), SnapshotError, /disagree with its bitset/);
    const notRel = edit((m) => {
      m.links.push({ id: 0, pairs: [] });
    });
    expectThrows(
      () => w.restore(notRel),
      SnapshotError,
      /links of component 0, which is not a non-fragmenting relation/,
    );
    expect(w.targets(e, Likes)).toEqual(sorted([a, b]));
    checkInvariants(w);
  });

  it("inspect() lists the pairs each non-fragmenting relation holds", async () => {
    const w = await world();
    const [a, b] = w.spawnMany(2, Pos);
    w.spawn(Pos, Likes.to(a), Likes.to(b));
    expect(w.inspect().links).toEqual([
      { relation: "Likes", pairs: 2 },
      { relation: "Follows", pairs: 0 },
      { relation: "Mate", pairs: 0 },
    ]);
  });

  it("one entity holds 20,000 targets in a handful of tables; destroying them empties it", async () => {
    const w = await createWorld({ components: ALL });
    const e = w.spawn(Pos);
    const ts = w.spawnMany(20_000, Pos);
    const used = w.stats().usedBytes;
    for (const t of ts) w.add(e, Likes.to(t));
    expect(w.stats().archetypes).toBeLessThanOrEqual(3);
    expect(w.stats().usedBytes - used).toBeLessThan(64 * 1024);
    expect(w.targets(e, Likes)).toEqual(sorted(ts));
    w.destroyMany(ts);
    expect(w.targets(e, Likes)).toEqual([]);
    expect(w.has(e, Likes)).toBe(false);
  });
});

/** The snapshot with its JSON part edited by f (encoded again, checksum included). */
function edited(bytes: Uint8Array, f: (meta: Meta) => void): Uint8Array {
  const { header, meta, memory } = decode(bytes);
  const copy = JSON.parse(JSON.stringify(meta)) as Meta & SnapshotMeta;
  f(copy);
  const { flags, corePtr } = header as { flags: number; corePtr: number };
  return encode(copy, memory, flags, corePtr);
}
