// The one place where the core's status codes become typed errors. A negative status is
// a user mistake or a resource limit (assembly/constants.ts); anything else negative
// means the core's structures are not what the facade left them (a core bug, or in a
// release world a kernel that wrote outside its columns): the world is poisoned then,
// and every later call refuses with WorldPoisonedError instead of running on damage.
import { ArgumentError, CapacityError, type EcsError, SchemaError, StaleEntityError } from "../errors.js";
import {
  componentLimit,
  coreRejectedSchema,
  idSpace,
  internalStatus,
  outOfMemory,
  poisoned,
  refusedPairs,
} from "../messages.js";
import {
  ERR_BAD_ARGUMENT,
  ERR_CAPACITY,
  ERR_COMPONENT_LIMIT,
  ERR_ID_SPACE,
  ERR_STALE,
  H_ALIVE,
  MAX_COMPONENTS,
} from "./constants.generated.js";
import type { Core } from "./core.js";

/** What turning a status into an error needs: the core (slot states) and the memory ceiling. */
export interface Boundary {
  readonly core: Core;
  /** The world's memory ceiling in bytes (maxMemoryBytes). */
  readonly maxBytes: number;
}

/** Returns a non-negative status; throws the typed error of a negative one. `what` completes "while trying to ...". */
export function expect(b: Boundary, status: number, what: string): number {
  if (status >= 0) return status;
  throw statusError(b, status, what);
}

export function statusError(b: Boundary, status: number, what: string): EcsError {
  if (status === ERR_CAPACITY) return new CapacityError(outOfMemory(what, b.maxBytes));
  if (status === ERR_ID_SPACE) return new CapacityError(idSpace(what, b.core.header(H_ALIVE)));
  return b.core.kill(poisoned(internalStatus(status, what)));
}

/** StaleEntityError for `e`, naming its slot's state now. */
export function stale(b: Boundary, e: number): StaleEntityError {
  return new StaleEntityError(e, b.core.slotState(e));
}

/** The status of registerComponent for component `name`: its id, or the typed error. */
export function registered(b: Boundary, status: number, name: string): number {
  if (status === ERR_COMPONENT_LIMIT) throw new CapacityError(componentLimit(name, MAX_COMPONENTS));
  if (status === ERR_BAD_ARGUMENT) throw new SchemaError(coreRejectedSchema(name));
  return expect(b, status, `register ${name}`);
}

/**
 * The status of a call naming relation pairs: ERR_STALE names the dead entity among
 * `candidates` (the first that is not alive), ERR_BAD_ARGUMENT the pairs `names`.
 */
export function pairStatus(
  b: Boundary,
  status: number,
  what: string,
  candidates: readonly number[],
  names = "",
): number {
  if (status === ERR_STALE) {
    const dead = candidates.find((e) => b.core.tableOf(e) < 0);
    throw stale(b, dead ?? candidates[0]);
  }
  if (status === ERR_BAD_ARGUMENT) throw new ArgumentError(refusedPairs(names));
  return expect(b, status, what);
}
