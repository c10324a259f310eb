// world.spawn, add, remove and destroy have one entry point per mode (bindings/world/modes.ts):
// the world swaps them when its outermost scope opens (but for a loop over a query whose
// first loop deferred nothing, until one is called inside it) and closes, so that the call
// in a loop sees only the deferred paths. Whatever entry point a caller holds, and whatever
// it is given, a call does what the API documents for the mode the world is in when it runs.
import { describe, expect, it } from "vitest";
import {
  ArgumentError,
  type ComponentArg,
  component,
  createWorld,
  type Entity,
  StaleEntityError,
  tag,
  type World,
  WorldPoisonedError,
} from "wasm-ecs";
import { expectThrows } from "../../support/errors.js";

const P = component("P", { x: "f32", y: "f32" }, { defaults: { y: 5 } });
const T = tag("T");

/** What spawn(...args) gives: the entity, or the error's class and message. */
function attempt(spawn: (...args: ComponentArg[]) => Entity, args: unknown[]): Entity | string[] {
  try {
    return spawn(...(args as ComponentArg[]));
  } catch (error) {
    return [(error as Error).constructor.name, (error as Error).message];
  }
}

/** The entity's P and T as the world holds them (or the error). */
function state(w: World, got: Entity | string[]): unknown {
  return Array.isArray(got) ? got : { p: w.has(got, P) ? w.get(got, P) : undefined, t: w.has(got, T) };
}

const names = ["spawn", "add", "remove", "destroy"] as const;

describe("world.spawn's entry points", () => {
  it("are swapped when the outermost scope opens (a query's first loop) and closes, not by inner ones", async () => {
    const w = await createWorld({ components: [P, T] });
    const now = w.spawn;
    w.defer(() => {
      const later = w.spawn;
      expect(later).not.toBe(now);
      w.defer(() => expect(w.spawn).toBe(later));
      for (const _ of w.query({ all: [P] })) expect(w.spawn).toBe(later);
      expect(w.spawn).toBe(later);
    });
    expect(w.spawn).toBe(now);
    w.spawn(P);
    for (const _ of w.query({ all: [P] })) expect(w.spawn).not.toBe(now);
    expect(w.spawn).toBe(now);
  });

  it("stay immediate in the loops of a query whose first loop deferred nothing, until one is called inside", async () => {
    const S = tag("S", { sparse: true });
    const w = await createWorld({ components: [P, T, S] });
    const now = names.map((k) => w[k]);
    const isNow = () => names.every((k, i) => w[k] === now[i]);
    w.spawn(P.with({ x: 1 }));
    const q = w.query({ all: [P] });
    const seen: unknown[] = [];
    for (const t of q) seen.push(isNow(), t.count); // its first loop: the deferred ones, and nothing deferred
    for (const _ of q) seen.push(isNow()); // learnt: the immediate ones stay
    expect(seen).toEqual([false, 1, true]);
    // Called inside such a loop, an immediate one defers as the API says, and puts the deferred ones in place.
    seen.length = 0;
    for (const t of q) {
      const f = w.spawn(P.with({ x: 2 }));
      seen.push(isNow(), t.count, q.count(), w.isAlive(f));
    }
    seen.push(isNow(), q.count());
    for (const _ of q) seen.push(isNow()); // from then on, its loops put them in place
    expect(seen).toEqual([false, 1, 1, true, true, 2, false]);
    // Each entry point alike: deferred where the API defers, a sparse tag at once (the loops visit `anchor`).
    const cases: [(w: World, e: Entity) => unknown, (w: World, e: Entity) => unknown, unknown[]][] = [
      [(w) => w.spawn(P), (w) => w.query({ all: [P] }).count(), [false, true, true, 2, false]],
      [(w, e) => w.add(e, T), (w) => w.query({ all: [T] }).count(), [false, true, true, 1, false]],
      [(w, e) => w.remove(e, P), (w) => w.query({ all: [P] }).count(), [false, true, true, 0, false]],
      [(w, e) => w.add(e, S), (w, e) => w.has(e, S), [false, false, true, true, false]],
      [(w, e) => w.destroy(e), (w) => w.entityCount, [false, true, true, 1, false]],
    ];
    for (const [k, [call, look, expected]] of cases.entries()) {
      const anchor = tag("Anchor");
      const v = await createWorld({ components: [P, T, S, anchor] });
      const vNow = names.map((n) => v[n]);
      const vIsNow = () => names.every((n, i) => v[n] === vNow[i]);
      const f = v.spawn(P);
      v.spawn(anchor);
      const loops = v.query({ all: [anchor] });
      for (const _ of loops); // learnt: none
      const got: unknown[] = [];
      for (const _ of loops) {
        const before = look(v, f);
        call(v, f);
        got.push(vIsNow(), look(v, f) === before);
      }
      got.push(vIsNow(), look(v, f));
      for (const _ of loops) got.push(vIsNow());
      expect(got, `case ${k}`).toEqual(expected);
    }
    // A first loop that called them, though nothing waits for the flush (a sparse tag, a
    // remove of what the entity lacks): its query's loops keep putting them in place.
    const flips = w.query({ all: [P], none: [T] });
    for (const t of flips) w.add(t.entities[0] as Entity, S);
    const tagOnly: unknown[] = [];
    for (const t of flips) tagOnly.push(isNow(), w.remove(t.entities[0] as Entity, T));
    expect(tagOnly).toEqual([false, false]);
    // A loop nested in such a loop: the outer query learns from a call in the inner one.
    const outer = w.query({ all: [T] });
    for (const _ of outer);
    const g = w.spawn(P, T);
    const nested: unknown[] = [];
    for (const _ of outer) {
      nested.push(isNow());
      for (const _ of w.query({ all: [T], none: [S] })) w.add(g, S);
      nested.push(isNow(), w.has(g, S));
    }
    for (const _ of outer) nested.push(isNow());
    expect(nested).toEqual([true, false, true, false]);
  });

  it("stay deferred for a whole step, between its systems too, and are immediate again after it, also after a throw", async () => {
    const w = await createWorld({ components: [P, T] });
    const now = w.spawn;
    const seen: unknown[] = [];
    let spawned: Entity | undefined;
    w.system("first", { all: [P] }, () => {
      seen.push(w.spawn);
      spawned = w.spawn(P.with({ x: 2 }));
    });
    // Between the two, at depth 0, the deferred entry point takes the immediate path: the next system sees the entity.
    w.system("second", { all: [P] }, (q) => {
      seen.push(w.spawn, q.count(), w.get(spawned as Entity, P).x);
    });
    w.step();
    expect(seen[0]).not.toBe(now);
    expect(seen.slice(1)).toEqual([seen[0], 1, 2]);
    expect(w.spawn).toBe(now);
    w.system("third", { all: [P] }, () => {
      throw new RangeError("boom");
    });
    expect(() => w.step()).toThrow(RangeError);
    expect(w.spawn).toBe(now);
    const e = w.spawn(P);
    expect(w.query({ all: [P] }).count()).toBe(3); // one by "first" in each step, one now
    expect(w.has(e, P)).toBe(true);
  });

  it("are immediate again after a step whose system left an iteration open: it ended with the system", async () => {
    const w = await createWorld({ components: [P, T] });
    const now = w.spawn;
    w.spawn(P);
    let it: Iterator<unknown> | undefined;
    w.system("peek", { all: [P] }, (q) => {
      it = q[Symbol.iterator]();
      it.next();
      w.spawn(P);
    });
    w.step();
    expect(w.spawn).toBe(now);
    expect(w.query({ all: [P] }).count()).toBe(2); // the system's spawn applied when it returned
    w.spawn(P);
    expect(w.query({ all: [P] }).count()).toBe(3); // immediate
    expectThrows(
      () => it?.next(),
      ArgumentError,
      /^This query iteration was ended by the end of system "peek" before it finished/,
    );
    expect(w.spawn).toBe(now);
  });

  it("swap add, remove and destroy with spawn", async () => {
    const w = await createWorld({ components: [P, T] });
    const now = names.map((k) => w[k]);
    let later: unknown[] = [];
    w.defer(() => {
      later = names.map((k) => w[k]);
    });
    expect(later.every((f, i) => f !== now[i] && typeof f === "function")).toBe(true);
    expect(names.map((k) => w[k])).toEqual(now);
    expect(Object.keys(w)).toEqual(expect.arrayContaining([...names]));
  });

  it("add, remove and destroy kept past their mode act as the world's mode asks", async () => {
    const w = await createWorld({ components: [P, T] });
    const [a, b, c] = [w.spawn(P), w.spawn(P), w.spawn(P)];
    const { add: addNow, remove: removeNow, destroy: destroyNow } = w;
    let kept = { add: addNow, remove: removeNow, destroy: destroyNow };
    w.defer(() => {
      kept = { add: w.add, remove: w.remove, destroy: w.destroy };
      addNow(a, T); // deferred: the table changes at the scope's end
      expect(w.query({ all: [T] }).count()).toBe(0);
      expect(removeNow(b, P)).toBe(true);
      destroyNow(c);
      expect(w.isAlive(c)).toBe(true);
    });
    expect([w.has(a, T), w.has(b, P), w.isAlive(c)]).toEqual([true, false, false]);
    kept.add(b, P, { x: 4 }); // at once
    expect(w.get(b, P)).toEqual({ x: 4, y: 5 });
    expect(kept.remove(a, T)).toBe(true);
    expect(w.has(a, T)).toBe(false);
    kept.destroy(a);
    expect(w.isAlive(a)).toBe(false);
    expectThrows(() => kept.destroy(a), StaleEntityError, /is stale/);
    expectThrows(() => kept.add(a, T), StaleEntityError, /is stale/);
  });

  it("kept past their mode, spawn as the world's mode asks: at once outside a scope, deferred inside", async () => {
    const w = await createWorld({ components: [P, T] });
    const now = w.spawn;
    let later = now;
    let deferred = 0 as Entity;
    w.defer(() => {
      later = w.spawn;
      deferred = now(P.with({ x: 1 }));
      // Deferred: it has no row yet.
      expect(w.query({ all: [P] }).count()).toBe(0);
    });
    expect(w.get(deferred, P)).toEqual({ x: 1, y: 5 });
    const e = later(P.with({ x: 2 }), T);
    expect([w.get(e, P), w.has(e, T), w.entityCount]).toEqual([{ x: 2, y: 5 }, true, 2]);
    const f = later(P.with({ x: 3 }));
    expect(w.get(f, P)).toEqual({ x: 3, y: 5 });
  });

  it("give the same result for every argument count and kind inside a scope as outside", async () => {
    const cases: unknown[][] = [
      [],
      [undefined],
      [null],
      [5],
      [P],
      [T],
      [P.with({ x: 2 })],
      [P.with({ x: "2" } as never)],
      [P.with(null as never)],
      [P, T],
      [P.with({ x: 3 }), T],
      [T, P.with({ y: 1 }), T],
      [P, undefined],
    ];
    for (const [i, args] of cases.entries()) {
      const a = await createWorld({ components: [P, T] });
      const b = await createWorld({ components: [P, T] });
      const outside = state(a, attempt(a.spawn, args));
      let inside: Entity | string[] = [];
      b.defer(() => {
        inside = attempt(b.spawn, args);
      });
      expect(state(b, inside), `case ${i}`).toEqual(outside);
      expect(b.entityCount, `case ${i}`).toBe(a.entityCount);
      // The deferred entry point kept past its scope, and the immediate one called inside one.
      const c = await createWorld({ components: [P, T] });
      let later = c.spawn;
      c.defer(() => {
        later = c.spawn;
      });
      expect(state(c, attempt(later, args)), `case ${i} (kept)`).toEqual(outside);
      const d = await createWorld({ components: [P, T] });
      const now = d.spawn;
      let held: Entity | string[] = [];
      d.defer(() => {
        held = attempt(now, args);
      });
      expect(state(d, held), `case ${i} (kept into a scope)`).toEqual(outside);
    }
  });

  it("spawn two or three bare components again and again, in either mode, as one spawn of each would", async () => {
    const V = component("V", { x: "i32" });
    const w = await createWorld({ components: [P, T, V] });
    const spawned: Entity[] = [];
    const twice = (...args: ComponentArg[]) => spawned.push(w.spawn(...args), w.spawn(...args));
    twice(P, T); // the memo is made at once, then hit
    w.defer(() => {
      twice(P, T); // hit inside a scope
      twice(T, P); // another order: the same table, another memo
      twice(P, V);
      expect(w.query({ all: [P] }).count()).toBe(2);
    });
    twice(P, V); // made inside the scope, hit at once
    twice(P, P); // a component given twice: once
    w.defer(() => twice(T, P, P)); // the same inside a scope, after T
    const three: Entity[] = [];
    for (let i = 0; i < 2; i++) three.push(w.spawn(P, T, V));
    w.defer(() => {
      for (let i = 0; i < 2; i++) three.push(w.spawn(P, T, V), w.spawn(V, T, P));
    });
    expect(three.map((e) => [w.has(e, P), w.has(e, T), w.has(e, V)].every(Boolean))).toEqual(Array(6).fill(true));
    expect(w.query({ all: [P, T, V] }).count()).toBe(6);
    expectThrows(() => w.spawn(V, undefined as never), ArgumentError, /^Expected a component, got undefined$/);
    w.defer(() => {
      expectThrows(() => w.spawn(V, undefined as never), ArgumentError, /^Expected a component, got undefined$/);
    });
    const tables = spawned.map((e) => [w.has(e, P), w.has(e, T), w.has(e, V)].map(Number).join(""));
    const expected = ["110", "110", "110", "110", "110", "110", "101", "101", "101", "101", "100", "100", "110", "110"];
    expect(tables).toEqual(expected);
    expect(w.entityCount).toBe(20);
    expect(w.query({ all: [P, V], none: [T] }).count()).toBe(4);
    expect(w.get(spawned[0], P)).toEqual({ x: 0, y: 5 });
    expect(w.get(spawned[7], P)).toEqual({ x: 0, y: 5 });
  });

  it("throw for two arguments as for one once the world is disposed, in either mode", async () => {
    const w = await createWorld({ components: [P, T] });
    w.spawn(P, T);
    const later: (typeof w.spawn)[] = [];
    w.defer(() => {
      w.spawn(P, T);
      later.push(w.spawn);
    });
    w.dispose();
    for (const spawn of [w.spawn, later[0]])
      expectThrows(() => spawn(P, T), WorldPoisonedError, /^The world refuses further calls: the world was disposed$/);
  });

  it("stay as they are in a frozen world, which then works in every mode", async () => {
    const w = await createWorld({ components: [P, T] });
    const e = w.spawn(P);
    Object.freeze(w);
    const now = w.spawn;
    w.defer(() => {
      expect(w.spawn).toBe(now);
      w.add(e, T);
      w.spawn(P.with({ x: 2 }));
    });
    expect([w.has(e, T), w.entityCount]).toEqual([true, 2]);
    w.step(); // no scope left open
    for (const t of w.query({ all: [P] })) w.destroy(t.entities[0] as number); // one per table: {P, T} and {P}
    expect(w.entityCount).toBe(0);
  });
});
