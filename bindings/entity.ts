// Ids shared by every layer: the branded Entity and TableId types and the helpers that
// take an entity handle apart. A leaf module: it imports only the generated constants.
//
//   bits 31 30   29 ....... 22   21 ................ 0
//   [ 0  0 ]    [ generation:8 ]  [       slot:22       ]     GEN_BITS + SLOT_BITS = 30
import { GEN_BITS, SLOT_BITS, SLOT_MASK } from "./core/constants.generated.js";

/** An entity handle: generation and slot packed in 30 bits; always a small non-negative integer (a V8 Smi). */
export type Entity = number & { readonly __brand: "Entity" };

/**
 * A Uint32Array of entity handles whose elements read as `Entity`: what `spawnMany`,
 * `t.entities` and `query.entities()` return, so `const e: Entity = list[i]` holds like
 * `world.spawn()`'s result (with `noUncheckedIndexedAccess`, `list[i]!` or a check).
 * Its index is read-only (t.entities is the core's entity column). Type only: at run time
 * it is a plain Uint32Array.
 */
export interface EntityList extends Uint32Array {
  readonly [index: number]: Entity;
  [Symbol.iterator](): ArrayIterator<Entity>;
  values(): ArrayIterator<Entity>;
  at(index: number): Entity | undefined;
}

/** A table id (dense, per world). */
export type TableId = number & { readonly __brand: "TableId" };

/** The largest value an entity handle can take. */
export const MAX_ENTITY_ID = 2 ** (GEN_BITS + SLOT_BITS) - 1;

/** Whether `e` has the form of an entity handle (an integer from 1 to 2^30 - 1); says nothing of liveness. */
export function isHandle(e: unknown): e is number {
  return Number.isInteger(e) && (e as number) > 0 && (e as number) <= MAX_ENTITY_ID;
}

export function slotOf(e: number): number {
  return e & SLOT_MASK;
}

export function generationOf(e: number): number {
  return e >>> SLOT_BITS;
}
