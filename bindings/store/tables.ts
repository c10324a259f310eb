// The table directory: one Table view per core table record, by table id.
// Invariant (once tablesNow() or tableAt() returned): list[t] is a view of record t as
// the core has it now. A record the core recycled (the sub-tables of a dead relation
// target, the tables of a failed call) stands for another table: its view is replaced
// and `generation` moves on, so queries match afresh.
import {
  CREATED_RING,
  H_CREATED,
  H_FREE_TABLES,
  H_RECYCLED,
  T_SEQ,
  T_STATE,
  T_STRIDE,
  TS_LIVE,
} from "../core/constants.generated.js";
import type { Core } from "../core/core.js";
import { coreOverwritten } from "../messages.js";
import type { Registry } from "./registry.js";
import { Table, type WriteMarks } from "./table.js";

export class Tables {
  readonly list: Table[] = [];
  /** Bumped when a table id came to stand for another table (a query then matches afresh). */
  generation = 0;
  /** H_TABLE_SEQ, H_RECYCLED and H_FREE_TABLES when the views were last brought in line. */
  private seqSeen = -1;
  private recycledSeen = 0;
  private freeSeen = 0;

  constructor(
    private readonly core: Core,
    private readonly registry: Registry,
    private readonly marks: WriteMarks,
  ) {}

  /** Every core table, discovering the ones created (or recycled) since the last look. */
  now(): readonly Table[] {
    const core = this.core;
    if (core.tableSeq !== this.seqSeen || core.header(H_RECYCLED) !== this.recycledSeen) this.sync();
    return this.list;
  }

  /** The view of table t. */
  at(t: number): Table {
    const core = this.core;
    if (core.tableSeq !== this.seqSeen || core.header(H_RECYCLED) !== this.recycledSeen) this.sync();
    return this.list[t];
  }

  /** Creation number of table record t, or -1 for a recycled (free) record. */
  seqOf(t: number): number {
    const rec = this.core.tableRec(t);
    return this.core.u32[rec + T_STATE] === TS_LIVE ? this.core.u32[rec + T_SEQ] : -1;
  }

  /**
   * Brings the views in line with the core: new tables get one; a record whose creation
   * number changed gets a fresh view. `forReplay` (while the row journal is replayed):
   * tables recycled by that very call keep their old views, whose JS-side rows are still
   * there until the replay moved them out.
   */
  sync(forReplay = false): void {
    const core = this.core;
    const n = core.tableCount;
    // A count whose records could not fit in the memory was written over: no view per garbage record.
    if (n * T_STRIDE * 4 > core.memory.buffer.byteLength) throw core.kill(coreOverwritten(`table count (${n})`));
    const recycled = core.header(H_RECYCLED);
    const free = core.header(H_FREE_TABLES);
    const list = this.list;
    let changed = false;
    if (recycled !== this.recycledSeen && !forReplay) {
      // Recycles the facade was not told of (recycledByPlan tells of its own): every view.
      for (let t = 0; t < list.length && t < n; t++) if (list[t].seq !== this.seqOf(t)) changed = this.replace(t);
    } else if (free !== this.freeSeen || core.tableSeq !== this.seqSeen) {
      // Tables created since the last look, recycled records among them, from the core's
      // ring of new ids (all views when too many were made).
      const seq = core.tableSeq;
      const since = this.seqSeen;
      const ring = core.header(H_CREATED) >>> 2;
      const few = since >= 0 && seq - since <= CREATED_RING;
      const m = Math.min(list.length, n);
      for (let k = few ? since : 0; k < (few ? seq : m); k++) {
        const t = few ? core.u32[ring + (k & (CREATED_RING - 1))] : k;
        if (t >= m) continue;
        const now = this.seqOf(t);
        if (list[t].seq === now || (forReplay && now < 0)) continue;
        changed = this.replace(t);
      }
    }
    if (changed) this.generation++;
    if (!forReplay && list.length > n) {
      // Records given back at the end (tables of a failed call).
      for (let t = n; t < list.length; t++) list[t].retire(false);
      list.length = n;
      this.generation++;
    }
    while (list.length < n) list.push(this.view(list.length));
    if (forReplay) return; // the full look comes after the replay
    this.seqSeen = core.tableSeq;
    this.recycledSeen = recycled;
    this.freeSeen = free;
  }

  private view(t: number): Table {
    return new Table(this.core, t, this.registry.ids, this.registry.components, this.marks);
  }

  /** A fresh view for table id t (a view kept by the user must not reach the new table); true. */
  private replace(t: number): boolean {
    this.list[t]?.retire(false);
    this.list[t] = this.view(t);
    return true;
  }

  /**
   * After a planned destroy: the tables it recycled are among the ones it planned, so
   * only their views are replaced, not every view.
   */
  recycledByPlan(planned: readonly number[], recycledBefore: number): void {
    let count = 0;
    for (const t of planned) {
      if (this.seqOf(t) >= 0 || this.list[t].seq < 0) continue;
      this.replace(t);
      count++;
    }
    if (count > 0) this.generation++;
    // Told of every recycle of the call: the next look needs no scan of every view.
    if (this.recycledSeen === recycledBefore && this.core.header(H_RECYCLED) === recycledBefore + count)
      this.recycledSeen = recycledBefore + count;
  }

  /** After a snapshot was loaded: every view and cached table id is forgotten. */
  forget(): void {
    for (const t of this.list) t.retire(true); // a view kept by the user must not reach the new table of its id
    this.list.length = 0;
    this.seqSeen = -1;
    this.recycledSeen = -1;
    this.freeSeen = -1;
    this.generation++;
  }
}
