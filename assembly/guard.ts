// The checks every export of the core's surface shares (index.ts, relation-calls.ts):
// argument checks that read records, the invariant walk after a structural call (debug
// target with checks on), and dropping the tables a failed call created.
import { H_CHECKS, H_COMPONENT_COUNT, H_TABLE_SEQ } from "./constants";
import { dropTablesSince, isLive, tableCount } from "./archetype-map";
import { checkInvariants as walkInvariants } from "./debug";
import { hget } from "./header";

/** Runs the invariant walk after a structural op (debug target, checks on). */
@inline export function after(status: i32): i32 {
  if (!ASC_NO_ASSERT && hget(H_CHECKS) != 0) walkInvariants();
  return status;
}

@inline export function badTable(t: u32): bool { return t >= tableCount() || !isLive(t); }

/** A failed call drops the tables it created (they are empty), then reports status. */
export function failed(status: i32, seqBefore: u32): i32 {
  dropTablesSince(seqBefore);
  return after(status);
}

/** Runs a batch; when it fails, the tables it created are dropped again. */
@inline export function batch(status: i32, seqBefore: u32): i32 {
  return status < 0 ? failed(status, seqBefore) : after(status);
}

/** Creation number of the next table (H_TABLE_SEQ): what dropTables takes. */
@inline export function seqNow(): u32 { return hget(H_TABLE_SEQ); }

@inline export function badComponent(c: u32): bool { return c >= hget(H_COMPONENT_COUNT); }

