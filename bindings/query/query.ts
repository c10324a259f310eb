// Queries: terms compile to masks once (terms.ts); each query keeps the list of tables
// that match and extends it when the core has created tables since the last look
// (masks are tested in JS). Iteration (iterate.ts) yields non-empty tables and opens a
// deferral scope: structural changes wait until the outermost iteration ends.

import type { Entity, EntityList } from "../entity.js";
import { ArgumentError } from "../errors.js";
import { needsFunction } from "../messages.js";
import type { Table } from "../store/table.js";
import { GUESS, NO_PAIRS, type PairTerms, type QueryHost, type RowFilter } from "./host.js";
import { FilteredIterator, TableIterator } from "./iterate.js";
import { filterRows } from "./rows.js";
import { containsAll, intersects, maskOf, type QueryTerms } from "./terms.js";

/** A table a query yields: with change filters (`F` true) it always carries `rows`. */
export type TableOf<R, F extends boolean> = F extends true ? Table<R> & { rows: Uint32Array } : Table<R>;

/**
 * A cached query. `R` (type only) is its read terms: tables it yields type their
 * `columns()` read-only. `F` (type only) is true when its terms filter rows by change.
 */
export class Query<R = never, F extends boolean = boolean> {
  readonly terms: QueryTerms;
  private readonly host: QueryHost;
  private readonly all: Uint32Array;
  private readonly any: Uint32Array | undefined;
  private readonly none: Uint32Array;
  private matched: Table[] = [];
  private seen = 0;
  /** A query naming a target: the relation version its matches were taken at. */
  private matchedAt = -1;
  private generation = -1;
  /** @internal Relation terms (pairs with a target, cascade). */
  readonly pairs: PairTerms;
  /** Breadth-ordered tables (cascade) and the relation version they were ordered at. */
  private ordered: Table[] = [];
  private orderedAt = -1;
  /** @internal Row-level terms, or undefined for a query that yields whole tables. */
  readonly filter: RowFilter | undefined;
  /** @internal Mask of the read terms, or undefined. */
  readonly readMask: Uint32Array | undefined;
  /** @internal Outside systems: the change tick of this query's last iteration. */
  lastSeen = 0;
  /** @internal Whether its loops call world.spawn / add / remove / destroy, as learnt (query/host.ts GUESS, NONE, SOME). */
  loops = GUESS;

  /** @internal Made by world.query(), which caches queries by their terms. */
  constructor(
    host: QueryHost,
    terms: QueryTerms,
    all: number[],
    any: number[],
    none: number[],
    filter: RowFilter | undefined,
    read: number[],
    pairs: PairTerms = NO_PAIRS,
  ) {
    this.pairs = pairs;
    this.host = host;
    this.terms = terms;
    this.all = maskOf(all);
    this.any = any.length > 0 ? maskOf(any) : undefined;
    this.none = maskOf(none);
    this.filter = filter;
    this.readMask = read.length > 0 ? maskOf(read) : undefined;
  }

  /** Whether this query was made by `host` (a world). */
  belongsTo(host: QueryHost): boolean {
    return this.host === host;
  }

  /** Whether a table with this mask matches the terms. */
  private matches(mask: Uint32Array): boolean {
    return (
      containsAll(mask, this.all) &&
      !intersects(mask, this.none) &&
      (this.any === undefined || intersects(mask, this.any))
    );
  }

  /** Whether table t matches every term, relation pairs included. */
  private matchesTable(t: Table): boolean {
    if (t.seq < 0 || !this.matches(t.mask)) return false;
    const { all, none } = this.pairs;
    for (let i = 0; i < all.length; i += 2) if (!t.hasPair(all[i], all[i + 1])) return false;
    for (let i = 0; i < none.length; i += 2) if (t.hasPair(none[i], none[i + 1])) return false;
    return true;
  }

  /** @internal After a snapshot was loaded: match every table again. */
  forgetTables(lastSeen: number): void {
    this.matched = [];
    this.seen = 0;
    this.matchedAt = -1;
    this.orderedAt = -1;
    this.lastSeen = lastSeen;
  }

  /**
   * The matching tables, empty ones included; new core tables are tested first. With a
   * pair that names a target, only the sub-tables on that target's chain are candidates.
   * With cascade, in breadth order.
   */
  tables(): readonly Table[] {
    // The usual query's look, small enough to inline into its loop; pairs and cascade out of line.
    if (this.pairs !== NO_PAIRS) return this.tablesWithPairs();
    const host = this.host;
    const tables = host.tablesNow();
    if (this.seen !== tables.length || this.generation !== host.tableGeneration) this.matchNew(tables);
    return this.matched;
  }

  /** tables() of a plain query when tables were created or recycled since its last look. */
  private matchNew(tables: readonly Table[]): void {
    if (this.generation !== this.host.tableGeneration) {
      this.generation = this.host.tableGeneration;
      this.matched = [];
      this.seen = 0;
    }
    for (let t = this.seen; t < tables.length; t++) if (this.matchesTable(tables[t])) this.matched.push(tables[t]);
    this.seen = tables.length;
  }

  /** tables() of a query with relation terms. */
  private tablesWithPairs(): readonly Table[] {
    const host = this.host;
    const tables = host.tablesNow();
    if (this.pairs.all.length > 0) {
      const version = host.relationVersion;
      if (this.matchedAt !== version || this.generation !== host.tableGeneration) {
        this.generation = host.tableGeneration;
        this.matchedAt = version;
        const target = this.pairs.all[1];
        this.matched =
          host.tableOfEntity(target) === undefined
            ? []
            : host.tablesTargeting(target).filter((t) => this.matchesTable(t));
        this.matched.sort((a, b) => a.id - b.id);
      }
    } else this.matchNew(tables);
    return this.pairs.cascade < 0 ? this.matched : this.breadthOrder();
  }

  /**
   * The matched tables ordered by depth over the cascade relation: depth 0 without it,
   * else one more than the deepest table holding one of its targets. Recomputed only
   * when tables or targets moved. Entities on a cycle of the relation come last.
   */
  private breadthOrder(): Table[] {
    const host = this.host;
    const version = host.relationVersion;
    if (this.orderedAt === version && this.generation === host.tableGeneration) return this.ordered;
    const rel = this.pairs.cascade;
    const depth = new Map<Table, number>();
    const visiting = new Set<Table>();
    const depthOf = (t: Table): number => {
      const known = depth.get(t);
      if (known !== undefined) return known;
      if (visiting.has(t)) return Number.POSITIVE_INFINITY; // a cycle
      visiting.add(t);
      let d = 0;
      const pairs = t.pairs;
      for (let i = 0; i < pairs.length; i += 2) {
        if (pairs[i] !== rel) continue;
        const up = host.tableOfEntity(pairs[i + 1]);
        d = Math.max(d, up === undefined ? 1 : depthOf(up) + 1);
      }
      visiting.delete(t);
      depth.set(t, d);
      return d;
    };
    const list = this.matched.slice();
    for (const t of list) depthOf(t);
    list.sort((a, b) => (depth.get(a) as number) - (depth.get(b) as number) || a.id - b.id);
    this.ordered = list;
    this.orderedAt = version;
    return list;
  }

  [Symbol.iterator](): Iterator<TableOf<R, F>> {
    if (this.filter !== undefined) return this.filtered();
    return new TableIterator(this.host, this, this.tables(), this.readMask) as Iterator<TableOf<R, F>>;
  }

  /** The iterator of a query with row filters (out of line: the usual loop's path stays small). */
  private filtered(): Iterator<TableOf<R, F>> {
    const filter = this.filter as RowFilter;
    this.host.startTracking(filter);
    return new FilteredIterator(this.host, this, this.tables(), filter) as Iterator<TableOf<R, F>>;
  }

  /** Number of matching entities (row filters included; reading them moves no reader on). */
  count(): number {
    let n = 0;
    const f = this.filter;
    if (f === undefined) {
      for (const t of this.tables()) n += t.refresh();
      return n;
    }
    this.host.startTracking(f);
    const base = this.host.readBase(this);
    for (const t of this.tables()) if (t.refresh() > 0) n += filterRows(this.host, t, f, base).length;
    return n;
  }

  /** A copy of every matching entity, table by table (row filters included). */
  entities(): EntityList {
    const f = this.filter;
    if (f !== undefined) {
      this.host.startTracking(f);
      const base = this.host.readBase(this);
      const out: number[] = [];
      for (const t of this.tables()) {
        if (t.refresh() === 0) continue;
        const es = t.entities;
        for (const r of filterRows(this.host, t, f, base)) out.push(es[r]);
      }
      return Uint32Array.from(out) as EntityList;
    }
    const out = new Uint32Array(this.count());
    let at = 0;
    for (const t of this.tables()) {
      if (t.refresh() === 0) continue;
      out.set(t.entities, at);
      at += t.count;
    }
    return out as EntityList;
  }

  /**
   * Calls fn for every matching entity (convenience; loops over columns are faster).
   * A flush() or step() in fn ends the iteration: the next row's turn (or the loop's end,
   * after the last row) throws its ArgumentError instead of calling fn with rows that may
   * have moved.
   */
  each(fn: (e: Entity, table: Table<R>, row: number) => void): void {
    if (typeof fn !== "function") throw new ArgumentError(needsFunction("each", fn));
    const it = this[Symbol.iterator]() as Iterator<TableOf<R, F>> & { readonly ended: boolean };
    try {
      for (let r = it.next(); r.done !== true; r = it.next()) {
        const t = r.value;
        // Bounded by the rows the table had when it was yielded.
        const es = t.entities;
        const rows = t.rows;
        const n = rows === undefined ? es.length : rows.length;
        for (let i = 0; i < n; i++) {
          if (it.ended) it.next(); // throws: the iteration was ended from outside
          const row = rows === undefined ? i : rows[i];
          fn(es[row] as Entity, t, row);
        }
      }
    } finally {
      it.return?.();
    }
  }
}
