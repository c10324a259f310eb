// Systems and step(): order, before / after, hooks, deferral and flushing per system.
import { describe, expect, it } from "vitest";
import { ArgumentError, component, createWorld, type SystemContext, type Table, type World } from "wasm-ecs";
import { expectThrows } from "../../support/errors.js";

const Position = component("Position", { x: "f32" });
const Velocity = component("Velocity", { x: "f32" });
const Health = component("Health", { hp: "i32" });

describe("systems", () => {
  it("step runs systems in declared order and passes the world, dt and the step number", async () => {
    const world = await createWorld({ components: [Position] });
    const log: string[] = [];
    const seen: SystemContext<World>[] = [];
    world.system("a", { all: [Position] }, (_q, ctx) => {
      log.push("a");
      seen.push(ctx);
    });
    world.system("b", { all: [Position] }, () => log.push("b"));
    world.system("c", { all: [Position] }, () => log.push("c"));
    world.step(0.5);
    world.step(0.25);
    expect(log).toEqual(["a", "b", "c", "a", "b", "c"]);
    expect(seen.map((c) => [c.dt, c.tick, c.world === world])).toEqual([
      [0.5, 1, true],
      [0.25, 2, true],
    ]);
    expect(world.tick).toBe(2);
  });

  it("before and after move a system only as far as needed; ties keep declaration order", async () => {
    const world = await createWorld({ components: [Position] });
    const log: string[] = [];
    const sys = (name: string, options = {}) => world.system(name, { all: [Position] }, () => log.push(name), options);
    sys("render", { after: ["move"] });
    sys("input", { before: ["move"] });
    sys("move");
    sys("physics", { before: ["render"], after: ["move"] });
    world.step();
    expect(log).toEqual(["input", "move", "physics", "render"]);
  });

  it("a system named in another's before / after is pulled just ahead of it; the others keep declared order", async () => {
    const world = await createWorld({ components: [Position] });
    const log: string[] = [];
    const sys = (name: string, options = {}) => world.system(name, { all: [Position] }, () => log.push(name), options);
    sys("a");
    sys("b");
    sys("c", { before: ["a"] });
    sys("d", { after: ["e"] });
    sys("e");
    world.step();
    expect(log).toEqual(["c", "a", "b", "e", "d"]);
  });

  it("a long chain of constraints orders without deep recursion", async () => {
    const world = await createWorld({ components: [Position] });
    const n = 20_000;
    const log: number[] = [];
    // Declared 0 .. n - 1, each after the next one: the run order is the reverse.
    for (let i = 0; i < n; i++)
      world.system(`s${i}`, { all: [Position] }, () => log.push(i), i < n - 1 ? { after: [`s${i + 1}`] } : {});
    world.step();
    expect(log.length).toBe(n);
    expect(log[0]).toBe(n - 1);
    expect(log.every((v, k) => v === n - 1 - k)).toBe(true);
  });

  it("a cycle or an unknown name in before / after is an ArgumentError naming the systems", async () => {
    const world = await createWorld({ components: [Position] });
    world.system("a", { all: [Position] }, () => {}, { after: ["b"] });
    world.system("b", { all: [Position] }, () => {}, { after: ["a"] });
    expect(() => world.step()).toThrow(ArgumentError);
    expect(() => world.step()).toThrow(/^The before \/ after constraints of systems "a", "b" form a cycle/);
    world.system("d", { all: [Position] }, () => {}, { after: ["a"] }); // after the cycle, not in it
    world.system("e", { all: [Position] }, () => {}, { before: ["e"] });
    // c lies between the cycles a <-> b and f <-> g, on neither.
    world.system("c", { all: [Position] }, () => {}, { after: ["a"], before: ["f"] });
    world.system("f", { all: [Position] }, () => {}, { after: ["g"] });
    world.system("g", { all: [Position] }, () => {}, { after: ["f"] });
    expectThrows(
      () => world.step(),
      ArgumentError,
      'The before / after constraints of systems "a", "b", "e", "f", "g" form a cycle',
    );
    const other = await createWorld({ components: [Position] });
    other.system("a", { all: [Position] }, () => {}, { before: ["nope"] });
    expect(() => other.step()).toThrow(/^System "a" runs before "nope", but no system has that name/);
  });

  it("a duplicate name, a missing function and a bad dt are ArgumentErrors", async () => {
    const world = await createWorld({ components: [Position] });
    world.system("a", { all: [Position] }, () => {});
    const before = world.snapshot();
    // Refused before its query is made: a changed term would start tracking Position.
    expect(() => world.system("a", { all: [Position], changed: [Position] }, () => {})).toThrow(
      /^A system named "a" exists already/,
    );
    expect(world.snapshot()).toEqual(before);
    expect(world.inspect().queries).toHaveLength(1);
    expect(() => world.system("", { all: [Position] }, () => {})).toThrow(/^A system needs a non-empty name/);
    expect(() => world.system("f", { all: [Position] }, 3 as never)).toThrow(/^System "f" needs a function/);
    expect(() => world.step(Number.NaN)).toThrow(/^step\(dt\) needs a finite number, got NaN/);
  });

  it("begin and end hooks run around each system, end also when the system throws", async () => {
    const world = await createWorld({ components: [Position] });
    const log: string[] = [];
    world.system("a", { all: [Position] }, () => log.push("a"), {
      begin: (ctx) => log.push(`begin a ${ctx.tick}`),
      end: () => log.push("end a"),
    });
    world.system(
      "b",
      { all: [Position] },
      () => {
        log.push("b");
        throw new Error("boom");
      },
      { end: () => log.push("end b") },
    );
    expect(() => world.step()).toThrow(/^boom$/);
    expect(log).toEqual(["begin a 1", "a", "end a", "b", "end b"]);
  });

  it("a system sees its query; changes it makes are deferred and flushed before the next system", async () => {
    const world = await createWorld({ components: [Position, Velocity] });
    for (let i = 0; i < 3; i++) world.spawn(Position.with({ x: i }));
    const counts: number[] = [];
    world.system("add velocity", { all: [Position], none: [Velocity] }, (q) => {
      for (const t of q) {
        for (const e of t.entities) world.add(e, Velocity, { x: 1 });
        // Deferred: the table is unchanged while the system runs.
        counts.push(t.count);
      }
      counts.push(q.count());
    });
    world.system("move", { all: [Position, Velocity] }, (q) => {
      counts.push(q.count());
      for (const t of q) {
        const p = t.write(Position);
        const v = t.read(Velocity);
        for (let i = 0; i < t.count; i++) p.x[i] += v.x[i];
      }
    });
    world.step();
    expect(counts).toEqual([3, 3, 3]);
    expect(world.query({ all: [Position] }).entities().length).toBe(3);
    const xs = [...world.query({ all: [Position] }).entities()].map((e) => world.get(e, Position).x);
    expect(xs.sort()).toEqual([1, 2, 3]);
  });

  it("spawn and destroy inside a system apply after it; step inside a system is refused", async () => {
    const world = await createWorld({ components: [Position, Health] });
    const a = world.spawn(Position);
    let spawned = 0;
    let inner: unknown;
    world.system("churn", { all: [Position] }, () => {
      spawned = world.spawn(Position, Health);
      world.destroy(a);
      expect(world.isAlive(a)).toBe(true);
      expect(world.has(spawned, Health)).toBe(true); // what it was spawned with, readable at once
      try {
        world.step();
      } catch (error) {
        inner = error;
      }
    });
    world.step();
    expect(world.isAlive(a)).toBe(false);
    expect(world.has(spawned, Health)).toBe(true);
    expect(inner).toBeInstanceOf(ArgumentError);
    expect((inner as Error).message).toBe("step() was called inside a step");
  });

  it("step inside defer() or a system is refused; step inside a loop ends the loop's iteration", async () => {
    const world = await createWorld({ components: [Position, Velocity] });
    world.spawn(Position);
    world.spawn(Position, Velocity);
    let steps = 0;
    expectThrows(
      () => {
        for (const _t of world.query({ all: [Position] })) {
          world.step();
          steps++;
        }
      },
      ArgumentError,
      "This query iteration was ended by world.step() before it finished (the changes waiting for it were applied then): iterate the query again",
    );
    expect(steps).toBe(1);
    expect(world.tick).toBe(1);
    expectThrows(() => world.defer(() => world.step()), ArgumentError, "step() was called inside defer() or a system");
    world.system("nested", { all: [Position] }, () => world.step());
    expectThrows(() => world.step(), ArgumentError, /^step\(\) was called inside a step/);
  });

  it("system() refuses malformed options with ArgumentError naming the option, and adds no system", async () => {
    const world = await createWorld({ components: [Position] });
    let runs = 0;
    world.system("a", { all: [Position] }, () => runs++);
    const fn = () => {};
    const cases: [unknown, string][] = [
      [null, 'System "b": option options must be an object such as { after: ["input"] }, got null'],
      [{ begin: 5 }, 'System "b": option begin must be a function, got 5'],
      [{ end: "x" }, 'System "b": option end must be a function, got x'],
      [
        { before: { length: 1, 0: "a" } },
        'System "b": option before must be an array of system names, got [object Object]',
      ],
      [{ after: [1] }, 'System "b": option after must be an array of system names, got 1'],
    ];
    for (const [options, message] of cases)
      expectThrows(() => world.system("b", { all: [Position] }, fn, options as never), ArgumentError, message);
    world.step(1);
    expect(runs).toBe(1);
    // The name is still free: nothing was added.
    world.system("b", { all: [Position] }, fn, { after: ["a"] });
    world.step(1);
    expect(runs).toBe(2);
  });
});

const ENDED = (by: string) =>
  `This query iteration was ended by ${by} before it finished (the changes waiting for it were applied then): iterate the query again`;

describe("a system's scope ends with it", () => {
  it("an iterator a system leaves unfinished ends when it returns: its changes apply, and the world is not left deferring", async () => {
    const world = await createWorld({ components: [Position, Health] });
    world.spawnMany(3, Position);
    let kept: Iterator<unknown> | undefined;
    const counts: number[] = [];
    world.system("a", { all: [Position] }, (q) => {
      kept = q[Symbol.iterator]();
      kept.next();
      world.spawn(Health);
    });
    world.system("b", { all: [Health] }, (q) => counts.push(q.count()));
    world.step();
    expect(counts).toEqual([1]); // b saw a's spawn
    expect(world.entityCount).toBe(4);
    expect(world.snapshot().length).toBeGreaterThan(0); // not deferring between steps
    expectThrows(() => kept?.next(), ArgumentError, ENDED('the end of system "a"'));
  });

  it("an iterator a defer() scope leaves unfinished ends with the scope", async () => {
    const world = await createWorld({ components: [Position, Health] });
    world.spawnMany(2, Position);
    let kept: Iterator<unknown> | undefined;
    const e = world.defer(() => {
      kept = world.query({ all: [Position] })[Symbol.iterator]();
      kept.next();
      return world.spawn(Health);
    });
    expect(world.has(e, Health)).toBe(true);
    expect(world.snapshot().length).toBeGreaterThan(0);
    expectThrows(() => kept?.next(), ArgumentError, ENDED("the end of world.defer()"));
  });

  it("a system does not read its own deferred changes in its next run; the others do", async () => {
    const world = await createWorld({ components: [Position, Health] });
    const e = world.spawn(Position);
    const seen: Record<string, number[]> = { adder: [], other: [] };
    let step = 0;
    world.system("adder", { all: [Health], added: [Health] }, (q) => {
      for (const t of q) seen.adder.push(...t.entities);
      if (step === 1) world.add(e, Health);
    });
    world.system("other", { all: [Health], added: [Health] }, (q) => {
      for (const t of q) seen.other.push(...t.entities);
    });
    for (step = 0; step < 4; step++) world.step();
    expect(seen).toEqual({ adder: [], other: [e] });
  });

  it("each() stops when its function flushes: no row is visited twice or past the table's end", async () => {
    const world = await createWorld({ components: [Position] });
    const es = world.spawnMany(4, Position);
    const q = world.query({ all: [Position] });
    const visits: number[] = [];
    expectThrows(
      () =>
        q.each((e) => {
          visits.push(e);
          if (e === es[0]) {
            world.destroy(es[1]);
            world.flush();
          }
        }),
      ArgumentError,
      ENDED("world.flush()"),
    );
    expect(visits).toEqual([es[0]]);
    expect(world.entityCount).toBe(3);
    world.spawn(Position); // the world takes calls: nothing is left open
    expect(q.count()).toBe(4);
  });
});

describe("a system's reads when its scope ends", () => {
  it("a change-filtered loop a system leaves open counts as its read: it skips its own writes, and an outside reader loses nothing", async () => {
    const world = await createWorld({ components: [Position, Health] });
    const [x, e] = world.spawnMany(2, Position);
    const seen: number[][] = [];
    const terms = { all: [Health], added: [Health] } as const;
    const outside = world.query(terms);
    const read = (q: Iterable<Table>) => {
      const out: number[] = [];
      for (const t of q) for (const row of t.rows as Uint32Array) out.push(t.entities[row]);
      return out;
    };
    expect(read(outside)).toEqual([]);
    world.system("adder", terms, (q, ctx) => {
      const it = q[Symbol.iterator]();
      const r = it.next(); // the loop is left unfinished
      seen.push(r.done === true ? [] : [...(r.value.rows as Uint32Array)].map((i) => r.value.entities[i]));
      if (ctx.tick === 2) world.add(e, Health);
    });
    world.step();
    world.add(x, Health);
    for (let i = 0; i < 3; i++) world.step();
    expect(seen).toEqual([[], [x], [], []]);
    expect(read(outside)).toEqual([x, e]);
  });

  it("a flush inside a system that starts tracking does not make the system read its later writes", async () => {
    const world = await createWorld({ components: [Position, Health] });
    const e = world.spawn(Health, Position);
    const seen: number[][] = [];
    world.system("s", { all: [Health], changed: [Health] }, (q, ctx) => {
      const got: number[] = [];
      for (const t of q) for (const row of t.rows as Uint32Array) got.push(t.entities[row]);
      seen.push(got);
      if (ctx.tick !== 2) return;
      world.query({ all: [Position], added: [Position] }).count(); // tracking waits for the flush
      world.flush();
      world.set(e, Health, { hp: 5 });
    });
    for (let i = 0; i < 4; i++) world.step();
    expect(seen).toEqual([[e], [], [], []]);
  });

  it("defer() ends the loop it opened even when a loop opened before it ended inside it", async () => {
    const world = await createWorld({ components: [Position, Health] });
    world.spawnMany(3, Position);
    const q = world.query({ all: [Position] });
    const outer = q[Symbol.iterator]();
    outer.next();
    let inner: Iterator<unknown> | undefined;
    world.defer(() => {
      outer.return?.(); // ends out of order, inside the scope
      inner = q[Symbol.iterator]();
      inner.next();
      world.spawn(Health);
    });
    expect(world.query({ all: [Health] }).count()).toBe(1);
    expect(world.snapshot().length).toBeGreaterThan(0);
    expectThrows(() => inner?.next(), ArgumentError, ENDED("the end of world.defer()"));
  });
});
