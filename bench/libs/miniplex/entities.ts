// Entity shapes of the miniplex implementations, and a read() helper (never a timed system).
import type { Query } from "miniplex";

export interface Value {
  value: number;
}

export interface Vec2 {
  x: number;
  y: number;
}

/** packed_5 and simple_iter: components A..E. */
export interface Packed {
  a?: Value;
  b?: Value;
  c?: Value;
  d?: Value;
  e?: Value;
}

/** The scale scenarios: position and velocity. */
export interface Body {
  position?: Vec2;
  velocity?: Vec2;
}

/** Sum of `read(entity)` over a query's entities. */
export function sumOver<T>(q: Query<T>, read: (e: T) => number): number {
  let sum = 0;
  for (const e of q) sum += read(e);
  return sum;
}
