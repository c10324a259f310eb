// Destroying relation targets (flecs keeps this in on_delete.c). planDestroy works out
// everything a destroy does — the entities it destroys (the listed ones plus, through
// "destroy" relations, everything related to them, level by level) and the sub-tables
// whose rows only lose pairs ("remove" relations) with the table each moves to —
// creates those tables and reserves their rows and the journal. Nothing visible
// changes; on failure the tables it made are dropped again. The facade then reads the
// doomed entities (H_DYING) and calls commitDestroy, which cannot fail; cancelPlan
// forgets a plan instead.
// Invariant: no pair ever names a dead entity: commitDestroy first moves or destroys
// every related entity, then recycles the dead targets' sub-tables, now empty. Between
// calls no table is marked and the dying set is empty (H_PLAN_ARMED is 1 only between a
// successful planDestroy and its commitDestroy / cancelPlan).
//
//   dying:      u32[H_DYING_CAP]      entities the plan destroys, H_DYING_LEN of them
//   dying bits: slot bitset (bitset.ts), H_DYING_BITS_WORDS u32: the same entities by slot
//   plan:       u32[2 * H_PLAN_CAP]   [ table | destination ] per planned table, H_PLAN_LEN
//                                     of them; the table's T_MARK says MARK_REMOVE / MARK_DESTROY
import {
  C_PTR, ERR_CAPACITY, FLAG_CASCADE, H_DYING, H_DYING_BITS, H_DYING_BITS_WORDS, H_DYING_CAP, H_DYING_LEN, H_PLAN,
  H_PLAN_ARMED, H_PLAN_CAP, H_PLAN_LEN, H_SLOT_COUNT, H_TABLE_SEQ, MARK_DESTROY, MARK_REMOVE, OK, P_NEXT_PAIR,
  P_NEXT_TABLE, P_REL, T_COUNT, T_MARK, T_PENDING,
} from "./constants";
import { alloc, free } from "./alloc";
import { dropTablesSince, recycleTable } from "./archetype-map";
import { hasSlotBit } from "./bitset";
import { isAlive, slotOf } from "./entity-index";
import { hget, hset } from "./header";
import { reserveJournal } from "./journal";
import { destroyEntity, moveTail } from "./migrate";
import { flagsOf } from "./registry";
import { tableWithoutMarked } from "./subtables";
import { cget, checkEntities, colDesc, ensureCapacity, tget, tset } from "./table";
import { bumpTargetMoves, findHead, tablePair } from "./target-index";

@inline function dyingBits(): usize { return <usize>hget(H_DYING_BITS); }
/** Whether the dying set's bitset covers slot (planDestroy grows it; at the memory ceiling it may not). */
@inline function inBits(slot: u32): bool { return (slot >> 5) < hget(H_DYING_BITS_WORDS); }
function dying(slot: u32): bool {
  if (inBits(slot)) return hasSlotBit(dyingBits(), slot);
  // Past the bitset (memory could not grow it): the dying list itself, searched.
  const d = <usize>hget(H_DYING);
  const len = hget(H_DYING_LEN);
  for (let i: u32 = 0; i < len; i++) if (slotOf(load<u32>(d + (<usize>i << 2))) == slot) return true;
  return false;
}
@inline function markDying(slot: u32): void {
  if (!inBits(slot)) return;
  const w = dyingBits() + (<usize>(slot >> 5) << 2);
  store<u32>(w, load<u32>(w) | (1 << (slot & 31)));
}
@inline function unmarkDying(slot: u32): void {
  if (!inBits(slot)) return;
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

/**
 * Room for the plan and dying lists of a destroy of a few targets, taken when the world
 * is made: such a destroy then needs no memory of its own, also at the memory ceiling,
 * where it is what gives memory back (the dying set's bitset may stay short: dying()).
 */
export function reservePlans(): bool {
  return bufferFor(H_PLAN, H_PLAN_CAP, 0, 64) && bufferFor(H_DYING, H_DYING_CAP, 0, 64);
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
  const n = tget(t, T_COUNT);
  checkEntities(t, 0, n);
  const ents = <usize>cget(colDesc(t, 0), C_PTR);
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
  // A bitset over every slot, where memory allows: a destroy that frees memory at the
  // ceiling must not need any (dying() then searches the list past the old bitset).
  const b = words > hget(H_DYING_BITS_WORDS) ? alloc(<usize>words << 2) : 0;
  if (b != 0) {
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
    const d = tableWithoutMarked(t, dyingBits());
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
  if (len > 0) bumpTargetMoves();
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
