// Query iterators as JS iterators (bindings/query/iterate.ts): an iteration holds the
// world's changes back from its first next() until it ends; one left unfinished is ended
// by the next flush() or step(), which apply what waited; break, return and throw close it.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ArgumentError, component, createWorld, tag } from "wasm-ecs";
import { expectThrows } from "../../support/errors.js";

const Pos = component("Pos", { x: "f32", y: "f32" });
const Hot = tag("Hot");
const ENDED = (by: string) =>
  `This query iteration was ended by ${by} before it finished (the changes waiting for it were applied then): iterate the query again`;

async function world() {
  const w = await createWorld({ components: [Pos, Hot] });
  w.spawnMany(3, Pos);
  w.spawnMany(3, Pos, Hot);
  return w;
}

describe("query iterators", () => {
  it("an iterator never advanced holds nothing back", async () => {
    const w = await world();
    const it = w.query({ all: [Pos] })[Symbol.iterator]();
    const e = w.spawn(Pos.with({ x: 4 }));
    expect(w.get(e, Pos)).toEqual({ x: 4, y: 0 });
    expect(it.next().done).toBe(false); // it starts now
    expect(it.return?.().done).toBe(true);
  });

  it("one left unfinished is ended by flush(): what waited is applied, and its next() throws", async () => {
    const w = await world();
    const it = w.query({ all: [Pos] })[Symbol.iterator]();
    expect(it.next().done).toBe(false);
    const e = w.spawn(Pos.with({ x: 3 }));
    expect(w.isAlive(e)).toBe(true);
    w.flush();
    expect(w.get(e, Pos)).toEqual({ x: 3, y: 0 });
    expect(w.entityCount).toBe(7);
    expectThrows(() => it.next(), ArgumentError, ENDED("world.flush()"));
    w.add(e, Hot); // applied at once again
    expect(w.has(e, Hot)).toBe(true);
    expect(w.snapshot().length).toBeGreaterThan(0);
  });

  it("one left unfinished is ended by step(), which then runs its systems", async () => {
    const w = await world();
    let ran = 0;
    w.system("count", { all: [Pos] }, (q) => {
      for (const t of q) ran += t.count;
    });
    const it = w.query({ all: [Hot] })[Symbol.iterator]();
    it.next();
    w.spawnMany(2, Pos);
    w.step();
    expect(ran).toBe(8);
    expectThrows(() => it.next(), ArgumentError, ENDED("world.step()"));
  });

  it("break, return and throw end an iteration as before; a finished iterator keeps answering done", async () => {
    const w = await world();
    const q = w.query({ all: [Pos] });
    for (const _t of q) {
      w.spawn(Pos);
      break;
    }
    expect(w.entityCount).toBe(7);
    expect(() => {
      for (const _t of q) {
        w.spawn(Pos);
        throw new RangeError("out");
      }
    }).toThrow(RangeError);
    expect(w.query({ all: [Pos] }).count()).toBe(8);
    const it = q[Symbol.iterator]();
    while (!it.next().done) {}
    expect(it.next().done).toBe(true);
    w.flush();
    expect(it.next().done).toBe(true);
  });

  it("answer next() with each table, then done with no value, read before the next call (Array.from, spread, by hand)", async () => {
    const w = await world();
    const q = w.query({ all: [Pos] });
    const tables = Array.from(q);
    expect(tables.length).toBe(2);
    expect(new Set(tables).size).toBe(2);
    expect([...q]).toEqual(tables);
    const it = q[Symbol.iterator]();
    const seen: unknown[] = [];
    for (let r = it.next(); !r.done; r = it.next()) seen.push(r.value);
    expect(seen).toEqual(tables);
    const last = it.next();
    expect([last.done, last.value]).toEqual([true, undefined]);
    expect(it.return?.()).toEqual({ done: true, value: undefined });
  });

  it("inherit from %IteratorPrototype%: iterable themselves, with the Iterator helpers where the runtime has them", async () => {
    const w = await world();
    const q = w.query({ all: [Pos] });
    const it = q[Symbol.iterator]();
    const iteratorPrototype = Object.getPrototypeOf(Object.getPrototypeOf([][Symbol.iterator]()));
    expect(Object.getPrototypeOf(Object.getPrototypeOf(Object.getPrototypeOf(it)))).toBe(iteratorPrototype);
    expect(it[Symbol.iterator as never]).toBe(iteratorPrototype[Symbol.iterator]);
    const helpers = iteratorPrototype as { toArray?: () => unknown[] };
    if (typeof helpers.toArray === "function") {
      const counts = (
        q[Symbol.iterator]() as unknown as { map(f: (t: { count: number }) => number): { toArray(): number[] } }
      )
        .map((t) => t.count)
        .toArray();
      expect(counts.sort()).toEqual([3, 3]);
    }
    expect([...(it as unknown as Iterable<unknown>)].length).toBe(2);
  });

  it("property: iterators dropped at random points never lose a change; the next flush() applies everything", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.oneof(
            fc.record({ op: fc.constant("open" as const), steps: fc.nat(3) }),
            fc.record({ op: fc.constant("spawn" as const) }),
            fc.record({ op: fc.constant("destroy" as const), pick: fc.nat() }),
            fc.record({ op: fc.constant("tag" as const), pick: fc.nat() }),
            fc.record({ op: fc.constant("flush" as const) }),
          ),
          { maxLength: 40 },
        ),
        async (ops) => {
          const w = await world();
          const alive = new Set<number>(w.query({}).entities());
          const hot = new Set<number>(w.query({ all: [Hot] }).entities());
          const pick = (n: number) => [...alive][n % alive.size];
          for (const o of ops) {
            if (o.op === "open") {
              const it = w.query({ all: [Pos] })[Symbol.iterator]();
              for (let k = 0; k < o.steps; k++) it.next();
            } else if (o.op === "spawn") alive.add(w.spawn(Pos));
            else if (o.op === "flush") w.flush();
            else if (alive.size > 0) {
              const e = pick(o.pick);
              if (o.op === "destroy") {
                w.destroy(e);
                alive.delete(e);
                hot.delete(e);
              } else if (!hot.has(e)) {
                w.add(e, Hot);
                hot.add(e);
              }
            }
          }
          w.flush();
          expect(new Set(w.query({}).entities())).toEqual(alive);
          expect(new Set(w.query({ all: [Hot] }).entities())).toEqual(hot);
          w.dispose();
        },
      ),
      { numRuns: 200, seed: 17 },
    );
  });
});
