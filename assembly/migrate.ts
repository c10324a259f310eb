// Moving entities between tables, spawning and destroying them. This is the only
// module that patches entity records (through setRecord) after a row moves.
// Precondition of every function here: the destination has room (ensureCapacity)
// and, for spawns, slots are reserved (reserveSlots). They cannot fail.
import { C_COMP, C_FIELD, C_PTR, C_ROW_BYTES, T_COUNT, T_NCOLS } from "./constants";
import { recRow, recTable, releaseSlot, setRecord, slotOf, takeSlot } from "./entity-index";
import { appendRow, cget, colDesc, copyBytes, fillDefaults, swapRemove, tget, tset } from "./table";

/** Column key in logical order: (component, field). */
@inline function colKey(t: u32, j: u32): u64 {
  const d = colDesc(t, j);
  return (<u64>cget(d, C_COMP) << 32) | <u64>cget(d, C_FIELD);
}

/** Spawns one entity into t with default values; returns it. */
export function spawnInto(t: u32): u32 {
  const e = takeSlot();
  const row = appendRow(t, e);
  const ncols = tget(t, T_NCOLS);
  for (let j: u32 = 1; j < ncols; j++) fillDefaults(t, j, row, 1);
  setRecord(slotOf(e), t, row);
  return e;
}

/** Spawns n entities into t (and writes them to out unless it is 0); defaults are filled column by column. */
export function spawnManyInto(t: u32, n: u32, out: usize): void {
  const first = tget(t, T_COUNT);
  for (let i: u32 = 0; i < n; i++) {
    const e = takeSlot();
    const row = appendRow(t, e);
    setRecord(slotOf(e), t, row);
    if (out != 0) store<u32>(out + (<usize>i << 2), e);
  }
  const ncols = tget(t, T_NCOLS);
  for (let j: u32 = 1; j < ncols; j++) fillDefaults(t, j, first, n);
}

/**
 * Moves live entity e to table dst: shared columns are copied, new ones get their
 * defaults, the source row is swap-removed and the moved entity's record patched.
 */
export function moveEntity(e: u32, dst: u32): void {
  const slot = slotOf(e);
  const src = <u32>recTable(slot);
  const row = recRow(slot);
  const newRow = appendRow(dst, e);
  const sn = tget(src, T_NCOLS), dn = tget(dst, T_NCOLS);
  let j: u32 = 1;
  for (let k: u32 = 1; k < dn; k++) {
    const key = colKey(dst, k);
    while (j < sn && colKey(src, j) < key) j++;
    if (j < sn && colKey(src, j) == key) {
      const s = colDesc(src, j), d = colDesc(dst, k);
      const rb = <usize>cget(d, C_ROW_BYTES);
      copyBytes(<usize>cget(d, C_PTR) + <usize>newRow * rb, <usize>cget(s, C_PTR) + <usize>row * rb, rb);
    } else {
      fillDefaults(dst, k, newRow, 1);
    }
  }
  const moved = swapRemove(src, row);
  setRecord(slot, dst, newRow);
  if (moved != 0) setRecord(slotOf(moved), src, row);
}

/**
 * Moves rows [r0, r0 + n) of src, which must be its last n rows, to the end of dst
 * with one bulk copy per column; no row is swap-removed, so no other entity moves.
 */
export function moveTail(src: u32, r0: u32, n: u32, dst: u32): void {
  const d0 = tget(dst, T_COUNT);
  const sn = tget(src, T_NCOLS), dn = tget(dst, T_NCOLS);
  let j: u32 = 1;
  for (let k: u32 = 0; k < dn; k++) {
    if (k == 0) {
      memory.copy(<usize>cget(colDesc(dst, 0), C_PTR) + (<usize>d0 << 2), <usize>cget(colDesc(src, 0), C_PTR) + (<usize>r0 << 2), <usize>n << 2);
      continue;
    }
    const key = colKey(dst, k);
    while (j < sn && colKey(src, j) < key) j++;
    if (j < sn && colKey(src, j) == key) {
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
    setRecord(slotOf(load<u32>(ents + (<usize>(d0 + i) << 2))), dst, d0 + i);
  }
}

/** Destroys live entity e: its row is swap-removed and its slot freed. */
export function destroyEntity(e: u32): void {
  const slot = slotOf(e);
  const t = <u32>recTable(slot);
  const row = recRow(slot);
  const moved = swapRemove(t, row);
  if (moved != 0) setRecord(slotOf(moved), t, row);
  releaseSlot(slot);
}
