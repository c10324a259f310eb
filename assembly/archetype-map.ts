// Archetype map: key -> table id (open addressing, linear probing, load <= 1/2),
// the table record array (its masks sit in the pool of mask.ts, grown with it), and
// each table's cached add/remove edges for plain components. Relation-free: a key is a
// mask plus the table's relation pairs, which this module only hashes, compares, copies
// and links on their targets' chains (target-index.ts); which pairs a table gets is
// decided above, in subtables.ts. Tables that share a mask but differ in targets are the
// sub-tables of one archetype, and the map finds the sub-table of (archetype, targets)
// with one probe sequence.
// Invariants: keys are unique; edge add[c] of table T leads to the table whose mask
// is T.mask | c with T's pairs, remove[c] to T.mask & ~c with T's pairs (edges are only
// cached for components that are not relations, and always in both directions).
// Recycled table records (TS_FREE) are out of the map and reused by createTable.
//
//   map:   u32[mapCap]             table id + 1, 0 = empty
//   edges: u32[2 * edgeCap]        [2c] = add c, [2c + 1] = remove c; table id + 1, 0 = unknown
import {
  C_DEFAULT, C_ELEM, CREATED_RING, H_CREATED, C_FIELD, C_COMP, C_KEY, C_OFFSET, C_PTR, C_ROW_BYTES, C_STRIDE, FIELD_BITS,
  ENTITY_COLUMN_COMP, ERR_CAPACITY, F_DEFAULT, F_TYPE, F_LEN, H_COMPONENT_COUNT,
  H_MAP, H_MAP_CAP, H_TABLE_CAP, H_TABLE_COUNT, H_TABLES, MAX_TABLES,
  K_NFIELDS, K_ROW_BYTES, T_COLS, T_COMPS, T_COUNT, T_EDGE_CAP, T_EDGES, T_NCOLS, T_NCOMPS, T_ROW_BYTES,
  T_STRIDE, H_FREE_TABLES, H_LIVE_TABLES, H_RECYCLED, H_TABLE_SEQ, P_REL, P_STRIDE, P_TARGET, 
  T_NPAIRS, T_PAIRS, T_SEQ, T_STATE, TS_FREE, TS_LIVE,
} from "./constants";
import { alloc, free } from "./alloc";
import { bumpEpoch, hget, hset } from "./header";
import {
  growMaskPool, initMaskPool, maskBytes, maskClear, maskCount, maskEquals, maskHas, maskHash, maskSet, maskWords, tableMask,
  tmpMask,
} from "./mask";
import { companionOf, fieldRec, isRelation, kget, typeSize } from "./registry";
import { freeColumns, tableRec, tget, tset } from "./table";
import { linkPairs, reserveTargets, unlinkPairs } from "./target-index";

const RECORD_BYTES: usize = <usize>T_STRIDE << 2;

@inline export function tableCount(): u32 { return hget(H_TABLE_COUNT); }

export function initMap(): bool {
  const tables = alloc(16 * RECORD_BYTES);
  const masks = alloc(16 * 8);
  const map = alloc(32 * 4);
  const tmp = alloc(8);
  const created = alloc(<usize>CREATED_RING << 2);
  if (tables == 0 || masks == 0 || map == 0 || tmp == 0 || created == 0) return false;
  memory.fill(created, 0, <usize>CREATED_RING << 2);
  hset(H_CREATED, <u32>created);
  memory.fill(map, 0, 32 * 4);
  initMaskPool(masks, tmp);
  hset(H_TABLES, <u32>tables);
  hset(H_MAP, <u32>map);
  hset(H_MAP_CAP, 32);
  hset(H_TABLE_CAP, 16);
  hset(H_TABLE_COUNT, 0);
  hset(H_FREE_TABLES, 0);
  hset(H_TABLE_SEQ, 0);
  hset(H_RECYCLED, 0);
  hset(H_LIVE_TABLES, 0);
  return createTable(tmp) == 0; // table 0: the empty archetype
}

@inline export function isLive(t: u32): bool { return tget(t, T_STATE) == TS_LIVE; }

/** Hash of a key: mask m and n pairs at p (relation and target of each). */
function keyHash(m: usize, words: u32, p: usize, n: u32): u32 {
  let h = maskHash(m, words);
  for (let i: u32 = 0; i < n; i++) {
    const q = p + <usize>i * (<usize>P_STRIDE << 2);
    h = (h ^ load<u32>(q, P_REL << 2)) * 0x9e3779b1;
    h = (h ^ load<u32>(q, P_TARGET << 2)) * 0x85ebca6b;
    h ^= h >> 15;
  }
  return h;
}

@inline function tableHash(t: u32): u32 {
  return keyHash(tableMask(t), maskWords(), <usize>tget(t, T_PAIRS), tget(t, T_NPAIRS));
}

/** Whether table t's pairs are the n pairs at p. */
export function pairsEqual(t: u32, p: usize, n: u32): bool {
  if (tget(t, T_NPAIRS) != n) return false;
  const q = <usize>tget(t, T_PAIRS);
  for (let i: u32 = 0; i < n; i++) {
    const a = q + <usize>i * (<usize>P_STRIDE << 2), b = p + <usize>i * (<usize>P_STRIDE << 2);
    if (load<u32>(a, P_REL << 2) != load<u32>(b, P_REL << 2)) return false;
    if (load<u32>(a, P_TARGET << 2) != load<u32>(b, P_TARGET << 2)) return false;
  }
  return true;
}

/** Table id whose key is mask m with the n pairs at p (ascending), or -1. */
export function findTable(m: usize, p: usize = 0, n: u32 = 0): i32 {
  const words = maskWords();
  const map = <usize>hget(H_MAP);
  const capMask = hget(H_MAP_CAP) - 1;
  let h = keyHash(m, words, p, n) & capMask;
  while (true) {
    const k = load<u32>(map + (<usize>h << 2));
    if (k == 0) return -1;
    if (maskEquals(tableMask(k - 1), m, words) && pairsEqual(k - 1, p, n)) return <i32>(k - 1);
    h = (h + 1) & capMask;
  }
}

function mapInsert(map: usize, cap: u32, t: u32): void {
  const capMask = cap - 1;
  let h = tableHash(t) & capMask;
  while (load<u32>(map + (<usize>h << 2)) != 0) h = (h + 1) & capMask;
  store<u32>(map + (<usize>h << 2), t + 1);
}

/** Takes table t out of the map (backward-shift deletion: no tombstones). */
function mapDelete(t: u32): void {
  const map = <usize>hget(H_MAP);
  const capMask = hget(H_MAP_CAP) - 1;
  let i = tableHash(t) & capMask;
  while (load<u32>(map + (<usize>i << 2)) != t + 1) i = (i + 1) & capMask;
  let j = i;
  while (true) {
    j = (j + 1) & capMask;
    const k = load<u32>(map + (<usize>j << 2));
    if (k == 0) break;
    const home = tableHash(k - 1) & capMask;
    // k may fill the hole at i unless its home lies cyclically in (i, j].
    const between = i <= j ? home > i && home <= j : home > i || home <= j;
    if (!between) {
      store<u32>(map + (<usize>i << 2), k);
      i = j;
    }
  }
  store<u32>(map + (<usize>i << 2), 0);
}

function rebuildMap(map: usize, cap: u32): void {
  memory.fill(map, 0, <usize>cap << 2);
  const n = tableCount();
  for (let t: u32 = 0; t < n; t++) if (isLive(t)) mapInsert(map, cap, t);
}

/** Rehashes every key in place: a key's hash covers every mask word, so after commitMaskWidth. */
export function rehashMap(): void {
  rebuildMap(<usize>hget(H_MAP), hget(H_MAP_CAP));
}

/** A row of every column of a table may take at most this many bytes. */
const MAX_ROW_BYTES: u64 = 1 << 26;

/** Bytes one row of a table with mask m takes, entity column included (as u64: it may pass 4 GiB). */
function rowBytesFor(m: usize, words: u32): u64 {
  let bytes: u64 = 4;
  for (let w: u32 = 0; w < words; w++) {
    let bits = load<u64>(m + (<usize>w << 3));
    while (bits != 0) {
      bytes += <u64>kget((w << 6) + <u32>ctz(bits), K_ROW_BYTES);
      bits &= bits - 1;
    }
  }
  return bytes;
}

/** Number of columns (entity column included) a table with mask m has. */
function columnsFor(m: usize, words: u32): u32 {
  let ncols: u32 = 1;
  for (let w: u32 = 0; w < words; w++) {
    let bits = load<u64>(m + (<usize>w << 3));
    while (bits != 0) {
      ncols += kget((w << 6) + <u32>ctz(bits), K_NFIELDS);
      bits &= bits - 1;
    }
  }
  return ncols;
}

/**
 * Creates the table for mask m with the n pairs at p (ascending; not in the map yet),
 * reusing a recycled record when there is one. Everything it needs is allocated before
 * anything changes; returns the id or ERR_CAPACITY (out of memory, or MAX_TABLES ids in use).
 */
export function createTable(m: usize, p: usize = 0, np: u32 = 0): i32 {
  const words = maskWords();
  if (rowBytesFor(m, words) > MAX_ROW_BYTES) return ERR_CAPACITY;
  // The creation counter stops below 2^31 (so every image this core makes passes restore's
  // check: snapshot/image-tables.ts), a table id fits a record's table field (MAX_TABLES).
  if (hget(H_TABLE_SEQ) >= 0x7fffffff) return ERR_CAPACITY;
  if (hget(H_FREE_TABLES) == 0 && tableCount() >= MAX_TABLES) return ERR_CAPACITY;
  const ncomps = maskCount(m, words);
  const ncols = columnsFor(m, words);
  const n = tableCount();
  const reuse = hget(H_FREE_TABLES);
  const cap = hget(H_TABLE_CAP);
  const mapCap = hget(H_MAP_CAP);
  const comps = alloc(<usize>max<u32>(ncomps, 1) << 2);
  const cols = alloc(<usize>ncols * (<usize>C_STRIDE << 2));
  const pairs = np > 0 ? alloc(<usize>np * (<usize>P_STRIDE << 2)) : 0;
  let tables: usize = 0, masks: usize = 0, map: usize = 0;
  // The target map grows first: a bigger map holds the same entries, so that is no change.
  let ok = comps != 0 && cols != 0 && (np == 0 || (pairs != 0 && reserveTargets(np)));
  if (ok && reuse == 0 && n == cap) {
    tables = alloc(<usize>cap * 2 * RECORD_BYTES);
    masks = alloc(<usize>cap * 2 * maskBytes());
    ok = tables != 0 && masks != 0;
  }
  if (ok && (hget(H_LIVE_TABLES) + 1) * 2 > mapCap) {
    map = alloc(<usize>mapCap * 2 * 4);
    ok = map != 0;
  }
  if (!ok) {
    free(comps); free(cols); free(pairs); free(tables); free(masks); free(map);
    return ERR_CAPACITY;
  }

  // Commit: grow the arrays, then fill in the new record.
  if (tables != 0) {
    memory.copy(tables, <usize>hget(H_TABLES), <usize>n * RECORD_BYTES);
    free(<usize>hget(H_TABLES));
    hset(H_TABLES, <u32>tables);
    growMaskPool(masks, n);
    hset(H_TABLE_CAP, cap * 2);
    bumpEpoch();
  }
  let id: u32;
  if (reuse != 0) {
    id = reuse - 1;
    hset(H_FREE_TABLES, tget(id, T_SEQ));
  } else {
    id = n;
    hset(H_TABLE_COUNT, n + 1);
  }
  memory.copy(tableMask(id), m, maskBytes());
  memory.fill(tableRec(id), 0, RECORD_BYTES);
  tset(id, T_NCOMPS, ncomps);
  tset(id, T_COMPS, <u32>comps);
  tset(id, T_NCOLS, ncols);
  tset(id, T_COLS, <u32>cols);
  tset(id, T_ROW_BYTES, layoutColumns(m, words, comps, cols, ncols));
  const seq = hget(H_TABLE_SEQ);
  tset(id, T_SEQ, seq);
  // The facade finds the records new tables took (recycled ones too) here, without a scan.
  store<u32>(<usize>hget(H_CREATED) + (<usize>(seq & (CREATED_RING - 1)) << 2), id);
  hset(H_TABLE_SEQ, seq + 1);
  tset(id, T_STATE, TS_LIVE);
  hset(H_LIVE_TABLES, hget(H_LIVE_TABLES) + 1);
  if (np > 0) {
    memory.copy(pairs, p, <usize>np * (<usize>P_STRIDE << 2));
    tset(id, T_NPAIRS, np);
    tset(id, T_PAIRS, <u32>pairs);
    linkPairs(id);
  }
  if (map != 0) {
    free(<usize>hget(H_MAP));
    hset(H_MAP, <u32>map);
    hset(H_MAP_CAP, mapCap * 2);
    rebuildMap(map, mapCap * 2);
  } else {
    mapInsert(<usize>hget(H_MAP), mapCap, id);
  }
  return <i32>id;
}

/**
 * Recycles empty table t: out of the map and the target lists, every edge to it
 * forgotten, its memory freed and its record put on the free list for createTable.
 */
export function recycleTable(t: u32, shrink: bool = false): void {
  if (!ASC_NO_ASSERT) assert(tget(t, T_COUNT) == 0 && t != 0 && isLive(t), "only empty tables are recycled");
  mapDelete(t);
  if (tget(t, T_NPAIRS) > 0) unlinkPairs(t);
  // Edges are cached in both directions: clear the way back from each neighbour.
  const cap = tget(t, T_EDGE_CAP);
  const edges = <usize>tget(t, T_EDGES);
  for (let k: u32 = 0; k < cap * 2; k++) {
    const to = load<u32>(edges + (<usize>k << 2));
    if (to == 0 || to - 1 == t) continue;
    const back = <usize>tget(to - 1, T_EDGES) + (<usize>(k ^ 1) << 2);
    if ((k ^ 1) < tget(to - 1, T_EDGE_CAP) * 2 && load<u32>(back) == t + 1) store<u32>(back, 0);
  }
  freeColumns(t, edges);
  free(<usize>tget(t, T_PAIRS));
  memory.fill(tableRec(t), 0, RECORD_BYTES);
  memory.fill(tableMask(t), 0, maskBytes());
  tset(t, T_STATE, TS_FREE);
  if (shrink && t + 1 == tableCount()) {
    hset(H_TABLE_COUNT, t); // the last record: give it back rather than keep it free
  } else {
    tset(t, T_SEQ, hget(H_FREE_TABLES));
    hset(H_FREE_TABLES, t + 1);
  }
  hset(H_LIVE_TABLES, hget(H_LIVE_TABLES) - 1);
  hset(H_RECYCLED, hget(H_RECYCLED) + 1);
  bumpEpoch();
}

/** Fills the component list and column descriptors; returns the bytes per row. */
function layoutColumns(m: usize, words: u32, comps: usize, cols: usize, ncols: u32): u32 {
  const stride = <usize>C_STRIDE << 2;
  memory.fill(cols, 0, <usize>ncols * stride);
  store<u32>(cols, ENTITY_COLUMN_COMP, C_COMP << 2);
  store<u32>(cols, 4, C_ROW_BYTES << 2);
  store<u32>(cols, 4, C_ELEM << 2);
  let k: u32 = 0, j: u32 = 1;
  for (let w: u32 = 0; w < words; w++) {
    let bits = load<u64>(m + (<usize>w << 3));
    while (bits != 0) {
      const c = (w << 6) + <u32>ctz(bits);
      bits &= bits - 1;
      store<u32>(comps + (<usize>k << 2), c);
      k++;
      const nf = kget(c, K_NFIELDS);
      for (let f: u32 = 0; f < nf; f++) {
        const fr = fieldRec(c, f);
        const d = cols + <usize>j * stride;
        j++;
        const elem = typeSize(load<u32>(fr, F_TYPE << 2));
        store<u32>(d, c, C_COMP << 2);
        store<u32>(d, f, C_FIELD << 2);
        store<u32>(d, (c << FIELD_BITS) | f, C_KEY << 2);
        store<u32>(d, elem, C_ELEM << 2);
        store<u32>(d, elem * load<u32>(fr, F_LEN << 2), C_ROW_BYTES << 2);
        store<u32>(d, load<u32>(fr, F_DEFAULT << 2), C_DEFAULT << 2);
      }
    }
  }
  // Place columns by element size, largest first, so every start stays aligned.
  let offset: u32 = 0;
  for (let elem: u32 = 8; elem >= 1; elem >>= 1) {
    for (let i: u32 = 0; i < ncols; i++) {
      const d = cols + <usize>i * stride;
      if (load<u32>(d, C_ELEM << 2) != elem) continue;
      store<u32>(d, offset, C_OFFSET << 2);
      store<u32>(d, 0, C_PTR << 2);
      offset += load<u32>(d, C_ROW_BYTES << 2);
    }
  }
  return offset;
}

function edgeGet(t: u32, c: u32, dir: u32): u32 {
  if (c >= tget(t, T_EDGE_CAP)) return 0;
  return load<u32>(<usize>tget(t, T_EDGES) + ((<usize>c * 2 + dir) << 2));
}

/** Makes room for component c's edges in t's edge array; false when memory is short. */
function edgeRoom(t: u32, c: u32): bool {
  const cap = tget(t, T_EDGE_CAP);
  if (c < cap) return true;
  let newCap = max<u32>(hget(H_COMPONENT_COUNT), c + 1);
  newCap = (newCap + 15) & ~15;
  const edges = alloc(<usize>newCap * 8);
  if (edges == 0) return false;
  memory.fill(edges, 0, <usize>newCap * 8);
  if (cap > 0) memory.copy(edges, <usize>tget(t, T_EDGES), <usize>cap * 8);
  free(<usize>tget(t, T_EDGES));
  tset(t, T_EDGES, <u32>edges);
  tset(t, T_EDGE_CAP, newCap);
  return true;
}

@inline function edgeStore(t: u32, c: u32, dir: u32, to: u32): void {
  store<u32>(<usize>tget(t, T_EDGES) + ((<usize>c * 2 + dir) << 2), to + 1);
}

/**
 * The table for t's components plus c and c's companion, if any (t itself if it has c);
 * ERR_CAPACITY when out of memory. Precondition: c is not a relation (subtables.tableWith
 * dispatches those).
 */
export function tableWithComponent(t: u32, c: u32): i32 {
  if (!ASC_NO_ASSERT) assert(!isRelation(c), "a relation is added as a pair");
  const cached = edgeGet(t, c, 0);
  if (cached != 0) return <i32>(cached - 1);
  if (maskHas(tableMask(t), c)) return <i32>t;
  const tmp = tmpMask();
  memory.copy(tmp, tableMask(t), maskBytes());
  maskSet(tmp, c);
  const k = companionOf(c);
  if (k >= 0) maskSet(tmp, <u32>k);
  return linkEdge(t, c, tmp, 0);
}

/**
 * The table for t's components minus c and its companion (t itself if it lacks c);
 * ERR_CAPACITY when out of memory. Precondition: c is not a relation (subtables.tableWithout).
 */
export function tableWithoutComponent(t: u32, c: u32): i32 {
  if (!ASC_NO_ASSERT) assert(!isRelation(c), "a relation is removed as pairs");
  const cached = edgeGet(t, c, 1);
  if (cached != 0) return <i32>(cached - 1);
  if (!maskHas(tableMask(t), c)) return <i32>t;
  const tmp = tmpMask();
  memory.copy(tmp, tableMask(t), maskBytes());
  maskClear(tmp, c);
  const k = companionOf(c);
  if (k >= 0) maskClear(tmp, <u32>k);
  return linkEdge(t, c, tmp, 1);
}

/** Adds to mask m the companion of every component in it. */
export function addCompanions(m: usize): void {
  const words = maskWords();
  for (let w: u32 = 0; w < words; w++) {
    let bits = load<u64>(m + (<usize>w << 3));
    while (bits != 0) {
      const k = companionOf((w << 6) + <u32>ctz(bits));
      bits &= bits - 1;
      if (k >= 0) maskSet(m, <u32>k);
    }
  }
}

/** Forgets every cached add / remove edge of component c (its destinations changed). */
export function forgetEdges(c: u32): void {
  const n = tableCount();
  for (let t: u32 = 0; t < n; t++) {
    if (c >= tget(t, T_EDGE_CAP)) continue;
    const at = <usize>tget(t, T_EDGES) + ((<usize>c * 2) << 2);
    store<u64>(at, 0);
  }
}

/**
 * The table for mask m with t's pairs, created on first use; the edge is cached in both
 * directions or, when memory is short, in neither (recycleTable relies on that).
 */
function linkEdge(t: u32, c: u32, m: usize, dir: u32): i32 {
  const p = <usize>tget(t, T_PAIRS), np = tget(t, T_NPAIRS);
  let d = findTable(m, p, np);
  if (d < 0) {
    d = createTable(m, <usize>tget(t, T_PAIRS), np);
    if (d < 0) return d;
  }
  if (edgeRoom(t, c) && edgeRoom(<u32>d, c)) {
    edgeStore(t, c, dir, <u32>d);
    edgeStore(<u32>d, c, dir ^ 1, t);
  }
  return d;
}

/**
 * Undoes the creation of every table made since creation number `seq` (all empty: made
 * by a call that then failed), so a failed call leaves no archetype behind. They are
 * recycled, which forgets the edges leading to them; records at the end are given back,
 * so the table count is as before. Grown arrays stay grown.
 */
export function dropTablesSince(seq: u32): void {
  if (hget(H_TABLE_SEQ) == seq) return;
  // From the end, so tables appended by the failed call give their records back.
  for (let t = <i32>tableCount() - 1; t >= 1; t--) {
    if (isLive(<u32>t) && tget(<u32>t, T_SEQ) >= seq) recycleTable(<u32>t, true);
  }
}
