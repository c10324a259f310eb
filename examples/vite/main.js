// wasm-ecs through a bundler: Vite resolves "wasm-ecs" (one self-contained module)
// and emits core.wasm as an asset from the package's `new URL("./core.wasm", import.meta.url)`,
// and the app's kernel (kernels/move.ts, compiled by vite.config.js) from this file's.
import { component, createWorld } from "wasm-ecs";

const Position = component("Position", { x: "f32", y: "f32" });
const Velocity = component("Velocity", { x: "f32", y: "f32" });

const world = await createWorld({ components: [Position, Velocity] });
world.spawnMany(1000, Position, Velocity.with({ x: 1, y: 2 }));
for (let step = 0; step < 10; step++) {
  for (const t of world.query({ all: [Position, Velocity] })) {
    const p = t.columns(Position);
    const v = t.read(Velocity);
    for (let i = 0, n = t.count; i < n; i++) {
      p.x[i] += v.x[i];
      p.y[i] += v.y[i];
    }
  }
}
// Ten more steps with the movement system in wasm: a kernel over the columns in place.
const kernels = await world.kernels(new URL("./kernels/move.wasm", import.meta.url));
const move = kernels.kernel("move", { write: [Position], read: [Velocity], scalars: ["dt"] });
world.system(
  "move",
  { write: [Position], read: [Velocity] },
  move.system((ctx) => ({ dt: ctx.dt })),
);
for (let step = 0; step < 10; step++) world.step(0.5);
let sumX = 0;
let sumY = 0;
for (const t of world.query({ all: [Position] })) {
  const p = t.read(Position);
  for (let i = 0, n = t.count; i < n; i++) {
    sumX += p.x[i];
    sumY += p.y[i];
  }
}
const result = { entities: world.entityCount, kernels: kernels.names, sumX, sumY };
document.getElementById("out").textContent = JSON.stringify(result);
window.__vite = result;
