// Entity ids handed out while structural changes are deferred. A spawn made then needs
// its id at once but must not call the core (a call could grow the memory and detach
// every view a loop holds), so the facade reads the core's entity index and claims the
// ids the next spawns will take, by the core's reuse rule: the free queue's slots from its
// head, in order, while REUSE_QUEUE or more are left unclaimed, then never-used slots from
// H_SLOT_COUNT up at generation H_FRESH_GEN. When the deferred
// changes are applied, spawnIds gives exactly those ids their rows; a failed flush burns
// the ones no entity took (assembly/entity-index.ts), so none can match a later entity.
// Invariant: between two flushes, ids[0 .. count) holds every claim in claim order and
// ids[count .. ready) the next ones, worked out ahead; `ticket` holds base + its index
// for each of their slots (smaller values are of past flushes; an index at or past count
// is no claim yet), and none of them is alive in the core yet.
import {
  H_ALIVE,
  H_FREE_COUNT,
  H_FREE_HEAD,
  H_FRESH_GEN,
  H_RECORDS,
  H_SLOT_COUNT,
  MAX_SLOTS,
  REC_ROW,
  REC_STRIDE,
  REC_TABLE_BITS,
  REUSE_QUEUE,
  SLOT_BITS,
  SLOT_MASK,
} from "../core/constants.generated.js";
import type { Core } from "../core/core.js";
import { CapacityError } from "../errors.js";
import { idSpace } from "../messages.js";

/** What a liveness check answers for an entity spawned while deferring: alive, with no table yet. */
export const PENDING = -2;

export class Claims {
  /** The claimed ids, in claim order (the order spawns take them). */
  ids = new Uint32Array(64);
  /** How many ids are claimed. */
  count = 0;
  /** How many ids are worked out (ids[count .. ready) are the next claims'). */
  private ready = 0;
  /** How many of them entities took so far (the flush spawns them in order). */
  born = 0;
  /**
   * Per slot: base + the index of its claim in ids, when claimed since the last flush.
   * A flush moves base past every ticket it gave out, so nothing is cleared per claim.
   */
  private ticket = new Uint32Array(0);
  private base = 1;
  /** Next free-list slot to claim, free-list slots left, next never-used slot, its generation. */
  private cursor = 0;
  private freeLeft = 0;
  private fresh = 0;
  private freshGen = 0;
  /** The first never-used slot when the claims began. */
  private freshFrom = 0;
  /**
   * The whole-memory i32 view (int32 reads stay small integers to V8; a u32 read past
   * 2^31 would be a double) and where the slot records start in it (generation and
   * free-list link of each).
   */
  private i32: Int32Array = new Int32Array(0);
  private recAt = 0;

  constructor(private readonly core: Core) {}

  /**
   * Claims the id the next spawn takes; CapacityError when the id space is used up.
   * Short enough for V8 to inline into a user's loop: ids are worked out ahead, a few
   * at a time (prepare).
   */
  claim(): number {
    const k = this.count;
    if (k === this.ready) this.prepare();
    this.count = k + 1;
    return this.ids[k];
  }

  /** Claims the ids of the next n spawns, all or none (CapacityError, nothing claimed, when fewer are left). */
  claimMany(n: number): Uint32Array {
    const ids = new Uint32Array(n);
    const before = this.count;
    try {
      for (let i = 0; i < n; i++) ids[i] = this.claim();
    } catch (error) {
      this.count = before; // the ids stay worked out: past count they are no claims
      throw error;
    }
    return ids;
  }

  /**
   * Works out more ids past `ready` (4 after a flush, then as many as were claimed, up
   * to 64), by the core's reuse rule, with their tickets (a ticket at or past `count` is
   * no claim: has() and the flush read below `count` only). The first claim since a
   * flush reads where the free list starts. CapacityError when not one more id is left.
   */
  private prepare(): void {
    let k = this.ready;
    if (k === 0) this.start();
    const end = k + Math.min(64, Math.max(4, k));
    if (end > this.ids.length) {
      const grown = new Uint32Array(Math.max(end, this.ids.length * 2));
      grown.set(this.ids);
      this.ids = grown;
    }
    // Tickets for every slot the loop can take: queued ones lie below the fresh ones.
    const slots = Math.min(MAX_SLOTS, this.fresh + end - k);
    if (slots > this.ticket.length) this.growTickets(slots - 1);
    // Locals: the loop's loads and stores stay in registers (V8 checks every typed-array
    // access of a grown memory for detachment; hoisted, once per array).
    const { ids, ticket, i32, recAt, base, freshGen } = this;
    let { cursor, freeLeft, fresh } = this;
    for (; k < end; k++) {
      let slot: number;
      let gen: number;
      if (freeLeft >= REUSE_QUEUE) {
        slot = cursor;
        const at = recAt + slot * REC_STRIDE;
        gen = i32[at] >>> REC_TABLE_BITS;
        cursor = i32[at + REC_ROW];
        freeLeft--;
      } else {
        // Tickets cover at most MAX_SLOTS slots: a fresh slot past them is out of the id space.
        if (fresh >= MAX_SLOTS) break;
        slot = fresh++;
        gen = freshGen;
      }
      ticket[slot] = base + k;
      ids[k] = ((gen << SLOT_BITS) | slot) >>> 0;
    }
    this.cursor = cursor;
    this.freeLeft = freeLeft;
    this.fresh = fresh;
    if (k === this.ready) throw new CapacityError(idSpace("spawn an entity", this.core.header(H_ALIVE) + this.count));
    this.ready = k;
  }

  /**
   * The first claim since a flush: where the free list starts and the records are.
   * No core call happens until the next flush, so the memory and its views stay.
   */
  private start(): void {
    const core = this.core;
    this.cursor = core.header(H_FREE_HEAD);
    this.freeLeft = core.header(H_FREE_COUNT);
    this.fresh = this.freshFrom = core.header(H_SLOT_COUNT);
    this.freshGen = core.header(H_FRESH_GEN);
    this.i32 = core.i32;
    this.recAt = core.header(H_RECORDS) >>> 2;
  }

  /** Whether e is a claimed id no entity took yet. */
  has(e: number): boolean {
    if (this.count === this.born || typeof e !== "number") return false;
    const slot = e & SLOT_MASK;
    if (slot >= this.ticket.length) return false;
    const k = this.ticket[slot] - this.base; // the claim's index (negative: an old flush's)
    if (k < this.born || k >= this.count) return false;
    // One claim per slot: a free-list slot's with the generation its record holds, a fresh one's at freshGen.
    const gen = slot < this.freshFrom ? this.i32[this.recAt + slot * REC_STRIDE] >>> REC_TABLE_BITS : this.freshGen;
    return e === ((gen << SLOT_BITS) | slot) >>> 0;
  }

  /** Claimed ids not yet taken by an entity. */
  get unborn(): number {
    return this.count - this.born;
  }

  /** The flush spawned the next n claims. */
  bornNext(n: number): void {
    this.born += n;
  }

  /** The unborn claims, in order (a failed flush burns them). */
  unbornIds(): Uint32Array {
    return this.ids.subarray(this.born, this.count);
  }

  /** After a flush: no claim is outstanding. */
  reset(): void {
    this.base += this.ready;
    this.ready = 0;
    this.count = 0;
    this.born = 0;
    // Tickets are u32: before base could wrap, every old ticket is cleared once.
    if (this.base > 0xffffffff - MAX_SLOTS) {
      this.ticket.fill(0);
      this.base = 1;
    }
  }

  private growTickets(slot: number): void {
    const grown = new Uint32Array(Math.min(MAX_SLOTS, Math.max(slot + 1, this.ticket.length * 2, 1024)));
    grown.set(this.ticket);
    this.ticket = grown;
  }
}
