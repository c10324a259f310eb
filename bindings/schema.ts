// Schemas: field types -> typed-array constructors, element sizes and type codes,
// and the TypeScript types derived from a schema (columns, values, inits).
// Invariant: SCALARS order matches the core's type codes (assembly/registry.ts).
import { rules } from "./messages.js";

export type Scalar = "f32" | "f64" | "i8" | "u8" | "i16" | "u16" | "i32" | "u32" | "eid";
/** A scalar, a fixed-length array `[type, length]`, or "object" (a JS value kept JS-side). */
export type FieldType = Scalar | readonly [Scalar, number] | "object";
export type Schema = { readonly [field: string]: FieldType };

interface ArrayTypes {
  f32: Float32Array;
  f64: Float64Array;
  i8: Int8Array;
  u8: Uint8Array;
  i16: Int16Array;
  u16: Uint16Array;
  i32: Int32Array;
  u32: Uint32Array;
  eid: Uint32Array;
}
type ScalarOf<F> = F extends Scalar ? F : F extends readonly [infer S extends Scalar, number] ? S : never;

/** The typed array of one field's column (`[f32, 16]` is one Float32Array of count * 16). */
export type ColumnOf<F> = F extends "object" ? unknown[] : ArrayTypes[ScalarOf<F>];
/** `columns(Position)`: `{ x: Float32Array; y: Float32Array }`. */
export type Columns<S extends Schema> = { readonly [K in keyof S]: ColumnOf<S[K]> };
/** A typed array that can be read but not written through its type. */
export type ReadonlyTypedArray<A extends TypedArray> = Omit<
  A,
  number | "set" | "fill" | "copyWithin" | "reverse" | "sort"
> & { readonly [index: number]: number };
/** The read-only view of one field's column. */
export type ReadonlyColumnOf<F> = F extends "object" ? readonly unknown[] : ReadonlyTypedArray<ArrayTypes[ScalarOf<F>]>;
/** `read(Position)`: `{ x: ReadonlyTypedArray<Float32Array>; ... }`. */
export type ReadonlyColumns<S extends Schema> = { readonly [K in keyof S]: ReadonlyColumnOf<S[K]> };
/** One field's value as get() returns it. */
export type ValueOf<F> = F extends "object" ? unknown : F extends Scalar ? number : number[];
/** `get(e, Position)`: `{ x: number; y: number }` (a copy). */
export type Values<S extends Schema> = { -readonly [K in keyof S]: ValueOf<S[K]> };
/** Array fields take one number (fills every element) or exactly `length` numbers. */
type InitOf<F> = F extends "object" ? unknown : F extends Scalar ? number : number | ArrayLike<number>;
/** Partial values for `with`, `add` and `set`. */
export type Init<S extends Schema> = { readonly [K in keyof S]?: InitOf<S[K]> };
/** Values for `spawnMany`: per field one value for all, or one per entity (length n, n * length for arrays). */
export type ManyInit<S extends Schema> = { readonly [K in keyof S]?: InitOf<S[K]> | ArrayLike<number> };

export type TypedArray =
  | Float32Array
  | Float64Array
  | Int8Array
  | Uint8Array
  | Int16Array
  | Uint16Array
  | Int32Array
  | Uint32Array;
export type TypedArrayConstructor = {
  new (buffer: ArrayBufferLike, byteOffset: number, length: number): TypedArray;
  new (length: number): TypedArray;
  readonly BYTES_PER_ELEMENT: number;
};

export const SCALARS: readonly Scalar[] = ["f32", "f64", "i8", "u8", "i16", "u16", "i32", "u32", "eid"];

const CONSTRUCTORS: Record<Scalar, TypedArrayConstructor> = {
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

/** Value range of the integer types (floats have none). */
const RANGES: Partial<Record<Scalar, readonly [number, number]>> = {
  i8: [-128, 127],
  u8: [0, 255],
  i16: [-32768, 32767],
  u16: [0, 65535],
  i32: [-2147483648, 2147483647],
  u32: [0, 4294967295],
  eid: [0, 4294967295],
};

/** One field of a component as the facade uses it. */
export interface FieldInfo {
  readonly name: string;
  readonly index: number;
  readonly scalar: Scalar;
  readonly code: number;
  /** Elements per row: 1 for scalars. */
  readonly length: number;
  readonly isArray: boolean;
  readonly ctor: TypedArrayConstructor;
  readonly bytes: number;
  readonly range: readonly [number, number] | undefined;
}

/** Parses one field type; returns undefined when it is not a valid type. */
export function parseField(name: string, index: number, type: unknown): FieldInfo | undefined {
  let scalar: unknown = type;
  let length = 1;
  let isArray = false;
  if (Array.isArray(type)) {
    if (type.length !== 2) return undefined;
    [scalar, length] = type as [unknown, number];
    isArray = true;
    if (!Number.isInteger(length) || length < 1 || length > 65536) return undefined;
  }
  if (typeof scalar !== "string" || !(SCALARS as readonly string[]).includes(scalar)) return undefined;
  const s = scalar as Scalar;
  const ctor = CONSTRUCTORS[s];
  return {
    name,
    index,
    scalar: s,
    code: SCALARS.indexOf(s),
    length,
    isArray,
    ctor,
    bytes: ctor.BYTES_PER_ELEMENT * length,
    range: RANGES[s],
  };
}

/** Why a number cannot be stored exactly in a field, or undefined when it can. */
export function valueProblem(field: FieldInfo, value: number): string | undefined {
  if (typeof value !== "number") return rules.numbers();
  const range = field.range;
  if (range === undefined) return undefined;
  if (!Number.isFinite(value)) return rules.finite(field.scalar);
  if (!Number.isInteger(value) || value < range[0] || value > range[1]) {
    return rules.range(field.scalar, range[0], range[1]);
  }
  return undefined;
}
