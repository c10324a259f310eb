// Bitsets over entity slots. Sparse tags: the facade owns each set's memory (allocBlock)
// and asks the core to flip the bits of many entities at once. The core keeps two sets
// of its own in the same layout: the target bits (target-index.ts) and a planned
// destroy's dying set (cascade.ts); hasSlotBit reads any of them.
// Invariant: every member lies inside its set (setBits skips slots past the end).
//
//   bitset: u32[words]   bit (slot & 31) of word (slot >>> 5) is set for a member
import { SLOT_MASK } from "./constants";

/** Whether slot's bit is set in the bitset at bits (precondition: slot lies inside it). */
@inline export function hasSlotBit(bits: usize, slot: u32): bool {
  return (load<u32>(bits + (<usize>(slot >> 5) << 2)) & (1 << (slot & 31))) != 0;
}

/**
 * Sets (on) or clears the bits of the n entities at ents in the bitset at bits
 * (`words` u32 long; entities past its end are skipped). Returns how many bits
 * changed. A run of entities in one word is updated in a local and stored once.
 */
export function setBits(bits: usize, words: u32, ents: usize, n: u32, on: bool): u32 {
  let changed: u32 = 0;
  let w: u32 = 0xffffffff;
  let word: u32 = 0, orig: u32 = 0;
  for (let i: u32 = 0; i < n; i++) {
    const slot = load<u32>(ents + (<usize>i << 2)) & SLOT_MASK;
    const at = slot >> 5;
    if (at != w) {
      if (word != orig) {
        store<u32>(bits + (<usize>w << 2), word);
        changed += <u32>popcnt(word ^ orig);
      }
      if (at >= words) { w = 0xffffffff; word = orig = 0; continue; }
      w = at;
      word = orig = load<u32>(bits + (<usize>at << 2));
    }
    const bit: u32 = 1 << (slot & 31);
    word = on ? word | bit : word & ~bit;
  }
  if (word != orig) {
    store<u32>(bits + (<usize>w << 2), word);
    changed += <u32>popcnt(word ^ orig);
  }
  return changed;
}
