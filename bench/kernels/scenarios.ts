// The bench's kernels (AssemblyScript): the "wasm-ecs (kernel)" rows of bench/libs/wasm-ecs/
// run these over the world's columns in place. Built by `node bench/kernels/build.mjs`
// (npm run bench, bench:quick and bench:runtimes run it) with the package's kernel build
// (npx wasm-ecs-kernel) into build/bench/kernels/scenarios.wasm. Not compiled by tsc.
import { load4, Read, store4, Write } from "wasm-ecs/kernel";

/** iterate_1m: Position += Velocity, one row at a time. */
export function move(n: i32, px: Write<f32>, py: Write<f32>, vx: Read<f32>, vy: Read<f32>): void {
  for (let i = 0; i < n; i++) {
    px[i] += vx[i];
    py[i] += vy[i];
  }
}

/** iterate_1m: move() four rows at a time (f32x4), the last n % 4 rows one by one. */
export function moveSimd(n: i32, px: Write<f32>, py: Write<f32>, vx: Read<f32>, vy: Read<f32>): void {
  let i = 0;
  for (; i + 4 <= n; i += 4) {
    store4(px, i, f32x4.add(load4(px, i), load4(vx, i)));
    store4(py, i, f32x4.add(load4(py, i), load4(vy, i)));
  }
  for (; i < n; i++) {
    px[i] += vx[i];
    py[i] += vy[i];
  }
}

/** packed_5, frag_iter: value *= 2 over an i32 column. */
export function double(n: i32, v: Write<i32>): void {
  for (let i = 0; i < n; i++) v[i] *= 2;
}

/** packed_5, frag_iter: double() four rows at a time (i32x4 shift), the last n % 4 one by one. */
export function doubleSimd(n: i32, v: Write<i32>): void {
  let i = 0;
  for (; i + 4 <= n; i += 4) v128.store(v.at(i), i32x4.shl(v128.load(v.at(i)), 1));
  for (; i < n; i++) v[i] *= 2;
}

/** fragmented_256: value += 1 over an i32 column. */
export function increment(n: i32, v: Write<i32>): void {
  for (let i = 0; i < n; i++) v[i] += 1;
}
