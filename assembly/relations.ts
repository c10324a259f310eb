// Relations (Ark-style): a pair (relation R, target entity) is held by a table, not by
// a row. An archetype with R has one sub-table per target (per set of targets for a
// non-exclusive R): same mask, same columns, its own rows. So "all children of P" is
// a walk over the sub-tables naming P, and moving an entity to another target is a
// row move between sub-tables.
//
//   table pairs:  u32[P_STRIDE * npairs]  [ rel | target | next table + 1 | next pair ]
//                 ascending by (rel, target); part of the table's key (archetype-map.ts)
//   target map:   open addressing, TE_STRIDE u32 per entry [ slot + 1 | table + 1 | pair | 0 ]:
//                 for each entity some pair names, the first such pair; the rest are
//                 chained through the pairs' next links. Only targets have an entry, so
//                 entities cost nothing here (a per-slot array would cost 8 B each).
// Invariants: R's bit is in a table's mask iff the table has a pair of R; an exclusive
// R has at most one pair per table; every pair's target is alive, and the pair is on
// its target's chain. Destroying a target (planDestroy / commitDestroy) first moves or
// destroys every related entity, so no pair ever names a dead entity, then recycles
// the target's sub-tables, now empty.
import {
  C_PTR, ERR_BAD_ARGUMENT, ERR_CAPACITY, ERR_STALE, FLAG_CASCADE, FLAG_EXCLUSIVE, H_DYING, H_DYING_BITS,
  H_DYING_BITS_WORDS, H_DYING_CAP, H_PAIR_EDGES, H_TARGET_SLOTS, H_DYING_LEN, H_PLAN, H_PLAN_ARMED, H_PLAN_CAP, H_PLAN_LEN, H_RESULT, H_TGT_BITS, H_TGT_CAP, H_TGT_MAP,
  H_SLOT_COUNT, H_TABLE_SEQ, H_TARGET_MOVES, H_TMP_PAIRS, H_TMP_PAIRS_CAP, MARK_DESTROY, MARK_REMOVE,
  OK, P_NEXT_PAIR, P_NEXT_TABLE, P_REL, P_STRIDE, P_TARGET, T_COUNT, T_MARK, T_NPAIRS, T_PAIRS, T_PENDING, T_SEQ,
} from "./constants";
import { alloc, free } from "./alloc";
import { createTable, dropTablesSince, findTable, isLive, recycleTable, tableCount, tmpMask } from "./archetype-map";
import { isAlive, slotOf } from "./entity-index";
import { hget, hset } from "./header";
import { reserveJournal } from "./journal";
import { maskBytes, maskClear, maskSet, tableMask } from "./mask";
import { destroyEntity, moveTail } from "./migrate";
import { companionOf, flagsOf, isRelation } from "./registry";
import { cget, colDesc, ensureCapacity, tget, tset } from "./table";

const PAIR_BYTES: usize = <usize>P_STRIDE << 2;

@inline function pairAt(p: usize, i: u32): usize { return p + <usize>i * PAIR_BYTES; }
@inline export function tablePair(t: u32, i: u32): usize { return pairAt(<usize>tget(t, T_PAIRS), i); }

// ── Target chains ─────────────────────────────────────────────────────────────
const TE_STRIDE: u32 = 4;

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
  return (load<u32>(<usize>hget(H_TGT_BITS) + (<usize>(slot >> 5) << 2)) & (1 << (slot & 31))) != 0;
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

/** Tells the facade that an entity some pair names moved or died (cascade orders depend on it). */
@inline export function noteTargetMoved(slot: u32): void {
  if (hget(H_TARGET_SLOTS) != 0 && isTargetSlot(slot)) hset(H_TARGET_MOVES, hget(H_TARGET_MOVES) + 1);
}

/** A bulk move of rows: counted as a target move whenever some entity is a target (no per-row look). */
@inline export function noteRowsMoved(): void {
  if (hget(H_TARGET_SLOTS) != 0) hset(H_TARGET_MOVES, hget(H_TARGET_MOVES) + 1);
}

// ── Keys ──────────────────────────────────────────────────────────────────────
/** The key scratch with room for n pairs; 0 when memory runs out. */
function tmpPairs(n: u32): usize {
  const cap = hget(H_TMP_PAIRS_CAP);
  if (n <= cap && cap > 0) return <usize>hget(H_TMP_PAIRS); // (none yet: 0 would read as out of memory)
  const newCap = max<u32>(n, max<u32>(cap * 2, 8));
  const p = alloc(<usize>newCap * PAIR_BYTES);
  if (p == 0) return 0;
  free(<usize>hget(H_TMP_PAIRS));
  hset(H_TMP_PAIRS, <u32>p);
  hset(H_TMP_PAIRS_CAP, newCap);
  return p;
}

@inline function setPair(p: usize, i: u32, rel: u32, target: u32): void {
  const q = pairAt(p, i);
  store<u32>(q, rel, P_REL << 2);
  store<u32>(q, target, P_TARGET << 2);
  store<u32>(q, 0, P_NEXT_TABLE << 2);
  store<u32>(q, 0, P_NEXT_PAIR << 2);
}

@inline function before(r1: u32, t1: u32, r2: u32, t2: u32): bool {
  return r1 < r2 || (r1 == r2 && t1 < t2);
}

/** Copies t's mask into the scratch mask. */
@inline function maskOf(t: u32): usize {
  const m = tmpMask();
  memory.copy(m, tableMask(t), maskBytes());
  return m;
}

/** The table with key (m, n pairs at p), created on first use; ERR_CAPACITY when out of memory. */
function lookup(m: usize, p: usize, n: u32): i32 {
  const found = findTable(m, p, n);
  return found >= 0 ? found : createTable(m, p, n);
}

// ── Pair edges ────────────────────────────────────────────────────────────────
// Component edges live in each table (one slot per component); pairs have a target
// too, so their edges go to a small direct-mapped cache instead:
//   entry (EDGE_STRIDE u32): [ src + 1 | src seq | rel << 1 | dir | target | dst | dst seq | 0 0 ]
// An entry is used only while both tables are the ones it saw (same creation number),
// so recycling a table needs no clean-up here. The cache's address is in the header
// (H_PAIR_EDGES), so it is part of a snapshot like everything else.
const EDGE_SLOTS: u32 = 2048;
const EDGE_STRIDE: u32 = 8;
@inline function edgeCacheAt(): usize { return <usize>hget(H_PAIR_EDGES); }

@inline function edgeSlot(t: u32, code: u32, target: u32): usize {
  const h = (t * 0x9e3779b1) ^ (target * 0x85ebca6b) ^ (code * 0xc2b2ae35);
  return edgeCacheAt() + <usize>((h ^ (h >> 16)) & (EDGE_SLOTS - 1)) * (<usize>EDGE_STRIDE << 2);
}

/** The cached destination of (t, code, target), or -1. */
function edgeFind(t: u32, code: u32, target: u32): i32 {
  if (edgeCacheAt() == 0) return -1;
  const at = edgeSlot(t, code, target);
  if (load<u32>(at) != t + 1 || load<u32>(at, 8) != code || load<u32>(at, 12) != target) return -1;
  if (load<u32>(at, 4) != tget(t, T_SEQ)) return -1;
  const d = load<u32>(at, 16);
  if (d >= tableCount() || !isLive(d) || tget(d, T_SEQ) != load<u32>(at, 20)) return -1;
  return <i32>d;
}

/** Caches a destination (nothing when the cache cannot be allocated). */
function edgeKeep(t: u32, code: u32, target: u32, d: i32): i32 {
  if (d < 0) return d;
  if (edgeCacheAt() == 0) {
    const p = alloc(<usize>EDGE_SLOTS * (<usize>EDGE_STRIDE << 2));
    if (p == 0) return d;
    memory.fill(p, 0, <usize>EDGE_SLOTS * (<usize>EDGE_STRIDE << 2));
    hset(H_PAIR_EDGES, <u32>p);
  }
  const at = edgeSlot(t, code, target);
  store<u32>(at, t + 1);
  store<u32>(at, tget(t, T_SEQ), 4);
  store<u32>(at, code, 8);
  store<u32>(at, target, 12);
  store<u32>(at, <u32>d, 16);
  store<u32>(at, tget(<u32>d, T_SEQ), 20);
  return d;
}


/**
 * The table for t's key plus the pair (rel, target); for an exclusive rel the pair
 * replaces the one rel had. t itself when it holds the pair already.
 */
export function tableWithPair(t: u32, rel: u32, target: u32): i32 {
  const cached = edgeFind(t, rel << 1, target);
  if (cached >= 0) return cached;
  return edgeKeep(t, rel << 1, target, pairAdded(t, rel, target));
}

function pairAdded(t: u32, rel: u32, target: u32): i32 {
  const n = tget(t, T_NPAIRS);
  const exclusive = (flagsOf(rel) & FLAG_EXCLUSIVE) != 0;
  const p = tmpPairs(n + 1);
  if (p == 0) return ERR_CAPACITY;
  let k: u32 = 0;
  let placed = false;
  for (let i: u32 = 0; i < n; i++) {
    const q = tablePair(t, i);
    const r = load<u32>(q, P_REL << 2), x = load<u32>(q, P_TARGET << 2);
    if (r == rel && x == target) return <i32>t;
    if (r == rel && exclusive) continue;
    if (!placed && before(rel, target, r, x)) { setPair(p, k++, rel, target); placed = true; }
    setPair(p, k++, r, x);
  }
  if (!placed) setPair(p, k++, rel, target);
  const m = maskOf(t);
  maskSet(m, rel);
  const c = companionOf(rel);
  if (c >= 0) maskSet(m, <u32>c);
  return lookup(m, p, k);
}

/** The table for t's key minus the pairs `mode` drops: one pair (DROP_PAIR), every pair of rel (DROP_RELATION) or those naming a dying entity (DROP_DYING). */
function tableWithoutWhere(t: u32, rel: u32, target: u32, mode: u32): i32 {
  const n = tget(t, T_NPAIRS);
  const p = tmpPairs(n);
  if (p == 0) return ERR_CAPACITY;
  const m = maskOf(t);
  let k: u32 = 0;
  for (let i: u32 = 0; i < n; i++) {
    const q = tablePair(t, i);
    const r = load<u32>(q, P_REL << 2), x = load<u32>(q, P_TARGET << 2);
    let drop: bool;
    if (mode == DROP_PAIR) drop = r == rel && x == target;
    else if (mode == DROP_RELATION) drop = r == rel;
    else drop = dying(slotOf(x));
    if (!drop) setPair(p, k++, r, x);
  }
  if (k == n) return <i32>t;
  // A relation keeps its bit while some pair of it is left.
  for (let i: u32 = 0; i < n; i++) {
    const r = load<u32>(tablePair(t, i), P_REL << 2);
    let left = false;
    for (let j: u32 = 0; j < k; j++) if (load<u32>(pairAt(p, j), P_REL << 2) == r) { left = true; break; }
    if (!left) {
      maskClear(m, r);
      const c = companionOf(r);
      if (c >= 0) maskClear(m, <u32>c);
    }
  }
  return lookup(m, p, k);
}

const DROP_PAIR: u32 = 0;
const DROP_RELATION: u32 = 1;
const DROP_DYING: u32 = 2;

/** The table for t's key minus the pair (rel, target); t itself when it lacks the pair. */
export function tableWithoutPair(t: u32, rel: u32, target: u32): i32 {
  const cached = edgeFind(t, (rel << 1) | 1, target);
  if (cached >= 0) return cached;
  return edgeKeep(t, (rel << 1) | 1, target, tableWithoutWhere(t, rel, target, DROP_PAIR));
}

/** The table for t's key minus every pair of rel. */
export function tableWithoutRelation(t: u32, rel: u32): i32 {
  return tableWithoutWhere(t, rel, 0, DROP_RELATION);
}

/**
 * The table for mask m plus the n pairs at p (any order; sorted here, duplicates
 * dropped): relation bits are set from the pairs. ERR_BAD_ARGUMENT when m has a
 * relation bit without a pair, a pair's relation is not a relation or an exclusive
 * relation has two targets; ERR_STALE (H_RESULT = pair index) for a dead target.
 */
export function tableForKey(m: usize, p: usize, n: u32): i32 {
  for (let i: u32 = 0; i < n; i++) {
    const q = pairAt(p, i);
    if (!isRelation(load<u32>(q, P_REL << 2))) return ERR_BAD_ARGUMENT;
    if (!isAlive(load<u32>(q, P_TARGET << 2))) { hset(H_RESULT, i); return ERR_STALE; }
    store<u32>(q, 0, P_NEXT_TABLE << 2);
    store<u32>(q, 0, P_NEXT_PAIR << 2);
  }
  // Insertion sort (pair lists are short), dropping repeats.
  let k: u32 = 0;
  for (let i: u32 = 0; i < n; i++) {
    const q = pairAt(p, i);
    const r = load<u32>(q, P_REL << 2), x = load<u32>(q, P_TARGET << 2);
    let j = k;
    let dup = false;
    while (j > 0) {
      const s = pairAt(p, j - 1);
      const sr = load<u32>(s, P_REL << 2), sx = load<u32>(s, P_TARGET << 2);
      if (sr == r && sx == x) { dup = true; break; }
      if (!before(r, x, sr, sx)) break;
      j--;
    }
    if (dup) continue;
    for (let z = k; z > j; z--) memory.copy(pairAt(p, z), pairAt(p, z - 1), PAIR_BYTES);
    setPair(p, j, r, x);
    k++;
  }
  for (let i: u32 = 0; i < k; i++) {
    const r = load<u32>(pairAt(p, i), P_REL << 2);
    if (i > 0 && load<u32>(pairAt(p, i - 1), P_REL << 2) == r && (flagsOf(r) & FLAG_EXCLUSIVE) != 0) return ERR_BAD_ARGUMENT;
    maskSet(m, r);
  }
  const words = <u32>(maskBytes() >> 3);
  for (let w: u32 = 0; w < words; w++) {
    let bits = load<u64>(m + (<usize>w << 3));
    while (bits != 0) {
      const c = (w << 6) + <u32>ctz(bits);
      bits &= bits - 1;
      if (!isRelation(c)) continue;
      let held = false;
      for (let i: u32 = 0; i < k; i++) if (load<u32>(pairAt(p, i), P_REL << 2) == c) { held = true; break; }
      if (!held) return ERR_BAD_ARGUMENT;
    }
  }
  return lookup(m, p, k);
}

// ── Destroying targets ───────────────────────────────────────────────────────
// planDestroy works out everything a destroy does — the entities it destroys (the
// listed ones plus, through "destroy" relations, everything related to them, level by
// level) and the sub-tables whose rows only lose pairs ("remove" relations) with the
// table each moves to — creates those tables and reserves their rows and the journal.
// Nothing visible changes; on failure the tables it made are dropped again. The
// facade then reads the doomed entities (H_DYING) and calls commitDestroy, which
// cannot fail.

@inline function dyingBits(): usize { return <usize>hget(H_DYING_BITS); }
@inline function dying(slot: u32): bool {
  return (load<u32>(dyingBits() + (<usize>(slot >> 5) << 2)) & (1 << (slot & 31))) != 0;
}
@inline function markDying(slot: u32): void {
  const w = dyingBits() + (<usize>(slot >> 5) << 2);
  store<u32>(w, load<u32>(w) | (1 << (slot & 31)));
}
@inline function unmarkDying(slot: u32): void {
  const w = dyingBits() + (<usize>(slot >> 5) << 2);
  store<u32>(w, load<u32>(w) & ~(1 << (slot & 31)));
}

/**
 * Grows the u32 buffer at header slots (ptr, cap) to hold n u32, keeping its first
 * `used` u32; false when memory runs out.
 */
function bufferFor(ptrSlot: u32, capSlot: u32, used: u32, n: u32): bool {
  const cap = hget(capSlot);
  if (n <= cap) return true;
  const newCap = max<u32>(n, max<u32>(cap * 2, 64));
  const p = alloc(<usize>newCap << 2);
  if (p == 0) return false;
  memory.copy(p, <usize>hget(ptrSlot), <usize>used << 2);
  free(<usize>hget(ptrSlot));
  hset(ptrSlot, <u32>p);
  hset(capSlot, newCap);
  return true;
}

function pushDying(e: u32): bool {
  const len = hget(H_DYING_LEN);
  if (!bufferFor(H_DYING, H_DYING_CAP, len, len + 1)) return false;
  store<u32>(<usize>hget(H_DYING) + (<usize>len << 2), e);
  hset(H_DYING_LEN, len + 1);
  markDying(slotOf(e));
  return true;
}

/** Adds table t to the plan (marked `mark`); false when memory runs out. */
function pushPlan(t: u32, mark: u32): bool {
  const len = hget(H_PLAN_LEN);
  if (!bufferFor(H_PLAN, H_PLAN_CAP, len * 2, (len + 1) * 2)) return false;
  const at = <usize>hget(H_PLAN) + (<usize>len << 3);
  store<u32>(at, t);
  store<u32>(at, t, 4); // destination, filled in later
  hset(H_PLAN_LEN, len + 1);
  tset(t, T_MARK, mark);
  return true;
}

@inline function planAt(i: u32): usize { return <usize>hget(H_PLAN) + (<usize>i << 3); }

/** Forgets a plan: marks and dying bits cleared, lists emptied. */
export function cancelPlan(): void {
  hset(H_PLAN_ARMED, 0);
  const n = hget(H_PLAN_LEN);
  for (let i: u32 = 0; i < n; i++) tset(load<u32>(planAt(i)), T_MARK, 0);
  hset(H_PLAN_LEN, 0);
  const d = <usize>hget(H_DYING);
  const len = hget(H_DYING_LEN);
  for (let i: u32 = 0; i < len; i++) unmarkDying(slotOf(load<u32>(d + (<usize>i << 2))));
  hset(H_DYING_LEN, 0);
}

/** Appends every row of table t not dying yet to the dying list. */
function doomRows(t: u32): bool {
  const ents = <usize>cget(colDesc(t, 0), C_PTR);
  const n = tget(t, T_COUNT);
  for (let r: u32 = 0; r < n; r++) {
    const e = load<u32>(ents + (<usize>r << 2));
    if (!dying(slotOf(e)) && !pushDying(e)) return false;
  }
  return true;
}

/**
 * Plans destroying the n live entities at ptr (dead ones are skipped) and everything
 * their relations take with them; returns how many entities die (listed at H_DYING)
 * or ERR_CAPACITY with nothing changed.
 */
export function planDestroy(ptr: usize, n: u32): i32 {
  cancelPlan();
  const words = (hget(H_SLOT_COUNT) + 31) >> 5;
  if (words > hget(H_DYING_BITS_WORDS)) {
    const b = alloc(<usize>words << 2);
    if (b == 0) return ERR_CAPACITY;
    memory.fill(b, 0, <usize>words << 2);
    free(<usize>hget(H_DYING_BITS));
    hset(H_DYING_BITS, <u32>b);
    hset(H_DYING_BITS_WORDS, words);
  }
  const seq = hget(H_TABLE_SEQ);
  let ok = true;
  for (let i: u32 = 0; i < n && ok; i++) {
    const e = load<u32>(ptr + (<usize>i << 2));
    if (isAlive(e) && !dying(slotOf(e))) ok = pushDying(e);
  }
  // Level by level: whatever names a dying entity is destroyed or loses the pair.
  for (let i: u32 = 0; ok && i < hget(H_DYING_LEN); i++) {
    const x = load<u32>(<usize>hget(H_DYING) + (<usize>i << 2));
    const h = findHead(slotOf(x));
    let t: u32 = 0, j: u32 = 0;
    if (h != 0) {
      t = load<u32>(h);
      j = load<u32>(h, 4);
    }
    while (ok && t != 0) {
      const q = tablePair(t - 1, j);
      const mark = tget(t - 1, T_MARK);
      if ((flagsOf(load<u32>(q, P_REL << 2)) & FLAG_CASCADE) != 0) {
        if (mark != MARK_DESTROY) {
          if (mark == 0) ok = pushPlan(t - 1, MARK_DESTROY);
          else tset(t - 1, T_MARK, MARK_DESTROY);
          ok = ok && doomRows(t - 1);
        }
      } else if (mark == 0) {
        ok = pushPlan(t - 1, MARK_REMOVE);
      }
      t = load<u32>(q, P_NEXT_TABLE << 2);
      j = load<u32>(q, P_NEXT_PAIR << 2);
    }
  }
  // Destinations of the tables that only lose pairs, and room for their rows.
  const plans = hget(H_PLAN_LEN);
  let status = ok ? OK : ERR_CAPACITY;
  for (let i: u32 = 0; i < plans && status == OK; i++) {
    const t = load<u32>(planAt(i));
    if (tget(t, T_MARK) != MARK_REMOVE || tget(t, T_COUNT) == 0) continue;
    const d = tableWithoutWhere(t, 0, 0, DROP_DYING);
    if (d < 0) { status = d; break; }
    store<u32>(planAt(i), <u32>d, 4);
    tset(<u32>d, T_PENDING, tget(<u32>d, T_PENDING) + tget(t, T_COUNT));
  }
  for (let i: u32 = 0; i < plans; i++) {
    const d = load<u32>(planAt(i), 4);
    const extra = tget(d, T_PENDING);
    if (extra == 0) continue;
    tset(d, T_PENDING, 0);
    if (status == OK && !ensureCapacity(d, tget(d, T_COUNT) + extra)) status = ERR_CAPACITY;
  }
  if (status == OK && !reserveJournal(hget(H_DYING_LEN) + plans)) status = ERR_CAPACITY;
  if (status != OK) {
    cancelPlan();
    dropTablesSince(seq);
    return status;
  }
  hset(H_PLAN_ARMED, 1);
  return <i32>hget(H_DYING_LEN);
}

/** Carries out the plan of planDestroy (which must have succeeded just before). */
export function commitDestroy(): void {
  const plans = hget(H_PLAN_LEN);
  for (let i: u32 = 0; i < plans; i++) {
    const t = load<u32>(planAt(i));
    const d = load<u32>(planAt(i), 4);
    if (tget(t, T_MARK) == MARK_REMOVE && d != t && tget(t, T_COUNT) > 0) moveTail(t, 0, tget(t, T_COUNT), d);
  }
  const list = <usize>hget(H_DYING);
  const len = hget(H_DYING_LEN);
  if (len > 0) hset(H_TARGET_MOVES, hget(H_TARGET_MOVES) + 1);
  for (let i = <i32>len - 1; i >= 0; i--) {
    const e = load<u32>(list + (<usize>i << 2));
    if (isAlive(e)) destroyEntity(e);
  }
  // Every sub-table naming a dead entity is empty now: recycle it.
  for (let i: u32 = 0; i < len; i++) {
    const slot = slotOf(load<u32>(list + (<usize>i << 2)));
    for (let h = findHead(slot); h != 0; h = findHead(slot)) recycleTable(load<u32>(h) - 1);
  }
  for (let i: u32 = 0; i < plans; i++) tset(load<u32>(planAt(i)), T_MARK, 0);
  hset(H_PLAN_LEN, 0);
  hset(H_PLAN_ARMED, 0);
  for (let i: u32 = 0; i < len; i++) unmarkDying(slotOf(load<u32>(list + (<usize>i << 2))));
  // The list stays readable (H_DYING_LEN) until the next plan.
}
