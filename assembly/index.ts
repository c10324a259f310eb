// The core's export surface: thin functions that validate arguments, reserve what
// an operation needs, and hand over to the module that owns the concept; it also
// orchestrates what spans modules (registration: registry, then the archetype map's
// rehash when masks widened; a failed call dropping the tables it created).
// Every export returns a status (negative = user mistake, see constants.ts) or a
// value; none traps on user input. i32 in, i32 out: masks never cross the boundary.
// Invariant: a failed export leaves no visible change, and with checks on (debug
// target) every structural export ends with checkInvariants().
import {
  ERR_BAD_ARGUMENT, ERR_CAPACITY, ERR_STALE, ERR_UNKNOWN_COMPONENT, H_CHECKS, H_JOURNAL, H_TARGET_SLOTS, OK,
  T_COUNT, T_NPAIRS, T_SEQ,
} from "./constants";
import {
  alloc, allocatorStatic as allocatorAt, checkHeld, forgetStale, free, initAllocator, releaseHeld, startQuarantine,
} from "./alloc";
import { addCompanions, dropTablesSince, forgetEdges, initMap, isLive, rehashMap, tableCount } from "./archetype-map";
import {
  burnClaims, forgetEarlyTakes, initIndex, isAlive as indexIsAlive, recTable, reserveFresh, reserveSlots, slotOf,
  slotReady, validClaims,
} from "./entity-index";
import { after, badComponent, badTable, batch, failed, seqNow } from "./guard";
import { HDR, hget, hset } from "./header";
import { maskHas, maskWords, tableMask, unknownBits } from "./mask";
import {
  destroyListed, destroyTables, firstDead as firstDeadListed, moveListed, moveTables, TO_TABLE, WITH_COMPONENT,
  WITHOUT_COMPONENT,
} from "./batch";
import {
  destroyLive, moveEntity, spawnClaimedInto, spawnInto, spawnManyInto, swapRows as swapRowsOf, trapAfterMoves,
} from "./migrate";
import { setBits as setBitsOf } from "./bitset";
import { journaling, reserveJournal, startJournal } from "./journal";
import { reserveScratch, shrinkScratch } from "./scratch";
import { companionOf, initRegistry, registerComponent as registryAdd, setCompanion } from "./registry";
import { tableForMask as maskTable, reclaimSpent, tableWith as edgeWith, tableWithout as edgeWithout } from "./subtables";
import { checkEntities, ensureCapacity, hasRoom, releaseColumns, tget } from "./table";
import { holdsTarget, isTargetSlot } from "./target-index";
import { checkInvariants as walkInvariants } from "./debug";
import { destroyPlanned } from "./relation-calls";
import { reservePlans } from "./cascade";

export {
  addPair, cancelDestroy, commitDestroy, pairMany, pairTables, planDestroy, removePair, tableForPairs,
} from "./relation-calls";

/**
 * Drops the tables created since creation number `seq`, which must all be empty (the
 * facade undoing a failed spawn).
 */
export function dropTables(seq: u32): i32 {
  if (seq == 0 || seq > seqNow()) return ERR_BAD_ARGUMENT;
  const n = tableCount();
  for (let t: u32 = 0; t < n; t++) if (isLive(t) && tget(t, T_SEQ) >= seq && tget(t, T_COUNT) != 0) return ERR_BAD_ARGUMENT;
  dropTablesSince(seq);
  return after(OK);
}
/** Sets up an empty world; maxPages caps memory (64 KiB pages). */
export function init(maxPages: u32, checks: u32): i32 {
  initAllocator(maxPages);
  hset(H_CHECKS, checks);
  if (!initRegistry() || !initMap() || !initIndex() || !reservePlans()) return ERR_CAPACITY;
  return scratch(4096) == 0 ? ERR_CAPACITY : after(OK);
}

export function headerPtr(): usize { return HDR; }

/** Where the allocator keeps its state (see alloc.ts: allocatorStatic); for snapshot checks. */
export function allocatorStatic(which: u32): usize { return allocatorAt(which); }

/** Gives a large scratch buffer back after a big batch, keeping a small one. */
export function trimScratch(): void {
  shrinkScratch();
}

/** A buffer of at least `bytes` for batch arguments; 0 when memory runs out. */
export function scratch(bytes: u32): usize {
  return reserveScratch(bytes);
}

export function registerComponent(desc: usize, nfields: u32, flags: u32): i32 {
  const words = maskWords();
  const id = registryAdd(desc, nfields, flags);
  if (maskWords() != words) rehashMap(); // masks grew a word: every key hashes anew
  return after(id);
}

/** Table of t's components plus c (created on first use). */
export function tableWith(t: u32, c: u32): i32 {
  if (badTable(t)) return ERR_BAD_ARGUMENT;
  if (badComponent(c)) return ERR_UNKNOWN_COMPONENT;
  return after(edgeWith(t, c));
}

export function tableWithout(t: u32, c: u32): i32 {
  if (badTable(t)) return ERR_BAD_ARGUMENT;
  if (badComponent(c)) return ERR_UNKNOWN_COMPONENT;
  return after(edgeWithout(t, c));
}

/**
 * The table whose mask is the maskWords() u64 words at m (created on first use),
 * without creating the tables in between; ERR_UNKNOWN_COMPONENT for unregistered bits.
 */
export function tableForMask(m: usize): i32 {
  if (unknownBits(m)) return ERR_UNKNOWN_COMPONENT;
  addCompanions(m);
  return after(maskTable(m));
}

/**
 * Makes component k travel with c: adding c adds k, removing c removes k, and tables
 * made for a mask with c have k. Cached edges of c are forgotten. The facade moved the
 * rows of the tables that hold c without k before. ERR_BAD_ARGUMENT when c == k, either has a
 * companion already, or k is a companion's companion.
 */
export function linkCompanion(c: u32, k: u32): i32 {
  if (badComponent(c) || badComponent(k)) return ERR_UNKNOWN_COMPONENT;
  if (c == k || companionOf(c) >= 0 || companionOf(k) >= 0) return ERR_BAD_ARGUMENT;
  setCompanion(c, k);
  forgetEdges(c);
  // Every way to a table with c now leads to one with k: those with c and without k,
  // emptied by the facade, never take a row again. Their blocks go back (a debug core
  // holds them, so a write through a view taken before is caught).
  const n = tableCount();
  for (let t: u32 = 0; t < n; t++) {
    const m = tableMask(t);
    if (isLive(t) && tget(t, T_COUNT) == 0 && maskHas(m, c) && !maskHas(m, k)) releaseColumns(t);
  }
  return after(OK);
}

/** Turns the row journal on for good (see journal.ts); ERR_CAPACITY when out of memory. */
export function journalOn(): i32 {
  return startJournal() ? OK : ERR_CAPACITY;
}

/** Byte address of a new zeroed block of `bytes` that the facade owns, or 0 when memory ran out. */
export function allocBlock(bytes: u32): usize {
  const p = alloc(bytes);
  if (p != 0) memory.fill(p, 0, bytes);
  return p;
}

/**
 * Sets (on != 0) or clears the bits of the n entities at ents in the facade's bitset
 * at bits (`words` u32 long); returns how many bits changed. Never fails.
 */
export function setBits(bits: usize, words: u32, ents: usize, n: u32, on: u32): u32 {
  return setBitsOf(bits, words, ents, n, on != 0);
}

/** Frees a block from allocBlock. */
export function freeBlock(ptr: usize): void {
  free(ptr);
}

/** Spawns one entity with default values in table t; returns it or a status. */
export function spawn(t: u32): i32 {
  if (badTable(t)) return ERR_BAD_ARGUMENT;
  // The usual case: a row and a slot are free and there is no journal, so nothing to reserve.
  if (journaling() || !hasRoom(t, 1) || !slotReady()) {
    const reserved = reserveSpawn(t);
    if (reserved != OK) return reserved;
  }
  return after(<i32>spawnInto(t));
}

/** Reserves a journal record, a slot and a row of t for one spawn: OK or a status (nothing reserved). */
function reserveSpawn(t: u32): i32 {
  if (!reserveJournal(1)) return ERR_CAPACITY;
  const reserved = reserveSlots(1);
  if (reserved != OK) return reserved;
  if (ensureCapacity(t, tget(t, T_COUNT) + 1)) return OK;
  forgetEarlyTakes();
  return ERR_CAPACITY;
}

/**
 * Spawns n entities in table t (all or nothing). They take rows first .. first + n - 1,
 * so their handles are that range of the entity column; returns first or a status.
 * With out != 0 the handles are also written there.
 */
export function spawnMany(t: u32, n: u32, out: usize): i32 {
  if (badTable(t)) return ERR_BAD_ARGUMENT;
  if (!reserveJournal(1)) return ERR_CAPACITY;
  const reserved = reserveSlots(n);
  if (reserved != OK) return reserved;
  const first = tget(t, T_COUNT);
  if (!ensureCapacity(t, first + n)) {
    forgetEarlyTakes();
    return ERR_CAPACITY;
  }
  spawnManyInto(t, n, out);
  return after(<i32>first);
}

/**
 * Spawns the n entities whose ids were claimed while changes were deferred (listed at
 * ptr in claim order, see entity-index.ts) into table t: rows first .. first + n - 1;
 * returns first or a status. ERR_BAD_ARGUMENT when the ids are not the ones claims
 * take now; nothing changes unless all of it can.
 */
export function spawnIds(t: u32, ptr: usize, n: u32): i32 {
  if (badTable(t)) return ERR_BAD_ARGUMENT;
  const fresh = validClaims(ptr, n);
  if (fresh < 0) return ERR_BAD_ARGUMENT;
  if (!reserveJournal(1)) return ERR_CAPACITY;
  const reserved = reserveFresh(<u32>fresh);
  if (reserved != OK) return reserved;
  const first = tget(t, T_COUNT);
  if (!ensureCapacity(t, first + n)) return ERR_CAPACITY;
  spawnClaimedInto(t, ptr, n, <u32>fresh);
  return after(<i32>first);
}

/** Burns the n claimed ids at ptr that no entity took (a failed flush); needs no memory. */
export function burnIds(ptr: usize, n: u32): void {
  burnClaims(ptr, n);
}

/** Adds c to e: 0 when e moved to a new table, 1 when it already had c. */
export function add(e: u32, c: u32): i32 {
  if (!indexIsAlive(e)) return ERR_STALE;
  if (badComponent(c)) return ERR_UNKNOWN_COMPONENT;
  const src = recTable(slotOf(e));
  if (maskHas(tableMask(src), c)) return 1;
  if (journaling() && !reserveJournal(1)) return ERR_CAPACITY;
  const before = seqNow();
  const dst = edgeWith(src, c);
  if (dst < 0) return failed(dst, before);
  if (!hasRoom(<u32>dst, 1) && !ensureCapacity(<u32>dst, tget(<u32>dst, T_COUNT) + 1)) return failed(ERR_CAPACITY, before);
  moveEntity(e, <u32>dst);
  if (tget(src, T_NPAIRS) >= 2) reclaimSpent(src);
  return after(0);
}

/** Removes c from e: 1 when it had c, 0 when it did not. */
export function remove(e: u32, c: u32): i32 {
  if (!indexIsAlive(e)) return ERR_STALE;
  if (badComponent(c)) return ERR_UNKNOWN_COMPONENT;
  const src = recTable(slotOf(e));
  if (!maskHas(tableMask(src), c)) return 0;
  if (journaling() && !reserveJournal(1)) return ERR_CAPACITY;
  const before = seqNow();
  const dst = edgeWithout(src, c);
  if (dst < 0) return failed(dst, before);
  if (!hasRoom(<u32>dst, 1) && !ensureCapacity(<u32>dst, tget(<u32>dst, T_COUNT) + 1)) return failed(ERR_CAPACITY, before);
  moveEntity(e, <u32>dst);
  if (tget(src, T_NPAIRS) >= 2) reclaimSpent(src);
  return after(1);
}

/** Moves e to table t (deferred spawns land in table 0 first, then move here). */
export function moveTo(e: u32, t: u32): i32 {
  if (!indexIsAlive(e)) return ERR_STALE;
  if (badTable(t)) return ERR_BAD_ARGUMENT;
  if (recTable(slotOf(e)) == t) return OK;
  if (!reserveJournal(1) || !ensureCapacity(t, tget(t, T_COUNT) + 1)) return ERR_CAPACITY;
  moveEntity(e, t);
  return after(OK);
}

/** Moves the n entities at ptr to table t; all or nothing (skipDead: ignore dead ones). */
export function moveMany(ptr: usize, n: u32, t: u32, skipDead: u32): i32 {
  if (badTable(t)) return ERR_BAD_ARGUMENT;
  if (!reserveJournal(n)) return ERR_CAPACITY;
  return after(moveListed(ptr, n, TO_TABLE, t, skipDead != 0));
}

/** Adds c to the n entities at ptr (one move per source table where rows allow); all or nothing. */
export function addMany(ptr: usize, n: u32, c: u32, skipDead: u32): i32 {
  if (badComponent(c)) return ERR_UNKNOWN_COMPONENT;
  if (!reserveJournal(n)) return ERR_CAPACITY;
  const before = seqNow();
  return batch(moveListed(ptr, n, WITH_COMPONENT, c, skipDead != 0), before);
}

/** Removes c from the n entities at ptr; all or nothing. */
export function removeMany(ptr: usize, n: u32, c: u32, skipDead: u32): i32 {
  if (badComponent(c)) return ERR_UNKNOWN_COMPONENT;
  if (!reserveJournal(n)) return ERR_CAPACITY;
  const before = seqNow();
  return batch(moveListed(ptr, n, WITHOUT_COMPONENT, c, skipDead != 0), before);
}

/** Adds c to every row of the n tables listed at ptr (whole tables move); see batch.moveTables for out. */
export function addToTables(ptr: usize, n: u32, c: u32, out: usize): i32 {
  if (badComponent(c)) return ERR_UNKNOWN_COMPONENT;
  if (!reserveJournal(n)) return ERR_CAPACITY;
  const before = seqNow();
  return batch(moveTables(ptr, n, WITH_COMPONENT, c, out), before);
}

/** Removes c from every row of the n tables listed at ptr. */
export function removeFromTables(ptr: usize, n: u32, c: u32, out: usize): i32 {
  if (badComponent(c)) return ERR_UNKNOWN_COMPONENT;
  if (!reserveJournal(n)) return ERR_CAPACITY;
  const before = seqNow();
  return batch(moveTables(ptr, n, WITHOUT_COMPONENT, c, out), before);
}

/**
 * Destroys every entity of the n tables listed at ptr. ERR_BAD_ARGUMENT when one of them
 * is a relation target (the facade plans such destroys with planDestroy).
 */
export function destroyInTables(ptr: usize, n: u32): i32 {
  for (let i: u32 = 0; i < n; i++) {
    const t = load<u32>(ptr + (<usize>i << 2));
    if (badTable(t)) return ERR_BAD_ARGUMENT;
    if (hget(H_TARGET_SLOTS) != 0 && holdsTarget(t)) return ERR_BAD_ARGUMENT; // (0: no entity is a target)
  }
  if (!reserveJournal(n)) return ERR_CAPACITY;
  return after(destroyTables(ptr, n));
}

/** Destroys e; when it is a relation target, with everything its relations take along. */
export function destroy(e: u32): i32 {
  if (!indexIsAlive(e)) return ERR_STALE;
  // Relation targets and the row journal are rare: one test keeps both off the usual path.
  if ((hget(H_TARGET_SLOTS) | hget(H_JOURNAL)) != 0) {
    if (hget(H_TARGET_SLOTS) != 0 && isTargetSlot(slotOf(e))) {
      const p = scratch(4);
      if (p == 0) return ERR_CAPACITY;
      store<u32>(p, e);
      return destroyPlanned(p, 1);
    }
    if (!reserveJournal(1)) return ERR_CAPACITY; // (true while the journal is off)
  }
  destroyLive(e);
  return after(OK);
}

/**
 * Destroys the n entities at ptr; all or nothing (a repeated entity is destroyed once).
 * When one is a relation target, the destroy is planned and carried out as a whole.
 */
export function destroyMany(ptr: usize, n: u32, skipDead: u32): i32 {
  for (let i: u32 = 0; i < n && hget(H_TARGET_SLOTS) != 0; i++) {
    const e = load<u32>(ptr + (<usize>i << 2));
    if (indexIsAlive(e) && isTargetSlot(slotOf(e))) {
      if (skipDead == 0 && firstDeadListed(ptr, n) >= 0) return ERR_STALE;
      return destroyPlanned(ptr, n);
    }
  }
  if (!reserveJournal(n)) return ERR_CAPACITY;
  return after(destroyListed(ptr, n, skipDead != 0));
}

/**
 * Swaps the n row pairs (a, b) at ptr (u32 each) of table t, in order: the facade
 * brings a query's matching rows to the front. Needs no memory, so it never grows it
 * (the facade calls it while loops hold views). ERR_BAD_ARGUMENT when t is no live
 * table or a row is not below its count (nothing changed).
 */
export function swapRows(t: u32, ptr: usize, n: u32): i32 {
  if (badTable(t)) return ERR_BAD_ARGUMENT;
  const count = tget(t, T_COUNT);
  for (let i: usize = 0; i < <usize>n * 2; i++) if (load<u32>(ptr + (i << 2)) >= count) return ERR_BAD_ARGUMENT;
  for (let i: usize = 0; i < <usize>n; i++) swapRowsOf(t, load<u32>(ptr + (i << 3)), load<u32>(ptr + (i << 3), 4));
  return after(OK);
}

export function isAlive(e: u32): i32 { return indexIsAlive(e) ? 1 : 0; }

/** Index of the first of the n entities at ptr that is not alive, or -1 (batch validation). */
export function firstDead(ptr: usize, n: u32): i32 {
  return firstDeadListed(ptr, n);
}

/** Grows the entity index so that n more entities fit without allocating (a hint). */
export function reserveEntities(n: u32): i32 {
  return reserveSlots(n);
}

/**
 * Debug target only (a test's fault injection): the n-th single-entity move from now
 * traps half-way. Returns ERR_BAD_ARGUMENT in the release target, which has no hook.
 */
export function debugTrapAfterMoves(n: u32): i32 {
  if (ASC_NO_ASSERT) return ERR_BAD_ARGUMENT;
  trapAfterMoves(n);
  return OK;
}

/**
 * Debug target only: turns the quarantine on (alloc.ts): a table's block that was moved or
 * freed is held back, filled with a canary, in a ring of the last `blocks` such blocks and
 * at most `bytes` bytes. ERR_CAPACITY when memory is short; ERR_BAD_ARGUMENT in the
 * release target, which has none.
 */
export function debugQuarantine(blocks: u32, bytes: u32): i32 {
  if (ASC_NO_ASSERT || blocks == 0) return ERR_BAD_ARGUMENT;
  return startQuarantine(blocks, bytes) ? OK : ERR_CAPACITY;
}

/**
 * Debug target: looks for a write in every held block (a column array used after its
 * table moved or freed its columns). Returns 0, or the kind of the first write found
 * (QS_MOVED, QS_FREED), described in the ring until forgetStaleWrite(). With release != 0
 * every held block is then freed (before a snapshot reads memory). 0 in the release target.
 */
export function checkQuarantine(release: u32): i32 {
  const found = checkHeld();
  return <i32>(release != 0 ? releaseHeld() : found);
}

/**
 * Checks live table t's entity column against the entity records unless its block is
 * fresh, rewriting it when it differs (table.ts checkEntities): before the facade
 * acts on a query's ids. Returns 1 when it was rewritten, 0 otherwise (or t is unknown).
 */
export function checkEntityColumn(t: u32): u32 {
  if (t >= tableCount() || !isLive(t)) return 0;
  return checkEntities(t, 0, tget(t, T_COUNT)) ? 0 : 1;
}

/**
 * Before a snapshot reads memory: checks every table's entity column against the entity
 * records, fresh or not (even one written through its current array), and rewrites one that
 * differs (a write through a stale column array landed in it: table.ts checkEntities).
 * Returns how many columns were rewritten.
 */
export function checkEntityColumns(): u32 {
  let healed: u32 = 0;
  for (let t: u32 = 0, n = tableCount(); t < n; t++)
    if (isLive(t) && !checkEntities(t, 0, tget(t, T_COUNT), true)) healed++;
  return healed;
}

/** Debug target: forgets the write checkQuarantine() described (the facade reported it). */
export function forgetStaleWrite(): void {
  forgetStale();
}

/** Walks every invariant (debug target); aborts naming the first broken one. */
export function checkInvariants(): i32 {
  if (!ASC_NO_ASSERT) walkInvariants();
  return OK;
}
