// The app's movement system as a kernel: Position += Velocity * dt over each table's
// columns, in the world's memory. vite.config.js compiles it to move.wasm beside this
// file (npx wasm-ecs-kernel) before Vite reads the sources; main.js loads it with
// `new URL("./kernels/move.wasm", import.meta.url)`, which Vite emits as an asset.
import { Read, Write } from "wasm-ecs/kernel";

export function move(n: i32, px: Write<f32>, py: Write<f32>, vx: Read<f32>, vy: Read<f32>, dt: f32): void {
  for (let i = 0; i < n; i++) {
    px[i] += vx[i] * dt;
    py[i] += vy[i] * dt;
  }
}
