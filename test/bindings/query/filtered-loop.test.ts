// One loop contract for filtered queries (sparse tags and change terms): every table a
// query yields has `count`, `entities` and column views over exactly the matching rows,
// so `for (let i = 0; i < t.count; i++)` and `for (let i = 0, n = px.length; i < n; i++)`
// visit exactly the matching entities, and writes through the views land.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ArgumentError, component, createWorld, type Table, tag, type World } from "wasm-ecs";
import { expectThrows } from "../../support/errors.js";

const P = component("P", { x: "f32", y: "f32" });
const V = component("V", { x: "f32" });
const Name = component("Name", { label: "object" });
const Hot = tag("Hot");
const Alive = tag("Alive", { sparse: true });
const Picked = tag("Picked", { sparse: true });
const ALL = [P, V, Name, Hot, Alive, Picked];

const sorted = (xs: Iterable<number>): number[] => [...xs].sort((a, b) => a - b);

/** Entities a loop `for (i < t.count)` visits, table by table, with the row each was at. */
function visitByCount(tables: Iterable<Table>): number[] {
  const out: number[] = [];
  for (const t of tables) {
    expect(t.count).toBeGreaterThan(0);
    const es = t.entities;
    for (let i = 0; i < t.count; i++) out.push(es[i]);
  }
  return out;
}

/** Spawns `n` entities over four tables; every third (by index) gets Alive, every fifth Picked. */
function populate(world: World, n: number): number[] {
  const es: number[] = [];
  for (let i = 0; i < n; i++) {
    const kind = i % 4;
    const args = kind === 0 ? [P] : kind === 1 ? [P, V] : kind === 2 ? [P, Hot] : [P, V, Name.with({ label: `n${i}` })];
    const e = world.spawn(...args);
    world.set(e, P, { x: i, y: -i });
    if (i % 3 === 0) world.add(e, Alive);
    if (i % 5 === 0) world.add(e, Picked);
    es.push(e);
  }
  return es;
}

describe("filtered loops visit exactly the matching entities", () => {
  it("a table with 1 of 2 entities alive has count 1, one-row views and that entity", async () => {
    const world = await createWorld({ components: ALL });
    const a = world.spawn(P.with({ x: 1, y: 0 }));
    world.spawn(P.with({ x: 2, y: 0 }));
    world.add(a, Alive);
    const seen: Table[] = [];
    for (const t of world.query({ all: [P, Alive] })) {
      seen.push(t);
      expect(t.count).toBe(1);
      expect(t.columns(P).x.length).toBe(1);
      expect(t.columns(P).x[0]).toBe(1);
      expect([...t.entities]).toEqual([a]);
      expect([...(t.rows as Uint32Array)]).toEqual([0]);
    }
    expect(seen.length).toBe(1);
  });

  it("both loop forms visit the matching entities of several tables, rows aligned with entities, writes landing", async () => {
    const world = await createWorld({ components: ALL });
    const es = populate(world, 400);
    const q = world.query({ all: [P, Alive] });
    const want = es.filter((_, i) => i % 3 === 0);
    expect(sorted(visitByCount(q))).toEqual(sorted(want));
    // Form 2: the view's length bounds the loop; write each entity's id into its row.
    let tables = 0;
    for (const t of q) {
      tables++;
      const p = t.write(P);
      const ents = t.entities;
      expect(p.x.length).toBe(t.count);
      expect(ents.length).toBe(t.count);
      for (let i = 0, n = p.x.length; i < n; i++) {
        p.x[i] = ents[i];
        p.y[i] = 7;
      }
    }
    expect(tables).toBe(4);
    for (let i = 0; i < es.length; i++) {
      const got = world.get(es[i], P);
      if (i % 3 === 0) expect(got).toEqual({ x: es[i], y: 7 });
      else expect(got).toEqual({ x: i, y: -i });
    }
  });

  it("none: [tag] and two tags at once visit exactly their entities", async () => {
    const world = await createWorld({ components: ALL });
    const es = populate(world, 300);
    const notAlive = es.filter((_, i) => i % 3 !== 0);
    expect(sorted(visitByCount(world.query({ all: [P], none: [Alive] })))).toEqual(sorted(notAlive));
    const both = es.filter((_, i) => i % 15 === 0);
    expect(sorted(visitByCount(world.query({ all: [P, Alive, Picked] })))).toEqual(sorted(both));
    const vNotPicked = es.filter((_, i) => (i % 4) % 2 === 1 && i % 5 !== 0);
    expect(sorted(visitByCount(world.query({ all: [V], none: [Picked] })))).toEqual(sorted(vNotPicked));
  });

  it("object fields of a filtered table show its matching rows, and writes to them land", async () => {
    const world = await createWorld({ components: ALL });
    const es = populate(world, 200);
    for (const t of world.query({ all: [Name, Alive] })) {
      const label = t.columns(Name).label;
      expect(label.length).toBe(t.count);
      const ents = t.entities;
      for (let i = 0; i < label.length; i++) {
        expect(label[i]).toBe(`n${es.indexOf(ents[i])}`);
        label[i] = `alive ${ents[i]}`;
      }
      expect([...label]).toHaveLength(t.count);
    }
    for (let i = 3; i < es.length; i += 4) {
      expect(world.get(es[i], Name).label).toBe(i % 3 === 0 ? `alive ${es[i]}` : `n${i}`);
    }
  });

  it("a table where no entity matches is not yielded; count(), entities() and each() agree with the loop", async () => {
    const world = await createWorld({ components: ALL });
    const es = populate(world, 120);
    for (let i = 2; i < es.length; i += 4) world.remove(es[i], Alive); // the (P, Hot) table: none alive
    const q = world.query({ all: [P, Alive] });
    const loop = visitByCount(q);
    expect(loop.length).toBe(q.count());
    expect(sorted(q.entities())).toEqual(sorted(loop));
    const each: number[] = [];
    q.each((e, t, row) => {
      expect(t.entities[row]).toBe(e);
      each.push(e);
    });
    expect(sorted(each)).toEqual(sorted(loop));
    for (const t of q) expect(t.has(Hot)).toBe(false);
  });

  it("a tag toggled between iterations is seen by the next one; toggles inside the loop apply at once", async () => {
    const world = await createWorld({ components: ALL });
    const es = populate(world, 100);
    const q = world.query({ all: [P, Alive] });
    for (const t of q) for (const e of [...t.entities]) world.remove(e, Alive);
    expect(q.count()).toBe(0);
    expect(visitByCount(q)).toEqual([]);
    world.addMany(es.slice(0, 10), Alive);
    expect(sorted(visitByCount(q))).toEqual(sorted(es.slice(0, 10)));
  });

  it("structural changes inside a filtered loop wait until the outermost loop ends", async () => {
    const world = await createWorld({ components: ALL });
    const es = populate(world, 60);
    const q = world.query({ all: [P, Alive] });
    const alive = es.filter((_, i) => i % 3 === 0);
    for (const t of q) {
      for (const t2 of q) for (const e of t2.entities) expect(world.has(e, Alive)).toBe(true);
      for (const e of t.entities) world.add(e, Hot);
      expect(t.count).toBe(t.entities.length);
    }
    for (const e of alive) expect(world.has(e, Hot)).toBe(true);
    expect(sorted(visitByCount(q))).toEqual(sorted(alive));
  });

  it("a nested loop over a table the outer loop is on keeps the outer loop's rows in place", async () => {
    const world = await createWorld({ components: ALL });
    const es = populate(world, 80);
    const inner = world.query({ all: [P, Alive] });
    visitByCount(inner); // matching rows are in front now
    const outer = world.query({ all: [P] });
    const pairs: number[] = [];
    for (const t of outer) {
      const ents = [...t.entities];
      for (const u of inner) for (let j = 0; j < u.count; j++) pairs.push(u.entities[j]);
      expect([...t.entities]).toEqual(ents); // nothing moved under the outer loop
    }
    expect(pairs.length).toBe(4 * es.filter((_, i) => i % 3 === 0).length);
  });

  it("a nested loop that would have to move rows of the outer loop's table throws ArgumentError and closes itself", async () => {
    const world = await createWorld({ components: ALL });
    const es = populate(world, 80);
    const inner = world.query({ all: [P, Alive] });
    world.remove(es[0], Alive); // row 0 of (P) no longer matches: a loop must move rows
    world.add(es[4], Alive);
    const outer = world.query({ all: [P], none: [V, Hot] });
    for (const t of outer) {
      const before = [...t.entities];
      expectThrows(
        () => {
          for (const _ of inner);
        },
        ArgumentError,
        "A filtered loop cannot take table (P): its matching rows must move to the front while an outer loop that went through that table is still running. Test the tag with world.has() in the inner loop, or take q.entities() before the outer loop",
      );
      expect([...t.entities]).toEqual(before);
    }
    // Both iterations closed: changes apply at once again, and the inner loop works now.
    world.add(es[0], Hot);
    expect(world.has(es[0], Hot)).toBe(true);
    const want = es.filter((_, i) => (i % 3 === 0 || i === 4) && i !== 0);
    expect(sorted(visitByCount(inner))).toEqual(sorted(want));
  });

  it("changed: [C] yields the changed rows only, in front; writes through the window land", async () => {
    const world = await createWorld({ components: ALL });
    const es = populate(world, 100);
    const q = world.query({ all: [P], changed: [P] });
    visitByCount(q); // first read: everything counts as changed
    const touched = [es[5], es[17], es[40], es[41], es[99]];
    for (const e of touched) world.set(e, P, { x: 1000, y: 0 });
    let seen: number[] = [];
    for (const t of q) {
      const p = t.columns(P);
      expect(p.x.length).toBe(t.count);
      for (let i = 0; i < t.count; i++) {
        expect(p.x[i]).toBe(1000);
        seen.push(t.entities[i]);
        p.y[i] = 5;
      }
    }
    expect(sorted(seen)).toEqual(sorted(touched));
    for (const e of touched) expect(world.get(e, P)).toEqual({ x: 1000, y: 5 });
    seen = [];
    for (const t of world.query({ all: [P], added: [P] })) for (let i = 0; i < t.count; i++) seen.push(t.entities[i]);
    expect(seen.length).toBe(es.length); // a new reader: every row was added
  });

  it("batches on a filtered query act on its matching entities", async () => {
    const world = await createWorld({ components: ALL });
    const es = populate(world, 90);
    const q = world.query({ all: [P, Alive] });
    visitByCount(q);
    const alive = es.filter((_, i) => i % 3 === 0);
    world.addMany(q, V, { x: 3 });
    for (const e of es) expect(world.has(e, V)).toBe(alive.includes(e) || (es.indexOf(e) % 4) % 2 === 1);
    world.removeMany(world.query({ all: [P, Picked] }), Hot);
    world.destroyMany(q);
    expect(sorted(es.filter((e) => world.isAlive(e)))).toEqual(sorted(es.filter((e) => !alive.includes(e))));
  });
});

describe("tables an open loop went through keep their rows", () => {
  it("a nested filtered loop that would reorder a table the outer loop already yielded throws, and the kept view is unchanged", async () => {
    const w = await createWorld({ components: ALL });
    const a = w.spawnMany(4, P);
    w.spawnMany(2, P, V);
    w.add(a[3] as number, Alive);
    let kept: Uint32Array | undefined;
    let before: number[] = [];
    expectThrows(
      () => {
        for (const t of w.query({ all: [P] })) {
          if (!t.has(V)) {
            kept = t.entities;
            before = Array.from(kept);
          } else
            for (const _u of w.query({ all: [P, Alive] })) {
            }
        }
      },
      ArgumentError,
      "A filtered loop cannot take table (P): its matching rows must move to the front while an outer loop that went through that table is still running. Test the tag with world.has() in the inner loop, or take q.entities() before the outer loop",
    );
    expect(Array.from(kept as Uint32Array)).toEqual(before);
    // Once the outer loop ended, the same filtered loop runs.
    let n = 0;
    for (const t of w.query({ all: [P, Alive] })) n += t.count;
    expect(n).toBe(1);
  });
});

describe("what an open loop holds", () => {
  it("a table the outer loop has not reached yet may be reordered; one a filtered outer loop brought rows forward in may not", async () => {
    const w = await createWorld({ components: ALL });
    w.spawnMany(3, P);
    const pv = w.spawnMany(4, P, V);
    w.add(pv[3] as number, Alive); // row 3 of (P, V): a filtered loop must move it to row 0
    const inner = w.query({ all: [P, V, Alive] });
    const seen: number[] = [];
    for (const t of w.query({ all: [P] })) {
      if (!t.has(V)) for (const u of inner) seen.push(...u.entities);
      else expect(t.entities[0]).toBe(pv[3]); // reached after the inner loop moved it
    }
    expect(seen).toEqual([pv[3]]);
    w.add(pv[1] as number, Alive);
    w.remove(pv[3] as number, Alive); // the next loop over (P, V) with Alive must move pv[1] forward
    const hot = w.query({ all: [P, V, Alive], none: [Hot] });
    for (const _t of inner) {
      expectThrows(
        () => {
          w.add(pv[2] as number, Picked); // sparse: at once, and a Picked loop must move pv[2] forward
          for (const _u of w.query({ all: [P, V, Picked] }));
        },
        ArgumentError,
        "A filtered loop cannot take table (P, V): its matching rows must move to the front while an outer loop that went through that table is still running. Test the tag with world.has() in the inner loop, or take q.entities() before the outer loop",
      );
      for (const u of hot) expect([...u.entities]).toEqual([pv[1]]); // the same rows in front: nothing moves
    }
  });
});

describe("loops let go of the tables they went through", () => {
  it("after break, return(), a loop ended by flush(), and past empty tables, a filtered loop moves those tables' rows again", async () => {
    const w = await createWorld({ components: ALL });
    const a = w.spawnMany(4, P);
    const empty = w.spawn(P, Hot);
    w.destroy(empty); // (P, Hot) stays, empty: unfiltered loops go past it
    w.spawnMany(2, P, V);
    const all = w.query({ all: [P] });
    const alive = w.query({ all: [P, Alive] });
    /** Tags only a[k] (a sparse flip: the next filtered loop must move it to row 0 of (P)) and counts the matches. */
    const aliveAfterTagging = (k: number): number[] => {
      for (const e of a) w.remove(e as number, Alive);
      w.add(a[k] as number, Alive);
      return visitByCount(alive);
    };
    for (const _t of all) break;
    expect(aliveAfterTagging(3)).toEqual([a[3]]);
    const it = all[Symbol.iterator]();
    expect(it.next().done).toBe(false);
    expect(it.return?.().done).toBe(true);
    expect(aliveAfterTagging(2)).toEqual([a[2]]);
    const ended = all[Symbol.iterator]();
    while (ended.next().value?.has(V) === false) {}
    w.flush(); // ends it on the (P, V) table, past (P) and (P, Hot)
    expect(aliveAfterTagging(1)).toEqual([a[1]]);
    for (const t of all) expect(t.count).toBeGreaterThan(0); // to the end: every table it passed is let go
    expect(aliveAfterTagging(3)).toEqual([a[3]]);
    // Still held while an outer loop is open on (P): the inner loop refuses, the view stays.
    for (const t of all) {
      if (t.has(V)) continue;
      const before = [...t.entities];
      expectThrows(
        () => aliveAfterTagging(2),
        ArgumentError,
        "A filtered loop cannot take table (P): its matching rows must move to the front while an outer loop that went through that table is still running. Test the tag with world.has() in the inner loop, or take q.entities() before the outer loop",
      );
      expect([...t.entities]).toEqual(before);
    }
  });
});

describe("filtered loops against a model (property)", () => {
  type Op =
    | { kind: "spawn"; shape: number; alive: boolean }
    | { kind: "toggle"; pick: number }
    | { kind: "destroy"; pick: number }
    | { kind: "move"; pick: number }
    | { kind: "loop"; form: number; nested: boolean };
  const opArb: fc.Arbitrary<Op> = fc.oneof(
    fc.record({ kind: fc.constant("spawn" as const), shape: fc.nat(3), alive: fc.boolean() }),
    fc.record({ kind: fc.constant("toggle" as const), pick: fc.nat() }),
    fc.record({ kind: fc.constant("destroy" as const), pick: fc.nat() }),
    fc.record({ kind: fc.constant("move" as const), pick: fc.nat() }),
    fc.record({ kind: fc.constant("loop" as const), form: fc.nat(1), nested: fc.boolean() }),
  );
  const SHAPES = [[P], [P, V], [P, Hot], [P, V, Name]];

  it("every loop visits exactly the live entities with the tag, and its writes land on them", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 80 }), async (ops) => {
        const world = await createWorld({ components: ALL, debug: true });
        const q = world.query({ all: [P, Alive] });
        const live: number[] = [];
        const alive = new Set<number>();
        const written = new Map<number, number>();
        let stamp = 0;
        for (const op of ops) {
          const pick = "pick" in op && live.length > 0 ? live[op.pick % live.length] : undefined;
          if (op.kind === "spawn") {
            const s = world.spawn(...SHAPES[op.shape]);
            live.push(s);
            if (op.alive) {
              world.add(s, Alive);
              alive.add(s);
            }
          } else if (pick !== undefined && op.kind === "toggle") {
            if (alive.delete(pick)) world.remove(pick, Alive);
            else {
              world.add(pick, Alive);
              alive.add(pick);
            }
          } else if (pick !== undefined && op.kind === "destroy") {
            world.destroy(pick);
            live.splice(live.indexOf(pick), 1);
            alive.delete(pick);
            written.delete(pick);
          } else if (pick !== undefined && op.kind === "move") {
            if (world.has(pick, Hot)) world.remove(pick, Hot);
            else world.add(pick, Hot);
          } else if (op.kind === "loop") {
            stamp++;
            const seen: number[] = [];
            for (const t of q) {
              const px = t.write(P).x;
              const ents = t.entities;
              const n = op.form === 0 ? t.count : px.length;
              for (let i = 0; i < n; i++) {
                px[i] = stamp;
                seen.push(ents[i]);
                written.set(ents[i], stamp);
              }
              // The same query nested: its rows are in front already, nothing moves.
              if (op.nested) for (const u of q) expect(u.count).toBeGreaterThan(0);
              expect([...t.entities]).toEqual([...ents]);
            }
            expect(sorted(seen)).toEqual(sorted(alive));
          }
        }
        for (const [e, v] of written) expect(world.get(e, P).x).toBe(v);
        expect(sorted(q.entities())).toEqual(sorted(alive));
      }),
      { numRuns: 60 },
    );
  });
});
