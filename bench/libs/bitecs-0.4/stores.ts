// Store constructors and a read helper shared by the bitECS 0.4 implementations (setup and
// read() only, never a timed system). Entity ids start at 1: a store has room for max + 1.

export interface I32 {
  readonly value: Int32Array;
}

export interface Vec2 {
  readonly x: Float32Array;
  readonly y: Float32Array;
}

/** A tag: a component with no data (any reference is a component in bitECS 0.4). */
export type Tag = Record<string, never>;

export function i32(capacity: number): I32 {
  return { value: new Int32Array(capacity + 1) };
}

export function vec2(capacity: number): Vec2 {
  return { x: new Float32Array(capacity + 1), y: new Float32Array(capacity + 1) };
}

export function tag(): Tag {
  return {};
}

/** Sum of one typed-array field over a query result. */
export function sumOver(ids: ArrayLike<number>, field: ArrayLike<number>): number {
  let sum = 0;
  for (let i = 0; i < ids.length; i++) sum += field[ids[i]];
  return sum;
}
