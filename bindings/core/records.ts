// The core's slot records as JS reads them (assembly/entity-index.ts writes them): REC_STRIDE
// u32 per slot, word 0 = generation << REC_TABLE_BITS | table (REC_FREE: a free slot), then the row.
import { REC_FREE, REC_TABLE_BITS, REC_TABLE_MASK, SLOT_BITS } from "./constants.generated.js";

/** The table of entity e whose slot's record word is w, or -1 when e is not alive (another generation, or free). */
export function recordTable(w: number, e: number): number {
  const t = w & REC_TABLE_MASK;
  return w >>> REC_TABLE_BITS === e >>> SLOT_BITS && t !== REC_FREE ? t : -1;
}
