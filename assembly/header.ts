// The header: a fixed block of u32 slots that both the core and the facade read.
// It is the single home of the core's global state, so the facade never needs a
// call to learn a count or a pointer. Slot names live in constants.ts, each with the
// one module that writes it.
// Invariant: the block sits at HDR for the life of the instance (headerPtr()).
//
// Accessor prefixes used throughout the core (each reads or writes one u32 slot):
//   h  hget / hset    header slot H_*         (this file)
//   t  tget / tset    table record slot T_*   (table.ts)
//   c  cget           column descriptor C_*   (table.ts)
//   k  kget           component record K_*    (registry.ts)
import { H_EPOCH, H_SIZE } from "./constants";

export const HDR: usize = memory.data(H_SIZE << 2, 16);

@inline export function hget(slot: u32): u32 {
  return load<u32>(HDR + (<usize>slot << 2));
}

@inline export function hset(slot: u32, value: u32): void {
  store<u32>(HDR + (<usize>slot << 2), value);
}

/** Tells the facade that some column, array or the memory itself moved. */
export function bumpEpoch(): void {
  hset(H_EPOCH, hget(H_EPOCH) + 1);
}
