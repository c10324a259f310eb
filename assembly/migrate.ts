// Moving entities between tables, spawning and destroying them, and swapping rows
// within a table. This is the only module that patches entity records (through
// setRecord) after a row moves.
// Precondition of every function here: the destination has room (ensureCapacity)
// and, for spawns, slots are reserved (reserveSlots). They cannot fail.
// Invariant: when a function returns, every entity whose row moved has its record
// pointing at the new row (docs/design.md invariant 1), the row journal (when on) has the
// change (swapRows excepted: its caller mirrors it), and a move of a relation target
// to another table is counted (target-index.ts: H_TARGET_MOVES).
import {
  C_KEY, C_PTR, C_ROW_BYTES, C_STRIDE, J_APPEND, J_MOVE, J_REMOVE, J_TAIL, T_COLS, T_COUNT, T_NCOLS,
} from "./constants";
import { journaling, record } from "./journal";
import { recRow, recTable, releaseEntity, setRecord, slotOf, takeClaimed, takeSlotAt, takeSlots } from "./entity-index";
import {
  appendRow, cget, checkEntities, colDesc, copyBytes, ptrAndRowBytes, fillDefaults, fillDefaultsAt, swapRemove, tableRec, tget, tset,
} from "./table";
import { noteRowsMoved, noteTargetMoved } from "./target-index";

/** Spawns one entity into t with default values; returns it (index.ts spawn, its one caller, inlines it). */
@inline export function spawnInto(t: u32): u32 {
  const rec = tableRec(t);
  const row = load<u32>(rec, T_COUNT << 2);
  const ncols = load<u32>(rec, T_NCOLS << 2);
  let d = <usize>load<u32>(rec, T_COLS << 2);
  store<u32>(rec, row + 1, T_COUNT << 2);
  const e = takeSlotAt(t, row);
  store<u32>(<usize>load<u32>(d, C_PTR << 2) + (<usize>row << 2), e);
  if (journaling()) record(J_APPEND, t, row, 1, 0, 0);
  for (let j: u32 = 1; j < ncols; j++) {
    d += <usize>C_STRIDE << 2;
    fillDefaultsAt(d, row, 1);
  }
  return e;
}

/** Spawns n entities into t (and writes them to out unless it is 0); defaults are filled column by column. */
export function spawnManyInto(t: u32, n: u32, out: usize): void {
  const first = tget(t, T_COUNT);
  record(J_APPEND, t, first, n, 0, 0);
  takeSlots(n, t, first, <usize>cget(colDesc(t, 0), C_PTR), out);
  tset(t, T_COUNT, first + n);
  const ncols = tget(t, T_NCOLS);
  for (let j: u32 = 1; j < ncols; j++) fillDefaults(t, j, first, n);
}

/** spawnManyInto for the n claimed ids at ptr (entity-index.ts: validClaims found `fresh` never-used slots, reserved). */
export function spawnClaimedInto(t: u32, ptr: usize, n: u32, fresh: u32): void {
  const first = tget(t, T_COUNT);
  record(J_APPEND, t, first, n, 0, 0);
  takeClaimed(ptr, n, fresh, t, first, <usize>cget(colDesc(t, 0), C_PTR));
  tset(t, T_COUNT, first + n);
  const ncols = tget(t, T_NCOLS);
  for (let j: u32 = 1; j < ncols; j++) fillDefaults(t, j, first, n);
}

/** Debug builds only: moveEntity traps when this counts down to 0 (a test's fault injection). */
let trapCountdown: u32 = 0;

/** Debug builds only: the n-th moveEntity from now traps half-way (n = 0: never). */
export function trapAfterMoves(n: u32): void {
  trapCountdown = n;
}

/**
 * Moves live entity e to table dst: shared columns are copied, new ones get their
 * defaults, the source row is swap-removed and the moved entity's record patched.
 */
export function moveEntity(e: u32, dst: u32): void {
  const slot = slotOf(e);
  const src = recTable(slot);
  const row = recRow(slot);
  // Both table records' addresses once: wasm reads a header word again after every store.
  const srec = tableRec(src);
  const drec = tableRec(dst);
  const newRow = load<u32>(drec, T_COUNT << 2);
  const dcols = <usize>load<u32>(drec, T_COLS << 2);
  store<u32>(<usize>load<u32>(dcols, C_PTR << 2) + (<usize>newRow << 2), e);
  store<u32>(drec, newRow + 1, T_COUNT << 2);
  const n = load<u32>(drec, T_NCOLS << 2);
  const first = <usize>C_STRIDE << 2; // column 1's descriptor
  // Adding or removing a tag (or a component without data) leaves the columns as they
  // are: the merge walk is needed only when the column lists differ.
  if (n != load<u32>(srec, T_NCOLS << 2) || !copyAligned(<usize>load<u32>(srec, T_COLS << 2) + first, dcols + first, n, row, newRow))
    copyMerged(src, dst, row, newRow);
  // Fault injection for tests (compiled out of release): trap with the row copied but
  // not yet removed from its source, the worst moment.
  if (!ASC_NO_ASSERT && trapCountdown > 0) {
    trapCountdown--;
    if (trapCountdown == 0) unreachable();
  }
  if (journaling()) record(J_MOVE, src, row, dst, newRow, 0);
  const moved = swapRemove(src, row);
  setRecord(e, dst, newRow);
  noteTargetMoved(slot);
  if (moved != 0) setRecord(moved, src, row);
}

/**
 * Copies row `row` of the data columns at s (descriptors from column 1 on) to row
 * newRow of those at d, both n columns long, pairing them one to one; false (the copy
 * unfinished) at the first pair whose keys differ.
 */
@inline function copyAligned(s: usize, d: usize, n: u32, row: u32, newRow: u32): bool {
  const stride = <usize>C_STRIDE << 2;
  for (let k: u32 = 1; k < n; k++) {
    if (load<u32>(s, C_KEY << 2) != load<u32>(d, C_KEY << 2)) return false;
    copyCell(d, newRow, <usize>load<u32>(s, C_PTR << 2), row);
    s += stride;
    d += stride;
  }
  return true;
}

/** Copies row `row` of the column starting at src to row newRow of the column at descriptor d (the same field, so the same row bytes). */
@inline function copyCell(d: usize, newRow: u32, src: usize, row: u32): void {
  const w = ptrAndRowBytes(d);
  const p = <usize><u32>w;
  const rb = <usize>(w >>> 32);
  if (rb == 4) store<u32>(p + (<usize>newRow << 2), load<u32>(src + (<usize>row << 2)));
  else copyBytes(p + <usize>newRow * rb, src + <usize>row * rb, rb);
}

/**
 * Writes every data column of dst's row newRow: src's value where src has the column,
 * the default elsewhere. Both column lists ascend by C_KEY, so one merge walk pairs them.
 */
function copyMerged(src: u32, dst: u32, row: u32, newRow: u32): void {
  const stride = <usize>C_STRIDE << 2;
  const sn = tget(src, T_NCOLS), dn = tget(dst, T_NCOLS);
  let s = colDesc(src, 1);
  let d = colDesc(dst, 1);
  let j: u32 = 1;
  for (let k: u32 = 1; k < dn; k++) {
    const key = load<u32>(d, C_KEY << 2);
    while (j < sn && load<u32>(s, C_KEY << 2) < key) { j++; s += stride; }
    if (j < sn && load<u32>(s, C_KEY << 2) == key) {
      copyCell(d, newRow, <usize>load<u32>(s, C_PTR << 2), row);
    } else {
      fillDefaultsAt(d, newRow, 1);
    }
    d += stride;
  }
}

/**
 * Moves rows [r0, r0 + n) of src, which must be its last n rows, to the end of dst
 * with one bulk copy per column; no row is swap-removed, so no other entity moves.
 */
export function moveTail(src: u32, r0: u32, n: u32, dst: u32): void {
  checkEntities(src, r0, n); // the records of the moved rows are patched from the column
  const d0 = tget(dst, T_COUNT);
  record(J_TAIL, src, r0, n, dst, d0);
  const sn = tget(src, T_NCOLS), dn = tget(dst, T_NCOLS);
  memory.copy(<usize>cget(colDesc(dst, 0), C_PTR) + (<usize>d0 << 2), <usize>cget(colDesc(src, 0), C_PTR) + (<usize>r0 << 2), <usize>n << 2);
  let j: u32 = 1;
  for (let k: u32 = 1; k < dn; k++) {
    const key = cget(colDesc(dst, k), C_KEY);
    while (j < sn && cget(colDesc(src, j), C_KEY) < key) j++;
    if (j < sn && cget(colDesc(src, j), C_KEY) == key) {
      const s = colDesc(src, j), d = colDesc(dst, k);
      const rb = <usize>cget(d, C_ROW_BYTES);
      memory.copy(<usize>cget(d, C_PTR) + <usize>d0 * rb, <usize>cget(s, C_PTR) + <usize>r0 * rb, <usize>n * rb);
    } else {
      fillDefaults(dst, k, d0, n);
    }
  }
  tset(dst, T_COUNT, d0 + n);
  tset(src, T_COUNT, r0);
  const ents = <usize>cget(colDesc(dst, 0), C_PTR);
  for (let i: u32 = 0; i < n; i++) {
    setRecord(load<u32>(ents + (<usize>(d0 + i) << 2)), dst, d0 + i);
  }
  noteRowsMoved();
}

/**
 * Swaps rows a and b of t (both below its count) in every column and patches both
 * entities' records. Not journaled: the facade, which asks for the swap, swaps its
 * JS-side columns itself. The entities stay in t, so no relation target moves.
 */
export function swapRows(t: u32, a: u32, b: u32): void {
  if (a == b) return;
  checkEntities(t, a, 1);
  checkEntities(t, b, 1);
  const ncols = tget(t, T_NCOLS);
  let d = colDesc(t, 0);
  for (let j: u32 = 0; j < ncols; j++) {
    const rb = <usize>load<u32>(d, C_ROW_BYTES << 2);
    const p = <usize>load<u32>(d, C_PTR << 2);
    swapBytes(p + <usize>a * rb, p + <usize>b * rb, rb);
    d += <usize>C_STRIDE << 2;
  }
  const ents = <usize>cget(colDesc(t, 0), C_PTR);
  setRecord(load<u32>(ents + (<usize>a << 2)), t, a);
  setRecord(load<u32>(ents + (<usize>b << 2)), t, b);
}

/** Swaps n bytes at x with n bytes at y (the ranges do not overlap). */
@inline function swapBytes(x: usize, y: usize, n: usize): void {
  let o: usize = 0;
  for (; o + 8 <= n; o += 8) {
    const v = load<u64>(x + o);
    store<u64>(x + o, load<u64>(y + o));
    store<u64>(y + o, v);
  }
  for (; o + 4 <= n; o += 4) {
    const v = load<u32>(x + o);
    store<u32>(x + o, load<u32>(y + o));
    store<u32>(y + o, v);
  }
  for (; o < n; o++) {
    const v = load<u8>(x + o);
    store<u8>(x + o, load<u8>(y + o));
    store<u8>(y + o, v);
  }
}

/** Destroys live entity e: its row is swap-removed and its slot freed. */
export function destroyEntity(e: u32): void {
  destroyLive(e);
}

/** destroyEntity, inlined: index.ts destroy calls it so (one call from JS, none in the core). */
@inline export function destroyLive(e: u32): void {
  const slot = slotOf(e);
  const t = recTable(slot);
  const row = recRow(slot);
  if (journaling()) record(J_REMOVE, t, row, 0, 0, 0);
  const moved = swapRemove(t, row);
  if (moved != 0) setRecord(moved, t, row);
  releaseEntity(e);
}
