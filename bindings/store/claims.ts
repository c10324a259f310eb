// Entity ids handed out while structural changes are deferred. A spawn made then needs
// its id at once but must not call the core (a call could grow the memory and detach
// every view a loop holds), so the facade reads the core's entity index and claims the
// ids the next spawns will take, by the core's reuse rule: the free queue's slots from its
// head, in order, while REUSE_QUEUE or more are left unclaimed, then never-used slots from
// H_SLOT_COUNT up at generation H_FRESH_GEN. When the deferred
// changes are applied, spawnIds gives exactly those ids their rows; a failed flush burns
// the ones no entity took (assembly/entity-index.ts), so none can match a later entity.
// Invariant: between two flushes, ids holds every claim in claim order, `ticket` holds
// base + its index for each claimed slot (smaller values are claims of past flushes), and
// none of them is alive in the core yet.
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
  /** The whole-memory u32 view and where the slot records start in it (generation and free-list link of each). */
  private u32: Uint32Array = new Uint32Array(0);
  private recAt = 0;

  constructor(private readonly core: Core) {}

  /** Claims the id the next spawn takes; CapacityError when the id space is used up. */
  claim(): number {
    const k = this.count;
    if (k === 0 || k === this.ids.length) this.prepare(k);
    let slot: number;
    let gen: number;
    if (this.freeLeft >= REUSE_QUEUE) {
      slot = this.cursor;
      const k = this.recAt + slot * REC_STRIDE;
      gen = this.u32[k] >>> REC_TABLE_BITS;
      this.cursor = this.u32[k + REC_ROW];
      this.freeLeft--;
    } else {
      slot = this.fresh++;
      gen = this.freshGen;
    }
    // Tickets cover at most MAX_SLOTS slots: a fresh slot past them is out of the id space.
    if (slot >= this.ticket.length) this.growTickets(slot);
    this.ticket[slot] = this.base + k;
    const e = ((gen << SLOT_BITS) | slot) >>> 0;
    this.ids[k] = e;
    this.count = k + 1;
    return e;
  }

  /** Before claim k: the first claim since a flush starts; a full ids array grows. */
  private prepare(k: number): void {
    if (k === 0) this.start();
    if (k === this.ids.length) {
      const grown = new Uint32Array(k * 2);
      grown.set(this.ids);
      this.ids = grown;
    }
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
    this.u32 = core.u32;
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
    const gen = slot < this.freshFrom ? this.u32[this.recAt + slot * REC_STRIDE] >>> REC_TABLE_BITS : this.freshGen;
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
    this.base += this.count;
    this.count = 0;
    this.born = 0;
    // Tickets are u32: before base could wrap, every old ticket is cleared once.
    if (this.base > 0xffffffff - MAX_SLOTS) {
      this.ticket.fill(0);
      this.base = 1;
    }
  }

  private growTickets(slot: number): void {
    if (slot >= MAX_SLOTS) {
      this.fresh = slot; // not taken
      throw new CapacityError(idSpace("spawn an entity", this.core.header(H_ALIVE) + this.count));
    }
    const grown = new Uint32Array(Math.min(MAX_SLOTS, Math.max(slot + 1, this.ticket.length * 2, 1024)));
    grown.set(this.ticket);
    this.ticket = grown;
  }
}
