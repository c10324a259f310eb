// One archetype table: `count` rows, room for `capacity`, every column in one block.
//
//   block: [ f64 columns ][ 4-byte columns, entities first ][ 2-byte ][ 1-byte ]
//          each column starts at block + columnStart(capacity, C_OFFSET, row bytes):
//          capacity * C_OFFSET (capacity is a multiple of 8, so every start is aligned
//          for its element type), and from SKEW_ROWS rows and SKEW_BYTES on a gap
//          before each column that spreads the starts over a 4 KB page (constants.ts):
//
//   [ col 0 ][gap| col 1 ][gap| col 2 ]...   gap before column k = skew(C_OFFSET of k) -
//                                            skew(C_OFFSET of k - 1), skew(o) = o * 4096 /
//                                            row bytes rounded down to 64; the block ends
//                                            at the end of the last column
//
// Invariant: row i of every column belongs to entities[i], for i < count.
// swapRemove returns the entity it moved into the hole; migrate.ts patches the index.
// The entity records are the truth and an entity column their copy: in a release world a
// write through a stale column array can land in another table's entity column when the
// table's block is one that an older table had (column-heap.ts). So an id read from the
// entity column of such a table is checked against its record before the core acts on it
// (checkEntities, swapRemove), and the column rewritten from the records when it differs.
// A block that was no column block before and lies above every top the heap had before a
// restore (alloc.ts columnsFresh, H_VIEW_REACH: T_BLOCK_FRESH) no view but this table's
// current ones reaches: its column is not checked. snapshot() checks every column, and
// writes the image with no marks (a restore's are set by the facade: H_VIEW_REACH).
// A fresh block the facade made no view of (T_BLOCK_HIDDEN, cleared by the facade when it
// makes one) is the core's memory again once freed (outgoing): nothing can write to it.
import {
  C_DEFAULT, C_OFFSET, C_PTR, C_ROW_BYTES, C_STRIDE, H_TABLES, SKEW_BYTES, SKEW_LINE, SKEW_PAGE,
  SKEW_ROWS, T_BLOCK, T_BLOCK_FRESH, T_BLOCK_HIDDEN, T_CAPACITY, T_COLS, T_COMPS, T_COUNT, T_NCOLS, T_NCOMPS, T_ROW_BYTES, T_STRIDE,
} from "./constants";
import { allocColumns, columnsFresh, free, quarantineOn, retireBlock, unfenceBlock } from "./alloc";
import { entitiesFromRecords, holdsRow } from "./entity-index";
import { bumpEpoch, hget } from "./header";

@inline export function tableRec(t: u32): usize {
  return <usize>hget(H_TABLES) + <usize>t * (<usize>T_STRIDE << 2);
}
@inline export function tget(t: u32, slot: u32): u32 {
  return load<u32>(tableRec(t) + (<usize>slot << 2));
}
@inline export function tset(t: u32, slot: u32, v: u32): void {
  store<u32>(tableRec(t) + (<usize>slot << 2), v);
}
/** Address of column descriptor j of table t (j = 0 is the entity column). */
@inline export function colDesc(t: u32, j: u32): usize {
  return <usize>tget(t, T_COLS) + <usize>j * (<usize>C_STRIDE << 2);
}
@inline export function cget(desc: usize, slot: u32): u32 {
  return load<u32>(desc + (<usize>slot << 2));
}
@inline export function entityAt(t: u32, row: u32): u32 {
  return load<u32>(<usize>cget(colDesc(t, 0), C_PTR) + (<usize>row << 2));
}

/**
 * Copies one row's bytes: 4 and 8 in place, other sizes in copyOther (kept out of
 * line, so that a loop over columns makes no bulk-memory call and keeps its registers).
 */
@inline export function copyBytes(dst: usize, src: usize, n: usize): void {
  if (n == 4) store<u32>(dst, load<u32>(src));
  else if (n == 8) store<u64>(dst, load<u64>(src));
  else copyOther(dst, src, n);
}

function copyOther(dst: usize, src: usize, n: usize): void {
  if (n == 1) store<u8>(dst, load<u8>(src));
  else if (n == 2) store<u16>(dst, load<u16>(src));
  else memory.copy(dst, src, n);
}

/**
 * Where a column starts in its table's block (bytes from the block): `cap` rows of
 * `rowBytes`, the column after `offset` bytes of each row. Non-decreasing in `offset`, so
 * a column ends at or before the next one starts. bindings/core/records.ts has the same rule.
 */
@inline export function columnStart(cap: u32, offset: u32, rowBytes: u32): usize {
  const packed = <usize>cap * <usize>offset;
  if (cap < SKEW_ROWS || <u64>cap * <u64>rowBytes <= SKEW_BYTES) return packed;
  return packed + (<usize>(<u64>offset * SKEW_PAGE / <u64>rowBytes) & ~(<usize>SKEW_LINE - 1));
}

/** Bytes of t's block at capacity `cap`: up to the end of its last column. */
export function blockBytes(t: u32, cap: u32): usize {
  const rowBytes = tget(t, T_ROW_BYTES);
  let end: usize = 0;
  for (let j: u32 = 0; j < tget(t, T_NCOLS); j++) {
    const d = colDesc(t, j);
    end = max(end, columnStart(cap, cget(d, C_OFFSET), rowBytes) + <usize>cap * <usize>cget(d, C_ROW_BYTES));
  }
  return end;
}

/** The block of t's columns (0 when its capacity is 0). */
@inline export function blockOf(t: u32): usize {
  return <usize>(tget(t, T_BLOCK) & ~(T_BLOCK_FRESH | T_BLOCK_HIDDEN));
}

/** t's block, about to be freed: one no view was made of goes back to the core's memory. */
function outgoing(t: u32): usize {
  const block = blockOf(t);
  if ((tget(t, T_BLOCK) & T_BLOCK_HIDDEN) != 0) unfenceBlock(block);
  return block;
}

/** Whether t's block is fresh (T_BLOCK_FRESH): no old view reaches its entity column. */
@inline function fresh(t: u32): bool {
  return (tget(t, T_BLOCK) & T_BLOCK_FRESH) != 0;
}

/** Whether n more rows fit in t without growing it. */
@inline export function hasRoom(t: u32, n: u32): bool {
  return tget(t, T_CAPACITY) - tget(t, T_COUNT) >= n;
}

/**
 * Makes room for `needed` rows, moving every column to a new block when it grows.
 * Returns false (nothing changed) when memory runs out.
 */
export function ensureCapacity(t: u32, needed: u32): bool {
  const cap = tget(t, T_CAPACITY);
  if (needed <= cap) return true;
  let newCap = <u64>cap << 1;
  if (newCap < <u64>needed) newCap = <u64>needed;
  if (newCap < 8) newCap = 8;
  newCap = (newCap + 7) & ~7;
  const rowBytes = tget(t, T_ROW_BYTES);
  if (newCap * <u64>rowBytes > 0xf000_0000) return false;
  const block = allocColumns(blockBytes(t, <u32>newCap));
  if (block == 0) return false;
  const count = <usize>tget(t, T_COUNT);
  checkEntities(t, 0, <u32>count); // a fresh block's ids are never checked: copy right ones
  const ncols = tget(t, T_NCOLS);
  for (let j: u32 = 0; j < ncols; j++) {
    const d = colDesc(t, j);
    const dst = block + columnStart(<u32>newCap, cget(d, C_OFFSET), rowBytes);
    if (count > 0) memory.copy(dst, <usize>cget(d, C_PTR), count * <usize>cget(d, C_ROW_BYTES));
    store<u32>(d + (<usize>C_PTR << 2), <u32>dst);
  }
  if (ASC_NO_ASSERT) free(outgoing(t));
  else retireColumns(t, false);
  // A block an older table had may be reached by its views: neither fresh nor hidden, for good.
  tset(t, T_BLOCK, <u32>block | (columnsFresh() ? T_BLOCK_FRESH | T_BLOCK_HIDDEN : 0));
  tset(t, T_CAPACITY, <u32>newCap);
  bumpEpoch();
  return true;
}

/**
 * Gives back the block of table t, which is empty for good (its rows moved to the table
 * with a companion: linkCompanion): capacity 0, as when it was made, and a debug core
 * holds the block back so a write through an old view of it is caught.
 */
export function releaseColumns(t: u32): void {
  if (tget(t, T_CAPACITY) == 0) return;
  retireColumns(t, false);
  const ncols = tget(t, T_NCOLS);
  for (let j: u32 = 0; j < ncols; j++) store<u32>(colDesc(t, j) + (<usize>C_PTR << 2), 0);
  tset(t, T_BLOCK, 0);
  tset(t, T_CAPACITY, 0);
  bumpEpoch();
}

/**
 * Frees table t's block, or (debug core, quarantine on: alloc.ts) holds it back so a
 * write through a view of it is caught. `gone`: t is being freed, and its column
 * descriptors and component list go with the block.
 */
export function retireColumns(t: u32, gone: bool): void {
  retireBlock(outgoing(t), tget(t, T_CAPACITY), t, <usize>tget(t, T_COLS), tget(t, T_NCOLS),
    <usize>tget(t, T_COMPS), tget(t, T_NCOMPS), gone);
}

/**
 * Frees the memory of table t, which is being recycled: component list, column
 * descriptors, `edges` and block (debug core, quarantine on: the block is held back with
 * the names of its columns).
 */
export function freeColumns(t: u32, edges: usize): void {
  if (quarantineOn()) {
    free(edges);
    retireColumns(t, true);
    return;
  }
  free(<usize>tget(t, T_COMPS));
  free(<usize>tget(t, T_COLS));
  free(edges);
  free(outgoing(t));
}

/**
 * Checks rows [from, from + n) of t's entity column against the records, unless its block
 * is fresh (no old view reaches it); when one differs, rewrites the column from the records
 * and returns false. `always`: fresh or not (a write through a current array is found too).
 */
export function checkEntities(t: u32, from: u32, n: u32, always: bool = false): bool {
  if (!always && fresh(t)) return true;
  const ents = <usize>cget(colDesc(t, 0), C_PTR);
  for (let r = from, end = from + n; r < end; r++) {
    if (holdsRow(load<u32>(ents + (<usize>r << 2)), t, r)) continue;
    entitiesFromRecords(t, ents, tget(t, T_COUNT));
    return false;
  }
  return true;
}

/** Appends a row holding entity e; data columns are not initialised. Precondition: room. */
@inline export function appendRow(t: u32, e: u32): u32 {
  const row = tget(t, T_COUNT);
  store<u32>(<usize>cget(colDesc(t, 0), C_PTR) + (<usize>row << 2), e);
  tset(t, T_COUNT, row + 1);
  return row;
}

/**
 * Writes the default value of the column at descriptor d into rows [from, from + n): one
 * zeroed 4- or 8-byte row in place, anything else in fillOther (out of line, like copyOther).
 */
@inline export function fillDefaultsAt(d: usize, from: u32, n: u32): void {
  const w = ptrAndRowBytes(d);
  const p = <usize><u32>w;
  const rb = <usize>(w >>> 32);
  const def = <usize>load<u32>(d, C_DEFAULT << 2);
  if (def == 0 && n == 1 && rb == 4) store<u32>(p + (<usize>from << 2), 0);
  else if (def == 0 && n == 1 && rb == 8) store<u64>(p + (<usize>from << 3), 0);
  else fillOther(p + <usize>from * rb, def, rb, n);
}

/**
 * C_PTR (low half) and C_ROW_BYTES (high half) of the column at descriptor d in one load:
 * the words are adjacent (constants.ts). A row's loop over the columns (a spawn's
 * defaults, a swap-remove, a move) then reads one word less per column, and a 4-byte
 * column's address takes a shift instead of a multiply: a spawn or destroy of an entity
 * with four f32 fields about 10-15% faster.
 */
@inline export function ptrAndRowBytes(d: usize): u64 {
  return load<u64>(d, C_PTR << 2);
}

function fillOther(start: usize, def: usize, rb: usize, n: u32): void {
  if (def == 0) memory.fill(start, 0, <usize>n * rb);
  else for (let i: u32 = 0; i < n; i++) copyBytes(start + <usize>i * rb, def, rb);
}

/** Writes column j's default value into rows [from, from + n). */
@inline export function fillDefaults(t: u32, j: u32, from: u32, n: u32): void {
  fillDefaultsAt(colDesc(t, j), from, n);
}

/**
 * Removes `row` by moving the last row into it. Returns the entity that moved
 * into the hole, or 0 when the removed row was the last one. Inlined into its callers
 * (a destroy, a move): the entity column, 4 bytes a row, goes first, outside the loop.
 * Precondition: the records of t's other rows put them in t (the moved one is checked).
 */
@inline export function swapRemove(t: u32, row: u32): u32 {
  const rec = tableRec(t);
  const last = load<u32>(rec, T_COUNT << 2) - 1;
  if (row == last) {
    store<u32>(rec, last, T_COUNT << 2);
    return 0;
  }
  const stride = <usize>C_STRIDE << 2;
  let d = <usize>load<u32>(rec, T_COLS << 2);
  const end = d + <usize>load<u32>(rec, T_NCOLS << 2) * stride;
  const ents = <usize>load<u32>(d, C_PTR << 2);
  let moved = load<u32>(ents + (<usize>last << 2));
  if ((load<u32>(rec, T_BLOCK << 2) & T_BLOCK_FRESH) == 0 && !holdsRow(moved, t, last)) {
    entitiesFromRecords(t, ents, last + 1);
    moved = load<u32>(ents + (<usize>last << 2));
  }
  store<u32>(rec, last, T_COUNT << 2);
  store<u32>(ents + (<usize>row << 2), moved);
  for (d += stride; d < end; d += stride) {
    const w = ptrAndRowBytes(d);
    const p = <usize><u32>w;
    const rb = <usize>(w >>> 32);
    if (rb == 4) store<u32>(p + (<usize>row << 2), load<u32>(p + (<usize>last << 2)));
    else copyBytes(p + <usize>row * rb, p + <usize>last * rb, rb);
  }
  return moved;
}
