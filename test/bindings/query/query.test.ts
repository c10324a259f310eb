// Queries (bindings/query/query.ts), through the public API: tables created after the
// query are picked up, optional terms, each(), and cascade order over a relation.
import { describe, expect, it } from "vitest";
import { ArgumentError, createWorld, relation } from "wasm-ecs";
import { expectThrows } from "../../support/errors.js";
import { A, B, C, setup } from "../../support/query-world.js";
import { ChildOf, Likes, Pos, ALL as RELATIONS, Vel } from "../../support/relations.js";

const Follows = relation("Follows", { fragmenting: false });

describe("query", () => {
  it("picks up tables created after the query was made", async () => {
    const { world } = await setup();
    const q = world.query({ all: [C] });
    expect(q.count()).toBe(2);
    const e = world.spawn(A, C);
    expect(q.count()).toBe(3);
    expect(Array.from(q.entities())).toContain(e);
  });

  it("optional terms: tryColumns gives views only where the table has the component", async () => {
    const { world } = await setup();
    let withB = 0;
    for (const t of world.query({ all: [A], optional: [B] })) {
      const b = t.tryColumns(B);
      expect(b === undefined).toBe(!t.has(B));
      if (b) withB += b.v.length;
    }
    expect(withB).toBe(13);
  });

  it("each visits every matching entity once with its table and row", async () => {
    const { world } = await setup();
    const seen: number[] = [];
    world.query({ all: [A, B] }).each((e, t, row) => {
      expect(t.entities[row]).toBe(e);
      seen.push(e);
    });
    expect(seen.sort()).toEqual(Array.from(world.query({ all: [A, B] }).entities()).sort());
  });
});

describe("query of a pair whose target waits", () => {
  it("a query made in a scope on a target spawned there finds the sources once the scope ends", async () => {
    for (const R of [ChildOf, Likes, Follows]) {
      const world = await createWorld({ components: [...RELATIONS, Follows] });
      let made: { count(): number; entities(): Iterable<number> } | undefined;
      const [p, s] = world.defer(() => {
        const target = world.spawn(Pos);
        made = world.query({ all: [R.to(target)] });
        expect(made.count()).toBe(0);
        return [target, world.spawn(Pos, R.to(target))];
      });
      expect([R.name, made?.count(), [...(made?.entities() ?? [])]]).toEqual([R.name, 1, [s]]);
      expect(world.query({ all: [R.to(p)] })).toBe(made);
    }
  });
});

describe("query with cascade", () => {
  it("cascade takes one relation; an array or a component is an ArgumentError saying what it got", async () => {
    const world = await createWorld({ components: RELATIONS });
    const cascade = (value: unknown) => world.query({ all: [Pos], cascade: value as typeof ChildOf });
    expectThrows(
      () => cascade([ChildOf]),
      ArgumentError,
      "cascade takes a relation (cascade: ChildOf), got an array [ChildOf]",
    );
    expectThrows(() => cascade(Pos), ArgumentError, "cascade takes a relation (cascade: ChildOf), got Pos");
    const hostile = new Proxy([ChildOf], {
      get() {
        throw new Error("no");
      },
    });
    expectThrows(() => cascade(hostile), ArgumentError, "cascade takes a relation (cascade: ChildOf), got an array");
  });

  it("cascade yields entities level by level, parents before children", async () => {
    const world = await createWorld({ components: RELATIONS });
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
