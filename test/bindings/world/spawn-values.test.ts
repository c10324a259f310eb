// world.spawn(P.with(values), ...) outside a loop: once each init's component has a
// record lookup (the first such spawn makes it), a release world reads the values by
// code made for the component, makes one core spawn and writes the given fields into the
// new row (world/spawn-now.ts). Each test spawns once first, then checks that path
// against what spawn() documents; getters that call the world, and a model test of random
// spawns, compare a release world with a debug one (which always takes the general path).
// Also here: get / set / accessors right after a core call renew their lookup on the spot.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  ArgumentError,
  CapacityError,
  type ComponentArg,
  component,
  createWorld,
  SchemaError,
  tag,
  type World,
} from "wasm-ecs";
import { expectThrows } from "../../support/errors.js";

const P = component("P", { x: "f32", y: "f32" });
const V = component("V", { x: "f32", y: "f32" });
const I = component("I", { n: "i32" }, { defaults: { n: 7 } });
const T = tag("T");

/** A world whose spawns with P, V and I values take the fast path from now on. */
async function warmWorld(debug = false) {
  const w = await createWorld({ components: [P, V, I, T], debug });
  w.spawn(P.with({ x: 0 }), V.with({ x: 0 }), I.with({ n: 0 }), T);
  w.spawn(P.with({ x: 0 }), V.with({ x: 0 }));
  w.spawn(P.with({ x: 0 }));
  return w;
}

describe("world.spawn with init values outside a loop", () => {
  it("writes the given fields; the other fields and bare components take their defaults", async () => {
    const w = await warmWorld();
    const e = w.spawn(P.with({ x: 1 }), V.with({ x: 2, y: 3 }), I, T);
    expect(w.get(e, P)).toEqual({ x: 1, y: 0 });
    expect(w.get(e, V)).toEqual({ x: 2, y: 3 });
    expect(w.get(e, I)).toEqual({ n: 7 });
    expect(w.has(e, T)).toBe(true);
    const f = w.spawn(I.with({}), P.with({ y: 4 }));
    expect([w.get(f, I), w.get(f, P), w.has(f, V)]).toEqual([{ n: 7 }, { x: 0, y: 4 }, false]);
  });

  it("gives each entity its own row, other rows untouched, also after a swap-remove", async () => {
    const w = await warmWorld();
    const es = Array.from({ length: 50 }, (_, i) => w.spawn(P.with({ x: i, y: -i }), V.with({ x: 2 * i })));
    w.destroy(es[3]);
    es.push(w.spawn(P.with({ x: 50, y: -50 }), V.with({ x: 100 })));
    for (const [i, e] of es.entries()) {
      if (i === 3) continue;
      expect([w.get(e, P), w.get(e, V)]).toEqual([
        { x: i, y: -i },
        { x: 2 * i, y: 0 },
      ]);
    }
  });

  it("lands after the memory grew under the table's columns", async () => {
    const w = await warmWorld();
    w.spawnMany(200_000, P, V);
    const e = w.spawn(P.with({ x: 3, y: 4 }), V.with({ y: 5 }));
    expect([w.get(e, P), w.get(e, V)]).toEqual([
      { x: 3, y: 4 },
      { x: 0, y: 5 },
    ]);
  });

  it("throws SchemaError for a value that is no number or no values object, spawning nothing", async () => {
    const w = await warmWorld();
    const before = w.entityCount;
    expectThrows(() => w.spawn(P.with({ x: "1" } as never), V), SchemaError, /P\.x/);
    expectThrows(() => w.spawn(P.with(null as never), V), SchemaError, /P/);
    expectThrows(() => w.spawn(P.with(5 as never), V), SchemaError, /P/);
    expect(w.entityCount).toBe(before);
    expect(w.query({ all: [P, V] }).count()).toBe(2);
  });

  it("a key that is no field: not read in a release world, SchemaError naming it in a debug world", async () => {
    const w = await warmWorld();
    const e = w.spawn(P.with({ x: 1 }), V.with({ y: 2, z: 1 } as never));
    expect([w.get(e, P), w.get(e, V)]).toEqual([
      { x: 1, y: 0 },
      { x: 0, y: 2 },
    ]);
    const d = await warmWorld(true);
    const before = d.entityCount;
    expectThrows(() => d.spawn(P.with({ x: 1 }), V.with({ z: 1 } as never)), SchemaError, /^V has no field "z"/);
    expect(d.entityCount).toBe(before);
  });

  it("throws CapacityError when the memory is exhausted, spawning nothing and reading the values once", async () => {
    const w = await createWorld({ components: [P, V], maxMemoryBytes: 4 * 1024 * 1024 });
    w.spawn(P.with({ x: 0 }), V.with({ x: 0 }));
    let reads = 0;
    let error: unknown;
    try {
      for (let i = 0; i < 1_000_000; i++) {
        w.spawn(
          P.with({
            get x() {
              reads++;
              return i;
            },
          }),
          V.with({ y: i }),
        );
      }
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(CapacityError);
    expect(reads).toBe(w.entityCount); // the failed spawn read once too, and the first entity read none
    const last = [...w.query({ all: [P, V] }).entities()].at(-1) as number;
    expect(w.get(last, P).x).toBe(w.entityCount - 2);
  });

  it("reads each init once: a key given as undefined, and inits before one it cannot read", async () => {
    const w = await warmWorld();
    let reads = 0;
    const counted = (x: number) => ({
      get x() {
        reads++;
        return x;
      },
    });
    const e = w.spawn(P.with(counted(3)), V.with({ x: undefined, y: 1 }));
    expect([reads, w.get(e, P), w.get(e, V)]).toEqual([1, { x: 3, y: 0 }, { x: 0, y: 1 }]);
    const vy = {
      y: undefined,
      get x() {
        reads++;
        return 6;
      },
    };
    const f = w.spawn(P, V.with(vy));
    expect([reads, w.get(f, V)]).toEqual([2, { x: 6, y: 0 }]);
    const before = w.entityCount;
    expectThrows(() => w.spawn(P.with(counted(4)), V.with({ y: "s" } as never)), SchemaError, /V\.y/);
    expect([reads, w.entityCount]).toEqual([3, before]);
  });

  it("marks spawned rows added when a query tracks additions (the general path)", async () => {
    const w = await warmWorld();
    const added = w.query({ all: [P], added: [P] });
    added.count();
    const e = w.spawn(P.with({ x: 9 }), V.with({ x: 1 }));
    const seen: number[] = [];
    for (const t of added) for (const r of t.rows as Uint32Array) seen.push(t.entities[r] as number);
    expect(seen).toContain(e);
    expect(w.get(e, P)).toEqual({ x: 9, y: 0 });
  });
});

describe("world.spawn with init values whose getters call the world (release as debug)", () => {
  /** Runs body in a release and a debug world (spawns with values made fast first); the logs must agree. */
  async function both(body: (w: World, log: unknown[]) => void): Promise<unknown[]> {
    const out: unknown[][] = [];
    for (const debug of [false, true]) {
      const w = await warmWorld(debug);
      const log: unknown[] = [];
      try {
        body(w, log);
      } catch (error) {
        log.push((error as Error).constructor.name, (error as Error).message);
      }
      log.push(w.entityCount, w.query({ all: [P] }).count(), w.query({ all: [V] }).count());
      out.push(log);
    }
    expect(out[0]).toEqual(out[1]);
    return out[0] as unknown[];
  }
  const getterX = (x: number, call: () => void) => ({
    get x() {
      call();
      return x;
    },
  });

  it("a getter that spawns another set: both spawn, each with its values, the getter read once", async () => {
    const log = await both((w, log) => {
      let reads = 0;
      let inner = -1;
      const e = w.spawn(
        P.with(
          getterX(1, () => {
            reads++;
            inner = w.spawn(V.with({ x: 5 }));
          }),
        ),
        V.with({ y: 2 }),
      );
      log.push(reads, w.get(e, P), w.get(e, V), w.get(inner, V));
    });
    expect(log.slice(0, 4)).toEqual([1, { x: 1, y: 0 }, { x: 0, y: 2 }, { x: 5, y: 0 }]);
  });

  it("a getter that spawns the same set with values: ArgumentError, the inner entity stays", async () => {
    const log = await both((w, log) => {
      w.spawn(P.with(getterX(1, () => log.push(w.get(w.spawn(P.with({ x: 7 }), V.with({ x: 8 })), V)))), V);
    });
    expect(log.slice(0, 2)).toEqual([{ x: 8, y: 0 }, ArgumentError.name]);
    expect(log[2]).toBe(
      "The values of P, V given to spawn() spawned or flushed (a getter called the world): nothing was spawned",
    );
  });

  it("a getter of a spawn the general path reads, spawning the same set with values: ArgumentError", async () => {
    const log = await both((w, log) => {
      // V's values have a field that is not enumerable: the general path reads them (it leaves x out).
      const v = Object.defineProperty({ y: 1 }, "x", { value: 5, enumerable: false });
      w.spawn(V.with({ x: 0 }), P); // the inner spawn's set, known from now on
      w.spawn(V.with(v), P.with(getterX(1, () => log.push(w.spawn(V.with({ x: 8 }), P) > 0))));
    });
    expect(log.slice(0, 2)).toEqual([true, ArgumentError.name]);
  });

  it("a getter that adds one of the spawn's components with values elsewhere leaves the spawn's values alone", async () => {
    const log = await both((w, log) => {
      const other = w.spawn(T);
      const e = w.spawn(P.with({ x: 3 }), V.with(getterX(4, () => w.add(other, P, { x: 9, y: 9 }))));
      log.push(w.get(e, P), w.get(e, V), w.get(other, P));
    });
    expect(log.slice(0, 3)).toEqual([
      { x: 3, y: 0 },
      { x: 4, y: 0 },
      { x: 9, y: 9 },
    ]);
  });

  it("a getter that destroys entities or grows the memory: the spawn lands where the table is now", async () => {
    await both((w, log) => {
      const victims = Array.from({ length: 5 }, () => w.spawn(P.with({ x: 1 }), V.with({ x: 1 })));
      const e = w.spawn(
        P.with(
          getterX(6, () => {
            for (const v of victims) w.destroy(v);
            w.spawnMany(150_000, P, V);
          }),
        ),
        V.with({ x: 2 }),
      );
      log.push(w.get(e, P), w.get(e, V));
    });
  });

  it("a getter that marks the table changed: the spawn still lands, the marks stand", async () => {
    await both((w, log) => {
      const changed = w.query({ all: [P, V], changed: [P] });
      changed.count();
      let held: { write(c: typeof P): unknown } | undefined;
      for (const t of w.query({ all: [P, V], write: [P] })) held = t;
      const e = w.spawn(P.with(getterX(2, () => held?.write(P))), V);
      const rows: number[] = [];
      for (const t of changed) for (const r of t.rows as Uint32Array) rows.push(t.entities[r] as number);
      log.push(w.get(e, P), rows.length > 0);
    });
  });
});

describe("values the fast paths read as the general path does (release as debug)", () => {
  /** What spawn (now and deferred), add and set give for values, in a release and a debug world, all warmed. */
  async function outcomes(values: () => object, same = true): Promise<unknown[][]> {
    const out: unknown[][] = [];
    for (const debug of [false, true]) {
      const w = await warmWorld(debug);
      const e = w.spawn(P.with({ x: 1, y: 1 }));
      w.set(e, P, { x: 1 });
      w.defer(() => w.spawn(P.with({ x: 1 })));
      const t = (f: () => unknown) => {
        try {
          return f();
        } catch (error) {
          return [(error as Error).constructor.name, (error as Error).message];
        }
      };
      out.push([
        t(() => w.get(w.spawn(P.with(values() as never), V), P)),
        t(() => w.defer(() => w.get(w.spawn(P.with(values() as never)), P))),
        t(() => {
          const f = w.spawn(V);
          w.add(f, P, values() as never);
          return w.get(f, P);
        }),
        t(() => {
          w.set(e, P, values() as never);
          return w.get(e, P);
        }),
        w.entityCount,
      ]);
    }
    if (same) expect(out[0]).toEqual(out[1]);
    return out;
  }

  it("a key that is no field: not read in a release world, a SchemaError naming it in a debug world", async () => {
    class Odd {
      bogus = 1;
      get x() {
        return undefined;
      }
    }
    const refused = [SchemaError.name, 'P has no field "bogus" (its fields: x, y)'];
    const [release, debug] = await outcomes(() => new Odd(), false);
    expect(release).toEqual([{ x: 0, y: 0 }, { x: 0, y: 0 }, { x: 0, y: 0 }, { x: 1, y: 1 }, 8]);
    expect(debug).toEqual([refused, refused, refused, refused, 6]);
    const [hidden, hiddenDebug] = await outcomes(() => Object.defineProperty({ bogus: 7 }, "x", { value: 5 }), false);
    expect(hidden).toEqual([{ x: 5, y: 0 }, { x: 5, y: 0 }, { x: 5, y: 0 }, { x: 5, y: 1 }, 8]);
    expect(hiddenDebug).toEqual([refused, refused, refused, refused, 6]);
  });

  it("reads each field by its name: own or inherited, enumerable or not", async () => {
    const [release] = await outcomes(() => Object.defineProperty(Object.create({ y: 6 }), "x", { value: 5 }));
    expect(release).toEqual([{ x: 5, y: 6 }, { x: 5, y: 6 }, { x: 5, y: 6 }, { x: 5, y: 6 }, 8]);
  });

  it("runs a getter in refused values at most twice, in accepted ones once", async () => {
    const w = await warmWorld();
    let n = 0;
    const bad = {
      get x() {
        n++;
        return "s";
      },
    };
    expectThrows(() => w.spawn(P.with(bad as never), V), SchemaError, /P\.x/);
    expect(n).toBeLessThanOrEqual(2);
    n = 0;
    const ok = Object.create(Object.defineProperty({}, "x", { value: 4 }));
    Object.defineProperty(ok, "y", {
      enumerable: true,
      get() {
        n++;
        return 2;
      },
    });
    expect(w.get(w.spawn(P.with(ok), V), P)).toEqual({ x: 4, y: 2 });
    expect(n).toBe(1);
  });
});

describe("world.get / set / accessors right after a core call", () => {
  it("an accessor getter reads the column where it is after a spawn moved it", async () => {
    const w = await createWorld({ components: [P] });
    const pos = w.access(P);
    const e = w.spawn(P.with({ x: 0 }));
    const q = w.query({ all: [P] });
    for (let i = 1; i <= 300; i++) {
      w.spawn(P); // the table grows now and then: its columns move
      for (const t of q) t.columns(P).x[0] = i;
      expect(pos.x(e)).toBe(i);
      expect(w.get(e, P).x).toBe(i);
    }
  });

  it("read and write the entity's row after each spawn, add, remove and destroy", async () => {
    const w = await warmWorld();
    const pos = w.access(P);
    const alive: number[] = [];
    const want = new Map<number, { x: number; y: number }>();
    for (let i = 0; i < 40; i++) {
      const e = w.spawn(P, V);
      w.set(e, P, { x: i, y: 1 });
      alive.push(e);
      w.add(alive[(i * 7) % alive.length] as number, T);
      expect(w.get(e, P)).toEqual({ x: i, y: 1 });
      if (i % 5 === 4) w.destroy(alive.splice(i % alive.length, 1)[0] as number);
      w.remove(alive[(i * 3) % alive.length] as number, T);
      if (w.isAlive(e as never)) {
        pos.setY(e, pos.x(e) + 1);
        want.set(e, { x: i, y: i + 1 });
      }
    }
    for (const e of alive) expect(w.get(e, P)).toEqual(want.get(e));
  });
});

type Op = { k: "spawn"; p: number[] | null; v: number[] | null; i: boolean; t: boolean } | { k: "destroy"; e: number };
const val = fc.option(fc.integer({ min: -1000, max: 1000 }), { nil: undefined });
const fields = fc.option(
  fc.tuple(val, val).map(([x, y]) => [x, y] as number[]),
  { nil: null },
);
const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({ k: fc.constant("spawn" as const), p: fields, v: fields, i: fc.boolean(), t: fc.boolean() }),
  },
  { weight: 1, arbitrary: fc.record({ k: fc.constant("destroy" as const), e: fc.nat(60) }) },
);
const values = (xy: number[]): { x?: number; y?: number } => {
  const out: { x?: number; y?: number } = {};
  if (xy[0] !== undefined) out.x = xy[0];
  if (xy[1] !== undefined) out.y = xy[1];
  return out;
};

/** Runs ops on a world; each spawn's components and what every live entity holds at the end. */
async function run(ops: Op[], debug: boolean): Promise<unknown[]> {
  const w = await warmWorld(debug);
  const es: number[] = [];
  const out: unknown[] = [];
  for (const o of ops) {
    if (o.k === "destroy") {
      if (es.length > 0) w.destroy(es.splice(o.e % es.length, 1)[0] as number);
      continue;
    }
    const args = [
      ...(o.p === null ? [] : [P.with(values(o.p))]),
      ...(o.v === null ? [V] : [V.with(values(o.v))]),
      ...(o.i ? [I] : []),
      ...(o.t ? [T] : []),
    ];
    const e = w.spawn(...args);
    es.push(e);
    out.push([w.has(e, P) && w.get(e, P), w.get(e, V), w.has(e, I) && w.get(e, I), w.has(e, T)]);
  }
  out.push(
    es.map((e) => [w.has(e, P) && w.get(e, P), w.get(e, V)]),
    w.entityCount,
  );
  return out;
}

describe("world.spawn with init values: the release path agrees with the general one", () => {
  it("gives what a debug world gives for random spawns and destroys", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { maxLength: 80 }), async (ops) => {
        expect(await run(ops, false)).toEqual(await run(ops, true));
      }),
      { numRuns: 60 },
    );
  });
});

describe("a component given twice in one spawn", () => {
  it("is added once with its last init, whatever was spawned before, at once, deferred and in spawnMany", async () => {
    for (const debug of [false, true]) {
      const w = await createWorld({ components: [I, V], debug });
      const forms: ComponentArg[][] = [
        [I.with({ n: 1 }), I.with({ n: 2 })],
        [I, I.with({ n: 2 })],
        [I.with({ n: 2 }), I],
        [I.with({ n: 2 }), V, I],
        [I, V.with({ x: 3 }), I],
      ];
      const expected = [2, 2, 2, 2, 7];
      // Each form twice after every other one, so no staged row of an earlier spawn can decide it.
      for (let round = 0; round < 2; round++)
        for (const [k, args] of forms.entries()) {
          let later = -1;
          let inLoop = -1;
          const now = w.spawn(...args);
          w.defer(() => {
            later = w.spawn(...args);
            w.spawn(I.with({ n: 9 }), V);
            inLoop = w.spawn(...args);
          });
          const [many] = w.spawnMany(1, ...args);
          for (const e of [now, later, inLoop, many]) {
            expect(w.get(e, I).n).toBe(expected[k]);
            expect(w.has(e, V)).toBe(args.some((a) => a === V || (a.isInit && a.component === V)));
          }
        }
      // One after another in one deferred run of the same set (I given twice).
      const run: number[] = [];
      w.defer(() => {
        for (let i = 0; i < 3; i++) for (const k of [1, 2, 1, 0]) run.push(w.spawn(...forms[k]));
      });
      expect(run.map((e) => w.get(e, I).n)).toEqual(run.map(() => 2));
      // A getter in the kept init runs once.
      let reads = 0;
      const e = w.spawn(
        I,
        I.with({
          get n() {
            reads++;
            return 4;
          },
        }),
      );
      expect([w.get(e, I).n, reads]).toEqual([4, 1]);
    }
  });
});
