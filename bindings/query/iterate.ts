// Iterating a query: yields non-empty tables and holds the world's deferral scope open
// until it ends (also on break or throw, through the iterator's return()). A filtered
// query yields only tables with matching rows, each as its window over exactly those
// rows, brought to the front (store/window.ts). The table an iteration is on is pinned:
// no other iteration moves its rows while the loop holds its views.
import type { Table } from "../store/table.js";
import type { QueryHost, Reading, RowFilter } from "./host.js";
import { everyRow, frontMatching } from "./rows.js";

/** Yields non-empty tables; the world defers structural changes until it closes. */
export class TableIterator implements Iterator<Table> {
  private i = 0;
  private open = true;
  private readonly host: QueryHost;
  private readonly list: readonly Table[];
  private readonly result: { done: boolean; value: Table | undefined };
  /** Read terms to put on each yielded table (undefined: none). */
  private readonly readMask: Uint32Array | undefined;
  private current: Table | undefined = undefined;
  private savedRead: Uint32Array | undefined = undefined;

  constructor(host: QueryHost, list: readonly Table[], readMask: Uint32Array | undefined) {
    this.host = host;
    this.list = list;
    this.readMask = readMask;
    this.result = { done: false, value: undefined };
    host.beginIteration();
  }

  next(): IteratorResult<Table> {
    const list = this.list;
    this.release();
    while (this.i < list.length) {
      const t = list[this.i++];
      if (t.refresh() > 0) {
        this.current = t;
        t.pins++;
        if (this.readMask !== undefined) {
          this.savedRead = t.readTerms;
          t.readTerms = this.readMask;
        }
        this.result.value = t;
        return this.result as IteratorResult<Table>;
      }
    }
    this.close();
    this.result.done = true;
    this.result.value = undefined;
    return this.result as IteratorResult<Table>;
  }

  return(): IteratorResult<Table> {
    this.close();
    return { done: true, value: undefined };
  }

  /** Unpins the last yielded table and gives it its previous read terms back (nested iterations). */
  private release(): void {
    const t = this.current;
    if (t === undefined) return;
    t.pins--;
    if (this.readMask !== undefined) t.readTerms = this.savedRead;
    this.current = undefined;
  }

  private close(): void {
    if (!this.open) return;
    this.open = false;
    this.release();
    this.host.endIteration();
  }
}

/**
 * Yields the window of each table with rows that pass the query's row filter: those
 * rows, moved to the front, with `rows` set (0 .. count - 1) while it is the current
 * one. The reader's base tick is read once, at the start; outside systems, closing
 * moves the query's own base on.
 */
export class FilteredIterator implements Iterator<Table> {
  private i = 0;
  private open = true;
  private readonly base: number;
  private current: Table | undefined = undefined;
  private savedRows: Uint32Array | undefined = undefined;
  private savedRead: Uint32Array | undefined = undefined;
  private savedCount = -1;
  private readonly result: { done: boolean; value: Table | undefined } = { done: false, value: undefined };

  constructor(
    private readonly host: QueryHost,
    private readonly query: Reading,
    private readonly list: readonly Table[],
    private readonly filter: RowFilter,
  ) {
    this.base = host.readBase(query);
    host.beginIteration();
  }

  next(): IteratorResult<Table> {
    this.release();
    const list = this.list;
    while (this.i < list.length) {
      const t = list[this.i++];
      if (t.refresh() === 0) continue;
      let k: number;
      try {
        k = frontMatching(this.host, t, this.filter, this.base);
      } catch (error) {
        this.close(); // next() threw: no return() will come
        throw error;
      }
      if (k === 0) continue;
      const w = t.window();
      t.pins++;
      this.current = w;
      this.savedCount = w.showFirst(k);
      this.savedRows = w.rows;
      this.savedRead = w.readTerms;
      w.rows = everyRow(k);
      if (this.query.readMask !== undefined) w.readTerms = this.query.readMask;
      this.result.value = w;
      return this.result as IteratorResult<Table>;
    }
    this.close();
    this.result.done = true;
    this.result.value = undefined;
    return this.result as IteratorResult<Table>;
  }

  return(): IteratorResult<Table> {
    this.close();
    return { done: true, value: undefined };
  }

  private release(): void {
    const t = this.current;
    if (t === undefined) return;
    t.owner.pins--;
    t.showFirst(this.savedCount);
    t.rows = this.savedRows;
    t.readTerms = this.savedRead;
    this.current = undefined;
  }

  private close(): void {
    if (!this.open) return;
    this.open = false;
    this.release();
    if (this.filter.byChange) this.host.endRead(this.query);
    this.host.endIteration();
  }
}
