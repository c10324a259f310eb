// Memory exhaustion: worlds with a small maxMemoryBytes are filled by random operations
// until one fails. Every failure must be a CapacityError (never a trap), leave the
// world's state exactly as before the call, and later smaller operations must work.
import { describe, expect, it } from "vitest";
import { CapacityError, type Component, component, createWorld, relation, tag, type World } from "wasm-ecs";
import { expectThrows } from "../support/errors.js";
import { rng as intRng } from "../support/rng.js";

const TRIALS = 1000;

const A = component("A", { x: "f32", y: "f32" });
const B = component("B", { v: ["u8", 24] });
const C = component("C", { n: "f64" });
const T = tag("T");
const S = tag("S", { sparse: true });
const COMPONENTS: readonly Component[] = [A, B, C, T, S];
/** The components whose removals world.removed() logs (a sparse tag keeps no log). */
const LOGGED = COMPONENTS.filter((c) => !c.sparse);

/** Floats in [0, 1) from the project's seeded PRNG. */
function rng(seed: number): () => number {
  const next = intRng(seed);
  return () => next(2 ** 32) / 2 ** 32;
}

/** A hash of every live entity, its components and their values. */
function stateHash(world: World): string {
  let h = 0x811c9dc5;
  const mix = (n: number) => {
    h = Math.imul(h ^ n, 0x01000193);
  };
  const tables: string[] = [];
  for (const t of world.query({})) {
    let th = 0x811c9dc5;
    const m = (n: number) => {
      th = Math.imul(th ^ n, 0x01000193);
    };
    for (const e of t.entities) m(e);
    for (const c of COMPONENTS) {
      if (!t.has(c)) continue;
      m(c.name.charCodeAt(0));
      for (const col of Object.values(t.read(c)) as ArrayLike<number>[])
        for (let i = 0; i < col.length; i++) m(col[i] * 1000);
    }
    tables.push(`${t.count}:${th >>> 0}`);
  }
  for (const s of tables.sort()) for (let i = 0; i < s.length; i++) mix(s.charCodeAt(i));
  for (const e of [...world.query({ all: [S] }).entities()].sort((a, b) => a - b)) mix(e);
  return `${world.entityCount}/${h >>> 0}`;
}

function pick<T>(r: () => number, xs: readonly T[]): T {
  return xs[Math.floor(r() * xs.length)];
}

/** One random operation whose size grows with `scale`. */
function randomOp(world: World, r: () => number, scale: number): () => void {
  const n = 1 + Math.floor(r() * scale);
  const comps = COMPONENTS.filter(() => r() < 0.5);
  const live = world.query({}).entities();
  const some = () => live.filter(() => r() < 0.3);
  switch (Math.floor(r() * 6)) {
    case 0:
      return () => world.spawnMany(n, ...comps);
    case 1:
      return () => world.spawn(...comps.map((c) => (c === A ? A.with({ x: n }) : c)));
    case 2: {
      const c = pick(r, COMPONENTS);
      const list = some();
      return () => world.addMany(list, c);
    }
    case 3: {
      const c = pick(r, COMPONENTS);
      return () => world.addMany(world.query({ none: [c] }), c);
    }
    case 4: {
      const c = pick(r, COMPONENTS);
      const list = some();
      return () => world.removeMany(list, c);
    }
    default: {
      const e = live.length > 0 ? pick(r, [...live]) : 0;
      const c = pick(r, COMPONENTS);
      return () => (e === 0 ? world.spawn(c) : world.add(e, c));
    }
  }
}

describe("memory exhaustion", () => {
  it(`${TRIALS} randomized fills all end in CapacityError with the state unchanged, and the world works on`, async () => {
    let failures = 0;
    for (let trial = 0; trial < TRIALS; trial++) {
      const r = rng(trial + 1);
      const maxMemoryBytes = (2 + Math.floor(r() * 24)) * 65536;
      const world = await createWorld({ components: [...COMPONENTS], maxMemoryBytes, initialMemoryBytes: 0 });
      let scale = 64;
      let failed = false;
      for (const c of LOGGED) world.removed(c); // start the removal logs
      for (let step = 0; step < 400 && !failed; step++) {
        const op = randomOp(world, r, scale);
        for (const c of LOGGED) world.removed(c); // drain them
        const before = stateHash(world);
        try {
          op();
        } catch (error) {
          expect(error, `trial ${trial} step ${step}`).toBeInstanceOf(CapacityError);
          expect((error as Error).message).toMatch(/^(Out of memory while trying to|Entity id space exhausted)/);
          expect(stateHash(world), `trial ${trial}: state after the failed call`).toBe(before);
          for (const c of LOGGED)
            expect(world.removed(c), `trial ${trial}: ${c.name} removals logged by a failed call`).toEqual([]);
          failed = true;
        }
        scale = Math.min(scale * 2, 1 << 16);
      }
      expect(failed, `trial ${trial} never ran out of ${maxMemoryBytes} bytes`).toBe(true);
      failures++;
      // The world works on: destroy half; spawning into a table that lost rows needs no
      // memory (a sparse tag is left out: its bitset may have to grow for the reused slot).
      const live = world.query({}).entities();
      if (live.length > 0) {
        const like = COMPONENTS.filter((c) => c !== S && world.has(live[0], c));
        world.destroyMany(live.filter((_, i) => i % 2 === 0));
        const e = world.spawn(...like);
        for (const c of like) expect(world.has(e, c)).toBe(true);
        expect(world.entityCount).toBe(live.length - Math.ceil(live.length / 2) + 1);
      }
      world.dispose();
    }
    expect(failures).toBe(TRIALS);
  });
});

const Link = relation("Link", { onTargetDestroyed: "remove" });
const Under = relation("Under", { exclusive: true, onTargetDestroyed: "destroy" });

/** A hash of every table's components and pairs (names such as Link(12)) and its entities in row order. */
function relationState(world: World): string {
  let h = 0x811c9dc5;
  const mix = (n: number) => {
    h = Math.imul(h ^ n, 0x01000193);
  };
  for (const t of world.query({})) {
    mix(t.id);
    for (const name of t.componentNames()) for (let i = 0; i < name.length; i++) mix(name.charCodeAt(i));
    for (const e of t.entities) mix(e);
  }
  return `${world.entityCount}/${world.stats().archetypes}/${h >>> 0}`;
}

describe("memory exhaustion with relations", () => {
  it("100 randomized fills of pairs and target destroys end in CapacityError with the state unchanged", async () => {
    for (let trial = 0; trial < 100; trial++) {
      const r = rng(10_000 + trial);
      // 3 .. 12 pages: past that a walk can settle (its destroys, cascades included, keep
      // up with its spawns) below the ceiling and never run out in 20,000 steps.
      const maxMemoryBytes = (3 + Math.floor(r() * 10)) * 65536;
      const world = await createWorld({ components: [A, C, Link, Under], maxMemoryBytes, initialMemoryBytes: 0 });
      let failed = false;
      for (let step = 0; step < 20_000 && !failed; step++) {
        const live = [...world.query({}).entities()];
        const any = () => (live.length > 0 ? pick(r, live) : world.spawn(A));
        const kind = Math.floor(r() * 8);
        const before = relationState(world);
        try {
          if (kind === 0 || live.length < 4) world.spawnMany(1 + Math.floor(r() * 400), A, Under.to(any()));
          else if (kind === 1) world.add(any(), Link.to(any()));
          else if (kind === 2) world.add(any(), Under.to(any()));
          else if (kind === 3) world.spawn(C, Link.to(any()), Link.to(any()));
          else if (kind === 4) world.destroy(any());
          else if (kind === 5) world.destroyMany(live.filter(() => r() < 0.02));
          else world.spawnMany(1 + Math.floor(r() * 100), C, Link.to(any()));
        } catch (error) {
          expect(error, `trial ${trial} step ${step}`).toBeInstanceOf(CapacityError);
          expect((error as Error).message).toMatch(/^Out of memory while trying to/);
          expect(relationState(world), `trial ${trial}: state after the failed call`).toBe(before);
          failed = true;
        }
      }
      expect(failed, `trial ${trial} never ran out of ${maxMemoryBytes} bytes`).toBe(true);
      world.dispose();
    }
  });
});

describe("a world at its memory ceiling gives memory back", () => {
  it("destroys relation targets whose sources are gone, freeing their sub-tables", async () => {
    for (const debug of [false, true]) {
      const Heavy = component("Heavy", { a: "f64", b: "f64", c: "f64", d: "f64" });
      const world = await createWorld({
        components: [Heavy, Link],
        maxMemoryBytes: 4 << 20,
        sharedMemory: false,
        debug,
      });
      const anchors: number[] = [];
      const sources: number[] = [];
      try {
        for (;;) {
          const a = world.spawn(Heavy);
          anchors.push(a);
          sources.push(world.spawn(Heavy, Link.to(a)));
        }
      } catch (error) {
        expect(error).toBeInstanceOf(CapacityError);
      }
      for (const s of sources) if (world.isAlive(s)) world.destroy(s);
      const full = world.stats().usedBytes;
      for (const a of anchors) if (world.isAlive(a)) world.destroy(a); // a CapacityError before
      expect(world.entityCount).toBe(0);
      expect(world.stats().archetypes).toBe(2); // the empty table and Heavy's: the sub-tables are gone
      expect(world.stats().usedBytes).toBeLessThan(full / 2);
    }
  });
});

describe("a flush that runs out of memory after the scope's own code threw", () => {
  const V = component("V", { v: ["f64", 32] });
  const small = () =>
    createWorld({ components: [A, V], sharedMemory: false, initialMemoryBytes: 1 << 20, maxMemoryBytes: 2 << 20 });
  const flushFailed =
    /^Out of memory while trying to spawn 20000 entities.*, while applying deferred changes: the first 0 were applied; the 1 from the failing one on were dropped, and the entities spawned for them destroyed$/;

  /** Asserts that run() throws the flush's CapacityError with `own` as its cause, the spawns dropped. */
  const expectFlushFailed = (world: World, run: () => void, own: Error) => {
    const error = expectThrows(run, CapacityError, flushFailed);
    expect(error.cause).toBe(own);
    expect(world.entityCount).toBe(1000);
  };

  it("defer(): the CapacityError leaves with the scope's error as its cause, the spawns dropped", async () => {
    const world = await small();
    world.spawnMany(1000, A);
    const own = new Error("the scope's own error");
    const run = () =>
      world.defer(() => {
        for (let i = 0; i < 20000; i++) world.spawn(A, V);
        throw own;
      });
    expectFlushFailed(world, run, own);
    world.spawn(A);
    expect(world.entityCount).toBe(1001);
  });

  it("a system: the CapacityError leaves step() with the system's error as its cause", async () => {
    const world = await small();
    world.spawnMany(1000, A);
    const own = new Error("the system's own error");
    world.system("spawner", { all: [A] }, (_q, ctx) => {
      for (let i = 0; i < 20000; i++) ctx.world.spawn(A, V);
      throw own;
    });
    expectFlushFailed(world, () => world.step(), own);
  });
});
