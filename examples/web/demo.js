// The particle simulation of examples/node/simulation.mjs in a browser: systems over
// typed-array views, drawn on a canvas, with live stats, controls and the inspector.
// ?entities=N sets the starting population (default 100,000). Swarms show relations: a
// leader with 500 followers that hold Follows.to(leader); destroying the leader destroys
// them (onTargetDestroyed: "destroy"), and each leader's followers are one sub-table.
// The movement system runs as a JS loop or as a kernel, scalar or SIMD (kernels/move.ts,
// built by npm run build into build/examples/web/move.wasm), chosen on the page or with
// ?movement=js|kernel|simd; the stats say which one runs and its ms per frame.
import { component, createWorld, relation, tag } from "/dist/index.js";
import { mountInspector } from "/dist/inspector.js";

const SIZE = 512;
const MAX_SPEED = 60;
const Position = component("Position", { x: "f32", y: "f32" });
const Velocity = component("Velocity", { x: "f32", y: "f32" });
const Boosted = tag("Boosted");
const Frozen = tag("Frozen");
const Offset = component("Offset", { x: "f32", y: "f32" });
const Follows = relation("Follows", { exclusive: true, onTargetDestroyed: "destroy" });

const params = new URLSearchParams(location.search);
const start = Number(params.get("entities") ?? 100_000);
const world = await createWorld({
  components: [Position, Velocity, Boosted, Frozen, Offset, Follows],
  initialEntities: start,
});
const moving = world.query({ all: [Position, Velocity], none: [Frozen] });
const followers = world.query({ all: [Position, Offset], cascade: Follows });
const drawn = world.query({ all: [Position] });
const unboosted = world.query({ all: [Position], none: [Boosted] });
const boosted = world.query({ all: [Position, Boosted] });
const movingSlow = world.query({ all: [Position, Velocity], none: [Frozen, Boosted] });
const movingFast = world.query({ all: [Position, Velocity, Boosted], none: [Frozen] });

let seed = 1;
const random = () => (seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 2 ** 32;

function spawn(n) {
  const f = (fn) => Float32Array.from({ length: n }, fn);
  world.spawnMany(
    n,
    Position.withEach({ x: f(() => random() * SIZE), y: f(() => random() * SIZE) }),
    Velocity.withEach({ x: f(() => (random() * 2 - 1) * MAX_SPEED), y: f(() => (random() * 2 - 1) * MAX_SPEED) }),
  );
}

/** Leaders of the swarms, oldest first. */
const leaders = [];
const SWARM = 500;

function swarm() {
  const leader = world.spawn(
    Position.with({ x: random() * SIZE, y: random() * SIZE }),
    Velocity.with({ x: (random() * 2 - 1) * MAX_SPEED, y: (random() * 2 - 1) * MAX_SPEED }),
  );
  leaders.push(leader);
  const f = (fn) => Float32Array.from({ length: SWARM }, fn);
  const angle = f(() => random() * Math.PI * 2);
  const radius = f(() => 4 + random() * 20);
  world.spawnMany(
    SWARM,
    Position,
    Offset.withEach({ x: f((_, i) => Math.cos(angle[i]) * radius[i]), y: f((_, i) => Math.sin(angle[i]) * radius[i]) }),
    Follows.to(leader),
  );
}

function unswarm() {
  const leader = leaders.shift();
  if (leader !== undefined && world.isAlive(leader)) world.destroy(leader); // its followers go with it
}

/** Followers keep their offset from their leader: one sub-table per leader, read once per table. */
function follow() {
  for (const t of followers) {
    const leader = t.target(Follows);
    if (leader === undefined) continue;
    const row = world.rowOf(leader);
    const lp = world.tableOf(leader).read(Position);
    const lx = lp.x[row];
    const ly = lp.y[row];
    const p = t.columns(Position);
    const o = t.read(Offset);
    for (let i = 0, n = t.count; i < n; i++) {
      p.x[i] = (lx + o.x[i] + SIZE) % SIZE;
      p.y[i] = (ly + o.y[i] + SIZE) % SIZE;
    }
  }
}

function moveJs(dt) {
  for (const t of moving) {
    const p = t.columns(Position);
    const v = t.read(Velocity);
    const step = t.has(Boosted) ? dt * 3 : dt;
    for (let i = 0, n = t.count; i < n; i++) {
      let x = p.x[i] + v.x[i] * step;
      let y = p.y[i] + v.y[i] * step;
      if (x < 0 || x >= SIZE) x = (x + SIZE) % SIZE;
      if (y < 0 || y >= SIZE) y = (y + SIZE) % SIZE;
      p.x[i] = x;
      p.y[i] = y;
    }
  }
}

/** The same movement as a kernel over the columns in place: Boosted tables run with 3 * dt. */
function moveWith(kernel) {
  return (dt) => {
    kernel.run({ dt, size: SIZE }, movingSlow);
    kernel.run({ dt: dt * 3, size: SIZE }, movingFast);
  };
}

const kernels = await world.kernels(new URL("/build/examples/web/move.wasm", location.href));
const MOVE_TERMS = { write: [Position], read: [Velocity], scalars: ["dt", "size"] };
/** The movement systems to choose from, by the value of the #movement control. */
const MOVEMENTS = {
  js: { label: "JS loop", run: moveJs },
  kernel: { label: "kernel", run: moveWith(kernels.kernel("move", MOVE_TERMS)) },
  simd: { label: "kernel (SIMD)", run: moveWith(kernels.kernel("moveSimd", MOVE_TERMS)) },
};
/** Frames each movement system has run. */
const movedFrames = { js: 0, kernel: 0, simd: 0 };
let movement = params.get("movement") in MOVEMENTS ? params.get("movement") : "js";

/** Entities in the middle strip gain Boosted, those that left it lose it (migrations). */
function boost() {
  for (const t of unboosted) {
    const x = t.read(Position).x;
    for (let i = 0, n = t.count; i < n; i++)
      if (x[i] > SIZE * 0.45 && x[i] < SIZE * 0.55) world.add(t.entities[i], Boosted);
  }
  for (const t of boosted) {
    const x = t.read(Position).x;
    for (let i = 0, n = t.count; i < n; i++)
      if (x[i] <= SIZE * 0.45 || x[i] >= SIZE * 0.55) world.remove(t.entities[i], Boosted);
  }
}

const canvas = document.getElementById("view");
const ctx = canvas.getContext("2d");
const image = ctx.createImageData(SIZE, SIZE);
const pixels = new Uint32Array(image.data.buffer);
const BACKGROUND = 0xff1c100c; // ABGR
function draw() {
  pixels.fill(BACKGROUND);
  for (const t of drawn) {
    const p = t.read(Position);
    const color = t.has(Frozen) ? 0xffaaaaaa : t.has(Offset) ? 0xff66e07a : t.has(Boosted) ? 0xff2896ff : 0xffffaa5a;
    for (let i = 0, n = t.count; i < n; i++) pixels[(p.y[i] | 0) * SIZE + (p.x[i] | 0)] = color;
  }
  ctx.putImageData(image, 0, 0);
}

// Controls.
let paused = false;
document.getElementById("spawn").onclick = () => spawn(10_000);
document.getElementById("destroy").onclick = () => {
  const all = world.query({ all: [Position] }).entities();
  world.destroyMany(all.subarray(0, Math.min(10_000, all.length)));
};
document.getElementById("toggle").onclick = () => {
  const frozen = world.query({ all: [Position, Frozen] });
  if (frozen.count() > 0) world.removeMany(frozen, Frozen);
  else
    world.addMany(
      world
        .query({ all: [Position] })
        .entities()
        .filter((_, i) => i % 2 === 0),
      Frozen,
    );
};
document.getElementById("swarm").onclick = () => swarm();
document.getElementById("unswarm").onclick = () => unswarm();
const movementControl = document.getElementById("movement");
movementControl.value = movement;
movementControl.onchange = () => {
  movement = movementControl.value;
  restartStats(performance.now()); // the next stats measure the new movement system alone
};
document.getElementById("pause").onclick = (e) => {
  paused = !paused;
  e.target.textContent = paused ? "resume" : "pause";
};

// Frame loop with live stats.
const stats = document.getElementById("stats");
const inspector = mountInspector(world, document.getElementById("inspector"), { intervalMs: 250 });
let frames = 0;
let systemsMs = 0;
let moveMs = 0;
let last = performance.now();
let fps = 0;
function restartStats(now) {
  frames = 0;
  systemsMs = 0;
  moveMs = 0;
  last = now;
}
spawn(start);
/** The first entities spawned, whose positions the page's tests watch. */
const watched = drawn.entities().subarray(0, 64);
function frame(now) {
  const t0 = performance.now();
  if (!paused) {
    MOVEMENTS[movement].run(1 / 60);
    movedFrames[movement]++;
    moveMs += performance.now() - t0;
    follow();
    boost();
  }
  systemsMs += performance.now() - t0;
  draw();
  frames++;
  if (now - last >= 500) {
    fps = (frames * 1000) / (now - last);
    const s = world.stats();
    stats.textContent = [
      `fps         ${fps.toFixed(1)}`,
      `systems     ${(systemsMs / frames).toFixed(2)} ms per frame`,
      `movement    ${MOVEMENTS[movement].label}, ${(moveMs / frames).toFixed(2)} ms per frame`,
      `entities    ${world.entityCount}`,
      `archetypes  ${s.archetypes}`,
      `memory      ${(s.usedBytes / 1048576).toFixed(1)} MiB in use`,
    ].join("\n");
    restartStats(now);
  }
  requestAnimationFrame(frame);
}
requestAnimationFrame(frame);
window.__demo = {
  world,
  inspector,
  fps: () => fps,
  movement: () => movement,
  movedFrames: () => ({ ...movedFrames }),
  /** x, y of each watched entity still alive. */
  positions: () => Array.from(watched, (e) => (world.isAlive(e) ? world.get(e, Position) : null)),
};
