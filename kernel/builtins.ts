// The built-in kernels (world.builtinKernels()): common column operations over f32
// fields, SIMD inside (four rows at a time, then the rest one by one). Compiled by the
// package's build to dist/kernels.wasm with the settings every kernel needs.
import { load4, Read, store4, Write } from "./index";

/** dst[i] += src[i] */
export function add(n: i32, dst: Write<f32>, src: Read<f32>): void {
  let i = 0;
  for (; i + 4 <= n; i += 4) store4(dst, i, f32x4.add(load4(dst, i), load4(src, i)));
  for (; i < n; i++) dst[i] += src[i];
}

/** dst[i] *= s */
export function scale(n: i32, dst: Write<f32>, s: f32): void {
  const k = f32x4.splat(s);
  let i = 0;
  for (; i + 4 <= n; i += 4) store4(dst, i, f32x4.mul(load4(dst, i), k));
  for (; i < n; i++) dst[i] *= s;
}

/** dst[i] += src[i] * s (the integration step: position += velocity * dt) */
export function addScaled(n: i32, dst: Write<f32>, src: Read<f32>, s: f32): void {
  const k = f32x4.splat(s);
  let i = 0;
  for (; i + 4 <= n; i += 4) store4(dst, i, f32x4.add(load4(dst, i), f32x4.mul(load4(src, i), k)));
  for (; i < n; i++) dst[i] += src[i] * s;
}

/** dst[i] = min(max(dst[i], lo), hi) */
export function clamp(n: i32, dst: Write<f32>, lo: f32, hi: f32): void {
  const l = f32x4.splat(lo);
  const h = f32x4.splat(hi);
  let i = 0;
  for (; i + 4 <= n; i += 4) store4(dst, i, f32x4.min(f32x4.max(load4(dst, i), l), h));
  for (; i < n; i++) dst[i] = min(max(dst[i], lo), hi);
}
