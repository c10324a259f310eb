// Debug worlds: writes through a column array whose table has since moved its columns to
// a bigger block or was freed. Such a write would be lost, or land in whatever the block
// is reused for; the debug core holds those blocks back instead, filled with a canary
// (the quarantine, assembly/alloc.ts). At the start of a world call (Core.check) the
// facade asks the core to look for a write in them and throws StaleViewError naming the
// array: its component and field, and its table's components. The look is a pass over
// up to QUARANTINE_BYTES, so the per-entity reads and writes (get, set, has, targets,
// tableOf, rowOf: Core.checkLive) and calls while changes are deferred leave it to the
// next other call, as structural changes already cost a walk of the world in debug mode.
// Invariant: no quarantined block is in a snapshot's memory (snapshot() releases them
// first), and after a restore the ring is the snapshot's, emptied.
import {
  C_COMP,
  C_FIELD,
  C_OFFSET,
  C_ROW_BYTES,
  C_STRIDE,
  ENTITY_COLUMN_COMP,
  H_QUARANTINE,
  Q_CAPACITY,
  Q_COLS,
  Q_COMPS,
  Q_NCOLS,
  Q_NCOMPS,
  Q_OFFSET,
  Q_STALE,
  QS_FREED,
} from "../core/constants.generated.js";
import type { Core } from "../core/core.js";
import { columnStart } from "../core/records.js";
import { StaleViewError } from "../errors.js";
import { staleColumn, staleEntities, staleView } from "../messages.js";
import type { Registry } from "./registry.js";

/** The quarantine of a debug world: the last 64 moved or freed blocks, at most 4 MiB of them. */
export const QUARANTINE_BLOCKS = 64;
export const QUARANTINE_BYTES = 4 << 20;

/**
 * Makes the world calls of a debug world look for stale writes first (Core.check), except
 * while `deferring()`: no column moves then, and the look waits for the scope's end.
 */
export function watchStaleWrites(core: Core, registry: Registry, deferring: () => boolean): void {
  core.onCheck = () => {
    if (!deferring() && core.header(H_QUARANTINE) !== 0 && core.quarantine(false) !== 0)
      throw staleWrite(core, registry);
  };
}

/** Before a snapshot reads memory: frees every held block (StaleViewError for a write found on the way). */
export function releaseHeld(core: Core, registry: Registry): void {
  if (core.header(H_QUARANTINE) !== 0 && core.quarantine(true) !== 0) throw staleWrite(core, registry);
}

/** After a restore loaded memory: the snapshot's ring, emptied (and the quarantine on again). */
export function resetHeld(core: Core): void {
  if (core.header(H_QUARANTINE) !== 0) core.quarantine(true);
  core.forgetStaleWrite();
  // A snapshot of an older debug core has no ring; out of memory, the world goes on without.
  core.debugQuarantine(QUARANTINE_BLOCKS, QUARANTINE_BYTES);
}

/** The error for the write the core's ring describes; the ring then forgets it. */
function staleWrite(core: Core, registry: Registry): StaleViewError {
  const u32 = core.u32;
  const q = core.header(H_QUARANTINE) >>> 2;
  const freed = u32[q + Q_STALE] === QS_FREED;
  const capacity = u32[q + Q_CAPACITY];
  const offset = u32[q + Q_OFFSET];
  const cols = u32[q + Q_COLS] >>> 2;
  let array = staleEntities();
  let row = 0;
  let tableRowBytes = 0;
  for (let j = 0; j < u32[q + Q_NCOLS]; j++) tableRowBytes += u32[cols + j * C_STRIDE + C_ROW_BYTES];
  for (let j = 0; j < u32[q + Q_NCOLS]; j++) {
    const d = cols + j * C_STRIDE;
    const start = columnStart(capacity, u32[d + C_OFFSET], tableRowBytes);
    const rowBytes = u32[d + C_ROW_BYTES];
    if (offset < start || offset >= start + capacity * rowBytes) continue;
    row = Math.floor((offset - start) / rowBytes);
    const comp = u32[d + C_COMP];
    if (comp !== ENTITY_COLUMN_COMP) {
      const c = registry.components[comp];
      array = staleColumn(c.name, c.fields[u32[d + C_FIELD]].name);
    }
    break;
  }
  const comps = u32[q + Q_COMPS] >>> 2;
  const names: string[] = [];
  for (let k = 0; k < u32[q + Q_NCOMPS]; k++) {
    const c = registry.components[u32[comps + k]];
    if (!c.hidden) names.push(c.name);
  }
  core.forgetStaleWrite();
  return new StaleViewError(staleView(array, names.length > 0 ? names.join(", ") : "with no components", freed, row));
}
