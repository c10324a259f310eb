// Entity index: one record per slot, REC_STRIDE (2) u32 each, interleaved (constants.ts
// draws it):
//   word 0: generation << 24 | table   table REC_FREE when the slot is free; a handle is
//                                      alive iff its generation matches and the slot is not free
//   word 1: row in that table; for a free slot, the next free slot (0 = none)
//   tgtBits: one bit per slot, set while a relation pair names the slot's entity (target-index.ts)
// Invariant: for every live slot s, entities[row(s)] of table table(s) is s's handle.
//
// Why one 8-byte record: a random access (the accessor, get / set, add / remove of one
// entity) reads generation, table and row of one slot. As three parallel arrays (i32, u32,
// u16) that is three cache lines per access, and with 100k entities the record arrays alone
// are past a core's L2; interleaved it is one line (8 divides 64, so no record straddles two).
// A plain-JS model of the accessor's loop (100k entities, random picks, full checks) ran
// 13.5 ns per access over the three arrays, 7.7 over 8-byte records and 7.7 over 12-byte ones
// ({ table, row, gen }): the same speed, so the smaller one. It keeps the index at 8 bytes
// per slot (docs/design.md's budget: field sizes + at most 16 bytes per entity, the 4-byte entity
// column included) and the snapshot smaller; its price is the 2^24 - 1 table ids.
//
// Reuse rule: a freed slot's generation moves on (255 wraps to 0) and the slot joins the
// back of a FIFO queue. A spawn takes the queue's head only while the queue holds at least
// REUSE_QUEUE slots, and a never-used slot otherwise; claims for deferred spawns follow the
// same rule, and a burned claim counts as a use (the slot goes to the back again).
// Guarantee: two uses of one slot are at least REUSE_QUEUE id allocations apart (when a
// slot is taken from the queue, REUSE_QUEUE - 1 others wait behind it and all go before
// its next use), so a stale handle is rejected until its slot has been used 255 more
// times, which takes at least 255 * REUSE_QUEUE = 1,044,480 spawns; only the 256th use
// brings its id back. Ids never run out: spawning always succeeds while at most
// MAX_SLOTS - REUSE_QUEUE entities are alive (ERR_ID_SPACE past that, once every slot was used).
// One exception keeps a world working when memory runs out: a spawn (not a deferred one)
// that would need new slot records and cannot get the memory reuses the oldest freed
// slots early instead of failing, when enough are free (reserveSlots sets H_EARLY_TAKES).
import {
  ERR_CAPACITY, ERR_ID_SPACE, ERR_STALE, GEN_MASK, H_ALIVE, H_FREE_COUNT, H_FREE_HEAD, H_FRESH_GEN,
  H_FREE_TAIL, H_RECORDS, H_TGT_BITS, H_SLOT_CAP, H_SLOT_COUNT, H_EARLY_TAKES, MAX_SLOTS,
  OK, REC_FREE, REC_TABLE_BITS, REC_TABLE_MASK, REUSE_QUEUE, SLOT_BITS, SLOT_MASK,
} from "./constants";
import { alloc, free } from "./alloc";
import { bumpEpoch, hget, hset } from "./header";

@inline export function slotOf(e: u32): u32 { return e & SLOT_MASK; }
@inline export function genOf(e: u32): u32 { return e >> SLOT_BITS; }
@inline export function makeEntity(slot: u32, gen: u32): u32 { return (gen << SLOT_BITS) | slot; }

/** Address of slot's record in the records at recs (REC_STRIDE u32 = 8 bytes each). */
@inline function recIn(recs: usize, slot: u32): usize { return recs + (<usize>slot << 3); }
@inline function recAt(slot: u32): usize { return recIn(<usize>hget(H_RECORDS), slot); }
/** Word 0 of a record: generation << REC_TABLE_BITS | table. */
@inline function genTable(gen: u32, table: u32): u32 { return (gen << REC_TABLE_BITS) | table; }

/** Table of slot: REC_FREE when the slot is free. */
@inline export function recTable(slot: u32): u32 {
  return load<u32>(recAt(slot)) & REC_TABLE_MASK;
}
@inline export function recRow(slot: u32): u32 {
  return load<u32>(recAt(slot), 4);
}
@inline export function recGen(slot: u32): u32 {
  return load<u32>(recAt(slot)) >>> REC_TABLE_BITS;
}

/** Whether `e` names a live entity (never traps, whatever the value). */
export function isAlive(e: u32): bool {
  const slot = slotOf(e);
  // slot 0 wraps to the largest u32 here (H_SLOT_COUNT is at least 1 once initialised).
  if (slot - 1 >= hget(H_SLOT_COUNT) - 1) return false;
  const w = load<u32>(recAt(slot));
  // Both tests in one branch-free expression: wasm engines branch once on it.
  return (w >>> REC_TABLE_BITS == genOf(e)) & ((w & REC_TABLE_MASK) != REC_FREE);
}

/**
 * Whether e, read from row `row` of table t's entity column, is the live entity whose
 * record puts it there (never traps, whatever e is).
 */
@inline export function holdsRow(e: u32, t: u32, row: u32): bool {
  const slot = slotOf(e);
  if (slot - 1 >= hget(H_SLOT_COUNT) - 1) return false;
  return load<u64>(recAt(slot)) == ((<u64>row << 32) | <u64>genTable(genOf(e), t));
}

/** Writes row r of the entity column at ents (table t, `count` rows) for every record that puts an entity there. */
export function entitiesFromRecords(t: u32, ents: usize, count: u32): void {
  const slots = hget(H_SLOT_COUNT);
  for (let s: u32 = 1; s < slots; s++) {
    const w = load<u64>(recAt(s));
    const row = <u32>(w >> 32);
    if ((<u32>w & REC_TABLE_MASK) == t && row < count)
      store<u32>(ents + (<usize>row << 2), makeEntity(s, <u32>w >>> REC_TABLE_BITS));
  }
}

/** The one function that writes a live entity's record: e (alive) is in table at row. */
@inline export function setRecord(e: u32, table: u32, row: u32): void {
  store<u64>(recAt(slotOf(e)), (<u64>row << 32) | <u64>genTable(genOf(e), table));
}

/** Status of a handle: OK when alive, ERR_STALE otherwise. */
@inline export function checkAlive(e: u32): i32 {
  return isAlive(e) ? OK : ERR_STALE;
}

export function initIndex(): bool {
  hset(H_SLOT_COUNT, 1); // slot 0 is reserved: entity 0 is never alive
  hset(H_SLOT_CAP, 0);
  hset(H_FREE_HEAD, 0);
  hset(H_FREE_TAIL, 0);
  hset(H_FREE_COUNT, 0);
  hset(H_ALIVE, 0);
  hset(H_EARLY_TAKES, 0);
  hset(H_FRESH_GEN, 0);
  return growSlots(64);
}

/** How many of n takes draw from the free queue when it holds `free` slots (the reuse rule). */
@inline export function queueDraws(n: u32, free: u32): u32 {
  return free >= REUSE_QUEUE ? min<u32>(n, free - REUSE_QUEUE + 1) : 0;
}

/**
 * Makes sure `n` more entities can take slots without allocating.
 * Returns OK, ERR_ID_SPACE (no never-used slot is left for the takes the queue cannot
 * serve) or ERR_CAPACITY.
 */
export function reserveSlots(n: u32): i32 {
  const free = hget(H_FREE_COUNT);
  const status = reserveFresh(n - queueDraws(n, free));
  // Out of memory for slot records: reuse freed slots before their turn rather than fail.
  const early = status == ERR_CAPACITY && free >= n;
  hset(H_EARLY_TAKES, early ? n : 0);
  return early ? OK : status;
}

/** A spawn that reserved slots failed later: no take may reuse early (H_EARLY_TAKES is 0 between calls). */
export function forgetEarlyTakes(): void {
  hset(H_EARLY_TAKES, 0);
}

/**
 * Whether one take needs no reservation: the queue serves it, or a never-used slot has
 * its record already (slot capacity never exceeds MAX_SLOTS). reserveSlots(1) would
 * then return OK and leave H_EARLY_TAKES at 0, as it is between calls.
 */
@inline export function slotReady(): bool {
  return hget(H_FREE_COUNT) >= REUSE_QUEUE || hget(H_SLOT_COUNT) < hget(H_SLOT_CAP);
}

/** Makes sure `n` never-used slots can be taken without allocating (see reserveSlots). */
export function reserveFresh(n: u32): i32 {
  if (n == 0) return OK;
  const needed = <u64>hget(H_SLOT_COUNT) + <u64>n;
  if (needed > <u64>MAX_SLOTS) return ERR_ID_SPACE;
  if (needed <= <u64>hget(H_SLOT_CAP)) return OK;
  const doubled = <u64>hget(H_SLOT_CAP) << 1;
  let cap = doubled > needed ? doubled : needed;
  if (cap > <u64>MAX_SLOTS) cap = <u64>MAX_SLOTS;
  return growSlots(<u32>cap) ? OK : ERR_CAPACITY;
}

function growSlots(cap: u32): bool {
  const recs = alloc(<usize>cap << 3);
  const b = alloc(<usize>((cap + 31) >> 5) << 2);
  if (recs == 0 || b == 0) { free(recs); free(b); return false; }
  // The target bits (target-index.ts): one per slot, copied over, the new ones clear.
  const oldB = <usize>hget(H_TGT_BITS);
  const oldWords = <usize>((hget(H_SLOT_CAP) + 31) >> 5);
  memory.fill(b, 0, <usize>((cap + 31) >> 5) << 2);
  if (oldB != 0) memory.copy(b, oldB, oldWords << 2);
  free(oldB);
  hset(H_TGT_BITS, <u32>b);
  const old = <usize>hget(H_RECORDS);
  if (hget(H_SLOT_CAP) > 0) memory.copy(recs, old, <usize>hget(H_SLOT_COUNT) << 3);
  else store<u64>(recs, <u64>REC_FREE); // slot 0: never alive (generation 0, next free 0)
  free(old);
  hset(H_RECORDS, <u32>recs);
  hset(H_SLOT_CAP, cap);
  bumpEpoch();
  return true;
}

/**
 * Takes a slot for a new entity at `row` of table t, writes its record and returns the
 * entity. Precondition: reserveSlots(1) succeeded (or slotReady()).
 */
@inline export function takeSlotAt(t: u32, row: u32): u32 {
  const recs = <usize>hget(H_RECORDS);
  let slot: u32;
  let gen: u32;
  const free = hget(H_FREE_COUNT);
  const early = hget(H_EARLY_TAKES);
  if (free >= REUSE_QUEUE || early > 0) {
    if (early > 0) hset(H_EARLY_TAKES, early - 1);
    slot = hget(H_FREE_HEAD);
    const rec = recIn(recs, slot);
    gen = load<u32>(rec) >>> REC_TABLE_BITS;
    const next = load<u32>(rec, 4);
    hset(H_FREE_HEAD, next);
    if (next == 0) hset(H_FREE_TAIL, 0);
    hset(H_FREE_COUNT, free - 1);
  } else {
    slot = hget(H_SLOT_COUNT);
    hset(H_SLOT_COUNT, slot + 1);
    gen = hget(H_FRESH_GEN);
  }
  hset(H_ALIVE, hget(H_ALIVE) + 1);
  store<u64>(recIn(recs, slot), (<u64>row << 32) | <u64>genTable(gen, t));
  return makeEntity(slot, gen);
}

/**
 * Takes n slots for entities placed at rows first .. first + n - 1 of table t, writing
 * each entity to the column at ents (and to out unless it is 0). Precondition:
 * reserveSlots(n) succeeded. The batch form of takeSlotAt: header fields and the
 * records' address stay in locals, and the queue's draws (the reuse rule: queueDraws, or
 * all n for early takes) and the never-used slots after them are two plain loops.
 */
export function takeSlots(n: u32, t: u32, first: u32, ents: usize, out: usize): void {
  const recs = <usize>hget(H_RECORDS);
  const free = hget(H_FREE_COUNT);
  const draws = hget(H_EARLY_TAKES) >= n ? n : queueDraws(n, free);
  hset(H_EARLY_TAKES, 0);
  let head = hget(H_FREE_HEAD);
  let word = <u64>first << 32 | <u64>t; // record word 0 without the generation, row in word 1
  let col = ents + (<usize>first << 2);
  for (let i: u32 = 0; i < draws; i++) {
    const rec = recIn(recs, head);
    const gen = load<u32>(rec) >>> REC_TABLE_BITS;
    store<u32>(col, makeEntity(head, gen));
    head = load<u32>(rec, 4);
    store<u64>(rec, word | <u64>(gen << REC_TABLE_BITS));
    word += <u64>1 << 32;
    col += 4;
  }
  const next = hget(H_SLOT_COUNT);
  const fresh = n - draws;
  const gen = hget(H_FRESH_GEN);
  word |= <u64>(gen << REC_TABLE_BITS);
  let e = makeEntity(next, gen);
  let rec = recIn(recs, next);
  for (let i: u32 = 0; i < fresh; i++) {
    store<u32>(col, e);
    store<u64>(rec, word);
    word += <u64>1 << 32;
    e++;
    rec += 8;
    col += 4;
  }
  if (out != 0) memory.copy(out, ents + (<usize>first << 2), <usize>n << 2);
  hset(H_FREE_HEAD, head);
  if (head == 0) hset(H_FREE_TAIL, 0);
  hset(H_FREE_COUNT, free - draws);
  hset(H_SLOT_COUNT, next + fresh);
  hset(H_ALIVE, hget(H_ALIVE) + n);
}

/**
 * Frees the slots of the n entities at ents (a table's entity column, whose rows are
 * being dropped), last to first when `backwards`: the batch form of releaseEntity, with
 * the free queue in locals.
 */
@inline export function releaseSlots(ents: usize, n: u32, backwards: bool): void {
  if (n == 0) return;
  const recs = <usize>hget(H_RECORDS);
  let p = backwards ? ents + (<usize>n << 2) - 4 : ents;
  let e = load<u32>(p);
  // The first one goes behind the queue's tail; each record then names the next as its
  // next free slot, and the last one ends the queue (next 0).
  const tail = hget(H_FREE_TAIL);
  if (tail == 0) hset(H_FREE_HEAD, slotOf(e));
  else store<u32>(recIn(recs, tail), slotOf(e), 4);
  for (let i: u32 = 1; i < n; i++) {
    p = backwards ? p - 4 : p + 4;
    const next = load<u32>(p);
    // The generation moves on and the slot is free.
    store<u64>(recIn(recs, slotOf(e)), <u64>slotOf(next) << 32 | <u64>genTable((genOf(e) + 1) & GEN_MASK, REC_FREE));
    e = next;
  }
  store<u64>(recIn(recs, slotOf(e)), <u64>genTable((genOf(e) + 1) & GEN_MASK, REC_FREE));
  hset(H_FREE_TAIL, slotOf(e));
  hset(H_FREE_COUNT, hget(H_FREE_COUNT) + n);
  hset(H_ALIVE, hget(H_ALIVE) - n);
}

/**
 * Frees live entity e's slot: the generation moves on, so every handle to it is now
 * stale, and the slot joins the back of the queue.
 */
@inline export function releaseEntity(e: u32): void {
  const recs = <usize>hget(H_RECORDS);
  const slot = slotOf(e);
  store<u64>(recIn(recs, slot), <u64>genTable((genOf(e) + 1) & GEN_MASK, REC_FREE)); // next free: 0
  appendFree(recs, slot);
  hset(H_ALIVE, hget(H_ALIVE) - 1);
}

/** Puts free slot `slot` at the back of the free queue. */
@inline function enqueue(slot: u32): void {
  const recs = <usize>hget(H_RECORDS);
  store<u32>(recIn(recs, slot), 0, 4);
  appendFree(recs, slot);
}

/** Links free slot `slot` (records at recs; its own next link already 0) behind the queue's tail. */
@inline function appendFree(recs: usize, slot: u32): void {
  const tail = hget(H_FREE_TAIL);
  if (tail == 0) hset(H_FREE_HEAD, slot);
  else store<u32>(recIn(recs, tail), slot, 4);
  hset(H_FREE_TAIL, slot);
  hset(H_FREE_COUNT, hget(H_FREE_COUNT) + 1);
}

// ── Claimed ids ──────────────────────────────────────────────────────────────
// While structural changes are deferred, the facade hands out the ids the next spawns
// will take without a call, by the same reuse rule: the free queue's slots from its head,
// in order, while REUSE_QUEUE or more of them are left unclaimed, then never-used slots
// from H_SLOT_COUNT up (at generation H_FRESH_GEN). When the deferred changes are
// applied, spawnClaimed gives those exact ids their rows; claims a failed flush leaves
// unborn are burned, so no handle the facade gave out can match a later entity soon.

/**
 * Whether the n ids at ptr are, in order, what claims take now: each one the free queue's
 * head at its current generation while the queue holds REUSE_QUEUE or more, or the next
 * never-used slot at H_FRESH_GEN (a flush may have freed slots since the claims were
 * made: they queue behind the claimed ones). Returns how many of them are never-used
 * slots, or -1 when they are not valid claims.
 */
export function validClaims(ptr: usize, n: u32): i32 {
  const recs = <usize>hget(H_RECORDS);
  let head = hget(H_FREE_HEAD);
  let free = hget(H_FREE_COUNT);
  const first = hget(H_SLOT_COUNT);
  let fresh = first;
  const freshGen = hget(H_FRESH_GEN);
  for (let i: usize = 0; i < <usize>n << 2; i += 4) {
    const e = load<u32>(ptr + i);
    const slot = slotOf(e);
    if (slot == head && free >= REUSE_QUEUE) {
      // (a queue slot is below H_SLOT_COUNT, so it is no never-used one either)
      const w = load<u64>(recIn(recs, slot));
      if (<u32>w >>> REC_TABLE_BITS != genOf(e)) return -1;
      head = <u32>(w >> 32);
      free--;
    } else if (slot == fresh && genOf(e) == freshGen) {
      fresh++; // (slot <= SLOT_MASK, so fresh stays <= MAX_SLOTS)
    } else return -1;
  }
  return <i32>(fresh - first);
}

/**
 * takeSlots for the n valid claimed ids at ptr (validClaims: `fresh` of them never-used
 * slots, reserveFresh done): each takes its own slot, at rows first .. first + n - 1 of
 * table t. A claim from the queue is its head (slot 0, which no id has, when it is
 * empty); the never-used ones ascend from H_SLOT_COUNT.
 */
export function takeClaimed(ptr: usize, n: u32, fresh: u32, t: u32, first: u32, ents: usize): void {
  const recs = <usize>hget(H_RECORDS);
  let head = hget(H_FREE_HEAD);
  let word = <u64>first << 32 | <u64>t; // record word 0 without the generation, row in word 1
  const col = ents + (<usize>first << 2);
  for (let i: usize = 0; i < <usize>n << 2; i += 4) {
    const e = load<u32>(ptr + i);
    const slot = slotOf(e);
    const rec = recIn(recs, slot);
    if (slot == head) head = load<u32>(rec, 4);
    // A claim's id carries its slot's generation (validClaims): the record takes it.
    store<u64>(rec, word | <u64>(e >> SLOT_BITS << REC_TABLE_BITS));
    store<u32>(col + i, e);
    word += <u64>1 << 32;
  }
  hset(H_FREE_HEAD, head);
  if (head == 0) hset(H_FREE_TAIL, 0);
  hset(H_FREE_COUNT, hget(H_FREE_COUNT) - (n - fresh));
  hset(H_SLOT_COUNT, hget(H_SLOT_COUNT) + fresh);
  hset(H_ALIVE, hget(H_ALIVE) + n);
}

/**
 * Burns the n claimed ids at ptr that no entity took: like a spawn and a destroy, a
 * claimed queue slot's generation moves on and it goes to the back of the queue, and
 * never-used slots start one generation later from now. Needs no memory; ids that are
 * alive or already stale are left alone.
 */
export function burnClaims(ptr: usize, n: u32): void {
  const count = hget(H_SLOT_COUNT);
  const freshGen = hget(H_FRESH_GEN);
  let fresh = false;
  for (let i: u32 = 0; i < n; i++) {
    const e = load<u32>(ptr + (<usize>i << 2));
    const slot = slotOf(e);
    if (slot == 0) continue;
    if (slot >= count) {
      if (genOf(e) == freshGen) fresh = true;
      continue;
    }
    if (recTable(slot) != REC_FREE || recGen(slot) != genOf(e)) continue;
    store<u32>(recAt(slot), genTable((genOf(e) + 1) & GEN_MASK, REC_FREE));
    // Unborn claims are the queue's head, in order (later frees queue behind them).
    if (slot != hget(H_FREE_HEAD)) continue;
    const next = recRow(slot);
    hset(H_FREE_HEAD, next);
    if (next == 0) hset(H_FREE_TAIL, 0);
    hset(H_FREE_COUNT, hget(H_FREE_COUNT) - 1);
    enqueue(slot);
  }
  if (fresh) hset(H_FRESH_GEN, (freshGen + 1) & GEN_MASK);
}
