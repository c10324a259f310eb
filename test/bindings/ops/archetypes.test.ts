// Finding and creating tables (bindings/ops/archetypes.ts): the table of a component set,
// cached until its record holds another table; the sub-table of a set plus relation
// pairs; undoTables dropping what a failed call created. The unit tests run from the
// sources; the last one goes through the public API (a failed add leaves no archetype).
import { describe, expect, it } from "vitest";
import { CapacityError, component, createWorld } from "wasm-ecs";
import { type ComponentArg, relation, component as sourceComponent } from "../../../bindings/component.js";
import { StaleEntityError } from "../../../bindings/errors.js";
import { tableForPairs, tableOfSet, undoTables } from "../../../bindings/ops/archetypes.js";
import { register } from "../../../bindings/ops/components.js";
import { maskOf } from "../../../bindings/query/terms.js";
import { Resolved } from "../../../bindings/store/component-sets.js";
import type { Store } from "../../../bindings/store/store.js";
import { sourceStore } from "../../support/sources.js";

const A = sourceComponent("A", { v: "f32" });
const B = sourceComponent("B", { v: "u8" });
const Likes = relation("Likes");

async function store(): Promise<Store> {
  const s = await sourceStore();
  for (const c of [A, B, Likes]) register(s, c);
  return s;
}

/** The component set spawn would resolve for args. */
function setOf(s: Store, args: readonly ComponentArg[]) {
  const unknown = (c: unknown): never => {
    throw new Error(`not registered: ${String(c)}`);
  };
  return s.sets.resolve(s.registry, args, false, 1, false, s.core.buffer, unknown, new Resolved());
}

describe("archetypes", () => {
  it("tableOfSet finds a set's table through the core on first use, then from the cache without a call", async () => {
    const s = await store();
    const set = setOf(s, [B, A]);
    const calls = s.core.version;
    const t = tableOfSet(s, set, [B, A]);
    const after = s.core.version;
    expect(after).toBeGreaterThan(calls);
    expect(s.tables.at(t).componentIds).toEqual([s.registry.idOf(A), s.registry.idOf(B)]);
    expect(tableOfSet(s, set, [B, A])).toBe(t);
    expect(tableOfSet(s, setOf(s, [B, A]), [])).toBe(t);
    expect(s.core.version).toBe(after);
    expect(tableOfSet(s, s.sets.root, [])).toBe(0); // the empty set is table 0
  });

  it("tableOfSet looks a set's table up again once its record holds another table", async () => {
    const s = await store();
    const seq = s.core.tableSeq;
    const set = setOf(s, [A, B]);
    const t = tableOfSet(s, set, [A, B]);
    const first = set.gen;
    undoTables(s, seq); // the table is dropped again
    const calls = s.core.version;
    const again = tableOfSet(s, set, [A, B]);
    expect(s.core.version).toBeGreaterThan(calls);
    expect(set.gen).not.toBe(first);
    expect(set.gen).toBe(s.tables.generation);
    expect(s.tables.at(again).componentIds).toEqual(s.tables.at(t).componentIds);
  });

  it("tableForPairs makes the sub-table of a mask plus pairs and names a dead target with StaleEntityError", async () => {
    const s = await store();
    const [a, likes] = [s.registry.idOf(A), s.registry.idOf(Likes)];
    const tA = s.core.tableWith(0, a);
    const [p, dead] = [s.core.spawn(tA), s.core.spawn(tA)];
    expect(s.core.destroy(dead)).toBe(0);
    const mask = maskOf([a, likes]);
    const sub = tableForPairs(s, mask, [Likes.to(p)], "A, Likes");
    expect(Array.from(s.tables.at(sub).pairs)).toEqual([likes, p]);
    expect(tableForPairs(s, mask, [Likes.to(p)], "A, Likes")).toBe(sub);
    const count = s.core.tableCount;
    let error: unknown;
    try {
      tableForPairs(s, mask, [Likes.to(p), Likes.to(dead)], "A, Likes");
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(StaleEntityError);
    expect((error as Error).message).toMatch(new RegExp(`^Entity ${dead} \\(slot ${dead}, generation 0\\) is stale`));
    expect(s.core.tableCount).toBe(count);
  });

  it("undoTables drops the tables made since `before` and the views follow; it does nothing when none was made", async () => {
    const s = await store();
    const before = s.core.tableSeq;
    const n = s.tables.now().length;
    const calls = s.core.version;
    undoTables(s, before); // nothing made since: no call
    expect(s.core.version).toBe(calls);
    tableOfSet(s, setOf(s, [A]), [A]);
    tableOfSet(s, setOf(s, [A, B]), [A, B]);
    expect(s.tables.now()).toHaveLength(n + 2);
    undoTables(s, before);
    expect(s.core.tableCount).toBe(n);
    expect(s.tables.list).toHaveLength(n);
  });
});

describe("archetypes through the public API", () => {
  const Pos = component("Pos", { x: "f32", y: "f32" });
  const Huge = component("Huge", { m: ["f64", 65536] });

  // Bug: core add() creates the destination table (tableWith) before ensureCapacity fails, so stats() changes.
  it("an add that fails with CapacityError leaves the archetype count unchanged", async () => {
    const world = await createWorld({ components: [Pos, Huge], maxMemoryBytes: 2 << 20 });
    const e = world.spawn(Pos);
    const archetypes = world.stats().archetypes;
    expect(() => world.add(e, Huge)).toThrow(CapacityError);
    expect(() => world.add(e, Huge)).toThrow(/^Out of memory while trying to add Huge: .*; nothing was changed$/);
    expect(world.stats().archetypes).toBe(archetypes);
  });
});
