// Section memory/: values survive memory growth, views fetched after growth are on the new
// buffer, and growing one world leaves the views of another valid.
import { eq, ok } from "./assert.js";
import { IDENTITY, PAGE, range } from "./values.js";

export async function checkMemory(t, api) {
  const { createWorld } = api;
  const { check, newWorld, own } = t;
  const { Position, Velocity, Health, Transform, Owner, BASIC } = t.fx;

  await check("memory/growth-keeps-values-and-views-refetch", async () => {
    const world = await createWorld({ components: BASIC, initialMemoryBytes: 0 });
    own(world);
    const start = world.stats().memoryBytes;
    const q = world.query({ all: [Position, Velocity] });
    const e0 = world.spawn(Position.with({ x: 1, y: 2 }), Velocity.with({ x: 3, y: 4 }));
    let grownBy = "";
    // Single spawns first, then batches, then migrations, until the memory has grown.
    const singles = range(2000, (i) => world.spawn(Position.with({ x: i, y: -i }), Velocity.with({ x: i / 2 })));
    if (world.stats().memoryBytes > start) grownBy = "spawn";
    const n = 20_000;
    const xs = Float32Array.from(range(n, (i) => i * 0.25));
    const batch = world.spawnMany(n, Position.withEach({ x: xs }), Velocity.withEach({ y: xs }), Transform);
    if (grownBy === "" && world.stats().memoryBytes > start) grownBy = "spawnMany";
    world.addMany(batch.subarray(n / 2), Health, { hp: 5 });
    const end = world.stats().memoryBytes;
    ok(end > start, `memory did not grow (${start} -> ${end} bytes)`);
    ok(end % PAGE === 0, "memoryBytes is a whole number of pages");
    eq(world.get(e0, Position), { x: 1, y: 2 }, "first entity after growth");
    singles.forEach((e, i) => {
      if (i % 97 === 0)
        eq(world.get(e, Velocity), { x: Math.fround(i / 2), y: 0 }, `single ${i} after growth (${grownBy})`);
    });
    for (let i = 0; i < n; i += 333) {
      eq(world.get(batch[i], Position), { x: xs[i], y: 0 }, `batch ${i} Position after growth`);
      eq(world.get(batch[i], Transform).m, IDENTITY, `batch ${i} Transform after growth`);
      eq(world.has(batch[i], Health), i >= n / 2, `batch ${i} Health after growth`);
    }
    // Views fetched after growth: full length, live, values right.
    let rows = 0;
    for (const t of q) {
      const p = t.columns(Position);
      const v = t.columns(Velocity);
      eq(p.x.length, t.count, "re-fetched view length");
      ok(p.x.buffer.byteLength === end, "re-fetched view is on the current memory");
      for (let i = 0; i < t.count; i++) {
        v.x[i] = p.x[i] + 1;
        rows++;
      }
    }
    eq(rows, 1 + singles.length + n, "rows iterated after growth");
    eq(world.get(batch[7], Velocity).x, Math.fround(xs[7] + 1), "writes through re-fetched views");
    // Growth while iterating (applied at the end): values written in the loop survive.
    const before = world.stats().memoryBytes;
    let made;
    for (const t of world.query({ all: [Transform], none: [Health] })) {
      t.columns(Transform).m[0] = 42;
      made = world.spawnMany(30_000, Position, Velocity, Transform.with({ m: 7 }));
    }
    ok(world.stats().memoryBytes > before, "memory grew when the deferred batch was applied");
    eq(world.get(batch[0], Transform).m[0], 42, "write before deferred growth kept");
    eq(
      world.get(made[29_999], Transform).m,
      range(16, () => 7),
      "deferred batch values after growth",
    );
    // Values that are views on the world's own columns, while the call grows memory.
    const source = world.query({ all: [Transform] });
    let srcX;
    let srcCount = 0;
    for (const t of world.query({ all: [Position, Velocity], none: [Transform, Health] })) {
      srcX = t.columns(Position).x;
      srcCount = t.count;
    }
    const expectX = Array.from(srcX);
    const growBefore = world.stats().memoryBytes;
    const copies = world.spawnMany(srcCount, Position.withEach({ x: srcX }), Velocity, Transform, Owner);
    ok(world.stats().memoryBytes >= growBefore, "memory never shrinks");
    copies.forEach((e, i) => {
      if (i % 101 === 0) eq(world.get(e, Position).x, expectX[i], `withEach from the world's own view, row ${i}`);
    });
    ok(source.count() > 0, "query still counts after growth");
    world.dispose();
  });

  await check("memory/growth-in-one-world-leaves-others-intact", async () => {
    const a = await newWorld({ components: [Position], initialMemoryBytes: 0 });
    const b = await newWorld({ components: [Position], initialMemoryBytes: 0 });
    const eb = b.spawn(Position.with({ x: 11, y: 12 }));
    let view;
    for (const t of b.query({ all: [Position] })) view = t.columns(Position);
    const startA = a.stats().memoryBytes;
    a.spawnMany(50_000, Position.with({ x: 1 }));
    ok(a.stats().memoryBytes > startA, "world a grew");
    eq(view.x[0], 11, "world b's view still valid after world a grew");
    eq(b.get(eb, Position), { x: 11, y: 12 }, "world b's value");
  });

  await check("memory/shared-where-the-runtime-has-it-kept-views-survive-growth", async () => {
    const isolated = typeof SharedArrayBuffer === "function" && globalThis.crossOriginIsolated !== false;
    for (const sharedMemory of [true, false]) {
      const world = await newWorld({ components: [Position, Velocity], initialMemoryBytes: 0, sharedMemory });
      eq(world.stats().sharedMemory, sharedMemory && isolated, `stats().sharedMemory asked ${sharedMemory}`);
      const e = world.spawn(Position.with({ x: 1, y: 2 }), Velocity);
      const kept = world.tableOf(e).columns(Position);
      const start = world.stats().memoryBytes;
      world.spawnMany(100_000, Position.with({ x: 3 })); // another table: e's does not move
      ok(world.stats().memoryBytes > start, "memory grew");
      if (world.stats().sharedMemory) {
        // The table of e did not move its columns: the kept view is still on them.
        eq(kept.x.length, 1, "kept view keeps its length");
        kept.x[0] = 42;
        eq(world.get(e, Position), { x: 42, y: 2 }, "write through a view kept across growth");
      } else eq(kept.x.length, 0, "an unshared memory's growth detaches the kept view");
    }
  });
}
