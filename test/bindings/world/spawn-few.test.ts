// A spawn of two or three components with inits among them is code made for their set and
// the pattern of inits (bindings/store/init-code.ts FewSpawn; world/spawn.ts spawnLaterFew
// inside a scope, spawnNowShaped outside one). A debug world makes no such code: its spawns
// take the general path, the oracle here.
import { describe, expect, it } from "vitest";
import {
  ArgumentError,
  type ComponentArg,
  component,
  createWorld,
  type Entity,
  SchemaError,
  tag,
  type World,
} from "wasm-ecs";
import { expectThrows } from "../../support/errors.js";

const P = component("P", { x: "f32", y: "f32" }, { defaults: { y: 5 } });
const V = component("V", { x: "i32" }, { defaults: { x: 7 } });
const T = tag("T");
const REENTERED =
  /^The values of P, V given to spawn\(\) spawned or flushed \(a getter called the world\): nothing was spawned$/;

/** Spawn argument lists, mixing inits and bare components in every pattern and order. */
const shapes: (() => ComponentArg[])[] = [
  () => [P, V],
  () => [P.with({ x: 1 }), V],
  () => [P, V.with({ x: 2 })],
  () => [P.with({ y: 3 }), V.with({ x: 4 })],
  () => [P, V],
  () => [V.with({ x: 5 }), P],
  () => [P.with({ x: 6 }), V, T],
  () => [P, T, V.with({ x: 8 })],
  () => [T, P.with({ x: 9 }), V.with({})],
  () => [P.with({ x: 10, y: 11 }), V.with({ x: 12 })],
  () => [P.with({ x: 13 }), P],
  () => [P.with({ x: 14 }), V],
];

/** What each entity holds, in spawn order. */
function contents(w: World, es: readonly Entity[]): unknown[] {
  return es.map((e) => [w.has(e, P) ? w.get(e, P) : "-", w.has(e, V) ? w.get(e, V) : "-", w.has(e, T)]);
}

/** Spawns every shape `times` times over, in a scope (or at once), and gives what the entities hold. */
async function run(debug: boolean, deferred: boolean, times: number): Promise<unknown[]> {
  const w = await createWorld({ components: [P, V, T], debug });
  const es: Entity[] = [];
  const all = () => {
    for (let k = 0; k < times; k++) for (const shape of shapes) es.push(w.spawn(...shape()));
  };
  if (deferred) w.defer(all);
  else all();
  return contents(w, es);
}

/** The outcome of spawning args in a scope: what the scope's spawns left, or the error. */
async function attempt(debug: boolean, args: () => ComponentArg[]): Promise<unknown> {
  const w = await createWorld({ components: [P, V, T], debug });
  const before = w.defer(() => [w.spawn(P.with({ x: 1 }), V), w.spawn(P, V.with({ x: 2 }))]);
  try {
    w.defer(() => w.spawn(...args()));
  } catch (error) {
    return [(error as Error).constructor.name, (error as Error).message, w.entityCount, contents(w, before)];
  }
  return ["no error", w.entityCount];
}

describe("a spawn of two or three components with inits", () => {
  it("stages what the general path would, for every pattern, in runs that alternate them", async () => {
    const made = await run(false, true, 3);
    expect(made).toEqual(await run(true, true, 3));
    expect(made).toEqual(await run(false, false, 3));
    expect(made.slice(0, 4)).toEqual([
      [{ x: 0, y: 5 }, { x: 7 }, false],
      [{ x: 1, y: 5 }, { x: 7 }, false],
      [{ x: 0, y: 5 }, { x: 2 }, false],
      [{ x: 0, y: 3 }, { x: 4 }, false],
    ]);
  });

  it("refuses values that are no numbers as the general path does, spawning nothing", async () => {
    const bad = () => [P.with({ x: "1" } as never), V];
    const outcome = await attempt(false, bad);
    expect(outcome).toEqual(await attempt(true, bad));
    expect((outcome as unknown[])[0]).toBe(SchemaError.name);
    expect((outcome as unknown[])[2]).toBe(2);
  });

  it("refuses a getter that spawns while the values are read, spawning nothing", async () => {
    for (const debug of [false, true]) {
      const w = await createWorld({ components: [P, V, T], debug });
      const values = {
        get x() {
          w.spawn(P.with({ x: 1 }), V);
          return 3;
        },
      };
      w.defer(() => {
        w.spawn(P.with({ x: 2 }), V); // a run of this set, so that the next one joins it
        expectThrows(() => w.spawn(P.with(values), V.with({ x: 1 })), ArgumentError, REENTERED);
      });
      // The first spawn and the getter's stand; the refused one left nothing.
      expect(w.entityCount).toBe(2);
    }
  });

  it("at once, refuses a getter that spawns the same set, and reads the values once when one changes the world otherwise", async () => {
    for (const debug of [false, true]) {
      const w = await createWorld({ components: [P, V, T], debug });
      w.spawn(P.with({ x: 1 }), V.with({ x: 1 })); // the set's table is known
      const spawning = {
        get x() {
          w.spawn(P.with({ y: 9 }), V);
          return 3;
        },
      };
      expectThrows(() => w.spawn(P.with(spawning), V.with({ x: 2 })), ArgumentError, REENTERED);
      expect(w.entityCount).toBe(2);
      const other = w.spawn(T);
      let reads = 0;
      const destroying = {
        get x() {
          reads++;
          if (w.isAlive(other)) w.destroy(other);
          return 4;
        },
      };
      const e = w.spawn(P.with(destroying), V.with({ x: 5 }), T);
      expect([reads, w.get(e, P), w.get(e, V), w.has(e, T), w.isAlive(other)]).toEqual([
        1,
        { x: 4, y: 5 },
        { x: 5 },
        true,
        false,
      ]);
    }
  });

  it("reads each getter once when a later init's values take the general path, in either mode", async () => {
    for (const debug of [false, true]) {
      const w = await createWorld({ components: [P, V, T], debug });
      let reads = 0;
      const counted = (x: number) => ({
        get x() {
          reads++;
          return x;
        },
      });
      w.spawn(P.with({ x: 1 }), V.with({ x: 1 })); // the set's table is known
      // V.with({}) gives no field: the made code leaves it to the general path.
      const now = w.spawn(P.with(counted(2)), V.with({}));
      let later = 0 as Entity;
      w.defer(() => {
        w.spawn(P.with({ x: 1 }), V.with({ x: 1 }));
        later = w.spawn(P.with(counted(3)), V.with({}));
      });
      expect([reads, w.get(now, P), w.get(now, V), w.get(later, P), w.get(later, V)], `debug: ${debug}`).toEqual([
        2,
        { x: 2, y: 5 },
        { x: 7 },
        { x: 3, y: 5 },
        { x: 7 },
      ]);
    }
  });

  it("refuses a getter that called the world when a later init's values take the general path", async () => {
    for (const debug of [false, true]) {
      const w = await createWorld({ components: [P, V, T], debug });
      w.spawn(P.with({ x: 1 }), V.with({ x: 1 }));
      let reads = 0;
      const spawning = {
        get x() {
          reads++;
          w.spawn(P.with({ x: 99, y: 99 }), V.with({ x: 98 }));
          return 5;
        },
      };
      expectThrows(() => w.spawn(P.with(spawning), V.with({})), ArgumentError, REENTERED);
      expect([reads, w.entityCount], `debug: ${debug}`).toEqual([1, 2]);
      const flushing = {
        get x() {
          reads++;
          if (reads === 2) w.flush();
          return 5;
        },
      };
      w.defer(() => {
        w.spawn(P.with({ x: 1 }), V.with({ x: 1 }));
        expectThrows(() => w.spawn(P.with(flushing), V.with({})), ArgumentError, REENTERED);
      });
      expect([reads, w.entityCount], `debug: ${debug}`).toEqual([2, 3]);
    }
  });

  it("at once, spawns what a getter read once when the getter left the set's table unknown", async () => {
    for (const debug of [false, true]) {
      const w = await createWorld({ components: [P, V, T], debug });
      const empty = w.snapshot(); // before the set's table
      w.spawn(P.with({ x: 1 }), V.with({ x: 1 }));
      let reads = 0;
      const restoring = {
        get x() {
          reads++;
          w.restore(empty);
          return 3;
        },
      };
      const e = w.spawn(P.with(restoring), V.with({ x: 4 }));
      expect([reads, w.entityCount, w.get(e, P), w.get(e, V)], `debug: ${debug}`).toEqual([
        1,
        1,
        { x: 3, y: 5 },
        { x: 4 },
      ]);
    }
  });

  it("spawns many in one scope with the values each gave", async () => {
    const w = await createWorld({ components: [P, V, T] });
    const es: Entity[] = [];
    w.defer(() => {
      for (let i = 0; i < 1000; i++) es.push(w.spawn(P.with({ x: i, y: -i }), V.with({ x: 2 * i }), T));
    });
    expect(w.query({ all: [P, V, T] }).count()).toBe(1000);
    expect(es.every((e, i) => w.get(e, P).x === i && w.get(e, P).y === -i && w.get(e, V).x === 2 * i)).toBe(true);
  });
});

describe("a made immediate spawn and what its values do", () => {
  it("refuses a getter whose own spawn of the set failed, in either build, and writes nothing of it", async () => {
    for (const debug of [false, true]) {
      const w = await createWorld({ components: [P, V, T], debug });
      w.spawn(P.with({ x: 1 }), V); // the set's table is known
      const v = {
        get x() {
          try {
            w.spawn(P.with({ x: 2 }), V.with({ x: "5" as unknown as number })); // refused: SchemaError
          } catch {
            // the getter goes on
          }
          return 3;
        },
      };
      expectThrows(() => w.spawn(P.with(v), V), ArgumentError, REENTERED);
      expect(w.entityCount, `debug: ${debug}`).toBe(1);
      // One component: the same after get's lookup of P was made.
      w.get(w.spawn(P.with({ x: 1 })), P);
      const one = {
        get y() {
          try {
            w.spawn(P.with({ y: "9" as unknown as number }));
          } catch {
            // the getter goes on
          }
          return 2;
        },
      };
      expectThrows(
        () => w.spawn(P.with(one)),
        ArgumentError,
        "The values of P given to spawn() spawned or flushed (a getter called the world): nothing was spawned",
      );
      expect(w.entityCount, `debug: ${debug}`).toBe(2);
    }
  });

  it("names a BigInt, a symbol or an object among the values with SchemaError, converting none of them", async () => {
    for (const debug of [false, true]) {
      const w = await createWorld({ components: [P, V, T], debug });
      w.spawn(P.with({ x: 1 }), V, T);
      w.spawn(P.with({ x: 1 }));
      let calls = 0;
      const counted = {
        valueOf() {
          calls++;
          return 1;
        },
      };
      for (const [x, shown] of [
        [3n, "3n"],
        [Symbol("s"), "Symbol(s)"],
        [counted, "object"],
      ] as const) {
        const bad = x as unknown as number;
        const message = `P.x cannot take ${shown}: values must be numbers`;
        expectThrows(() => w.spawn(P.with({ x: bad })), SchemaError, message);
        expectThrows(() => w.spawn(P.with({ x: bad }), V, T), SchemaError, message);
        expectThrows(() => w.spawn(V.with({ x: 1 }), P.with({ x: bad }), T), SchemaError, message);
      }
      expect([calls, w.entityCount], `debug: ${debug}`).toEqual([0, 2]);
    }
  });
});
