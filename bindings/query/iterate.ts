// Iterating a query: yields non-empty tables and holds the world's deferral scope open
// until it ends (also on break or throw, through the iterator's return()). A filtered
// query yields only tables with matching rows, each as its window over exactly those
// rows, brought to the front (store/window.ts). The table an iteration is on is pinned:
// no other iteration moves its rows while the loop holds its views.
import { ArgumentError } from "../errors.js";
import { iterationEnded } from "../messages.js";
import type { Table } from "../store/table.js";
import type { QueryHost, Reading, RowFilter } from "./host.js";
import { everyRow, frontMatching } from "./rows.js";

/** %IteratorPrototype%: query iterators inherit from it, so they are iterable themselves
 * and get the Iterator helpers (map, filter, take, toArray, ...) where the runtime has them. */
const ITERATOR_PROTOTYPE = Object.getPrototypeOf(Object.getPrototypeOf([][Symbol.iterator]())) as object;

/**
 * A constructor whose instances inherit from %IteratorPrototype%, for `extends`: the
 * chain is set when the class is made (a later Object.setPrototypeOf on a class's
 * prototype would slow every method call on it in V8).
 */
function IteratorBase(): void {}
IteratorBase.prototype = ITERATOR_PROTOTYPE;
const IteratorFromPrototype = IteratorBase as unknown as abstract new () => object;

/**
 * An iteration's lifecycle: registered with the world at its first next() (so an
 * iterator never advanced holds nothing open), closed when done, on return(), or ended
 * from outside by flush()/step(), after which next() throws instead of yielding.
 */
abstract class Iteration extends IteratorFromPrototype {
  private state: "new" | "open" | "closed" = "new";
  private endedBy: string | undefined = undefined;
  /** Every table this iteration yielded: pinned until it ends, since the loop may keep their views. */
  private readonly pinned: Table[] = [];
  constructor(protected readonly host: QueryHost) {
    super();
  }

  /** Pins t (its rows do not move) until the iteration ends. */
  protected pin(t: Table): void {
    t.pins++;
    this.pinned.push(t);
  }

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
    for (const t of this.pinned) t.pins--; // once: the state is closed now
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
    this.release();
    while (this.i < list.length) {
      const t = list[this.i++];
      if (t.refresh() > 0) {
        this.current = t;
        this.pin(t);
        if (this.readMask !== undefined) {
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
    if (this.readMask !== undefined) t.readTerms = this.savedRead;
    this.current = undefined;
  }
}

/**
 * Yields the window of each table with rows that pass the query's row filter: those
 * rows, moved to the front, with `rows` set (0 .. count - 1) while it is the current
 * one. The reader's base tick is read once, at the start; outside systems, closing
 * moves the query's own base on.
 */
export class FilteredIterator extends Iteration implements Iterator<Table> {
  private i = 0;
  private base = 0;
  private current: Table | undefined = undefined;
  private started = false;
  private savedRows: Uint32Array | undefined = undefined;
  private savedRead: Uint32Array | undefined = undefined;
  private savedCount = -1;
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
      let k: number;
      try {
        k = frontMatching(this.host, t, this.filter, this.base);
      } catch (error) {
        this.close(); // next() threw: no return() will come
        throw error;
      }
      if (k === 0) continue;
      const w = t.window();
      this.pin(t);
      this.current = w;
      this.savedCount = w.showFirst(k);
      this.savedRows = w.rows;
      this.savedRead = w.readTerms;
      w.rows = everyRow(k);
      if (this.query.readMask !== undefined) w.readTerms = this.query.readMask;
      this.result.value = w;
      return this.result as IteratorResult<Table>;
    }
    return this.finished(this.result);
  }

  protected release(): void {
    const t = this.current;
    if (t === undefined) return;
    // An outer filtered loop's limit comes back; otherwise the window keeps showing its
    // rows, so the next loop that finds the same count reuses its cached views.
    if (this.savedCount >= 0) t.showFirst(this.savedCount);
    t.rows = this.savedRows;
    t.readTerms = this.savedRead;
    this.current = undefined;
  }

  protected override onClose(): void {
    if (this.filter.byChange) this.host.endRead(this.query);
  }
}
