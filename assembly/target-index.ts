// Target index (Ark-style relations): a pair (relation R, target entity) is held by a
// table, not by a row. An archetype with R has one sub-table per target (per set of
// targets for a non-exclusive R): same mask, same columns, its own rows. This module
// answers "which pairs name entity x": every pair of every table is on the chain of its
// target, so "all children of P" is a walk over P's chain, and one bit per slot says
// whether a chain exists (what migrate needs on every move, without a map probe).
//
//   table pairs:  u32[P_STRIDE * npairs]  [ rel | target | next table + 1 | next pair ]
//                 ascending by (rel, target); part of the table's key (archetype-map.ts)
//   target map:   open addressing, TE_STRIDE u32 per entry [ slot + 1 | table + 1 | pair | 0 ]:
//                 for each entity some pair names, the first such pair; the rest are
//                 chained through the pairs' next links. Only targets have an entry, so
//                 entities cost nothing here (a per-slot array would cost 8 B each).
//   target bits:  a slot bitset (bitset.ts), grown with the slots by entity-index.ts
// Invariants: every pair of a live table is on its target's chain exactly once; a slot
// has an entry in the target map iff its chain is not empty iff its target bit is set;
// H_TARGET_SLOTS counts those slots. Keeping every pair's target alive is the job of
// cascade.ts (a destroy moves or destroys the related entities first).
import {
  C_PTR, H_TARGET_MOVES, H_TARGET_SLOTS, H_TGT_BITS, H_TGT_CAP, H_TGT_MAP, P_NEXT_PAIR, P_NEXT_TABLE, P_STRIDE, P_TARGET,
  T_COUNT, T_NPAIRS, T_PAIRS, TGT_ENTRY_STRIDE,
} from "./constants";
import { alloc, free } from "./alloc";
import { hasSlotBit } from "./bitset";
import { slotOf } from "./entity-index";
import { hget, hset } from "./header";
import { cget, checkEntities, colDesc, tget } from "./table";

export const PAIR_BYTES: usize = <usize>P_STRIDE << 2;

@inline export function pairAt(p: usize, i: u32): usize { return p + <usize>i * PAIR_BYTES; }
@inline export function tablePair(t: u32, i: u32): usize { return pairAt(<usize>tget(t, T_PAIRS), i); }

// ── Target chains ─────────────────────────────────────────────────────────────
const TE_STRIDE: u32 = TGT_ENTRY_STRIDE;

@inline function targetHash(slot: u32): u32 {
  const h = slot * 0x9e3779b1;
  return h ^ (h >> 16);
}

/** Address of the (table + 1, pair) head of slot's chain, or 0 when no pair names it. */
export function findHead(slot: u32): usize {
  const cap = hget(H_TGT_CAP);
  if (cap == 0) return 0;
  const map = <usize>hget(H_TGT_MAP);
  let i = targetHash(slot) & (cap - 1);
  while (true) {
    const e = map + (<usize>(i * TE_STRIDE) << 2);
    const k = load<u32>(e);
    if (k == 0) return 0;
    if (k == slot + 1) return e + 4;
    i = (i + 1) & (cap - 1);
  }
}

/** Whether some pair names the entity in this slot as its target (one bit, no map probe). */
@inline export function isTargetSlot(slot: u32): bool {
  return hasSlotBit(<usize>hget(H_TGT_BITS), slot);
}

/** Whether some row of live table t holds an entity a pair names. */
export function holdsTarget(t: u32): bool {
  const rows = tget(t, T_COUNT);
  checkEntities(t, 0, rows);
  const ents = <usize>cget(colDesc(t, 0), C_PTR);
  for (let r: u32 = 0; r < rows; r++) if (isTargetSlot(slotOf(load<u32>(ents + (<usize>r << 2))))) return true;
  return false;
}

@inline function setTargetBit(slot: u32, on: bool): void {
  const w = <usize>hget(H_TGT_BITS) + (<usize>(slot >> 5) << 2);
  store<u32>(w, on ? load<u32>(w) | (1 << (slot & 31)) : load<u32>(w) & ~(1 << (slot & 31)));
}

/** Room in the target map for n more targets (it grows, rehashing); false when out of memory. */
export function reserveTargets(n: u32): bool {
  const cap = hget(H_TGT_CAP);
  const need = (<u64>hget(H_TARGET_SLOTS) + <u64>n) * 2;
  if (need <= <u64>cap) return true;
  let newCap: u64 = max<u64>(<u64>cap, 16);
  while (newCap < need) newCap <<= 1;
  if (newCap > 1 << 26) return false;
  const bytes = <usize>newCap * (<usize>TE_STRIDE << 2);
  const map = alloc(bytes);
  if (map == 0) return false;
  memory.fill(map, 0, bytes);
  const old = <usize>hget(H_TGT_MAP);
  for (let i: u32 = 0; i < cap; i++) {
    const e = old + (<usize>(i * TE_STRIDE) << 2);
    const k = load<u32>(e);
    if (k == 0) continue;
    let j = targetHash(k - 1) & (<u32>newCap - 1);
    while (load<u32>(map + (<usize>(j * TE_STRIDE) << 2)) != 0) j = (j + 1) & (<u32>newCap - 1);
    memory.copy(map + (<usize>(j * TE_STRIDE) << 2), e, <usize>TE_STRIDE << 2);
  }
  free(old);
  hset(H_TGT_MAP, <u32>map);
  hset(H_TGT_CAP, <u32>newCap);
  return true;
}

/** A new, empty head for slot (precondition: reserveTargets made room, slot has none). */
function insertHead(slot: u32): usize {
  const cap = hget(H_TGT_CAP);
  const map = <usize>hget(H_TGT_MAP);
  let i = targetHash(slot) & (cap - 1);
  while (load<u32>(map + (<usize>(i * TE_STRIDE) << 2)) != 0) i = (i + 1) & (cap - 1);
  const e = map + (<usize>(i * TE_STRIDE) << 2);
  store<u32>(e, slot + 1);
  store<u32>(e, 0, 4);
  store<u32>(e, 0, 8);
  hset(H_TARGET_SLOTS, hget(H_TARGET_SLOTS) + 1);
  setTargetBit(slot, true);
  return e + 4;
}

/** Takes slot's (empty) head out of the map: backward-shift deletion, no tombstones. */
function deleteHead(slot: u32): void {
  const cap = hget(H_TGT_CAP);
  const map = <usize>hget(H_TGT_MAP);
  const capMask = cap - 1;
  let i = targetHash(slot) & capMask;
  while (load<u32>(map + (<usize>(i * TE_STRIDE) << 2)) != slot + 1) i = (i + 1) & capMask;
  let j = i;
  while (true) {
    j = (j + 1) & capMask;
    const e = map + (<usize>(j * TE_STRIDE) << 2);
    const k = load<u32>(e);
    if (k == 0) break;
    const home = targetHash(k - 1) & capMask;
    const between = i <= j ? home > i && home <= j : home > i || home <= j;
    if (!between) {
      memory.copy(map + (<usize>(i * TE_STRIDE) << 2), e, <usize>TE_STRIDE << 2);
      i = j;
    }
  }
  memory.fill(map + (<usize>(i * TE_STRIDE) << 2), 0, <usize>TE_STRIDE << 2);
  hset(H_TARGET_SLOTS, hget(H_TARGET_SLOTS) - 1);
  setTargetBit(slot, false);
}

/** Puts every pair of table t at the front of its target's chain (precondition: reserveTargets). */
export function linkPairs(t: u32): void {
  const n = tget(t, T_NPAIRS);
  for (let i: u32 = 0; i < n; i++) {
    const q = tablePair(t, i);
    const slot = slotOf(load<u32>(q, P_TARGET << 2));
    let h = findHead(slot);
    if (h == 0) h = insertHead(slot);
    store<u32>(q, load<u32>(h), P_NEXT_TABLE << 2);
    store<u32>(q, load<u32>(h, 4), P_NEXT_PAIR << 2);
    store<u32>(h, t + 1);
    store<u32>(h, i, 4);
  }
}

/** Takes every pair of table t off its target's chain. */
export function unlinkPairs(t: u32): void {
  const n = tget(t, T_NPAIRS);
  for (let i: u32 = 0; i < n; i++) {
    const q = tablePair(t, i);
    // prev: the two u32 (table + 1, pair) that point at the current link.
    const slot = slotOf(load<u32>(q, P_TARGET << 2));
    const head = findHead(slot);
    let prev = head;
    while (true) {
      const nt = load<u32>(prev), np = load<u32>(prev, 4);
      if (!ASC_NO_ASSERT) assert(nt != 0, "a table's pair is on its target's chain");
      if (nt == t + 1 && np == i) {
        store<u32>(prev, load<u32>(q, P_NEXT_TABLE << 2));
        store<u32>(prev, load<u32>(q, P_NEXT_PAIR << 2), 4);
        if (load<u32>(head) == 0) deleteHead(slot);
        break;
      }
      prev = tablePair(nt - 1, np) + (<usize>P_NEXT_TABLE << 2);
    }
  }
}

// ── Target moves (H_TARGET_MOVES) ─────────────────────────────────────────────
/** Tells the facade that some entity a pair names moved or died (cascade orders depend on it). */
@inline export function bumpTargetMoves(): void {
  hset(H_TARGET_MOVES, hget(H_TARGET_MOVES) + 1);
}

/** Tells the facade that an entity some pair names moved or died (cascade orders depend on it). */
@inline export function noteTargetMoved(slot: u32): void {
  if (hget(H_TARGET_SLOTS) != 0 && isTargetSlot(slot)) bumpTargetMoves();
}

/** A bulk move of rows: counted as a target move whenever some entity is a target (no per-row look). */
@inline export function noteRowsMoved(): void {
  if (hget(H_TARGET_SLOTS) != 0) bumpTargetMoves();
}
