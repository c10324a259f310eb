// Kernels for the kernel build's loop unrolling (bin/unroll.mjs; test/bin/unroll.test.ts
// builds this file with and without it and compares what each export writes).
import { Read, Write } from "wasm-ecs/kernel";

/** Unrolled: two written and two read columns, a scalar. */
export function move(n: i32, px: Write<f32>, py: Write<f32>, vx: Read<f32>, vy: Read<f32>, dt: f32): void {
  for (let i = 0; i < n; i++) {
    px[i] += vx[i] * dt;
    py[i] += vy[i] * dt;
  }
}

/** Unrolled: one i32 column. */
export function double(n: i32, v: Write<i32>): void {
  for (let i = 0; i < n; i++) v[i] *= 2;
}

/** Unrolled: a write under a condition. */
export function clampNegative(n: i32, v: Write<f32>, a: Read<f32>): void {
  for (let i = 0; i < n; i++) {
    if (v[i] < 0) v[i] = a[i];
  }
}

/** Unrolled: each row reads the row before it, as written in the previous copy. */
export function prefix(n: i32, v: Write<i32>): void {
  for (let i = 1; i < n; i++) v[i] += v[i - 1];
}

/** Unrolled: element 1 of an array field [i32, 3] (stride 12 bytes). */
export function middle(n: i32, m: Write<i32>): void {
  for (let i = 0; i < n; i++) m[i * 3 + 1] += 7;
}

/** Unrolled: a sum kept across rows, written to row 0 at the end. */
export function total(n: i32, v: Write<i32>): void {
  let sum = 0;
  for (let i = 0; i < n; i++) sum += v[i];
  if (n > 0) v[0] = sum;
}

/** Left as written: the index is a value, not only an address. */
export function index(n: i32, v: Write<f32>): void {
  for (let i = 0; i < n; i++) v[i] = <f32>i;
}

/** Left as written: the row loop stops early. */
export function untilZero(n: i32, v: Write<i32>): void {
  for (let i = 0; i < n; i++) {
    if (v[i] == 0) break;
    v[i] += 1;
  }
}

/** Left as written: the index is an unsigned comparison. */
export function unsigned(n: i32, v: Write<i32>): void {
  for (let i: u32 = 0; i < <u32>n; i++) v[i] -= 1;
}

/** Unrolled: columns of two element sizes, each statement with its own stride (f32: 4, f64: 8). */
export function mixed(n: i32, a: Write<f32>, b: Write<f64>): void {
  for (let i = 0; i < n; i++) {
    a[i] += 1;
    b[i] += 1;
  }
}

/** Unrolled: a later statement reads and writes one fixed cell (stride 0). */
export function accumulate(n: i32, v: Write<f32>, s: Write<f32>): void {
  for (let i = 0; i < n; i++) {
    v[i] += 1;
    s[0] += v[i];
  }
}

/** Left as written: the body changes the bound. */
export function shrink(n: i32, v: Write<i32>): void {
  for (let i = 0; i < n; i++) {
    v[i] += 1;
    n--;
  }
}
