// User values read while the world changes: a getter in the values given to set / add /
// spawn that calls the world. set and add read the values before they look the entity
// up; a spawn whose getter spawns or flushes throws ArgumentError and records nothing.
import { describe, expect, it } from "vitest";
import { ArgumentError, component, createWorld, StaleEntityError } from "wasm-ecs";
import { expectThrows } from "../../support/errors.js";

const P = component("P", { x: "f32", y: "f32" });
const Q = component("Q", { z: "f32" });
const SPAWN_REENTERED =
  "The values of P given to spawn() spawned or flushed (a getter called the world): nothing was spawned";

describe("values read while the world changes", () => {
  it("set writes where the entity is after a getter in its values moved it", async () => {
    const w = await createWorld({ components: [P, Q] });
    const a = w.spawn(P.with({ x: 1, y: 1 }));
    const c = w.spawn(P.with({ x: 3, y: 3 }));
    w.set(a, P, {
      get x() {
        w.add(a, Q);
        return 99;
      },
    });
    expect(w.get(a, P)).toEqual({ x: 99, y: 1 });
    expect(w.get(c, P)).toEqual({ x: 3, y: 3 });
  });

  it("set lands after a getter in its values grew the memory", async () => {
    const w = await createWorld({ components: [P] });
    const a = w.spawn(P.with({ x: 1, y: 1 }));
    w.set(a, P, {
      get x() {
        w.spawnMany(100_000, P);
        return 99;
      },
    });
    expect(w.get(a, P)).toEqual({ x: 99, y: 1 });
  });

  it("set and add throw StaleEntityError when a getter in their values destroyed the entity, other rows untouched", async () => {
    const w = await createWorld({ components: [P, Q] });
    const a = w.spawn(P.with({ x: 1, y: 1 }));
    const c = w.spawn(P.with({ x: 3, y: 3 }));
    const destroying = () => ({
      get x() {
        w.destroy(a);
        return 99;
      },
    });
    expectThrows(() => w.set(a, P, destroying()), StaleEntityError, /^Entity 1 \(slot 1, generation 0\) is stale/);
    expect(w.get(c, P)).toEqual({ x: 3, y: 3 });
    const b = w.spawn(P.with({ x: 2, y: 2 }));
    const values = {
      get z() {
        w.destroy(b);
        return 5;
      },
    };
    expectThrows(() => w.add(b, Q, values), StaleEntityError, /is stale/);
    expect([...w.query({ all: [P] }).entities()]).toEqual([c]);
    expect(w.query({ all: [Q] }).count()).toBe(0);
  });

  it("a deferred spawn whose getter flushes throws ArgumentError and leaves no id alive", async () => {
    const w = await createWorld({ components: [P] });
    let e = -1;
    expectThrows(
      () =>
        w.defer(() => {
          e = w.spawn(
            P.with({
              get x() {
                w.flush();
                return 1;
              },
              y: 2,
            }),
          );
        }),
      ArgumentError,
      SPAWN_REENTERED,
    );
    expect(e).toBe(-1);
    expect(w.entityCount).toBe(0);
    w.defer(() => {
      w.spawn(P.with({ x: 5 }));
      w.spawn(P.with({ x: 6 }));
    });
    expect([...w.query({ all: [P] }).entities()].map((x) => w.get(x, P).x)).toEqual([5, 6]);
  });

  it("a spawn whose getter spawns the same set throws ArgumentError; the inner entity keeps its values", async () => {
    for (const deferred of [true, false]) {
      const w = await createWorld({ components: [P, Q] });
      let inner = -1;
      const run = () =>
        w.spawn(
          P.with({
            get x() {
              inner = w.spawn(P.with({ x: 7, y: 7 }));
              return 1;
            },
            y: 2,
          }),
        );
      expectThrows(() => (deferred ? w.defer(run) : run()), ArgumentError, SPAWN_REENTERED);
      expect(w.entityCount).toBe(1);
      expect(w.get(inner, P)).toEqual({ x: 7, y: 7 });
    }
  });

  it("a deferred spawn whose getter spawns another set throws ArgumentError; the flush applies the rest", async () => {
    const w = await createWorld({ components: [P, Q] });
    let c = -1;
    expectThrows(
      () =>
        w.defer(() => {
          w.spawn(P.with({ x: 1 }));
          w.spawn(
            P.with({
              get x() {
                c = w.spawn(Q.with({ z: 3 }));
                return 2;
              },
            }),
          );
        }),
      ArgumentError,
      SPAWN_REENTERED,
    );
    expect(w.entityCount).toBe(2);
    expect(w.get(c, Q)).toEqual({ z: 3 });
  });

  it("a deferred add with values, then set of the same component: the later set wins after the flush", async () => {
    const w = await createWorld({ components: [P] });
    const e = w.spawn(P.with({ x: 0 }));
    w.defer(() => {
      w.add(e, P, { x: 1 });
      w.set(e, P, { x: 2 });
      expect(w.get(e, P).x).toBe(2);
    });
    expect(w.get(e, P).x).toBe(2);
    w.defer(() => {
      w.remove(e, P);
      w.add(e, P, { x: 3 });
    });
    expect(w.get(e, P)).toEqual({ x: 3, y: 0 });
  });
});
