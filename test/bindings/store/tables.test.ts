// The table directory (bindings/store/tables.ts): one Table view per core table record.
// New tables get a view at the next look; a record the core recycled for another table
// gets a fresh view and `generation` moves on (queries match afresh); records given back
// at the end are dropped; a view replaced or dropped so is retired (a user who kept it gets
// ArgumentError, not the new table's rows). Run from the sources over the dist/ core.
import { describe, expect, it } from "vitest";
import { component, relation } from "../../../bindings/component.js";
import type { Core } from "../../../bindings/core/core.js";
import { ArgumentError } from "../../../bindings/errors.js";
import { register } from "../../../bindings/ops/components.js";
import type { Store } from "../../../bindings/store/store.js";
import { expectThrows } from "../../support/errors.js";
import { sourceStore } from "../../support/sources.js";

const RECYCLED = (names: string) =>
  `Table (${names}) is gone (its relation target was destroyed, or the call that made it failed); its id may stand for another table: query again`;

const A = component("A", { v: "f32" });
const B = component("B", { v: "u8" });
const Likes = relation("Likes");

async function store(): Promise<{ store: Store; core: Core; a: number; b: number; likes: number }> {
  const s = await sourceStore();
  for (const c of [A, B, Likes]) register(s, c);
  const { registry } = s;
  return { store: s, core: s.core, a: registry.idOf(A), b: registry.idOf(B), likes: registry.idOf(Likes) };
}

function ok(status: number): number {
  if (status < 0) throw new Error(`core call failed with status ${status}`);
  return status;
}

describe("tables", () => {
  it("now() gives one view per core table, adding views for tables created since the last look", async () => {
    const { store: s, core, a, b } = await store();
    const first = s.tables.now();
    expect(first).toHaveLength(core.tableCount);
    const t0 = first[0];
    const generation = s.tables.generation;
    const tA = ok(core.tableWith(0, a));
    const tAB = ok(core.tableWith(tA, b));
    const views = s.tables.now();
    expect(views).toHaveLength(core.tableCount);
    expect(views.map((t) => t.id)).toEqual(views.map((_, i) => i));
    expect(s.tables.at(tAB).componentIds).toEqual([a, b].sort((x, y) => x - y));
    expect(views[0]).toBe(t0); // an unchanged record keeps its view
    expect(s.tables.generation).toBe(generation); // new tables do not make queries match afresh
  });

  it("seqOf gives a live record's creation number and -1 for a recycled one", async () => {
    const { store: s, core, a, likes } = await store();
    const tA = ok(core.tableWith(0, a));
    const target = ok(core.spawn(tA));
    const fan = ok(core.spawn(tA));
    expect(core.tableSeq).toBeGreaterThan(0);
    ok(core.addPair(fan, likes, target));
    const sub = core.tableOf(fan);
    expect(s.tables.seqOf(sub)).toBe(core.tableSeq - 1);
    expect(s.tables.seqOf(tA)).toBeLessThan(s.tables.seqOf(sub));
    ok(core.destroy(target)); // recycles Likes(target)'s sub-table
    expect(core.tableOf(fan)).toBe(tA);
    expect(s.tables.seqOf(sub)).toBe(-1);
  });

  it("a record recycled for another table gets a fresh view and moves the generation on", async () => {
    const { store: s, core, a, b, likes } = await store();
    const tA = ok(core.tableWith(0, a));
    const [p, q] = [ok(core.spawn(tA)), ok(core.spawn(tA))];
    const fan = ok(core.spawn(tA));
    ok(core.addPair(fan, likes, p));
    const sub = core.tableOf(fan);
    const old = s.tables.at(sub);
    expect(Array.from(old.pairs)).toEqual([likes, p]);
    ok(core.destroy(p)); // the sub-table of Likes(p) is recycled
    const generation = s.tables.generation;
    expect(s.tables.at(sub)).not.toBe(old);
    expect(s.tables.at(sub).seq).toBe(-1);
    expect(s.tables.generation).toBeGreaterThan(generation);
    ok(core.addPair(fan, likes, q)); // the next sub-table takes the recycled record
    expect(core.tableOf(fan)).toBe(sub);
    const fresh = s.tables.at(sub);
    expect(Array.from(fresh.pairs)).toEqual([likes, q]);
    expect(fresh.seq).toBe(s.tables.seqOf(sub));
    // The old view, if kept, must not reach the new table of its id.
    expect(old.count).toBe(0);
    expectThrows(() => old.entities, ArgumentError, RECYCLED(`A, Likes(${p})`));
    expect(Array.from(fresh.entities)).toEqual([fan]);
    expect(s.tables.at(ok(core.tableWith(tA, b))).componentIds).toEqual([a, b].sort((x, y) => x - y));
  });

  it("records given back at the end (a failed call's tables) are dropped and the generation moves on", async () => {
    const { store: s, core, a, b } = await store();
    const tA = ok(core.tableWith(0, a));
    const n = s.tables.now().length;
    const seq = core.tableSeq;
    const tAB = ok(core.tableWith(tA, b));
    expect(s.tables.now()).toHaveLength(n + 1);
    const dropped = s.tables.at(tAB);
    const generation = s.tables.generation;
    expect(core.dropTables(seq)).toBe(0);
    expect(s.tables.now()).toHaveLength(n);
    expect(s.tables.generation).toBeGreaterThan(generation);
    expectThrows(() => dropped.columns(A), ArgumentError, RECYCLED("A, B"));
  });

  it("forget drops every view; the next look builds them again", async () => {
    const { store: s, core, a } = await store();
    const tA = ok(core.tableWith(0, a));
    const before = s.tables.at(tA);
    const generation = s.tables.generation;
    s.tables.forget();
    expect(s.tables.list).toHaveLength(0);
    expect(s.tables.generation).toBe(generation + 1);
    expect(s.tables.now()).toHaveLength(core.tableCount);
    expect(s.tables.at(tA)).not.toBe(before);
    expect(s.tables.at(tA).componentIds).toEqual(before.componentIds);
  });
});
