// What the core tests describe to the core and read back: element types in the order
// of the core's type codes (sizes taken from the JS typed arrays, not from the core),
// field specs for registerComponent and entity handle bits (the seeded PRNG is in
// test/support/rng.ts).
import { SLOT_BITS, SLOT_MASK } from "../../bindings/core/constants.generated.js";

// ── Element types, in the order of the core's type codes ──────────────────────
// (assembly/constants.ts: "Element type codes: f32 f64 i8 u8 i16 u16 i32 u32 eid").
// The sizes come from the JS typed arrays of the same types, not from the core.
export type ElementType = "f32" | "f64" | "i8" | "u8" | "i16" | "u16" | "i32" | "u32" | "eid";
export type ElementArray =
  | Float32Array
  | Float64Array
  | Int8Array
  | Uint8Array
  | Int16Array
  | Uint16Array
  | Int32Array
  | Uint32Array;
interface ElementArrayConstructor {
  new (buffer: ArrayBufferLike): ElementArray;
  readonly BYTES_PER_ELEMENT: number;
}
export const ELEMENT_TYPES: readonly ElementType[] = ["f32", "f64", "i8", "u8", "i16", "u16", "i32", "u32", "eid"];
export const ARRAY_OF: Readonly<Record<ElementType, ElementArrayConstructor>> = {
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
export const typeCode = (type: ElementType): number => ELEMENT_TYPES.indexOf(type);
export const elementSize = (type: ElementType): number => ARRAY_OF[type].BYTES_PER_ELEMENT;

/** One field of a component: element type, elements per row, optional default row. */
export interface FieldSpec {
  readonly type: ElementType;
  readonly length?: number;
  readonly default?: readonly number[];
}

/** A raw field record as registerComponent reads it (for malformed descriptors). */
export interface RawField {
  readonly type: number;
  readonly length: number;
}

/**
 * The allocator's block header sits this many bytes before each payload
 * (assembly/alloc.ts: [ size:u32 | kind:u32 | next:u32 | pad:u32 ][ payload ]).
 */
export const ALLOC_HEADER_BYTES = 16;

export const slotOf = (e: number): number => (e & SLOT_MASK) >>> 0;
export const genOf = (e: number): number => e >>> SLOT_BITS;
export const makeEntity = (slot: number, gen: number): number => ((gen << SLOT_BITS) | slot) >>> 0;
