// wasm-ecs through a bundler: Vite resolves "wasm-ecs" (one self-contained module)
// and emits core.wasm as an asset from the package's `new URL("./core.wasm", import.meta.url)`.
import { component, createWorld } from "wasm-ecs";

const Position = component("Position", { x: "f32", y: "f32" });
const Velocity = component("Velocity", { x: "f32", y: "f32" });

const world = await createWorld({ components: [Position, Velocity] });
world.spawnMany(1000, Position, Velocity.with({ x: 1, y: 2 }));
for (let step = 0; step < 10; step++) {
  for (const t of world.query({ all: [Position, Velocity] })) {
    const p = t.columns(Position);
    const v = t.read(Velocity);
    for (let i = 0; i < t.count; i++) {
      p.x[i] += v.x[i];
      p.y[i] += v.y[i];
    }
  }
}
let sum = 0;
for (const t of world.query({ all: [Position] })) for (const y of t.read(Position).y) sum += y;
const result = { entities: world.entityCount, sumY: sum };
document.getElementById("out").textContent = JSON.stringify(result);
window.__vite = result;
