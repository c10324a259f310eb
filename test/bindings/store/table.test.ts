// The Table view (bindings/store/table.ts): its column views survive memory growth; the
// facade rebuilds them when the layout epoch moved, so values stay readable and writable
// and nothing is lost. These worlds reserve no memory up front (initialMemoryBytes: 0),
// so they grow early.
import { describe, expect, it } from "vitest";
import { component, createWorld } from "wasm-ecs";

const Pos = component("Pos", { x: "f32", y: "f32" });
const Big = component("Big", { data: ["f64", 32] });

describe("views across memory growth", () => {
  it("an iteration held open across deferred spawns keeps its views attached: the memory grows only after it ends", async () => {
    const world = await createWorld({ components: [Pos, Big], initialMemoryBytes: 0 });
    const es = world.spawnMany(1000, Pos.withEach({ x: Float32Array.from({ length: 1000 }, (_, i) => i) }));
    const epoch = world.stats().layoutEpoch;
    const memory = world.stats().memoryBytes;
    for (const t of world.query({ all: [Pos] })) {
      const held = t.columns(Pos);
      world.spawnMany(50_000, Big);
      expect(world.stats().memoryBytes).toBe(memory);
      expect(world.stats().layoutEpoch).toBe(epoch);
      expect(held.x.length).toBe(t.count);
      for (let i = 0; i < t.count; i++) {
        expect(held.x[i]).toBe(i);
        held.y[i] = i * 2;
      }
    }
    expect(world.stats().memoryBytes).toBeGreaterThan(memory);
    expect(world.query({ all: [Big] }).count()).toBe(50_000);
    es.forEach((e, i) => {
      expect(world.get(e, Pos)).toEqual({ x: i, y: i * 2 });
    });
  });

  it("an unshared memory: views fetched again after direct growth see every value; writes through them land", async () => {
    const world = await createWorld({ components: [Pos, Big], initialMemoryBytes: 0, sharedMemory: false });
    world.spawnMany(2000, Pos.with({ x: 5, y: 6 }));
    const q = world.query({ all: [Pos] });
    const before = [...q][0].columns(Pos).x;
    world.spawnMany(100_000, Big);
    expect(before.length).toBe(0);
    for (const t of q) {
      const p = t.columns(Pos);
      expect(p.x.length).toBe(2000);
      expect(p.x.every((v) => v === 5)).toBe(true);
      p.x.fill(8);
    }
    let sum = 0;
    for (const t of q) for (const v of t.columns(Pos).x) sum += v;
    expect(sum).toBe(16_000);
  });

  it("a shared memory grows in place: a view kept across growth (its table unmoved) still reads and writes", async () => {
    const world = await createWorld({ components: [Pos, Big], initialMemoryBytes: 0 });
    expect(world.stats().sharedMemory).toBe(true);
    world.spawnMany(2000, Pos.with({ x: 5, y: 6 }));
    const q = world.query({ all: [Pos] });
    const before = [...q][0].columns(Pos).x;
    const bytes = world.stats().memoryBytes;
    world.spawnMany(100_000, Big);
    expect(world.stats().memoryBytes).toBeGreaterThan(bytes);
    expect(before.length).toBe(2000);
    before.fill(8);
    let sum = 0;
    for (const t of q) for (const v of t.columns(Pos).x) sum += v;
    expect(sum).toBe(16_000);
  });

  it("an unshared memory reserves its ceiling unless initialMemoryBytes says otherwise: a kept view survives what would grow it", async () => {
    const world = await createWorld({ components: [Pos, Big], sharedMemory: false, maxMemoryBytes: 64 << 20 });
    expect(world.stats()).toMatchObject({ sharedMemory: false, memoryBytes: 64 << 20 });
    world.spawnMany(2000, Pos.with({ x: 5, y: 6 }));
    const kept = [...world.query({ all: [Pos] })][0]?.columns(Pos).x as Float32Array;
    world.spawnMany(20_000, Big);
    expect(world.stats().memoryBytes).toBe(64 << 20);
    kept.fill(8);
    let sum = 0;
    for (const t of world.query({ all: [Pos] })) for (const v of t.columns(Pos).x) sum += v;
    expect(sum).toBe(16_000);
    const sized = await createWorld({ components: [Pos], sharedMemory: false, initialMemoryBytes: 1 << 20 });
    expect(sized.stats().memoryBytes).toBe(1 << 20);
  });

  it("a table that grows moves its columns and keeps values in row order", async () => {
    const world = await createWorld({ components: [Pos], initialMemoryBytes: 0 });
    const all: number[] = [];
    for (let i = 0; i < 5000; i++) all.push(world.spawn(Pos.with({ x: i, y: -i })));
    all.forEach((e, i) => {
      expect(world.get(e, Pos)).toEqual({ x: i, y: -i });
    });
  });

  it("init values that are views on the world's memory survive a spawn that grows it", async () => {
    const Mat = component("Mat", { m: ["f32", 16] });
    const world = await createWorld({ components: [Pos, Big, Mat], initialMemoryBytes: 0 });
    const src = world.spawnMany(3000, Pos.withEach({ x: Float32Array.from({ length: 3000 }, (_, i) => i) }));
    const [t] = [...world.query({ all: [Pos] })];
    const memory = world.stats().memoryBytes;
    // Non-deferred: the per-entity values are a live column view; spawning 3000 Big rows grows memory.
    const copies = world.spawnMany(3000, Big, Pos.withEach({ x: t.columns(Pos).x }));
    expect(world.stats().memoryBytes).toBeGreaterThan(memory);
    copies.forEach((e, i) => {
      expect(world.get(e, Pos).x).toBe(i);
    });
    // An array field initialised from a view of another entity's row.
    const m = world.spawn(Mat.with({ m: Array.from({ length: 16 }, (_, i) => i + 1) }));
    const [mt] = [...world.query({ all: [Mat] })];
    const row = mt.columns(Mat).m.subarray(0, 16);
    const grown = world.stats().memoryBytes;
    const twin = world.spawn(Mat.with({ m: row }), Big);
    world.spawnMany(20_000, Big);
    world.add(src[0], Mat, { m: mt.columns(Mat).m.subarray(0, 16) });
    expect(world.stats().memoryBytes).toBeGreaterThan(grown);
    expect(world.get(twin, Mat).m).toEqual(world.get(m, Mat).m);
    expect(world.get(src[0], Mat).m).toEqual(Array.from({ length: 16 }, (_, i) => i + 1));
  });

  it("deferred spawnMany reads per-entity views when called, not when the loop ends", async () => {
    const world = await createWorld({ components: [Pos, Big], initialMemoryBytes: 0 });
    world.spawnMany(500, Pos.withEach({ x: Float32Array.from({ length: 500 }, (_, i) => i) }));
    let ids: Uint32Array = new Uint32Array(0);
    for (const t of world.query({ all: [Pos], none: [Big] })) {
      ids = world.spawnMany(t.count, Big, Pos.withEach({ x: t.columns(Pos).x }));
      world.spawnMany(50_000, Big);
      t.columns(Pos).x.fill(-1);
    }
    ids.forEach((e, i) => {
      expect(world.get(e, Pos).x).toBe(i);
    });
  });
});
