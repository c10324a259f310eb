// Iterating a query: yields non-empty tables and holds the world's deferral scope open
// until it ends (also on break or throw, through the iterator's return()). A filtered
// query yields only tables with matching rows, each as its window over exactly those
// rows, brought to the front (store/window.ts). The tables an iteration yielded are held
// (holds()): no other iteration moves their rows while the loop may hold their views.
import { ArgumentError } from "../errors.js";
import { iterationEnded } from "../messages.js";
import type { Table } from "../store/table.js";
import type { LoopGuess, QueryHost, Reading, RowFilter } from "./host.js";
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

/** Iteration states: never advanced, open (registered with the world), closed. */
const NEW = 0;
const OPEN = 1;
const CLOSED = 2;

/**
 * An iteration's lifecycle: registered with the world at its first next() (so an
 * iterator never advanced holds nothing open), closed when done, on return(), or ended
 * from outside by flush()/step(), after which next() throws instead of yielding.
 */
abstract class Iteration extends IteratorFromPrototype {
  protected state = NEW;
  private endedBy: string | undefined = undefined;
  /**
   * The iterator is its own result object: next() returns it, and for-of reads `done` and
   * `value` before its next call (one allocation per loop, not two).
   */
  done = false;
  value: Table | undefined = undefined;
  constructor(
    protected readonly host: QueryHost,
    readonly guess: LoopGuess,
  ) {
    super();
  }

  /** Opens a new iteration (true), or says it is closed (false); throws once it was ended from outside. */
  protected open(): boolean {
    if (this.state !== NEW) return this.reopen();
    this.host.beginIteration(this);
    this.state = OPEN;
    return true;
  }

  /** open() once closed: false, or ArgumentError when it was ended from outside (out of line: the loop's path stays small). */
  private reopen(): boolean {
    if (this.endedBy !== undefined) throw new ArgumentError(iterationEnded(this.endedBy));
    return false;
  }

  /** Undoes what the current table carries for this iteration. */
  protected abstract release(): void;
  /** Whether table t's rows are held by this iteration's loop (asked by store/window.ts frontRows). */
  abstract holds(t: Table): boolean;
  /** Runs once when an opened iteration closes, before the world is told. */
  protected onClose(): void {}

  protected close(): void {
    if (this.state !== OPEN) {
      this.state = CLOSED;
      return;
    }
    this.state = CLOSED;
    this.release();
    this.onClose();
    this.host.endIteration(this);
  }

  /** Whether flush() or step() ended this iteration from outside (its next next() throws). */
  get ended(): boolean {
    return this.endedBy !== undefined;
  }

  end(by: string): void {
    if (this.state !== OPEN) return;
    this.endedBy = by;
    this.close();
  }

  protected finished(): IteratorResult<Table> {
    this.close();
    this.done = true;
    this.value = undefined;
    return this as IteratorResult<Table>;
  }

  /** next()'s answer with table t. */
  protected yields(t: Table): IteratorResult<Table> {
    this.value = t;
    return this as IteratorResult<Table>;
  }

  return(): IteratorResult<Table> {
    this.close();
    return { done: true, value: undefined };
  }
}

/**
 * Yields non-empty tables; the world defers structural changes until it closes. It holds
 * every table it passed (list[0 .. i - 1], empty ones too: an empty table gains no rows
 * while changes wait), found from its position when a filtered loop would move rows: a
 * loop stores nothing per table and allocates only the iterator (its own result object).
 */
export class TableIterator extends Iteration implements Iterator<Table> {
  private i = 0;
  private readonly list: readonly Table[];
  /** Read terms to put on each yielded table (undefined: none). */
  private readonly readMask: Uint32Array | undefined;
  private current: Table | undefined = undefined;
  private savedRead: Uint32Array | undefined = undefined;

  constructor(host: QueryHost, guess: LoopGuess, list: readonly Table[], readMask: Uint32Array | undefined) {
    super(host, guess);
    this.list = list;
    this.readMask = readMask;
  }

  next(): IteratorResult<Table> {
    // Kept small, the read terms' work out of line: V8 then inlines the whole loop protocol.
    if (this.state !== OPEN && !this.open()) return this.finished();
    if (this.current !== undefined) this.release();
    const list = this.list;
    while (this.i < list.length) {
      const t = list[this.i++];
      if (t.refresh() > 0) {
        if (this.readMask !== undefined) this.putRead(t, this.readMask);
        return this.yields(t);
      }
    }
    return this.finished();
  }

  /** Puts the query's read terms on table t while it is the current one. */
  private putRead(t: Table, mask: Uint32Array): void {
    this.current = t;
    this.savedRead = t.readTerms;
    t.readTerms = mask;
  }

  /** Gives the last yielded table its previous read terms back (nested iterations). */
  protected release(): void {
    const t = this.current;
    if (t === undefined) return;
    t.readTerms = this.savedRead;
    this.current = undefined;
  }

  holds(t: Table): boolean {
    const k = this.list.indexOf(t);
    return k >= 0 && k < this.i;
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
  /** The tables whose rows it brought to the front: held until it ends. */
  private readonly held: Table[] = [];

  constructor(
    host: QueryHost,
    private readonly query: Reading & LoopGuess,
    private readonly list: readonly Table[],
    private readonly filter: RowFilter,
  ) {
    super(host, query);
  }

  next(): IteratorResult<Table> {
    if (!this.started) {
      this.started = true;
      this.base = this.host.readBase(this.query);
    }
    if (this.state !== OPEN && !this.open()) return this.finished();
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
      this.held.push(t);
      this.current = w;
      this.savedCount = w.showFirst(k);
      this.savedRows = w.rows;
      this.savedRead = w.readTerms;
      w.rows = everyRow(k);
      if (this.query.readMask !== undefined) w.readTerms = this.query.readMask;
      return this.yields(w);
    }
    return this.finished();
  }

  holds(t: Table): boolean {
    return this.held.includes(t);
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
