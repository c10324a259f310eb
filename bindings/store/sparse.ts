// Sparse tags: membership kept in a bitset per tag (bit = entity slot) in wasm memory,
// outside the archetype mask, so adding or removing one never migrates a row.
// Invariant: a bit is set only for a live entity's slot; destroying an entity clears
// its bits before the slot can be reused.
//
//   bitset of tag k: u32[words]   bit (slot & 31) of word (slot >>> 5)

import { H_SCRATCH_BYTES, H_SLOT_CAP, H_SLOT_COUNT, SLOT_MASK } from "../core/constants.generated.js";
import type { Core } from "../core/core.js";
import { CapacityError } from "../errors.js";
import { outOfMemory } from "../messages.js";

class Bitset {
  /** Byte address of the words in wasm memory (moves when the set grows). */
  ptr = 0;
  words = 0;
  /** Set bits (for a quick "none set" answer). */
  count = 0;
}

export class SparseTags {
  /** Per component id: its bitset when the component is a sparse tag. */
  private readonly sets: (Bitset | undefined)[] = [];
  /** Ids of every sparse tag. */
  readonly ids: number[] = [];
  /** Counts changes to any bitset's bits (a row filter's answer holds while it stays). */
  flips = 0;
  private readonly core: Core;
  private readonly maxBytes: number;
  /** The slot capacity every bitset has room for (follow()). */
  private followed = 0;

  constructor(core: Core, maxBytes: number) {
    this.core = core;
    this.maxBytes = maxBytes;
  }

  add(id: number): void {
    this.sets[id] = new Bitset();
    this.ids.push(id);
    this.followed = 0;
    this.follow();
  }

  isSparse(id: number): boolean {
    return this.sets[id] !== undefined;
  }

  /** Whether entity e (alive) has sparse tag id. */
  has(id: number, e: number): boolean {
    const s = this.sets[id] as Bitset;
    const slot = e & SLOT_MASK;
    const w = slot >>> 5;
    return w < s.words && (this.core.i32[(s.ptr >>> 2) + w] & (1 << (slot & 31))) !== 0;
  }

  /** Sets or clears the bit of entity e (alive); returns whether it was set before. */
  set(id: number, e: number, on: boolean): boolean {
    if (on) this.reserve(this.sets[id] as Bitset, (e & SLOT_MASK) + 1);
    return this.setInPlace(id, e, on) === 1;
  }

  /**
   * set() for live e when its word exists, which needs no memory: 1 when the bit was set
   * before, 0 when not, -1 (nothing done) when the bitset has no word for e yet.
   */
  setInPlace(id: number, e: number, on: boolean): number {
    const s = this.sets[id] as Bitset;
    const slot = e & SLOT_MASK;
    const w = slot >>> 5;
    if (w >= s.words) return -1;
    const i32 = this.core.i32;
    const at = (s.ptr >>> 2) + w;
    const bit = 1 << (slot & 31);
    const word = i32[at];
    const was = (word & bit) !== 0;
    if (was === on) return was ? 1 : 0;
    i32[at] = word ^ bit;
    s.count += on ? 1 : -1;
    this.flips++;
    return was ? 1 : 0;
  }

  /**
   * set() for every listed entity (all alive), with one core call: a table's entity
   * column is passed where it lies, any other list is copied to scratch first.
   */
  setMany(id: number, entities: ArrayLike<number>, on: boolean): void {
    const s = this.sets[id] as Bitset;
    const n = entities.length;
    if (n === 0) return;
    const core = this.core;
    // A table's entity column: its address, read now (growing the set below may detach the view).
    const at = entities instanceof Uint32Array && entities.buffer === core.buffer ? entities.byteOffset : -1;
    // Every live entity's slot is below the slot count: room for all of them.
    if (on) this.reserve(s, core.header(H_SLOT_COUNT));
    else if (s.count === 0) return;
    if (at >= 0) {
      const changed = core.setBits(s.ptr, s.words, at, n, on ? 1 : 0);
      s.count += on ? changed : -changed;
      this.flips++;
      return;
    }
    // Any other list goes through the scratch buffer in pieces that fit it as it is:
    // flipping bits never needs memory (destroy paths rely on that).
    const room = Math.max(1, core.header(H_SCRATCH_BYTES) >>> 2);
    for (let i = 0; i < n; i += room) {
      const m = Math.min(room, n - i);
      const ptr = core.scratch(m * 4);
      if (ptr === 0) throw new CapacityError(outOfMemory("set a sparse tag", this.maxBytes));
      const u32 = core.u32;
      for (let k = 0; k < m; k++) u32[(ptr >>> 2) + k] = entities[i + k];
      const changed = core.setBits(s.ptr, s.words, ptr, m, on ? 1 : 0);
      s.count += on ? changed : -changed;
      this.flips++;
    }
  }

  /** Clears every sparse bit of the listed entities (they are being destroyed). */
  clearAll(entities: ArrayLike<number>): void {
    for (let k = 0; k < this.ids.length; k++) {
      const id = this.ids[k];
      if ((this.sets[id] as Bitset).count > 0) this.setMany(id, entities, false);
    }
  }

  /** Clears every sparse bit of entity e (being destroyed). */
  clearOne(e: number): void {
    for (let k = 0; k < this.ids.length; k++) {
      const id = this.ids[k];
      if ((this.sets[id] as Bitset).count > 0) this.set(id, e, false);
    }
  }

  /** @internal Each sparse tag's bitset, for snapshots. */
  state(): { id: number; ptr: number; words: number; count: number }[] {
    return this.ids.map((id) => {
      const s = this.sets[id] as Bitset;
      return { id, ptr: s.ptr, words: s.words, count: s.count };
    });
  }

  /** @internal Takes the bitsets a restored snapshot's memory holds. */
  adopt(state: readonly { id: number; ptr: number; words: number; count: number }[]): void {
    for (const id of this.ids) Object.assign(this.sets[id] as Bitset, { ptr: 0, words: 0, count: 0 });
    for (const { id, ptr, words, count } of state) Object.assign(this.sets[id] as Bitset, { ptr, words, count });
    this.flips++;
    this.followed = 0;
    this.follow();
  }

  /** u32 index of tag id's first word and its word count, for row filters. */
  words(id: number): [number, number] {
    const s = this.sets[id] as Bitset;
    return [s.ptr >>> 2, s.words];
  }

  /** The u32 word at index i of the memory (a bitset word, for invariant checks). */
  word(i: number): number {
    return this.core.u32[i];
  }

  /**
   * After a call that may have grown the entity index: every bitset makes room for all
   * the slots the index has room for, where memory allows, so setting a bit while
   * changes are deferred (no core call then) rarely finds no room.
   */
  follow(): void {
    if (this.ids.length === 0) return;
    const cap = this.core.header(H_SLOT_CAP);
    if (cap <= this.followed) return;
    try {
      for (const id of this.ids) this.reserve(this.sets[id] as Bitset, cap);
      this.followed = cap;
    } catch (error) {
      if (!(error instanceof CapacityError)) throw error;
    }
  }

  /** Whether setting tag id's bit for e needs no memory. */
  covers(id: number, e: number): boolean {
    return (e & SLOT_MASK) >>> 5 < (this.sets[id] as Bitset).words;
  }

  /** Makes room in tag id's bitset for slots below `slots`, so setting bits there cannot fail. */
  reserveSlots(id: number, slots: number): void {
    this.reserve(this.sets[id] as Bitset, slots);
  }

  /** Grows s to cover `slots` slots (doubling), before anything is changed. */
  private reserve(s: Bitset, slots: number): void {
    const need = (slots + 31) >>> 5;
    if (need <= s.words) return;
    const words = Math.max(need, s.words * 2, 32);
    const ptr = this.core.allocBlock(words * 4);
    if (ptr === 0) throw new CapacityError(outOfMemory("grow a sparse tag", this.maxBytes));
    const u32 = this.core.u32;
    if (s.words > 0) {
      u32.copyWithin(ptr >>> 2, s.ptr >>> 2, (s.ptr >>> 2) + s.words);
      this.core.freeBlock(s.ptr);
    }
    s.ptr = ptr;
    s.words = words;
  }
}
