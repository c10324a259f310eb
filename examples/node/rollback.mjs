// Rollback: run a deterministic simulation, snapshot it, run on, restore the
// snapshot and run the same frames again with the same inputs. The state hash of
// every re-run frame must equal the first run's (what rollback netcode relies on).
//
//   node examples/node/rollback.mjs [--entities N] [--frames N]
import { parseArgs } from "node:util";
import { component, createWorld, tag } from "wasm-ecs";

const { values } = parseArgs({
  options: { entities: { type: "string", default: "20000" }, frames: { type: "string", default: "120" } },
});
const N = Number(values.entities);
const FRAMES = Number(values.frames);
const AT = Math.floor(FRAMES / 3);

const Position = component("Position", { x: "f32", y: "f32" });
const Velocity = component("Velocity", { x: "f32", y: "f32" });
const Energy = component("Energy", { e: "i32" });
const Boosted = tag("Boosted");

const world = await createWorld({ components: [Position, Velocity, Energy, Boosted] });
const rnd = (seed) => () => (seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 2 ** 32;
const r = rnd(7);
world.spawnMany(
  N,
  Position.withEach({
    x: Float32Array.from({ length: N }, () => r() * 1000),
    y: Float32Array.from({ length: N }, () => r() * 1000),
  }),
  Velocity.withEach({
    x: Float32Array.from({ length: N }, () => r() - 0.5),
    y: Float32Array.from({ length: N }, () => r() - 0.5),
  }),
  Energy.with({ e: 100 }),
);

world.system("move", { read: [Velocity], write: [Position] }, (q) => {
  for (const t of q) {
    const p = t.write(Position);
    const v = t.read(Velocity);
    const boost = t.has(Boosted) ? 2 : 1;
    for (let i = 0, n = t.count; i < n; i++) {
      p.x[i] += v.x[i] * boost;
      p.y[i] += v.y[i] * boost;
    }
  }
});
world.system(
  "energy",
  { all: [Energy] },
  (q) => {
    for (const t of q) {
      const en = t.write(Energy).e;
      const boosted = t.has(Boosted);
      for (let i = 0, n = t.count; i < n; i++) {
        en[i] += boosted ? -3 : 1;
        // Migrations: an entity out of energy loses its boost, a charged one gains it.
        if (boosted && en[i] <= 0) world.remove(t.entities[i], Boosted);
        else if (!boosted && en[i] >= 130) world.add(t.entities[i], Boosted);
      }
    }
  },
  { after: ["move"] },
);

/** The frame's input: which entity gets a kick (deterministic per frame). */
function input(frame) {
  const ids = world.query({ all: [Energy] }).entities();
  return ids[(frame * 7919) % ids.length];
}

/** FNV-1a over every position, energy and boost flag, table by table in entity order. */
function stateHash() {
  const rows = [];
  for (const t of world.query({ all: [Position, Energy] })) {
    const p = t.read(Position);
    const en = t.read(Energy).e;
    for (let i = 0, n = t.count; i < n; i++) rows.push([t.entities[i], p.x[i], p.y[i], en[i], t.has(Boosted) ? 1 : 0]);
  }
  rows.sort((a, b) => a[0] - b[0]);
  const f = new Float64Array(rows.flat());
  const u = new Uint32Array(f.buffer);
  let h = 0x811c9dc5;
  for (let i = 0; i < u.length; i++) h = Math.imul(h ^ u[i], 0x01000193);
  return h >>> 0;
}

function frame(f) {
  world.set(input(f), Energy, { e: 200 });
  world.step(1 / 60);
  return stateHash();
}

const first = [];
let saved;
let snapMs = 0;
for (let f = 0; f < FRAMES; f++) {
  if (f === AT) {
    const t0 = performance.now();
    saved = world.snapshot();
    snapMs = performance.now() - t0;
  }
  first.push(frame(f));
}
const t0 = performance.now();
world.restore(saved);
const restoreMs = performance.now() - t0;
let mismatches = 0;
for (let f = AT; f < FRAMES; f++) if (frame(f) !== first[f]) mismatches++;

console.log(`entities ${N}, archetypes ${world.stats().archetypes}, frames ${FRAMES}, rolled back to frame ${AT}`);
console.log(
  `snapshot ${(saved.length / 1e6).toFixed(2)} MB in ${snapMs.toFixed(2)} ms, restore ${restoreMs.toFixed(2)} ms`,
);
console.log(`re-run frames ${FRAMES - AT}, state hash mismatches: ${mismatches}`);
if (mismatches !== 0) process.exit(1);
