// Memory exhaustion: worlds with a small maxMemoryBytes are filled by random operations
// until one fails. Every failure must be a CapacityError (never a trap), leave the
// world's state exactly as before the call, and later smaller operations must work.
import { describe, expect, it } from "vitest";
import { CapacityError, type Component, component, createWorld, tag, type World } from "wasm-ecs";
import { rng as intRng } from "../core/fixtures.js";

const TRIALS = 1000;

const A = component("A", { x: "f32", y: "f32" });
const B = component("B", { v: ["u8", 24] });
const C = component("C", { n: "f64" });
const T = tag("T");
const S = tag("S", { sparse: true });
const COMPONENTS: readonly Component[] = [A, B, C, T, S];

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
      for (const c of COMPONENTS) world.removed(c); // start the removal logs
      for (let step = 0; step < 400 && !failed; step++) {
        const op = randomOp(world, r, scale);
        for (const c of COMPONENTS) world.removed(c); // drain them
        const before = stateHash(world);
        try {
          op();
        } catch (error) {
          expect(error, `trial ${trial} step ${step}`).toBeInstanceOf(CapacityError);
          expect((error as Error).message).toMatch(/^(Out of memory while trying to|Entity id space exhausted)/);
          expect(stateHash(world), `trial ${trial}: state after the failed call`).toBe(before);
          for (const c of COMPONENTS)
            expect(world.removed(c), `trial ${trial}: ${c.name} removals logged by a failed call`).toEqual([]);
          failed = true;
        }
        scale = Math.min(scale * 2, 1 << 16);
      }
      expect(failed, `trial ${trial} never ran out of ${maxMemoryBytes} bytes`).toBe(true);
      failures++;
      // The world works on: destroy half; spawning into a table that lost rows needs no memory.
      const live = world.query({}).entities();
      if (live.length > 0) {
        const like = COMPONENTS.filter((c) => world.has(live[0], c));
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
