// The core's export surface: thin functions that validate arguments, reserve what
// an operation needs, and hand over to the module that owns the concept; it also
// orchestrates what spans modules (registration: registry, then the archetype map's
// rehash when masks widened; a failed call dropping the tables it created).
// Every export returns a status (negative = user mistake, see constants.ts) or a
// value; none traps on user input. i32 in, i32 out: masks never cross the boundary.
// Invariant: a failed export leaves no visible change, and with checks on (debug
// target) every structural export ends with checkInvariants().
import {
  ERR_BAD_ARGUMENT, ERR_CAPACITY, ERR_STALE, ERR_UNKNOWN_COMPONENT, H_CHECKS, H_PLAN_ARMED,
  H_COMPONENT_COUNT, H_TABLE_SEQ, H_TARGET_SLOTS, OK, T_COUNT, T_SEQ,
} from "./constants";
import { alloc, free, initAllocator } from "./alloc";
import {
  addCompanions, dropTablesSince, forgetEdges, initMap, isLive, rehashMap, tableCount,
} from "./archetype-map";
import { cancelPlan, commitDestroy as commitPlanned, planDestroy as planListed } from "./cascade";
import { checkInvariants as walkInvariants } from "./debug";
import { initIndex, isAlive as indexIsAlive, recTable, reserveSlots, slotOf } from "./entity-index";
import { HDR, hget, hset } from "./header";
import { maskHas, maskWords, tableMask, unknownBits } from "./mask";
import {
  destroyListed, destroyTables, firstDead as firstDeadListed, moveListed, moveTables, setPairTarget, TO_TABLE,
  WITH_COMPONENT, WITH_PAIR, WITHOUT_COMPONENT, WITHOUT_PAIR,
} from "./batch";
import { destroyEntity, moveEntity, spawnInto, spawnManyInto, trapAfterMoves } from "./migrate";
import { setBits as setBitsOf } from "./bitset";
import { reserveJournal, startJournal } from "./journal";
import { reserveScratch, shrinkScratch } from "./scratch";
import { companionOf, initRegistry, isRelation, registerComponent as registryAdd, setCompanion } from "./registry";
import {
  tableForKey as keyTable, tableForMask as maskTable, tableWith as edgeWith, tableWithout as edgeWithout,
  tableWithoutPair, tableWithPair,
} from "./subtables";
import { ensureCapacity, tget } from "./table";
import { holdsTarget, isTargetSlot } from "./target-index";

/** Runs the invariant walk after a structural op (debug target, checks on). */
@inline function after(status: i32): i32 {
  if (!ASC_NO_ASSERT && hget(H_CHECKS) != 0) walkInvariants();
  return status;
}

@inline function badTable(t: u32): bool { return t >= tableCount() || !isLive(t); }

/** A failed call drops the tables it created (they are empty), then reports status. */
function failed(status: i32, seqBefore: u32): i32 {
  dropTablesSince(seqBefore);
  return after(status);
}

/** Runs a batch; when it fails, the tables it created are dropped again. */
@inline function batch(status: i32, seqBefore: u32): i32 {
  return status < 0 ? failed(status, seqBefore) : after(status);
}

/** Creation number of the next table (H_TABLE_SEQ): what dropTables takes. */
@inline function seqNow(): u32 { return hget(H_TABLE_SEQ); }

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
@inline function badComponent(c: u32): bool { return c >= hget(H_COMPONENT_COUNT); }

/** Sets up an empty world; maxPages caps memory (64 KiB pages). */
export function init(maxPages: u32, checks: u32): i32 {
  initAllocator(maxPages);
  hset(H_CHECKS, checks);
  if (!initRegistry() || !initMap() || !initIndex()) return ERR_CAPACITY;
  return scratch(4096) == 0 ? ERR_CAPACITY : after(OK);
}

export function headerPtr(): usize { return HDR; }

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
 * made for a mask with c have k. Cached edges of c are forgotten. The facade then moves
 * the tables that hold c without k. ERR_BAD_ARGUMENT when c == k, either has a
 * companion already, or k is a companion's companion.
 */
export function linkCompanion(c: u32, k: u32): i32 {
  if (badComponent(c) || badComponent(k)) return ERR_UNKNOWN_COMPONENT;
  if (c == k || companionOf(c) >= 0 || companionOf(k) >= 0) return ERR_BAD_ARGUMENT;
  setCompanion(c, k);
  forgetEdges(c);
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
  if (!reserveJournal(1)) return ERR_CAPACITY;
  const reserved = reserveSlots(1);
  if (reserved != OK) return reserved;
  if (!ensureCapacity(t, tget(t, T_COUNT) + 1)) return ERR_CAPACITY;
  return after(<i32>spawnInto(t));
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
  if (!ensureCapacity(t, first + n)) return ERR_CAPACITY;
  spawnManyInto(t, n, out);
  return after(<i32>first);
}

/** Adds c to e: 0 when e moved to a new table, 1 when it already had c. */
export function add(e: u32, c: u32): i32 {
  if (!indexIsAlive(e)) return ERR_STALE;
  if (badComponent(c)) return ERR_UNKNOWN_COMPONENT;
  const src = <u32>recTable(slotOf(e));
  if (maskHas(tableMask(src), c)) return 1;
  if (!reserveJournal(1)) return ERR_CAPACITY;
  const before = seqNow();
  const dst = edgeWith(src, c);
  if (dst < 0) return failed(dst, before);
  if (!ensureCapacity(<u32>dst, tget(<u32>dst, T_COUNT) + 1)) return failed(ERR_CAPACITY, before);
  moveEntity(e, <u32>dst);
  return after(0);
}

/** Removes c from e: 1 when it had c, 0 when it did not. */
export function remove(e: u32, c: u32): i32 {
  if (!indexIsAlive(e)) return ERR_STALE;
  if (badComponent(c)) return ERR_UNKNOWN_COMPONENT;
  const src = <u32>recTable(slotOf(e));
  if (!maskHas(tableMask(src), c)) return 0;
  if (!reserveJournal(1)) return ERR_CAPACITY;
  const before = seqNow();
  const dst = edgeWithout(src, c);
  if (dst < 0) return failed(dst, before);
  if (!ensureCapacity(<u32>dst, tget(<u32>dst, T_COUNT) + 1)) return failed(ERR_CAPACITY, before);
  moveEntity(e, <u32>dst);
  return after(1);
}

/** Moves e to table t (deferred spawns land in table 0 first, then move here). */
export function moveTo(e: u32, t: u32): i32 {
  if (!indexIsAlive(e)) return ERR_STALE;
  if (badTable(t)) return ERR_BAD_ARGUMENT;
  if (<u32>recTable(slotOf(e)) == t) return OK;
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
  if (hget(H_TARGET_SLOTS) != 0 && isTargetSlot(slotOf(e))) {
    const p = scratch(4);
    if (p == 0) return ERR_CAPACITY;
    store<u32>(p, e);
    return destroyPlanned(p, 1);
  }
  if (!reserveJournal(1)) return ERR_CAPACITY;
  destroyEntity(e);
  return after(OK);
}

/** Plans destroying the n (live) entities at ptr with their relations' cascade and carries it out. */
function destroyPlanned(ptr: usize, n: u32): i32 {
  const planned = planListed(ptr, n);
  if (planned < 0) return after(planned);
  commitPlanned();
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
 * Plans destroying the n entities at ptr (dead ones skipped) with everything their
 * relations take along: returns how many entities die, listed at H_DYING, or a status
 * (nothing changed). commitDestroy() then carries it out; any other call first is
 * allowed and forgets the plan.
 */
export function planDestroy(ptr: usize, n: u32): i32 {
  return after(planListed(ptr, n));
}

/** Forgets a plan of planDestroy (the facade's way out when it cannot go on). */
export function cancelDestroy(): void {
  cancelPlan();
}

/** Carries out the destroy planDestroy() just planned; ERR_BAD_ARGUMENT when there is none. */
export function commitDestroy(): i32 {
  if (hget(H_PLAN_ARMED) == 0) return ERR_BAD_ARGUMENT;
  commitPlanned();
  return after(OK);
}

/** Adds the pair (rel, target) to e: 0 when e moved, 1 when it held the pair already. */
export function addPair(e: u32, rel: u32, target: u32): i32 {
  if (!indexIsAlive(e) || !indexIsAlive(target)) return ERR_STALE;
  if (badComponent(rel)) return ERR_UNKNOWN_COMPONENT;
  if (!isRelation(rel)) return ERR_BAD_ARGUMENT;
  const src = <u32>recTable(slotOf(e));
  if (!reserveJournal(1)) return ERR_CAPACITY;
  const before = seqNow();
  return moveOne(e, src, tableWithPair(src, rel, target), before, 0, 1);
}

/**
 * Moves e from its table src to dst (the caller's lookup, which may have created it):
 * returns `moved`, or `stayed` when dst is src; a failure drops the tables made since `before`.
 */
function moveOne(e: u32, src: u32, dst: i32, before: u32, moved: i32, stayed: i32): i32 {
  if (dst < 0) return failed(dst, before);
  if (<u32>dst == src) return after(stayed);
  if (!ensureCapacity(<u32>dst, tget(<u32>dst, T_COUNT) + 1)) return failed(ERR_CAPACITY, before);
  moveEntity(e, <u32>dst);
  return after(moved);
}

/** Removes the pair (rel, target) from e: 1 when it held it, 0 when not. A dead target is simply not held. */
export function removePair(e: u32, rel: u32, target: u32): i32 {
  if (!indexIsAlive(e)) return ERR_STALE;
  if (badComponent(rel)) return ERR_UNKNOWN_COMPONENT;
  if (!isRelation(rel)) return ERR_BAD_ARGUMENT;
  const src = <u32>recTable(slotOf(e));
  if (!reserveJournal(1)) return ERR_CAPACITY;
  const before = seqNow();
  return moveOne(e, src, tableWithoutPair(src, rel, target), before, 1, 0);
}

/** Adds (adding != 0) or removes the pair (rel, target) on the n entities at ptr; all or nothing. */
export function pairMany(ptr: usize, n: u32, rel: u32, target: u32, adding: u32, skipDead: u32): i32 {
  const checked = pairBatch(n, rel, target, adding);
  if (checked != OK) return checked;
  const before = seqNow();
  return batch(moveListed(ptr, n, adding != 0 ? WITH_PAIR : WITHOUT_PAIR, rel, skipDead != 0), before);
}

/** The checks and reservations of a pair batch of n entities; sets the batch's target. */
function pairBatch(n: u32, rel: u32, target: u32, adding: u32): i32 {
  if (badComponent(rel)) return ERR_UNKNOWN_COMPONENT;
  if (!isRelation(rel)) return ERR_BAD_ARGUMENT;
  if (adding != 0 && !indexIsAlive(target)) return ERR_STALE;
  if (!reserveJournal(n)) return ERR_CAPACITY;
  setPairTarget(target);
  return OK;
}

/** Adds or removes the pair on every row of the n tables listed at ptr (see addToTables). */
export function pairTables(ptr: usize, n: u32, rel: u32, target: u32, adding: u32, out: usize): i32 {
  const checked = pairBatch(n, rel, target, adding);
  if (checked != OK) return checked;
  const before = seqNow();
  return batch(moveTables(ptr, n, adding != 0 ? WITH_PAIR : WITHOUT_PAIR, rel, out), before);
}

/**
 * The table for the mask at m (maskWords() u64 words) plus the n pairs at p (P_STRIDE
 * u32 each: relation, target, 0, 0), created on first use. ERR_STALE with H_RESULT =
 * the pair's index for a dead target; ERR_BAD_ARGUMENT for a relation bit without a
 * pair, a non-relation pair or two targets of an exclusive relation.
 */
export function tableForPairs(m: usize, p: usize, n: u32): i32 {
  if (unknownBits(m)) return ERR_UNKNOWN_COMPONENT;
  for (let i: u32 = 0; i < n; i++) if (badComponent(load<u32>(p + (<usize>i << 4)))) return ERR_UNKNOWN_COMPONENT;
  addCompanions(m);
  const before = seqNow();
  const t = keyTable(m, p, n);
  return t < 0 ? failed(t, before) : after(t);
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

/** Walks every invariant (debug target); aborts naming the first broken one. */
export function checkInvariants(): i32 {
  if (!ASC_NO_ASSERT) walkInvariants();
  return OK;
}
