// The core's records as JS reads them. Slot records (assembly/entity-index.ts writes them):
// REC_STRIDE u32 per slot, word 0 = generation << REC_TABLE_BITS | table (REC_FREE: a free
// slot), then the row. Column starts in a table's block (assembly/table.ts columnStart).
import {
  H_FREE_COUNT,
  H_FREE_HEAD,
  H_SLOT_COUNT,
  REC_FREE,
  REC_TABLE_BITS,
  REC_TABLE_MASK,
  REUSE_QUEUE,
  SKEW_BYTES,
  SKEW_LINE,
  SKEW_PAGE,
  SKEW_ROWS,
  SLOT_BITS,
} from "./constants.generated.js";

/** What slotsAfter() reads of the core (core.ts): its header. */
interface Header {
  header(slot: number): number;
}

/** The table of entity e whose slot's record word is w, or -1 when e is not alive (another generation, or free). */
export function recordTable(w: number, e: number): number {
  const t = w & REC_TABLE_MASK;
  return w >>> REC_TABLE_BITS === e >>> SLOT_BITS && t !== REC_FREE ? t : -1;
}

/**
 * Bytes from its table's block to a column's start, the core's rule (assembly/table.ts
 * columnStart): `cap` rows of `rowBytes`, the column after `offset` bytes of each row, and
 * from SKEW_ROWS rows and a packed block past SKEW_BYTES on its share of the row times
 * SKEW_PAGE, rounded down to SKEW_LINE.
 */
export function columnStart(cap: number, offset: number, rowBytes: number): number {
  const packed = cap * offset;
  if (cap < SKEW_ROWS || cap * rowBytes <= SKEW_BYTES) return packed;
  return packed + (Math.floor((offset * SKEW_PAGE) / rowBytes) & ~(SKEW_LINE - 1));
}

/** A bound on the slots n more entities take (queued free slots, oldest first, while REUSE_QUEUE wait; then fresh ones). */
export function slotsAfter(core: Header, n: number): number {
  const free = core.header(H_FREE_COUNT);
  const drawn = free >= REUSE_QUEUE ? Math.min(n, free - REUSE_QUEUE + 1) : 0;
  if (n === 1 && drawn === 1) return core.header(H_FREE_HEAD) + 1;
  return core.header(H_SLOT_COUNT) + n - drawn;
}
