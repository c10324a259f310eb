// Kernels for the kernel build's vectorizer (bin/vectorize.mjs; test/bin/vectorize.test.ts
// builds this file by default, with --no-vectorize and with --no-unroll and compares what
// each export writes). The first group fits (its four-row loop becomes v128), the second
// must stay scalar, each for the reason its comment gives.
import { Read, Write } from "wasm-ecs/kernel";

// ---- vectorized

/** iterate_1m's move: two written and two read columns. */
export function move(n: i32, px: Write<f32>, py: Write<f32>, vx: Read<f32>, vy: Read<f32>): void {
  for (let i = 0; i < n; i++) {
    px[i] += vx[i];
    py[i] += vy[i];
  }
}

/** Scale by a scalar parameter (splatted before the loop). */
export function scale(n: i32, v: Write<f32>, s: f32): void {
  for (let i = 0; i < n; i++) v[i] *= s;
}

/** Multiply-add of three columns and a scalar. */
export function mulAdd(n: i32, p: Write<f32>, a: Read<f32>, b: Read<f32>, dt: f32): void {
  for (let i = 0; i < n; i++) p[i] = a[i] * b[i] + p[i] * dt;
}

/** i32 shift by a scalar (counts taken modulo 32 alike), masks and shifts by constants. */
export function shiftMask(n: i32, v: Write<i32>, k: i32): void {
  for (let i = 0; i < n; i++) v[i] = ((v[i] << k) & 0xff0ff0) ^ (v[i] >>> 3) ^ (v[i] >> (k + 1));
}

/** A column read and written, and read again after the write by a later statement. */
export function readWrite(n: i32, w: Write<f32>, r: Write<f32>): void {
  for (let i = 0; i < n; i++) {
    w[i] = w[i] * r[i] - w[i];
    r[i] = w[i] / r[i];
  }
}

/** A constant stored to every row (splat). */
export function constant(n: i32, v: Write<f32>, c: Write<i32>): void {
  for (let i = 0; i < n; i++) {
    v[i] = -1.5;
    c[i] = 7;
  }
}

/** f32 ops with a SIMD equivalent: sqrt abs neg floor ceil trunc nearest copysign. */
export function unary(n: i32, v: Write<f32>, a: Read<f32>, lo: f32): void {
  for (let i = 0; i < n; i++) {
    v[i] = sqrt<f32>(abs<f32>(a[i])) - floor<f32>(v[i]) + ceil<f32>(-a[i]) * trunc<f32>(v[i]);
    v[i] = nearest<f32>(v[i]) * lo + copysign<f32>(v[i], a[i]);
  }
}

/** i32 lane ops: add sub mul or xor and, shr_s by a scalar. */
export function integers(n: i32, v: Write<i32>, a: Read<i32>, s: i32): void {
  for (let i = 0; i < n; i++) v[i] = ((a[i] - v[i]) * 3 + 0x1234) | ((a[i] >> s) & v[i]);
}

/** A local set from a row and read later in the same row (a v128 local). */
export function laneLocal(n: i32, a: Write<f32>, b: Write<f32>, s: f32): void {
  for (let i = 0; i < n; i++) {
    const t = a[i] * s;
    b[i] = t + t;
    a[i] = t - b[i];
  }
}

/** An f32 and an i32 statement in one loop, each a lane type of its own. */
export function twoTypes(n: i32, f: Write<f32>, k: Write<i32>): void {
  for (let i = 0; i < n; i++) {
    f[i] = f[i] * 0.5;
    k[i] = k[i] * k[i];
  }
}

// ---- scalar

/** Scalar: f64 (two lanes per v128, not four). */
export function doubles(n: i32, v: Write<f64>): void {
  for (let i = 0; i < n; i++) v[i] *= 2;
}

/** Scalar: i16 (2-byte rows). */
export function shorts(n: i32, v: Write<i16>): void {
  for (let i = 0; i < n; i++) v[i] += 3;
}

/** Scalar: a fixed cell accumulates every row. */
export function accumulate(n: i32, v: Write<f32>, s: Write<f32>): void {
  for (let i = 0; i < n; i++) {
    v[i] += 1;
    s[0] += v[i];
  }
}

/** Scalar: reads the neighbour row. */
export function neighbour(n: i32, v: Write<f32>, a: Read<f32>): void {
  for (let i = 0; i < n; i++) v[i] = a[i + 1] * 2;
}

/** Scalar: reads the neighbour row through the load's offset (the form unrolled copies take). */
export function neighbourOffset(n: i32, v: Write<f32>, a: Read<f32>): void {
  for (let i = 0; i < n; i++) v[i] = load<f32>(a.at(i), 4) - a[i];
}

/** Scalar: a write under a condition. */
export function branch(n: i32, v: Write<f32>, a: Read<f32>): void {
  for (let i = 0; i < n; i++) {
    if (v[i] < 0) v[i] = a[i];
  }
}

/** Not inlined (recursive). */
function halve(x: f32, depth: i32): f32 {
  return depth > 0 && abs<f32>(x) > 1000 ? halve(x * 0.5, depth - 1) : x;
}

/** Scalar: a call. */
export function call(n: i32, v: Write<f32>): void {
  for (let i = 0; i < n; i++) v[i] = halve(v[i], 3);
}

/** Scalar: element 0 of an [f32, 2] array field (8-byte stride). */
export function pairs(n: i32, m: Write<f32>): void {
  for (let i = 0; i < n; i++) m[i * 2] += 1;
}

/** Scalar: a sum carried from row to row. */
export function running(n: i32, v: Write<i32>): void {
  let sum = 0;
  for (let i = 0; i < n; i++) {
    sum += v[i];
    v[i] = sum;
  }
}

/** Scalar: a conversion (i32 to f32). */
export function convert(n: i32, v: Write<f32>, a: Read<i32>): void {
  for (let i = 0; i < n; i++) v[i] = <f32>a[i];
}

/** Scalar: f32 min / max (f32x4.min / max give a NaN of the other sign in V8), read back as i32 bits. */
export function clampSign(n: i32, v: Write<f32>, k: Write<i32>): void {
  for (let i = 0; i < n; i++) {
    v[i] = max<f32>(v[i], 0);
    k[i] = load<i32>(v.at(i)) >> 31;
  }
}
