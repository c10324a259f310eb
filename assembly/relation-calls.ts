// The relation part of the core's export surface (re-exported by index.ts): pairs added
// and removed one entity at a time or in batches, sub-tables for (mask, pairs), and the
// planned destroy of relation targets. Same discipline as index.ts: validate, reserve,
// hand over; a failed call changes nothing.
import { ERR_BAD_ARGUMENT, ERR_CAPACITY, ERR_STALE, ERR_UNKNOWN_COMPONENT, H_PLAN_ARMED, OK, T_COUNT } from "./constants";
import { addCompanions } from "./archetype-map";
import { moveListed, moveTables, setPairTarget, WITH_PAIR, WITHOUT_PAIR } from "./batch";
import { cancelPlan, commitDestroy as commitPlanned, planDestroy as planListed } from "./cascade";
import { isAlive as indexIsAlive, recTable, slotOf } from "./entity-index";
import { after, badComponent, batch, failed, seqNow } from "./guard";
import { hget } from "./header";
import { reserveJournal } from "./journal";
import { unknownBits } from "./mask";
import { moveEntity } from "./migrate";
import { isRelation } from "./registry";
import { tableForKey as keyTable, reclaimSpent, tableWithoutPair, tableWithPair } from "./subtables";
import { ensureCapacity, tget } from "./table";

/** Plans destroying the n (live) entities at ptr with their relations' cascade and carries it out. */
export function destroyPlanned(ptr: usize, n: u32): i32 {
  const planned = planListed(ptr, n);
  if (planned < 0) return after(planned);
  commitPlanned();
  return after(OK);
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
  const src = recTable(slotOf(e));
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
  reclaimSpent(src);
  return after(moved);
}

/** Removes the pair (rel, target) from e: 1 when it held it, 0 when not. A dead target is simply not held. */
export function removePair(e: u32, rel: u32, target: u32): i32 {
  if (!indexIsAlive(e)) return ERR_STALE;
  if (badComponent(rel)) return ERR_UNKNOWN_COMPONENT;
  if (!isRelation(rel)) return ERR_BAD_ARGUMENT;
  const src = recTable(slotOf(e));
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

