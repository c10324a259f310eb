// Expected values, derived from the contract rather than copied from the implementation:
// a number written to a field reads back as that field's typed array stores it.

/** Typed array of each scalar field type, as the contract defines it. */
export const CTOR = {
  f32: Float32Array,
  f64: Float64Array,
  i8: Int8Array,
  u8: Uint8Array,
  i16: Int16Array,
  u16: Uint16Array,
  i32: Int32Array,
  u32: Uint32Array,
  eid: Uint32Array,
};
/** The range of each integer field type, [lowest, highest]. */
export const INT_RANGE = {
  i8: [-128, 127],
  u8: [0, 255],
  i16: [-32768, 32767],
  u16: [0, 65535],
  i32: [-2147483648, 2147483647],
  u32: [0, 4294967295],
  eid: [0, 4294967295],
};
/** Probe values: in range, wrapping, fractional, huge and non-finite. */
// biome-ignore format: a table of values
export const RAW = [
  0, 1, -1, 3.7, -3.7, 0.1, 127, 128, -129, 255, 256, 32767, 32768, -32769, 65535, 65536,
  2 ** 31 - 1, 2 ** 31, -(2 ** 31) - 1, 2 ** 32 - 1, 2 ** 32 + 5, 1e10, -1e-10, 1.5e300,
  Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY,
];
export const IDENTITY = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];
/** Bytes in a wasm memory page: memoryBytes is always a multiple. */
export const PAGE = 65536;

/** v as a field of this scalar type stores it (the typed array's conversion). */
export function store(type, v) {
  const a = new CTOR[type](1);
  a[0] = v;
  return a[0];
}

export function storeEach(type, values) {
  return Array.from(values, (v) => store(type, v));
}

/** The numbers of `list` in ascending order, as a plain array. */
export function sorted(list) {
  return Array.from(list).sort((a, b) => a - b);
}

/** [f(0), …, f(n - 1)]. */
export function range(n, f = (i) => i) {
  return Array.from({ length: n }, (_, i) => f(i));
}
