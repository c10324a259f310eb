// What a kernel file imports: `import { Read, Write } from "wasm-ecs/kernel"`.
//
// A kernel is an exported AssemblyScript function that wasm-ecs calls once per matching
// table, in place, over the world's own memory:
//
//   export function move(n: i32, px: Write<f32>, py: Write<f32>, vx: Read<f32>, vy: Read<f32>, dt: f32): void {
//     for (let i = 0; i < n; i++) { px[i] += vx[i] * dt; py[i] += vy[i] * dt; }
//   }
//
// Parameters, in this order: the table's row count (i32); one column per numeric field
// of each `write` component, then of each `read` component, in the order the kernel's
// declaration lists them (world.kernels(...).kernel(name, { write, read, scalars }))
// and each component's fields in schema order; then the scalars (f32, f64 or i32).
// A column is a pointer to row 0 of the field in this table: element i of row i is
// col[i] (an array field [T, n] has n elements per row: row i starts at col[i * n]).
//
// Build a kernel file with `npx wasm-ecs-kernel file.ts -o file.wasm`: it imports the
// world's memory and keeps no runtime and no static data of its own (the loader refuses
// modules that would). Kernels are the app's own code, trusted like any JS system: they
// must only touch the columns they were given, rows 0 .. n - 1; debug worlds check that.

/** A column the kernel reads: `col[i]` loads row i's element. */
@final @unmanaged export class Read<T> {
  @inline @operator("[]") get(i: i32): T {
    return load<T>(changetype<usize>(this) + (<usize>i << alignof<T>()));
  }
  /** The address of element i (for SIMD loads: `v128.load(col.at(i))`). */
  @inline at(i: i32): usize {
    return changetype<usize>(this) + (<usize>i << alignof<T>());
  }
}

/** A column the kernel writes (and may read): `col[i] = v`; marks the table's rows changed. */
@final @unmanaged export class Write<T> {
  @inline @operator("[]") get(i: i32): T {
    return load<T>(changetype<usize>(this) + (<usize>i << alignof<T>()));
  }
  @inline @operator("[]=") set(i: i32, value: T): void {
    store<T>(changetype<usize>(this) + (<usize>i << alignof<T>()), value);
  }
  /** The address of element i (for SIMD stores: `v128.store(col.at(i), v)`). */
  @inline at(i: i32): usize {
    return changetype<usize>(this) + (<usize>i << alignof<T>());
  }
}

/** Four f32 of a column (Read<f32> or Write<f32>) from element i (any alignment). */
@inline export function load4<C>(col: C, i: i32): v128 {
  return v128.load(changetype<usize>(col) + (<usize>i << 2));
}

/** Stores four f32 to a column from element i (any alignment). */
@inline export function store4(col: Write<f32>, i: i32, value: v128): void {
  v128.store(changetype<usize>(col) + (<usize>i << 2), value);
}
