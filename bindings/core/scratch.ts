// Staging lists for batch calls: the core's scratch buffer (one block it keeps, grown on
// demand) holds the ids or table ids a batch call reads. Growing it may grow the memory,
// so a list that is a view on that memory is copied before anything else happens.
import { isHandle } from "../entity.js";
import { CapacityError } from "../errors.js";
import { outOfMemory } from "../messages.js";
import { type Boundary, stale } from "./status.js";

/** Scratch bytes kept between batches (the core keeps 64 KiB after trimScratch). */
const SCRATCH_KEEP = 64 << 10;

/** Byte address of a scratch buffer of at least `bytes`; CapacityError when memory ran out. */
export function scratch(b: Boundary, bytes: number, what: string): number {
  const ptr = b.core.scratch(bytes);
  if (ptr === 0) throw new CapacityError(outOfMemory(what, b.maxBytes));
  return ptr;
}

/** Gives back a scratch buffer grown for a big batch, so it does not count as world memory. */
export function trim(b: Boundary, bytes: number): void {
  if (bytes > SCRATCH_KEEP) b.core.trimScratch();
}

/** Copies u32 values (ids, table ids) into scratch; returns the byte address. */
export function stage(b: Boundary, values: ArrayLike<number>, what: string): number {
  const ptr = scratch(b, values.length * 4, what);
  b.core.u32.set(values, ptr >>> 2);
  return ptr;
}

/** StaleEntityError for the first listed value that is not an entity handle at all (no call). */
export function checkHandles(b: Boundary, ids: ArrayLike<number>): void {
  if (ids instanceof Uint32Array) return;
  for (let i = 0; i < ids.length; i++) if (!isHandle(ids[i])) throw stale(b, ids[i]);
}

/**
 * Stages ids and checks them in one core call; StaleEntityError names the first that is
 * malformed or not alive. Returns the scratch address.
 */
export function stageLive(b: Boundary, ids: ArrayLike<number>, what: string): number {
  checkHandles(b, ids);
  const ptr = stage(b, ids, what);
  const dead = b.core.firstDead(ptr, ids.length);
  if (dead >= 0) {
    trim(b, ids.length * 4);
    throw stale(b, ids[dead]);
  }
  return ptr;
}

/** StaleEntityError naming the first listed id that is not alive (reads records, no call). */
export function checkAllLive(b: Boundary, ids: ArrayLike<number>): void {
  for (let i = 0; i < ids.length; i++) if (b.core.tableOf(ids[i]) < 0) throw stale(b, ids[i]);
}
