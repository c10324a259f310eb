// Kernels the tests run (AssemblyScript, built by npm run build into build/kernels/
// test-kernels.wasm with the package's kernel build, npx wasm-ecs-kernel).
import { load4, Read, store4, Write } from "wasm-ecs/kernel";

/** Position += Velocity * dt, one row at a time. */
export function move(n: i32, px: Write<f32>, py: Write<f32>, vx: Read<f32>, vy: Read<f32>, dt: f32): void {
  for (let i = 0; i < n; i++) {
    px[i] += vx[i] * dt;
    py[i] += vy[i] * dt;
  }
}

/** move() four rows at a time. */
export function moveSimd(n: i32, px: Write<f32>, py: Write<f32>, vx: Read<f32>, vy: Read<f32>, dt: f32): void {
  const d = f32x4.splat(dt);
  let i = 0;
  for (; i + 4 <= n; i += 4) {
    store4(px, i, f32x4.add(load4(px, i), f32x4.mul(load4(vx, i), d)));
    store4(py, i, f32x4.add(load4(py, i), f32x4.mul(load4(vy, i), d)));
  }
  for (; i < n; i++) {
    px[i] += vx[i] * dt;
    py[i] += vy[i] * dt;
  }
}

/** value *= 2 over an i32 column. */
export function double(n: i32, v: Write<i32>): void {
  for (let i = 0; i < n; i++) v[i] *= 2;
}

/** Adds k to every element of an array field [f64, 4]. */
export function bump(n: i32, m: Write<f64>, k: f64): void {
  for (let i = 0; i < n * 4; i++) m[i] += k;
}

/** Traps as soon as it gets rows. */
export function trap(n: i32, v: Write<f32>): void {
  if (n > 0) unreachable();
  v[0] = 0;
}

/** Writes one float 16 bytes before its column: outside it, into the core's data. */
export function scribble(n: i32, v: Write<f32>): void {
  if (n > 0) store<f32>(changetype<usize>(v) - 16, 1.5);
}

/** Writes all ones over bytes [from, to) of the memory, whatever lies there (the core's structures). */
export function wipe(n: i32, v: Write<f32>, from: i32, to: i32): void {
  for (let a = from; a < to; a += 4) store<u32>(a, 0xffffffff);
}

/** Takes its count as an f64: refused against any declaration. */
export function wrongCount(n: f64, v: Write<f32>): void {
  v[0] = <f32>n;
}

/** Adds k to every element of an i32 column. */
export function addInt(n: i32, v: Write<i32>, k: i32): void {
  for (let i = 0; i < n; i++) v[i] += k;
}

/** Adds k, a u8, to every element of an i32 column. */
export function addByte(n: i32, v: Write<i32>, k: u8): void {
  for (let i = 0; i < n; i++) v[i] += k;
}
