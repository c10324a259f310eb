// What the per-entity fast paths of a loop (world.add / remove of a plain component or a
// sparse tag) read of the core, read once and trusted while the core's call count
// (core.version) stands still: where each slot's generation and table and each table's
// mask lie in the whole-memory views, and how many slots there are. Every change to
// those is a core call. A core that refuses calls (a trap, dispose) has moved the count
// on and is never read again, nor is a debug world's (its calls look for stale writes
// first): a current read also says the world takes calls. A component remembers its id
// in the world that last used it (Component.hotId), one field load instead of two keyed
// lookups; the fast paths take it where the registry holds that very component at that
// id (not an object made to look like it, nor one that delegates to it).
//
//   record of slot s: u32[recAt + s * REC_STRIDE] = generation << REC_TABLE_BITS | table
//                     (table REC_FREE: free; slot 0 is never alive)
//   word w of table t's mask: u32[maskAt + t * maskStride + w]
import type { Component } from "../component.js";
import { H_MASK_WORDS, H_MASKS, H_RECORDS, H_SLOT_COUNT, REC_STRIDE, SLOT_MASK } from "../core/constants.generated.js";
import type { Core } from "../core/core.js";
import { recordTable } from "../core/records.js";
import type { Registry } from "../store/registry.js";

export class Hot {
  /** core.version of the read below; -1: never read. */
  private version = -1;
  private slots = 0;
  private recAt = 0;
  private maskAt = 0;
  private maskStride = 0;
  private u32: Uint32Array = new Uint32Array(0);

  /** The registry's components by id (the same array for the world's life). */
  private readonly components: readonly Component[];

  constructor(
    private readonly core: Core,
    readonly registry: Registry,
  ) {
    this.components = registry.components;
  }

  /**
   * Whether the world takes a fast call now (no trap, not disposed, not debug): what an
   * immediate add or remove needs (the core checks the entity), without the read.
   */
  takesCalls(): boolean {
    return this.core.dead === undefined && this.core.onCheck === undefined;
  }

  /** Whether the read is current (made again when the core was called since); false for a world whose calls must go the long way. */
  current(): boolean {
    return this.version === this.core.version || this.read() === true; // (a boolean V8 need not convert)
  }

  private read(): boolean {
    const core = this.core;
    if (core.dead !== undefined || core.onCheck !== undefined) return false;
    this.slots = core.header(H_SLOT_COUNT);
    this.recAt = core.header(H_RECORDS) >>> 2;
    this.maskAt = core.header(H_MASKS) >>> 2;
    this.maskStride = core.header(H_MASK_WORDS) * 2;
    this.u32 = core.u32;
    this.version = core.version;
    return true;
  }

  /** Table of e when e is alive, else -1 (precondition: current()). */
  tableOf(e: number): number {
    if (typeof e !== "number") return -1; // a BigInt, symbol or object is no entity
    const s = e & SLOT_MASK;
    // e >>> 0 === e: a u32 (a number like 1.5 would pass for slot 1).
    if (s >= this.slots || e >>> 0 !== e) return -1;
    return recordTable(this.u32[this.recAt + s * REC_STRIDE], e);
  }

  /** Whether table t's mask has component id (precondition: current()). */
  tableHas(t: number, id: number): boolean {
    return (this.u32[this.maskAt + t * this.maskStride + (id >>> 5)] & (1 << (id & 31))) !== 0;
  }

  /** c's id in this world when c is a plain component or a sparse tag it remembers from here, else -1. */
  idOf(c: Component): number {
    const id = c?.hotId;
    return id !== undefined && this.components[id] === c ? id : -1;
  }
}
