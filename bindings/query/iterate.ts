// Iterating a query: yields non-empty tables and holds the world's deferral scope open
// until it ends (also on break or throw, through the iterator's return()). A filtered
// query yields only tables with matching rows, each with `rows` set while it is current.
import { SLOT_MASK } from "../core/constants.generated.js";
import { ArgumentError } from "../errors.js";
import { iterationEnded } from "../messages.js";
import { newer, type TicksComponent } from "../store/changes.js";
import type { Table } from "../store/table.js";
import type { QueryHost, Reading, RowFilter } from "./host.js";

/** %IteratorPrototype%: query iterators inherit from it, so they are iterable themselves
 * and get the Iterator helpers (map, filter, take, toArray, ...) where the runtime has them. */
const ITERATOR_PROTOTYPE = Object.getPrototypeOf(Object.getPrototypeOf([][Symbol.iterator]())) as object;

/**
 * An iteration's lifecycle: registered with the world at its first next() (so an
 * iterator never advanced holds nothing open), closed when done, on return(), or ended
 * from outside by flush()/step(), after which next() throws instead of yielding.
 */
abstract class Iteration {
  private state: "new" | "open" | "closed" = "new";
  private endedBy: string | undefined = undefined;
  constructor(protected readonly host: QueryHost) {}

  /** Called at the top of next(): opens the iteration; throws once it was ended from outside. */
  protected enter(): boolean {
    if (this.state === "open") return true;
    if (this.endedBy !== undefined) throw new ArgumentError(iterationEnded(this.endedBy));
    if (this.state === "closed") return false;
    this.host.beginIteration(this);
    this.state = "open";
    return true;
  }

  /** Undoes what the current table carries for this iteration. */
  protected abstract release(): void;
  /** Runs once when an opened iteration closes, before the world is told. */
  protected onClose(): void {}

  protected close(): void {
    if (this.state !== "open") {
      this.state = "closed";
      return;
    }
    this.state = "closed";
    this.release();
    this.onClose();
    this.host.endIteration(this);
  }

  end(by: string): void {
    if (this.state !== "open") return;
    this.endedBy = by;
    this.close();
  }

  protected finished(result: { done: boolean; value: Table | undefined }): IteratorResult<Table> {
    this.close();
    result.done = true;
    result.value = undefined;
    return result as IteratorResult<Table>;
  }

  return(): IteratorResult<Table> {
    this.close();
    return { done: true, value: undefined };
  }
}
Object.setPrototypeOf(Iteration.prototype, ITERATOR_PROTOTYPE);

/** Identity row lists by length, shared (read-only by contract): "every row matches". */
let allRows = new Uint32Array(0);
function everyRow(n: number): Uint32Array {
  if (allRows.length < n) {
    allRows = new Uint32Array(Math.max(n, allRows.length * 2));
    for (let i = 0; i < allRows.length; i++) allRows[i] = i;
  }
  return allRows.subarray(0, n);
}

/** The rows of non-empty table t that pass filter f for a reader whose base tick is `base`. */
export function filterRows(host: QueryHost, t: Table, f: RowFilter, base: number): Uint32Array {
  const n = t.count;
  const changes = host.changes;
  const u32 = host.heap;
  // Stamp columns (u32 indices) per change term; -1: the table has no stamps yet (every row counts).
  const added: number[] = [];
  const changed: number[] = [];
  let every = true;
  for (const id of f.added) {
    const k = changes.ticksOf[id];
    if (k === undefined || !t.hasId(k)) continue;
    added.push(t.fieldBases(k, changes.ticksComponents[id] as TicksComponent)[0]);
    every = false;
  }
  for (const id of f.changed) {
    const k = changes.ticksOf[id];
    const mark = t.marks[id];
    if (k === undefined || !t.hasId(k) || (mark !== undefined && newer(mark, base))) continue;
    changed.push(t.fieldBases(k, changes.ticksComponents[id] as TicksComponent)[1]);
    every = false;
  }
  const sparseAll: [number, number][] = f.sparseAll.map((id) => host.sparse.words(id));
  const sparseNone: [number, number][] = f.sparseNone.map((id) => host.sparse.words(id));
  if (every && sparseAll.length === 0 && sparseNone.length === 0) return everyRow(n);
  const es = t.entities;
  const out = new Uint32Array(n);
  let k = 0;
  rows: for (let r = 0; r < n; r++) {
    for (let i = 0; i < added.length; i++) if (!newer(u32[added[i] + r], base)) continue rows;
    for (let i = 0; i < changed.length; i++) if (!newer(u32[changed[i] + r], base)) continue rows;
    if (sparseAll.length > 0 || sparseNone.length > 0) {
      const slot = es[r] & SLOT_MASK;
      const w = slot >>> 5;
      const bit = 1 << (slot & 31);
      for (const [at, words] of sparseAll) if (w >= words || (u32[at + w] & bit) === 0) continue rows;
      for (const [at, words] of sparseNone) if (w < words && (u32[at + w] & bit) !== 0) continue rows;
    }
    out[k++] = r;
  }
  return k === n ? everyRow(n) : out.subarray(0, k);
}

/** Yields non-empty tables; the world defers structural changes until it closes. */
export class TableIterator extends Iteration implements Iterator<Table> {
  private i = 0;
  private readonly list: readonly Table[];
  private readonly result: { done: boolean; value: Table | undefined };
  /** Read terms to put on each yielded table (undefined: none). */
  private readonly readMask: Uint32Array | undefined;
  private current: Table | undefined = undefined;
  private savedRead: Uint32Array | undefined = undefined;

  constructor(host: QueryHost, list: readonly Table[], readMask: Uint32Array | undefined) {
    super(host);
    this.list = list;
    this.readMask = readMask;
    this.result = { done: false, value: undefined };
  }

  next(): IteratorResult<Table> {
    if (!this.enter()) return this.finished(this.result);
    const list = this.list;
    if (this.readMask !== undefined) this.release();
    while (this.i < list.length) {
      const t = list[this.i++];
      if (t.refresh() > 0) {
        if (this.readMask !== undefined) {
          this.current = t;
          this.savedRead = t.readTerms;
          t.readTerms = this.readMask;
        }
        this.result.value = t;
        return this.result as IteratorResult<Table>;
      }
    }
    return this.finished(this.result);
  }

  /** Gives the last yielded table its previous read terms back (nested iterations). */
  protected release(): void {
    const t = this.current;
    if (t === undefined) return;
    t.readTerms = this.savedRead;
    this.current = undefined;
  }
}

/**
 * Yields the non-empty tables with rows that pass the query's row filter, each with
 * `rows` set while it is the current one. The reader's base tick is read once, at the
 * start; outside systems, closing moves the query's own base on.
 */
export class FilteredIterator extends Iteration implements Iterator<Table> {
  private i = 0;
  private base = 0;
  private current: Table | undefined = undefined;
  private started = false;
  private savedRows: Uint32Array | undefined = undefined;
  private savedRead: Uint32Array | undefined = undefined;
  private readonly result: { done: boolean; value: Table | undefined } = { done: false, value: undefined };

  constructor(
    host: QueryHost,
    private readonly query: Reading,
    private readonly list: readonly Table[],
    private readonly filter: RowFilter,
  ) {
    super(host);
  }

  next(): IteratorResult<Table> {
    if (!this.started) {
      this.started = true;
      this.base = this.host.readBase(this.query);
    }
    if (!this.enter()) return this.finished(this.result);
    this.release();
    const list = this.list;
    while (this.i < list.length) {
      const t = list[this.i++];
      if (t.refresh() === 0) continue;
      const rows = filterRows(this.host, t, this.filter, this.base);
      if (rows.length === 0) continue;
      this.current = t;
      this.savedRows = t.rows;
      this.savedRead = t.readTerms;
      t.rows = rows;
      if (this.query.readMask !== undefined) t.readTerms = this.query.readMask;
      this.result.value = t;
      return this.result as IteratorResult<Table>;
    }
    return this.finished(this.result);
  }

  protected release(): void {
    const t = this.current;
    if (t === undefined) return;
    t.rows = this.savedRows;
    t.readTerms = this.savedRead;
    this.current = undefined;
  }

  protected override onClose(): void {
    if (this.filter.byChange) this.host.endRead(this.query);
  }
}
