// world.add(e, C, values): a release world takes a path of its own once C has a record
// lookup (world/access.ts addWith: the values read by code made for C, then the core's add
// and the given fields, or, while deferring, the add recorded from what was read). Each
// test adds once first (which makes the lookup), then checks the fast path against what
// add() documents; getters that call the world, and a model test of random calls, compare
// a release world with a debug one (which always takes the general path).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { component, createWorld, type Entity, SchemaError, StaleEntityError, tag, type World } from "wasm-ecs";
import { expectThrows } from "../../support/errors.js";

const P = component("P", { x: "f32", y: "f32" });
const V = component("V", { x: "f32", y: "f32" });
const I = component("I", { n: "i32" }, { defaults: { n: 7 } });
const T = tag("T");

async function warmWorld(debug = false) {
  const w = await createWorld({ components: [P, V, I, T], debug });
  const warm = w.spawn(P);
  w.add(warm, V, { x: 0 });
  w.add(warm, I, { n: 0 });
  return w;
}

describe("world.add with values outside a loop", () => {
  it("moves the entity and writes the given fields; the others take C's defaults", async () => {
    const w = await warmWorld();
    const e = w.spawn(P.with({ x: 1, y: 2 }));
    w.add(e, V, { x: 5 });
    w.add(e, I, {});
    expect(w.get(e, P)).toEqual({ x: 1, y: 2 });
    expect(w.get(e, V)).toEqual({ x: 5, y: 0 });
    expect(w.get(e, I)).toEqual({ n: 7 });
    expect(w.query({ all: [P, V, I] }).count()).toBe(2);
  });

  it("on an entity that has C, writes the given fields only", async () => {
    const w = await warmWorld();
    const e = w.spawn(P, V.with({ x: 1, y: 2 }));
    w.add(e, V, { y: 9 });
    expect(w.get(e, V)).toEqual({ x: 1, y: 9 });
    expect(w.query({ all: [V] }).count()).toBe(2);
  });

  it("writes into the row the entity has after the move, other rows untouched", async () => {
    const w = await warmWorld();
    const es = Array.from({ length: 5 }, (_, i) => w.spawn(P.with({ x: i, y: i })));
    for (const [i, e] of es.entries()) w.add(e, V, { x: 10 + i, y: 20 + i });
    for (const [i, e] of es.entries()) expect(w.get(e, V)).toEqual({ x: 10 + i, y: 20 + i });
    w.destroy(es[1]);
    w.add(es[0], T);
    for (const i of [0, 2, 3, 4]) expect(w.get(es[i], V)).toEqual({ x: 10 + i, y: 20 + i });
  });

  it("lands after the memory grew under the table's columns", async () => {
    const w = await warmWorld();
    const e = w.spawn(P);
    w.spawnMany(200_000, P, V);
    w.add(e, V, { x: 3, y: 4 });
    expect(w.get(e, V)).toEqual({ x: 3, y: 4 });
  });

  it("throws StaleEntityError for a destroyed entity, nothing changed", async () => {
    const w = await warmWorld();
    const e = w.spawn(P);
    w.destroy(e);
    expectThrows(() => w.add(e, V, { x: 1 }), StaleEntityError, /is stale/);
    expect(w.query({ all: [V] }).count()).toBe(1);
    expect(w.entityCount).toBe(1);
  });

  it("throws SchemaError for a value that is no number or (debug) a key that is no field, nothing changed", async () => {
    for (const debug of [false, true]) {
      const w = await warmWorld(debug);
      const e = w.spawn(P);
      expectThrows(() => w.add(e, V, { x: "1" } as never), SchemaError, /V\.x/);
      if (debug) expectThrows(() => w.add(e, V, { z: 1 } as never), SchemaError, /^V has no field "z"/);
      expect(w.has(e, V)).toBe(false);
      expect(w.query({ all: [V] }).count()).toBe(1);
    }
    const w = await warmWorld();
    const e = w.spawn(P);
    w.add(e, V, { y: 2, z: 1 } as never); // a release world does not look at z
    expect(w.get(e, V)).toEqual({ x: 0, y: 2 });
  });

  it("reads a getter among the values once, before the entity moves", async () => {
    const w = await warmWorld();
    const e = w.spawn(P);
    const other = w.spawn(P);
    let reads = 0;
    w.add(e, V, {
      get x() {
        reads++;
        w.add(other, V, { x: 8, y: 8 }); // the same component's add, inside the getter
        return 4;
      },
      y: 5,
    });
    expect(reads).toBe(1);
    expect(w.get(e, V)).toEqual({ x: 4, y: 5 });
    expect(w.get(other, V)).toEqual({ x: 8, y: 8 });
  });

  it("marks the row changed when C's changes are tracked", async () => {
    const w = await warmWorld();
    const q = w.query({ all: [V], changed: [V] });
    for (const _ of q);
    const e = w.spawn(P);
    w.add(e, V, { x: 1 });
    const changed: number[] = [];
    for (const t of q) for (const row of t.rows as Uint32Array) changed.push(t.entities[row] as number);
    expect(changed).toContain(e);
  });
});

describe("world.add with values while deferring", () => {
  it("lands at the flush, the given fields only, in a query loop and in world.defer()", async () => {
    const w = await warmWorld();
    const es = Array.from({ length: 4 }, (_, i) => w.spawn(P.with({ x: i, y: i })));
    for (const t of w.query({ all: [P], none: [V] })) {
      const ids = Array.from(t.entities.subarray(0, t.count));
      for (const e of ids) w.add(e, V, { x: e * 10 });
      expect(w.has(ids[0] as number, V)).toBe(false); // not yet
    }
    for (const e of es) expect(w.get(e, V)).toEqual({ x: e * 10, y: 0 });
    w.defer(() => {
      w.add(es[0], V, { y: 5 }); // has V: written at once, as set writes it
      w.add(es[1], I, { n: 3 });
      expect(w.get(es[0], V)).toEqual({ x: es[0] * 10, y: 5 });
    });
    expect(w.get(es[0], V)).toEqual({ x: es[0] * 10, y: 5 });
    expect(w.get(es[1], I)).toEqual({ n: 3 });
  });

  it("takes an entity spawned in the same scope, and throws for a stale one or bad values, recording nothing", async () => {
    const w = await warmWorld();
    const dead = w.spawn(P);
    w.destroy(dead);
    let made = 0;
    w.defer(() => {
      const e = w.spawn(P);
      w.add(e, V, { x: 1, y: 2 });
      made = e;
      expectThrows(() => w.add(dead, V, { x: 1 }), StaleEntityError, /is stale/);
      expectThrows(() => w.add(e, V, { x: "1" } as never), SchemaError, /V\.x/);
    });
    expect(w.get(made, V)).toEqual({ x: 1, y: 2 });
    expect(w.query({ all: [V] }).count()).toBe(2);
  });
});

describe("world.add with values whose getters call the world", () => {
  const Q = component("Q", { v: "i32" });
  /** What each case gives in a world of P, Q and T (P's add made fast first), release or debug. */
  async function both(body: (w: World, e: Entity, log: unknown[]) => void): Promise<void> {
    const out: unknown[][] = [];
    for (const debug of [false, true]) {
      const w = await createWorld({ components: [P, Q, T], debug });
      w.add(w.spawn(T), P, { x: 0 });
      const log: unknown[] = [];
      body(w, w.spawn(T, Q), log);
      out.push(log);
    }
    expect(out[0]).toEqual(out[1]);
  }
  const rows = (q: Iterable<{ rows?: Uint32Array | null; entities: ArrayLike<number> }>) => {
    const got: number[] = [];
    for (const t of q) for (const r of t.rows as Uint32Array) got.push(t.entities[r] as number);
    return got;
  };

  it("a flush inside a getter, in a query loop, applies the add with what the loop waited for", () =>
    both((w, e, log) => {
      for (const _ of w.query({ all: [T] })) {
        w.add(e, P, {
          get x() {
            w.flush();
            return 1;
          },
        });
        break;
      }
      log.push(w.has(e, P), w.has(e, P) && w.get(e, P));
    }));

  it("an iteration begun inside a getter defers the add until it ends", () =>
    both((w, e, log) => {
      let it: Iterator<unknown> | undefined;
      w.add(e, P, {
        get x() {
          it = w.query({ all: [T] })[Symbol.iterator]();
          it.next();
          return 1;
        },
      });
      log.push(w.has(e, P));
      it?.return?.();
      log.push(w.has(e, P), w.has(e, P) && w.get(e, P));
    }));

  it("tracking begun inside a getter sees the add", () =>
    both((w, e, log) => {
      let q: Iterable<{ rows?: Uint32Array | null; entities: ArrayLike<number> }> | undefined;
      w.add(e, P, {
        get x() {
          q = w.query({ all: [T], added: [P] });
          return 1;
        },
      });
      log.push(rows(q ?? []));
    }));

  it("a whole table marked changed inside a getter stays marked after the entity moves", () =>
    both((w, e, log) => {
      const changed = w.query({ all: [Q], changed: [Q] });
      rows(changed as never);
      let held: { write(c: typeof Q): unknown } | undefined;
      for (const t of w.query({ all: [T, Q], write: [Q] })) held = t;
      w.add(e, P, {
        get x() {
          held?.write(Q);
          return 1;
        },
      });
      log.push(rows(changed as never));
    }));
});

type Op =
  | { k: "spawn" }
  | { k: "add"; e: number; x: number | undefined; y: number | undefined; c: 0 | 1 }
  | { k: "remove"; e: number; c: 0 | 1 }
  | { k: "destroy"; e: number };

const num = fc.option(fc.integer({ min: -1000, max: 1000 }), { nil: undefined });
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.constant({ k: "spawn" as const }),
  fc.record({
    k: fc.constant("add" as const),
    e: fc.nat(40),
    x: num,
    y: num,
    c: fc.constantFrom(0 as const, 1 as const),
  }),
  fc.record({ k: fc.constant("remove" as const), e: fc.nat(40), c: fc.constantFrom(0 as const, 1 as const) }),
  fc.record({ k: fc.constant("destroy" as const), e: fc.nat(40) }),
);

/** Runs ops on a world, each chunk of `scope` ops inside world.defer() when `deferred`; what each step gave. */
async function run(ops: Op[], debug: boolean, deferred: boolean, scope: number): Promise<unknown[]> {
  const w = await createWorld({ components: [P, V], debug });
  const es = [w.spawn(P)];
  w.add(es[0], V, { x: 0 }); // the lookup of V
  const out: unknown[] = [];
  const step = (o: Op) => {
    try {
      if (o.k === "spawn") es.push(w.spawn(P));
      else {
        const e = es[o.e % es.length] as number;
        const C = o.k !== "destroy" && o.c === 0 ? V : P;
        if (o.k === "add") {
          const values: { x?: number; y?: number } = {};
          if (o.x !== undefined) values.x = o.x;
          if (o.y !== undefined) values.y = o.y;
          w.add(e, C, values);
          out.push(w.has(e, P) ? w.get(e, P) : null, w.has(e, V) ? w.get(e, V) : null);
        } else if (o.k === "remove") out.push(w.remove(e, C));
        else w.destroy(e);
      }
    } catch (error) {
      out.push([(error as Error).constructor.name, (error as Error).message]);
    }
  };
  for (let i = 0; i < ops.length; i += scope) {
    const chunk = ops.slice(i, i + scope);
    if (deferred) w.defer(() => chunk.forEach(step));
    else chunk.forEach(step);
    out.push(es.map((e) => (w.isAlive(e) ? [w.has(e, P) && w.get(e, P), w.has(e, V) && w.get(e, V)] : "dead")));
  }
  out.push(w.entityCount, w.query({ all: [V] }).count(), w.query({ all: [P] }).count());
  return out;
}

describe("world.add with values: the release paths agree with the general one", () => {
  for (const deferred of [false, true])
    it(`gives what a debug world gives for random adds, removes and destroys${deferred ? " inside world.defer()" : ""}`, async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(op, { maxLength: 60 }), fc.integer({ min: 1, max: 12 }), async (ops, scope) => {
          expect(await run(ops, false, deferred, scope)).toEqual(await run(ops, true, deferred, scope));
        }),
        { numRuns: 60 },
      );
    });
});
