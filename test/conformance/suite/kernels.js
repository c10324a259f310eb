// Section kernels/: systems written in AssemblyScript (the package's test kernels,
// test/kernels/test-kernels.ts, built by npm run build into build/kernels/
// test-kernels.wasm) run over a world's columns in place. The module is loaded by URL,
// relative to this file: an http(s) URL in a browser page (fetched from the test
// server), a file: URL in Node, Deno and Bun (read from disk). Expected values are f32
// arithmetic done in JS with Math.fround: a kernel computes `p += v * dt` in f32, one
// rounding per operation, SIMD lanes the same as scalar code.
import { eq, ok } from "./assert.js";
import { range, sorted } from "./values.js";

/** The prebuilt test kernels: move, moveSimd (f32x4), double, bump, trap, scribble, wrongCount. */
const KERNELS = new URL("../../../build/kernels/test-kernels.wasm", import.meta.url);

const f32 = Math.fround;

/** p + v * dt as a kernel computes it in f32. */
function moved(p, v, dt) {
  return f32(f32(p) + f32(f32(v) * f32(dt)));
}

export async function checkKernels(t, api) {
  const { component, tag, KernelError, WorldPoisonedError } = api;
  const { check, newWorld, throws, rejects, watch } = t;
  const { Position, Velocity, Health, Frozen, Marked } = t.fx;
  const Picked = tag("Picked", { sparse: true });
  const Mass = component("Mass", { kg: "f32" });
  const Label = component("Label", { text: "object" });
  const KERNEL_WORLD = [Position, Velocity, Health, Frozen, Marked, Picked, Mass, Label];

  /** Entity i: Position (i * 0.7, 100 - i * 1.3), Velocity (i * 0.1 - 0.5, 0.3 - i * 0.05). */
  const start = (i) => ({ x: i * 0.7, y: 100 - i * 1.3 });
  const speed = (i) => ({ x: i * 0.1 - 0.5, y: 0.3 - i * 0.05 });
  const spawnMover = (world, i, ...more) => world.spawn(Position.with(start(i)), Velocity.with(speed(i)), ...more);
  /** Position of entity i after `steps` kernel runs with dt, or unmoved. */
  const expectedAt = (i, dt, steps) => {
    let { x, y } = start(i);
    x = f32(x);
    y = f32(y);
    for (let s = 0; s < steps; s++) {
      x = moved(x, speed(i).x, dt);
      y = moved(y, speed(i).y, dt);
    }
    return { x, y };
  };

  await check("kernels/scalar-kernel-over-a-query", async () => {
    const world = await newWorld({ components: KERNEL_WORLD });
    const mod = await world.kernels(KERNELS);
    for (const name of ["move", "moveSimd", "trap"]) ok(mod.names.includes(name), `module.names lacks ${name}`);
    // Four tables: (P, V), (P, V, Health), (P, V, Frozen) left out by the query, (P) without Velocity.
    const es = range(13, (i) =>
      spawnMover(world, i, ...(i % 3 === 0 ? [Health] : []), ...(i % 5 === 0 ? [Frozen] : [])),
    );
    const still = world.spawn(Position.with({ x: 7, y: 8 }));
    const move = mod.kernel("move", { write: [Position], read: [Velocity], scalars: ["dt"] });
    eq(move.name, "move", "kernel.name");
    const dt = 1 / 60;
    move.run({ dt }, world.query({ all: [Position, Velocity], none: [Frozen] }));
    move.run({ dt }, world.query({ all: [Position, Velocity], none: [Frozen] }));
    eq(
      es.map((e) => world.get(e, Position)),
      es.map((_, i) => expectedAt(i, dt, i % 5 === 0 ? 0 : 2)),
      "Position after two runs (Frozen rows unmoved)",
    );
    eq(
      es.map((e) => world.get(e, Velocity)),
      es.map((_, i) => ({ x: f32(speed(i).x), y: f32(speed(i).y) })),
      "Velocity (read only) unchanged",
    );
    eq(world.get(still, Position), { x: 7, y: 8 }, "an entity outside the query");
  });

  await check("kernels/simd-kernel-over-a-query", async () => {
    const world = await newWorld({ components: KERNEL_WORLD });
    const mod = await world.kernels(KERNELS.href);
    // Tables of 9, 6 and 3 rows: four rows at a time, then a tail of 1, 2 or 3.
    const es = range(18, (i) => spawnMover(world, i, ...(i >= 9 && i < 15 ? [Health] : i >= 15 ? [Marked] : [])));
    const simd = mod.kernel("moveSimd", { write: [Position], read: [Velocity], scalars: ["dt"] });
    simd.run({ dt: 0.25 }, world.query({ all: [Position, Velocity] }));
    eq(
      es.map((e) => world.get(e, Position)),
      es.map((_, i) => expectedAt(i, 0.25, 1)),
      "Position after one SIMD run over three tables",
    );
    // A sparse tag filters rows: the kernel runs once per run of consecutive matching rows.
    const picked = [1, 2, 3, 4, 5, 7];
    for (const i of picked) world.add(es[i], Picked);
    simd.run({ dt: 0.25 }, world.query({ all: [Position, Velocity, Picked] }));
    eq(
      es.map((e) => world.get(e, Position)),
      es.map((_, i) => expectedAt(i, 0.25, picked.includes(i) ? 2 : 1)),
      "Position after a run over the Picked rows 1-5 and 7",
    );
  });

  await check("kernels/kernel-as-a-system", async () => {
    const world = await newWorld({ components: KERNEL_WORLD });
    const mod = await world.kernels(KERNELS);
    const es = range(6, (i) => spawnMover(world, i));
    const move = mod.kernel("move", { write: [Position], read: [Velocity], scalars: ["dt"] });
    world.system(
      "move",
      { write: [Position], read: [Velocity] },
      move.system((ctx) => ({ dt: ctx.dt })),
    );
    const seen = [];
    world.system("react", { all: [Position], changed: [Position] }, (q) => {
      const rows = [];
      for (const tb of q) for (const r of tb.rows) rows.push(tb.entities[r]);
      seen.push(sorted(rows));
    });
    world.step(0.5);
    world.step(0.5);
    eq(
      es.map((e) => world.get(e, Position)),
      es.map((_, i) => expectedAt(i, 0.5, 2)),
      "Position after two steps",
    );
    eq(seen, [sorted(es), sorted(es)], "the kernel system marks Position changed in each step");
  });

  await check("kernels/KernelError-declarations-and-modules", async () => {
    const world = await newWorld({ components: KERNEL_WORLD });
    const mod = await world.kernels(KERNELS);
    const e = spawnMover(world, 3);
    const refuse = watch(world, [e], KERNEL_WORLD);
    const signature = refuse(
      "move declared without its read columns",
      () => mod.kernel("move", { write: [Position], scalars: ["dt"] }),
      KernelError,
    );
    eq(
      signature.message,
      "Kernel move takes (i32, i32, i32, i32, i32, f32); its declaration needs (count: i32, Position.x: i32, Position.y: i32, dt: f32|f64|i32) and no result",
      "message of a declaration that does not fit the signature",
    );
    const missing = refuse("a kernel the module does not export", () => mod.kernel("nope", {}), KernelError);
    ok(
      missing.message.startsWith('The kernel module exports no function "nope" (it exports move, moveSimd, '),
      `message of an unknown kernel: ${missing.message}`,
    );
    refuse(
      "move declared with a component of object fields",
      () => mod.kernel("move", { write: [Label] }),
      KernelError,
      "Kernel move cannot be declared: Label has fields that live in JS",
    );
    const notKernel = await rejects(
      "a module that does not import the world's memory",
      () => world.kernels(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0])),
      KernelError,
    );
    eq(
      notKernel.message,
      "The kernel module was refused: it does not import the world's memory (env.memory)",
      "message of a refused module",
    );
    eq(world.get(e, Position), { x: f32(start(3).x), y: f32(start(3).y) }, "Position after the refusals");
  });

  await check("kernels/builtin-add-scale-addScaled-clamp", async () => {
    const world = await newWorld({ components: KERNEL_WORLD });
    const es = range(11, (i) => spawnMover(world, i, ...(i >= 7 ? [Health] : [])));
    const k = await world.builtinKernels();
    ok((await world.builtinKernels()) === k, "builtinKernels() returns the same object twice");
    const q = world.query({ all: [Position, Velocity] });
    k.add(q, [Position, "x"], [Velocity, "x"]);
    k.scale(q, [Position, "y"], 1.5);
    k.addScaled(q, [Velocity, "y"], [Position, "x"], 0.125);
    k.clamp(q, [Velocity, "x"], -0.25, 0.4);
    const expected = es.map((_, i) => {
      const x = f32(f32(start(i).x) + f32(speed(i).x));
      const y = f32(f32(start(i).y) * 1.5);
      return {
        p: { x, y },
        v: { x: Math.min(Math.max(f32(speed(i).x), -0.25), f32(0.4)), y: moved(speed(i).y, x, 0.125) },
      };
    });
    eq(
      es.map((e) => ({ p: world.get(e, Position), v: world.get(e, Velocity) })),
      expected,
      "Position and Velocity after add, scale, addScaled and clamp",
    );
    const refuse = watch(world, es, KERNEL_WORLD);
    const wrong = refuse(
      "scale of an i32 field",
      () => k.scale(world.query({ all: [Health] }), [Health, "hp"], 2),
      KernelError,
    );
    eq(wrong.message, "Built-in kernels work on f32 fields: Health.hp is i32", "message of a non-f32 field");
  });

  await check("kernels/trap-poisons-the-world", async () => {
    const world = await newWorld({ components: KERNEL_WORLD });
    const mod = await world.kernels(KERNELS);
    const e = world.spawn(Mass.with({ kg: 2 }));
    const trap = mod.kernel("trap", { write: [Mass] });
    const mention = "kernel trap trapped on table (Mass)";
    const error = throws("a kernel that traps", () => trap.run({}), WorldPoisonedError, mention);
    ok(
      error.message.startsWith(`The world refuses further calls: ${mention} (`),
      `message of the trap: ${error.message}`,
    );
    throws("get after the trap", () => world.get(e, Mass), WorldPoisonedError, mention);
    throws("spawn after the trap", () => world.spawn(Mass), WorldPoisonedError, mention);
    throws("running the kernel again", () => trap.run({}), WorldPoisonedError, mention);
    await rejects("loading kernels after the trap", () => world.kernels(KERNELS), WorldPoisonedError, mention);
    const other = await newWorld({ components: KERNEL_WORLD });
    const o = other.spawn(Mass.with({ kg: 3 }));
    eq(other.get(o, Mass), { kg: 3 }, "another world works on");
  });
}
