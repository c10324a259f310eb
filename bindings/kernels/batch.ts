// The call buffer of a kernel's dispatcher: one call from JS runs a kernel over every
// table of a query. The kernel build (bin/wasm-ecs-kernel.mjs, addDispatchers) gives each
// exported kernel `name` a dispatcher export `each:name(buffer, records)` that calls the
// kernel once per record whose row count is not 0; the facade copies the records into
// the core's scratch block, which nothing else uses while a kernel runs (a kernel makes
// no core call).
//
//   buffer + 0    i32   the record being run (the dispatcher writes it before each call,
//                       so the facade can name the table after a trap)
//   buffer + 8    record 0: one 8-byte slot per kernel argument, in parameter order,
//                 i32 and f32 at the slot's start, f64 whole; except slot 0, which holds
//                 the address of the table's row count (the dispatcher loads the count)
//   buffer + 8 + j * stride   record j                       stride = 8 * arguments
//
// Records change only when the query's tables or the layout epoch do (the count is read
// through its address, the column pointers hold while the epoch does), so a query's
// records are kept in JS (TableRecords) and copied in, one copy per buffer full.
// The layout is the bin's (RECORDS_AT, SLOT there); the kernel tests run both.
import type { Component } from "../component.js";
import { H_SCRATCH, H_SCRATCH_BYTES, T_COUNT } from "../core/constants.generated.js";
import type { Core } from "../core/core.js";
import type { Table } from "../store/table.js";
import type { ValType } from "./module.js";

/** Export name of kernel `name`'s dispatcher. */
export const dispatcherOf = (name: string): string => `each:${name}`;

/** Whether an export is a dispatcher (not a kernel of its own). */
export const isDispatcher = (name: string): boolean => name.startsWith("each:");

/** Byte offset of record 0; bytes per slot. */
const RECORDS_AT = 8;
const SLOT = 8;
/** Record words up to which run() copies with a loop instead of set(). */
const SMALL = 64;

/** The most arguments a dispatched kernel may take: one record must fit the 4 KiB scratch block. */
export const MAX_DISPATCHED_ARGS = 256;

/**
 * What run() and Kernel.call pass as the error when a kernel grew an unshared memory:
 * every view over the old buffer (the user's, the facade's) is detached, so nothing more
 * may run and the world is poisoned (the kernel build refuses memory.grow).
 */
export const GREW = Symbol("grew the memory");

/** log2 of the element size by type code (f32 f64 i8 u8 i16 u16 i32 u32 eid): element index -> byte address. */
export const SHIFT = [2, 3, 0, 0, 1, 1, 2, 2, 2];

/** One column argument: field `index` of component `id` (`c`), element type `code`. */
export interface ColumnSlot {
  readonly c: Component;
  readonly id: number;
  readonly f: { readonly index: number; readonly code: number };
}

/**
 * A query's tables as dispatcher records, valid while `list` (the query's tables()
 * answer) keeps its identity and length and the core's layout epoch does not move.
 * Tables that lack a declared column get no record; a run refuses them once they have rows.
 */
export class TableRecords {
  /** Tables with a record, in record order. */
  readonly tables: Table[] = [];
  /** Matched tables lacking a declared column. */
  readonly lacking: Table[] = [];
  private readonly words: Int32Array;
  private readonly f32: Float32Array;
  private readonly f64: Float64Array;
  /** Views of the records, one per call, and the records each holds (cut() makes them). */
  private chunks: Int32Array[] = [];
  private counts: number[] = [];
  /** The scratch block they were cut for (-1: not yet), and the buffer's address in it. */
  private scratchStart = -1;
  private scratchBytes = -1;
  private at = 0;
  /** The scalars the records hold (undefined: not written yet). */
  private readonly scalars: (number | undefined)[];

  constructor(
    readonly list: readonly Table[],
    readonly length: number,
    readonly epoch: number,
    core: Core,
    /** Argument count: count, columns, scalars. */
    private readonly args: number,
    columns: readonly ColumnSlot[],
    has: (t: Table) => boolean,
  ) {
    for (let i = 0; i < length; i++) (has(list[i]) ? this.tables : this.lacking).push(list[i]);
    this.words = new Int32Array(this.tables.length * args * 2);
    this.f32 = new Float32Array(this.words.buffer);
    this.f64 = new Float64Array(this.words.buffer);
    this.scalars = new Array(args - 1 - columns.length).fill(undefined);
    for (let j = 0; j < this.tables.length; j++) {
      const t = this.tables[j];
      let w = j * args * 2;
      this.words[w] = (core.tableRec(t.id) + T_COUNT) << 2;
      for (const { c, id, f } of columns) {
        w += 2;
        this.words[w] = t.fieldBases(id, c)[f.index] << SHIFT[f.code];
      }
    }
  }

  /** Puts the run's scalars (argv after the columns) into every record when they changed. */
  setScalars(argv: readonly number[], types: readonly ValType[]): void {
    const first = this.args - this.scalars.length;
    for (let s = 0; s < this.scalars.length; s++) {
      const v = argv[first + s];
      const held = this.scalars[s];
      if (held !== undefined && Object.is(v, held)) continue;
      this.scalars[s] = v;
      const type = types[first + s];
      for (let w = (first + s) * 2; w < this.words.length; w += this.args * 2) {
        if (type === "f64") this.f64[w >>> 1] = v;
        else if (type === "f32") this.f32[w] = v;
        else this.words[w] = v;
      }
    }
  }

  /**
   * Calls `each(buffer, k)` over the records, as many per call as the scratch block holds.
   * `trapped(error, table)` makes the error to throw when a call throws.
   */
  run(
    core: Core,
    each: (at: number, k: number) => unknown,
    trapped: (error: unknown, t: Table | undefined) => Error,
  ): void {
    const start = core.header(H_SCRATCH);
    const bytes = core.header(H_SCRATCH_BYTES);
    if (start !== this.scratchStart || bytes !== this.scratchBytes) this.cut(start, bytes);
    const heap = core.i32;
    const at = this.at;
    const to = (at + RECORDS_AT) >>> 2;
    const chunks = this.chunks;
    const counts = this.counts;
    for (let c = 0, first = 0; c < chunks.length; c++) {
      const chunk = chunks[c];
      // A few records (the usual query): plain stores, cheaper than set()'s builtin call.
      if (chunk.length <= SMALL) for (let w = 0; w < chunk.length; w++) heap[to + w] = chunk[w];
      else heap.set(chunk, to);
      try {
        each(at, counts[c]);
      } catch (error) {
        throw trapped(error, this.tables[first + heap[at >>> 2]]);
      }
      // A detached heap view: the kernel grew an unshared memory (on which of the call's tables is not known).
      if (heap.length === 0) throw trapped(GREW, counts[c] === 1 ? this.tables[first] : undefined);
      first += counts[c];
    }
  }

  /** Cuts the records into runs that fit the scratch block at `start` (`bytes` long): views of them, made once per block. */
  private cut(start: number, bytes: number): void {
    this.scratchStart = start;
    this.scratchBytes = bytes;
    this.at = (start + 7) & ~7;
    const per = Math.floor((bytes - (this.at - start) - RECORDS_AT) / (this.args * SLOT));
    const stride = this.args * 2;
    this.chunks = [];
    this.counts = [];
    for (let first = 0; first < this.tables.length; first += per) {
      const last = Math.min(first + per, this.tables.length);
      this.chunks.push(this.words.subarray(first * stride, last * stride));
      this.counts.push(last - first);
    }
  }
}
