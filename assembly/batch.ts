// Batch operations over a list of entities: one core call moves or destroys them
// all. All or nothing: every entity is checked and every destination reserved
// before the first row moves. Runs of entities that are the last rows of one table,
// in row order, move with one bulk copy per column (moveTail): that is how parked
// spawns land and how a whole table moves at once.
import { C_PTR, ERR_BAD_ARGUMENT, ERR_CAPACITY, ERR_STALE, H_RESULT, J_CLEAR, NO_BLOCK, OK, T_COUNT, T_PENDING } from "./constants";
import { record } from "./journal";
import { isLive, tableCount } from "./archetype-map";
import { tableWith, tableWithout, tableWithPair, tableWithoutPair } from "./subtables";
import { isAlive, recRow, recTable, releaseSlots, slotOf } from "./entity-index";
import { hset } from "./header";
import { destroyEntity, moveEntity, moveTail } from "./migrate";
import { cget, checkEntities, colDesc, ensureCapacity, tget, tset } from "./table";

/** Where a batch sends each entity: to one table, or to its table plus / minus a component. */
export const TO_TABLE: u32 = 0;
export const WITH_COMPONENT: u32 = 1;
export const WITHOUT_COMPONENT: u32 = 2;
/** With / without the pair (arg, pairTarget). */
export const WITH_PAIR: u32 = 3;
export const WITHOUT_PAIR: u32 = 4;
let pairTarget: u32 = 0;
/** Sets the target the next WITH_PAIR / WITHOUT_PAIR batch uses. */
export function setPairTarget(target: u32): void { pairTarget = target; }

@inline function at(ptr: usize, i: u32): u32 { return load<u32>(ptr + (<usize>i << 2)); }

function destination(src: u32, mode: u32, arg: u32): i32 {
  if (mode == TO_TABLE) return <i32>arg;
  if (mode == WITH_COMPONENT) return tableWith(src, arg);
  if (mode == WITH_PAIR) return tableWithPair(src, arg, pairTarget);
  if (mode == WITHOUT_PAIR) return tableWithoutPair(src, arg, pairTarget);
  return tableWithout(src, arg);
}

// Batches usually list many entities of one table in a row: remember the last answer.
let cachedSrc: i32 = -1;
let cachedDst: i32 = -1;

/** destination(), computed once per run of entities from the same table. */
@inline function destinationCached(src: u32, mode: u32, arg: u32): i32 {
  if (<i32>src != cachedSrc) {
    cachedDst = destination(src, mode, arg);
    cachedSrc = cachedDst < 0 ? -1 : <i32>src;
  }
  return cachedDst;
}

/**
 * Checks the n entities at ptr. With skipDead, dead ones are ignored; otherwise the
 * first stale one's index goes to H_RESULT and the result is ERR_STALE.
 */
export function checkListed(ptr: usize, n: u32, skipDead: bool): i32 {
  if (skipDead) return OK;
  const dead = firstDead(ptr, n);
  if (dead < 0) return OK;
  hset(H_RESULT, <u32>dead);
  return ERR_STALE;
}

/** Index of the first entity at ptr that is not alive, or -1. */
export function firstDead(ptr: usize, n: u32): i32 {
  for (let i: u32 = 0; i < n; i++) if (!isAlive(at(ptr, i))) return <i32>i;
  return -1;
}

/**
 * The table whose entity column is exactly the n entities at ptr, in row order, or -1.
 * That is the list a loop over a table makes when it changes every row it visits (the
 * usual deferred add, remove or destroy): then one compare replaces a look at each
 * entity's record, and the rows go as one block.
 */
function wholeTable(ptr: usize, n: u32): i32 {
  if (n == 0) return -1;
  const e = at(ptr, 0);
  if (!isAlive(e)) return -1;
  const slot = slotOf(e);
  const t = recTable(slot);
  if (recRow(slot) != 0 || tget(t, T_COUNT) != n) return -1;
  const ents = <usize>cget(colDesc(t, 0), C_PTR);
  const bytes = <usize>n << 2;
  let i: usize = 0;
  for (; i + 8 <= bytes; i += 8) if (load<u64>(ents + i) != load<u64>(ptr + i)) return -1;
  if (i < bytes && load<u32>(ents + i) != load<u32>(ptr + i)) return -1;
  // The list equals the column; the column must equal the records (table.ts checkEntities).
  return checkEntities(t, 0, n) ? <i32>t : -1;
}

/**
 * Moves the listed entities (see destination); all or nothing. When the whole list
 * moved as one block, H_RESULT holds the first destination row (the list's rows are
 * consecutive from there); otherwise it holds NO_BLOCK.
 */
export function moveListed(ptr: usize, n: u32, mode: u32, arg: u32, skipDead: bool): i32 {
  const whole = wholeTable(ptr, n);
  if (whole >= 0) return moveWhole(<u32>whole, n, mode, arg);
  const checked = checkListed(ptr, n, skipDead);
  if (checked != OK) return checked;
  hset(H_RESULT, NO_BLOCK);
  cachedSrc = -1; // tables may have changed since the last batch
  const reserved = mode == TO_TABLE ? reserveOne(arg, n) : reserveEach(ptr, n, mode, arg);
  if (reserved != OK) return reserved;
  // Move, in runs where possible.
  let i: u32 = 0;
  while (i < n) {
    const e = at(ptr, i);
    if (!isAlive(e)) { i++; continue; }
    const slot = slotOf(e);
    const src = recTable(slot);
    const d = <u32>destinationCached(src, mode, arg);
    if (d == src) { i++; continue; }
    const r0 = recRow(slot);
    const end = runEnd(ptr, i, n, src, r0);
    if (r0 + (end - i) == tget(src, T_COUNT)) {
      if (i == 0 && end == n) hset(H_RESULT, tget(d, T_COUNT));
      moveTail(src, r0, end - i, d);
    } else {
      // Not the table's last rows: one at a time, the whole run (no rescanning).
      for (let k = i; k < end; k++) moveEntity(at(ptr, k), d);
    }
    i = end;
  }
  return OK;
}

/** moveListed() of every row of table src (wholeTable): one destination, one block. */
function moveWhole(src: u32, n: u32, mode: u32, arg: u32): i32 {
  hset(H_RESULT, NO_BLOCK);
  const d = destination(src, mode, arg);
  if (d < 0) return d;
  if (<u32>d == src) return OK;
  const reserved = reserveOne(<u32>d, n);
  if (reserved != OK) return reserved;
  hset(H_RESULT, tget(<u32>d, T_COUNT));
  moveTail(src, 0, n, <u32>d);
  return OK;
}

/** End of the run from i of entities at consecutive rows r0, r0 + 1, ... of table src. */
function runEnd(ptr: usize, i: u32, n: u32, src: u32, r0: u32): u32 {
  let j = i + 1;
  while (j < n) {
    const e = at(ptr, j);
    const slot = slotOf(e);
    if (!isAlive(e) || recTable(slot) != src || recRow(slot) != r0 + (j - i)) break;
    j++;
  }
  return j;
}

/** Room for n more rows in table t. */
function reserveOne(t: u32, n: u32): i32 {
  return ensureCapacity(t, tget(t, T_COUNT) + n) ? OK : ERR_CAPACITY;
}

/**
 * Creates every destination table and reserves the rows each one receives, in one
 * pass: each table's T_PENDING slot counts its incoming rows (and is reset after).
 */
function reserveEach(ptr: usize, n: u32, mode: u32, arg: u32): i32 {
  let status = OK;
  for (let i: u32 = 0; i < n; i++) {
    const e = at(ptr, i);
    if (!isAlive(e)) continue;
    const src = recTable(slotOf(e));
    const d = destinationCached(src, mode, arg);
    if (d < 0) { status = d; break; }
    if (<u32>d != src) tset(<u32>d, T_PENDING, tget(<u32>d, T_PENDING) + 1);
  }
  const tables = tableCount();
  for (let t: u32 = 0; t < tables; t++) {
    const extra = tget(t, T_PENDING);
    if (extra == 0) continue;
    tset(t, T_PENDING, 0);
    if (status == OK && !ensureCapacity(t, tget(t, T_COUNT) + extra)) status = ERR_CAPACITY;
  }
  return status;
}

/**
 * Moves every row of each of the n tables listed at ptr (u32 table ids) to its
 * destination (see destination), one bulk copy per column; all or nothing. Writes,
 * for table i, [destination, first row there, rows moved] at out + 12 * i (rows moved
 * is 0 when the table stays). Returns OK, ERR_BAD_ARGUMENT for an unknown table id, or
 * ERR_CAPACITY.
 */
export function moveTables(ptr: usize, n: u32, mode: u32, arg: u32, out: usize): i32 {
  const tables = tableCount();
  for (let i: u32 = 0; i < n; i++) if (at(ptr, i) >= tables || !isLive(at(ptr, i))) return ERR_BAD_ARGUMENT;
  // Create every destination, then reserve what each one receives.
  let status = OK;
  for (let i: u32 = 0; i < n && status == OK; i++) {
    const t = at(ptr, i);
    const d = destination(t, mode, arg);
    if (d < 0) status = d;
    else if (<u32>d != t) tset(<u32>d, T_PENDING, tget(<u32>d, T_PENDING) + tget(t, T_COUNT));
  }
  const all = tableCount();
  for (let t: u32 = 0; t < all; t++) {
    const extra = tget(t, T_PENDING);
    if (extra == 0) continue;
    tset(t, T_PENDING, 0);
    if (status == OK && !ensureCapacity(t, tget(t, T_COUNT) + extra)) status = ERR_CAPACITY;
  }
  if (status != OK) return status;
  for (let i: u32 = 0; i < n; i++) {
    const t = at(ptr, i);
    const d = <u32>destination(t, mode, arg);
    const rows = d == t ? 0 : tget(t, T_COUNT);
    const o = out + <usize>i * 12;
    store<u32>(o, d);
    store<u32>(o, tget(d, T_COUNT), 4);
    store<u32>(o, rows, 8);
    if (rows > 0) moveTail(t, 0, rows, d);
  }
  return OK;
}

/** Destroys every entity of each of the n tables listed at ptr; ERR_BAD_ARGUMENT for an unknown id. */
export function destroyTables(ptr: usize, n: u32): i32 {
  const tables = tableCount();
  for (let i: u32 = 0; i < n; i++) if (at(ptr, i) >= tables || !isLive(at(ptr, i))) return ERR_BAD_ARGUMENT;
  for (let i: u32 = 0; i < n; i++) {
    const t = at(ptr, i);
    // The whole table goes: free every slot in one pass and empty it; no row moves.
    record(J_CLEAR, t, 0, 0, 0, 0);
    checkEntities(t, 0, tget(t, T_COUNT));
    releaseSlots(<usize>cget(colDesc(t, 0), C_PTR), tget(t, T_COUNT), false);
    tset(t, T_COUNT, 0);
  }
  return OK;
}

/**
 * Destroys the listed entities; all or nothing. Goes through the list backwards, so
 * destroying a table's rows in row order pops them without filling holes.
 */
export function destroyListed(ptr: usize, n: u32, skipDead: bool): i32 {
  const whole = wholeTable(ptr, n);
  if (whole >= 0) {
    // Every row of one table in row order: the table empties, no row moves; the slots
    // are freed in the order the backwards pass below frees them.
    record(J_CLEAR, <u32>whole, 0, 0, 0, 0);
    releaseSlots(ptr, n, true);
    tset(<u32>whole, T_COUNT, 0);
    return OK;
  }
  const checked = checkListed(ptr, n, skipDead);
  if (checked != OK) return checked;
  for (let i = <i32>n - 1; i >= 0; i--) {
    const e = at(ptr, <u32>i);
    if (isAlive(e)) destroyEntity(e);
  }
  return OK;
}
