// A particle simulation on wasm-ecs: many entities moving in a box, written the way
// wasm-ecs is meant to be used. Each system is a plain loop over typed-array views
// (`t.columns(...)`) of one archetype table at a time; structural changes made while
// a query is being iterated (add / remove / destroy) are deferred and applied when
// the iteration ends.
//
//   npm start                                      100,000 entities, 300 frames
//   node examples/node/simulation.mjs --entities 250000 --frames 600 --png out.png
//
// It shows a progress bar while it runs (on a terminal), prints a closing table and
// writes the final frame as a PNG (simulation.png unless --png says otherwise).
//
// Everything is deterministic (seeded PRNG, fixed time step), so the checksum
// printed at the end is the same on every run with the same flags.
import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import cliProgress from "cli-progress";
import { encode } from "fast-png";
import { component, createWorld, tag } from "wasm-ecs";

// ── Settings ────────────────────────────────────────────────────────────────
const USAGE = "usage: node examples/node/simulation.mjs [--entities N] [--frames N] [--seed N] [--png FILE]";
const flags = readFlags();
const ENTITIES = positiveInt("entities", flags.entities);
const FRAMES = positiveInt("frames", flags.frames);
const SEED = positiveInt("seed", flags.seed);
const PNG = flags.png;
const IMAGE = 512; // the PNG is IMAGE x IMAGE pixels

const DT = 1 / 60; // fixed time step, seconds
const SIZE = 1000; // the box is SIZE x SIZE units
const MAX_SPEED = 100; // units per second, per axis
const BOOST = 3; // Boosted entities move this many times faster
const MIDDLE_MIN = SIZE * 0.45; // the middle strip, where entities get Boosted
const MIDDLE_MAX = SIZE * 0.55;
const MIN_LIFE = 120; // frames an entity lives: uniform in [MIN_LIFE, MAX_LIFE)
const MAX_LIFE = 600;

// ── Components ──────────────────────────────────────────────────────────────
// Each field is a typed-array column in wasm memory.
const Position = component("Position", { x: "f32", y: "f32" });
const Velocity = component("Velocity", { x: "f32", y: "f32" });
const Lifetime = component("Lifetime", { frames: "i32" }); // frames left to live
const Boosted = tag("Boosted"); // no data: only changes the entity's archetype

// ── Deterministic randomness ────────────────────────────────────────────────
/** mulberry32: a tiny seeded PRNG returning floats in [0, 1). */
function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = mulberry32(SEED);

// ── World ───────────────────────────────────────────────────────────────────
const world = await createWorld({
  components: [Position, Velocity, Lifetime, Boosted],
  initialEntities: ENTITIES,
});

// Queries are cached by their terms; build them once and reuse them every frame.
const moving = world.query({ all: [Position, Velocity] });
const unboosted = world.query({ all: [Position], none: [Boosted] });
const boosted = world.query({ all: [Position, Boosted] });
const aging = world.query({ all: [Lifetime] });

/**
 * Spawns n entities at random places with random velocities and lifetimes, with one
 * core call: `withEach` gives each field one value per entity.
 */
function spawnRandom(n) {
  const px = new Float32Array(n);
  const py = new Float32Array(n);
  const vx = new Float32Array(n);
  const vy = new Float32Array(n);
  const life = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    px[i] = random() * SIZE;
    py[i] = random() * SIZE;
    vx[i] = (random() * 2 - 1) * MAX_SPEED;
    vy[i] = (random() * 2 - 1) * MAX_SPEED;
    life[i] = MIN_LIFE + Math.floor(random() * (MAX_LIFE - MIN_LIFE));
  }
  return world.spawnMany(
    n,
    Position.withEach({ x: px, y: py }),
    Velocity.withEach({ x: vx, y: vy }),
    Lifetime.withEach({ frames: life }),
  );
}

// ── Systems ─────────────────────────────────────────────────────────────────
// Each system is a function over the world; the loop body only touches typed arrays.

/** Integrates velocity with the fixed time step and bounces off the walls of the box. */
function moveSystem(dt) {
  for (const t of moving) {
    const p = t.columns(Position);
    const v = t.columns(Velocity);
    // A table holds one archetype, so "is this entity Boosted?" is asked once per table.
    const step = t.has(Boosted) ? dt * BOOST : dt;
    for (let i = 0, n = t.count; i < n; i++) {
      let x = p.x[i] + v.x[i] * step;
      let y = p.y[i] + v.y[i] * step;
      if (x < 0) {
        x = -x;
        v.x[i] = -v.x[i];
      } else if (x > SIZE) {
        x = 2 * SIZE - x;
        v.x[i] = -v.x[i];
      }
      if (y < 0) {
        y = -y;
        v.y[i] = -v.y[i];
      } else if (y > SIZE) {
        y = 2 * SIZE - y;
        v.y[i] = -v.y[i];
      }
      p.x[i] = x;
      p.y[i] = y;
    }
  }
}

/**
 * Tags entities inside the middle strip as Boosted and untags those that left it.
 * add/remove inside the loops are deferred: the tables being walked do not change
 * under the loop, and the migrations happen when each `for...of` ends.
 * Returns the number of entities that changed archetype.
 */
function boostSystem() {
  let migrated = 0;
  for (const t of unboosted) {
    const x = t.columns(Position).x;
    const entities = t.entities;
    for (let i = 0, n = t.count; i < n; i++) {
      if (x[i] >= MIDDLE_MIN && x[i] <= MIDDLE_MAX) {
        world.add(entities[i], Boosted);
        migrated++;
      }
    }
  } // <- the deferred adds are applied here
  for (const t of boosted) {
    const x = t.columns(Position).x;
    const entities = t.entities;
    for (let i = 0, n = t.count; i < n; i++) {
      if (x[i] < MIDDLE_MIN || x[i] > MIDDLE_MAX) {
        world.remove(entities[i], Boosted);
        migrated++;
      }
    }
  } // <- the deferred removes are applied here
  return migrated;
}

/**
 * Counts lifetimes down, destroys entities whose time ran out (deferred while
 * iterating) and spawns as many replacements in one batch, so the population stays
 * constant. Returns the number of entities replaced.
 */
function lifetimeSystem() {
  let died = 0;
  for (const t of aging) {
    const frames = t.columns(Lifetime).frames;
    const entities = t.entities;
    for (let i = 0, n = t.count; i < n; i++) {
      if (--frames[i] <= 0) {
        world.destroy(entities[i]);
        died++;
      }
    }
  } // <- the deferred destroys are applied here, as one batch
  if (died > 0) spawnRandom(died);
  return died;
}

/** Sum of all coordinates: a quick fingerprint of the final state. */
function positionChecksum() {
  let sum = 0;
  for (const t of moving) {
    const p = t.columns(Position);
    for (let i = 0, n = t.count; i < n; i++) sum += p.x[i] + p.y[i];
  }
  return sum;
}

// ── Main loop ───────────────────────────────────────────────────────────────
spawnRandom(ENTITIES);

const frameMs = new Float64Array(FRAMES);
let migrations = 0;
let replaced = 0;
// Drawn on stderr, and only on a terminal (cli-progress prints nothing otherwise).
const bar = new cliProgress.SingleBar(
  { format: "simulating [{bar}] {value}/{total} frames, {ms} ms per frame", stream: process.stderr },
  cliProgress.Presets.shades_classic,
);
bar.start(FRAMES, 0, { ms: "-" });
for (let frame = 0; frame < FRAMES; frame++) {
  const start = performance.now();
  moveSystem(DT);
  migrations += boostSystem();
  replaced += lifetimeSystem();
  frameMs[frame] = performance.now() - start;
  if (frame % 10 === 9) bar.update(frame + 1, { ms: frameMs[frame].toFixed(2) });
}
bar.update(FRAMES);
bar.stop();

/** The final frame as RGBA pixels: each entity a dot, Boosted ones in orange. */
function render() {
  const rgba = new Uint8Array(IMAGE * IMAGE * 4);
  for (let i = 0; i < rgba.length; i += 4) {
    rgba[i] = 12;
    rgba[i + 1] = 16;
    rgba[i + 2] = 28;
    rgba[i + 3] = 255;
  }
  const scale = IMAGE / SIZE;
  for (const t of moving) {
    const p = t.columns(Position);
    const [r, g, b] = t.has(Boosted) ? [255, 150, 40] : [90, 170, 255];
    for (let i = 0, n = t.count; i < n; i++) {
      const px = Math.min(IMAGE - 1, Math.max(0, Math.floor(p.x[i] * scale)));
      const py = Math.min(IMAGE - 1, Math.max(0, Math.floor(p.y[i] * scale)));
      const at = (py * IMAGE + px) * 4;
      rgba[at] = r;
      rgba[at + 1] = g;
      rgba[at + 2] = b;
    }
  }
  return rgba;
}
writeFileSync(PNG, encode({ width: IMAGE, height: IMAGE, data: render(), channels: 4, depth: 8 }));

// ── Report ──────────────────────────────────────────────────────────────────
const sorted = frameMs.slice().sort(); // typed arrays sort numerically
const percentile = (p) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
const stats = world.stats();
const mib = (bytes) => `${(bytes / 1048576).toFixed(1)} MiB`;

console.log(`wasm-ecs simulation: ${ENTITIES} entities, ${FRAMES} frames, seed ${SEED}`);
console.log(
  `frame time     p50 ${percentile(0.5).toFixed(3)} ms   p95 ${percentile(0.95).toFixed(3)} ms   max ${sorted[sorted.length - 1].toFixed(3)} ms`,
);
console.log(`entities       ${world.entityCount} alive (${boosted.count()} Boosted)`);
console.log(`archetypes     ${stats.archetypes}`);
console.log(`migrations     ${migrations} (Boosted added or removed), ${replaced} entities replaced`);
console.log(`memory         ${stats.memoryBytes} bytes (${mib(stats.memoryBytes)}), ${stats.usedBytes} in use`);
console.log(`checksum       ${positionChecksum().toFixed(3)}`);
console.log(`final frame    ${PNG} (${IMAGE} x ${IMAGE} PNG)`);

world.dispose();

/** The command-line flags (as strings); exits with the usage line on an unknown flag. */
function readFlags() {
  try {
    const { values } = parseArgs({
      options: {
        entities: { type: "string", default: "100000" },
        frames: { type: "string", default: "300" },
        seed: { type: "string", default: "1" },
        png: { type: "string", default: "simulation.png" },
      },
    });
    return values;
  } catch (err) {
    console.error(`${err.message}\n${USAGE}`);
    process.exit(1);
  }
}

/** Parses a whole-number flag, exiting with a message when it is not one. */
function positiveInt(name, text) {
  const n = Number(text);
  if (!Number.isInteger(n) || n <= 0) {
    console.error(`--${name} must be a positive whole number, got ${JSON.stringify(text)}\n${USAGE}`);
    process.exit(1);
  }
  return n;
}
