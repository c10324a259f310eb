// Sub-tables: which table an entity lands in when its components or relation pairs
// change. A sub-table's key is its mask plus its pairs, ascending by (relation, target),
// with a relation's bit set iff the key holds a pair of it (and its companion with it).
// This module builds such keys in a scratch list (H_TMP_PAIRS), finds or creates their
// tables (archetype-map.ts), caches the pair edges, and dispatches the component edges:
// a relation is never added as a component and is removed as all its pairs at once.
// Invariants: an exclusive relation has at most one pair per key; a key built here only
// names live targets; a cached pair edge is used only while both its tables are the ones
// it saw (same creation number).
import {
  ERR_BAD_ARGUMENT, ERR_CAPACITY, ERR_STALE, FLAG_EXCLUSIVE, H_PAIR_EDGES, H_RESULT, H_TMP_PAIRS, H_TMP_PAIRS_CAP,
  P_NEXT_PAIR, P_NEXT_TABLE, P_REL, P_TARGET, PAIR_EDGE_SLOTS, PAIR_EDGE_STRIDE, T_COUNT, T_NPAIRS, T_SEQ,
} from "./constants";
import { alloc, free } from "./alloc";
import {
  createTable, findTable, isLive, recycleTable, tableCount, tableWithComponent, tableWithoutComponent,
} from "./archetype-map";
import { hasSlotBit } from "./bitset";
import { isAlive, slotOf } from "./entity-index";
import { hget, hset } from "./header";
import { maskBytes, maskClear, maskSet, maskWords, tableMask, tmpMask } from "./mask";
import { companionOf, flagsOf, isRelation } from "./registry";
import { tget } from "./table";
import { PAIR_BYTES, pairAt, tablePair } from "./target-index";

// ── The relation dispatch ─────────────────────────────────────────────────────
/** The table for t's components plus c (see tableWithComponent); ERR_BAD_ARGUMENT for a relation. */
@inline export function tableWith(t: u32, c: u32): i32 {
  if (isRelation(c)) return ERR_BAD_ARGUMENT; // a relation is added as a pair (tableWithPair)
  return tableWithComponent(t, c);
}

/** The table for t's components minus c (see tableWithoutComponent); for a relation, minus all its pairs. */
@inline export function tableWithout(t: u32, c: u32): i32 {
  if (isRelation(c)) return tableWithoutRelation(t, c); // every pair of it goes; not cached
  return tableWithoutComponent(t, c);
}

/**
 * Recycles table t when it is empty and holds two or more pairs of one relation: such a
 * key is a combination of targets one entity passes through while it gains or loses
 * them (fan-out), and keeping every one would cost memory quadratic in the targets.
 * Sub-tables with one target per relation (the children of one parent) stay, so the
 * entities that move back find them.
 */
export function reclaimSpent(t: u32): void {
  const n = tget(t, T_NPAIRS);
  if (n < 2 || tget(t, T_COUNT) != 0 || t == 0) return;
  let prev: u32 = 0xffffffff;
  for (let i: u32 = 0; i < n; i++) {
    const r = load<u32>(tablePair(t, i), P_REL << 2); // ascending: a relation's pairs are adjacent
    if (r == prev) {
      recycleTable(t);
      return;
    }
    prev = r;
  }
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
const EDGE_SLOTS: u32 = PAIR_EDGE_SLOTS;
const EDGE_STRIDE: u32 = PAIR_EDGE_STRIDE;
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

/**
 * The table for t's key minus the pairs `mode` drops: one pair (DROP_PAIR), every pair of
 * rel (DROP_RELATION) or those whose target's slot is in the slot bitset at `marked` (DROP_MARKED).
 */
function tableWithoutWhere(t: u32, rel: u32, target: u32, mode: u32, marked: usize = 0): i32 {
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
    else drop = hasSlotBit(marked, slotOf(x));
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
const DROP_MARKED: u32 = 2;

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

/** The table for t's key minus every pair whose target's slot is set in the slot bitset at marked (a planned destroy's dying set). */
export function tableWithoutMarked(t: u32, marked: usize): i32 {
  return tableWithoutWhere(t, 0, 0, DROP_MARKED, marked);
}

/**
 * The table for mask m without pairs, created on first use; ERR_BAD_ARGUMENT when m has
 * a relation bit (a relation needs its pairs: tableForKey).
 */
export function tableForMask(m: usize): i32 {
  const words = maskWords();
  for (let w: u32 = 0; w < words; w++) {
    let bits = load<u64>(m + (<usize>w << 3));
    while (bits != 0) {
      if (isRelation((w << 6) + <u32>ctz(bits))) return ERR_BAD_ARGUMENT;
      bits &= bits - 1;
    }
  }
  const found = findTable(m);
  return found >= 0 ? found : createTable(m);
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
