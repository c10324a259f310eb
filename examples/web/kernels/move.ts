// The demo's movement system as kernels (examples/web/demo.js runs one of them or its JS
// loop, as chosen on the page): position += velocity * dt, wrapped into [0, size).
// npm run build compiles this file with the package's kernel build (npx wasm-ecs-kernel)
// to build/examples/web/move.wasm, which the demo fetches.
import { load4, Read, store4, Write } from "wasm-ecs/kernel";

/** x wrapped into [0, size) (a value that rounds up to size wraps to 0). */
@inline function wrap(x: f32, size: f32): f32 {
  const w = x - size * Mathf.floor(x / size);
  return w < size ? w : 0;
}

/** wrap() on four lanes. */
@inline function wrap4(x: v128, size: v128): v128 {
  const w = f32x4.sub(x, f32x4.mul(size, f32x4.floor(f32x4.div(x, size))));
  return v128.bitselect(w, f32x4.splat(0), f32x4.lt(w, size));
}

/** One row at a time. */
export function move(n: i32, px: Write<f32>, py: Write<f32>, vx: Read<f32>, vy: Read<f32>, dt: f32, size: f32): void {
  for (let i = 0; i < n; i++) {
    px[i] = wrap(px[i] + vx[i] * dt, size);
    py[i] = wrap(py[i] + vy[i] * dt, size);
  }
}

/** move() four rows at a time (f32x4), the last n % 4 rows one by one: the same results. */
export function moveSimd(n: i32, px: Write<f32>, py: Write<f32>, vx: Read<f32>, vy: Read<f32>, dt: f32, size: f32): void {
  const d = f32x4.splat(dt);
  const s = f32x4.splat(size);
  let i = 0;
  for (; i + 4 <= n; i += 4) {
    store4(px, i, wrap4(f32x4.add(load4(px, i), f32x4.mul(load4(vx, i), d)), s));
    store4(py, i, wrap4(f32x4.add(load4(py, i), f32x4.mul(load4(vy, i), d)), s));
  }
  for (; i < n; i++) {
    px[i] = wrap(px[i] + vx[i] * dt, size);
    py[i] = wrap(py[i] + vy[i] * dt, size);
  }
}
