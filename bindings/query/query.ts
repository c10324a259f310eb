// Queries: terms compile to masks once; each query keeps the list of tables that
// match and extends it when the core has created tables since the last look
// (masks are tested in JS). Iteration yields non-empty tables and opens a deferral
// scope: structural changes wait until the outermost iteration ends (also on break
// or throw, through the iterator's return()).
import { type Changes, newer, type TicksComponent } from "./changes.js";
import type { Component, Pair, Relation } from "./component.js";
import { SLOT_MASK } from "./constants.js";
import { ArgumentError } from "./errors.js";
import type { SparseTags } from "./sparse.js";
import type { Table } from "./views.js";
import type { Entity } from "./world.js";

export interface QueryTerms {
  /** Every one of these; a pair `R.to(e)` matches entities related to e, `R.to("*")` any target. */
  readonly all?: readonly (Component | Pair)[];
  /** At least one of these (pairs only as the wildcard `R.to("*")`). */
  readonly any?: readonly (Component | Pair)[];
  /** None of these; `R.to(e)` leaves out entities related to e, `R.to("*")` any with R. */
  readonly none?: readonly (Component | Pair)[];
  /** Not required; tables tell with has() / tryColumns(). */
  readonly optional?: readonly (Component | Pair)[];
  /**
   * Yields tables in breadth order over relation R: entities without R first, then
   * those whose targets were yielded before (parents before children, level by level).
   */
  readonly cascade?: Relation;
  /** Required, read only: `t.read(C)`; write() refuses them and they are never marked changed. */
  readonly read?: readonly Component[];
  /** Required, written: `t.write(C)` marks their rows changed. */
  readonly write?: readonly Component[];
  /** Required, and only rows that gained every one of these since the reader last looked. */
  readonly added?: readonly Component[];
  /** Required, and only rows where every one of these was added, set or written since the reader last looked. */
  readonly changed?: readonly Component[];
}

/** Row-level terms of a query: change filters and sparse tags. */
export interface RowFilter {
  readonly added: readonly number[];
  readonly changed: readonly number[];
  readonly sparseAll: readonly number[];
  readonly sparseNone: readonly number[];
  /** Whether rows depend on change stamps (so reading advances the reader). */
  readonly byChange: boolean;
}

/** What a query needs from its world. */
export interface QueryHost {
  /** Every table the core has, discovering new ones. */
  tablesNow(): readonly Table[];
  beginIteration(): void;
  endIteration(): void;
  readonly changes: Changes;
  readonly sparse: SparseTags;
  /** u32 view of the whole memory (current). */
  readonly heap: Uint32Array;
  /** The tick the current reader last read at: the running system's, else the query's own. */
  readBase(q: Reading): number;
  /** Ends a read of q outside systems: q's own base moves to now. */
  endRead(q: Reading): void;
  /** Changes whenever a table id came to stand for another table (match afresh then). */
  readonly tableGeneration: number;
  /** Changes whenever tables were created or recycled, or an entity that is a target moved. */
  readonly relationVersion: number;
  /** The sub-tables holding a pair whose target is e (live e), from the core's target chain. */
  tablesTargeting(e: number): Table[];
  /** The table of live entity e, or undefined. */
  tableOfEntity(e: number): Table | undefined;
}

/** Relation terms of a query, as component ids. */
export interface PairTerms {
  /** Pairs required: relation id, target, ... */
  readonly all: readonly number[];
  /** Pairs left out: relation id, target, ... */
  readonly none: readonly number[];
  /** Relation id for breadth order, or -1. */
  readonly cascade: number;
}

export const NO_PAIRS: PairTerms = Object.freeze({ all: [], none: [], cascade: -1 });

/** Component ids whose changes a row filter reads (its added and changed terms). */
export function changeTerms(f: RowFilter | undefined): number[] {
  return f === undefined ? [] : [...f.added, ...f.changed];
}

/** Query terms as component ids, with the key that identifies equal queries. */
export interface CompiledTerms {
  readonly key: string;
  readonly all: number[];
  readonly any: number[];
  readonly none: number[];
  readonly read: number[];
  readonly filter: RowFilter | undefined;
}

const TERM_KEYS = ["all", "any", "none", "optional", "read", "write", "added", "changed"] as const;
const QUERY_KEYS: readonly string[] = [...TERM_KEYS, "cascade"];

/**
 * Checks and compiles query terms: `read`, `write`, `added` and `changed` components are
 * required like `all`; sparse tags become row filters (allowed in all / none / optional).
 */
export function compileTerms(
  terms: QueryTerms,
  idOf: (c: Component) => number,
  isSparse: (id: number) => boolean,
): CompiledTerms {
  if (terms === null || typeof terms !== "object")
    throw new ArgumentError(`query() takes terms such as { all: [A] }, got ${String(terms)}`);
  for (const key of Object.keys(terms)) {
    if (!QUERY_KEYS.includes(key)) {
      throw new ArgumentError(`Unknown query term "${key}": use ${QUERY_KEYS.join(", ")}`);
    }
  }
  const lists = {} as Record<(typeof TERM_KEYS)[number], number[]>;
  for (const key of TERM_KEYS) {
    const list = terms[key] ?? [];
    if (!Array.isArray(list)) throw new ArgumentError(`Query term "${key}" must be an array of components`);
    lists[key] = [...new Set(list.map((c) => idOf(c as Component)))].sort((a, b) => a - b);
  }
  const sorted = (ids: Iterable<number>): number[] => [...new Set(ids)].sort((a, b) => a - b);
  const nameOf = (id: number): string => {
    for (const key of TERM_KEYS) {
      const i = lists[key].indexOf(id);
      if (i >= 0) return String((terms[key] ?? []).find((c) => idOf(c as Component) === id));
    }
    return String(id);
  };
  for (const key of ["any", "added", "changed", "read", "write"] as const) {
    const sparse = lists[key].find(isSparse);
    if (sparse !== undefined)
      throw new ArgumentError(`${nameOf(sparse)} is a sparse tag: queries take sparse tags in all, none or optional`);
  }
  const both = lists.read.find((id) => lists.write.includes(id));
  if (both !== undefined) throw new ArgumentError(`${nameOf(both)} is both a read and a write term`);
  const required = sorted([...lists.all, ...lists.read, ...lists.write, ...lists.added, ...lists.changed]);
  const all = required.filter((id) => !isSparse(id));
  const none = lists.none.filter((id) => !isSparse(id));
  const sparseAll = required.filter(isSparse);
  const sparseNone = lists.none.filter(isSparse);
  const rowTerms = lists.added.length + lists.changed.length + sparseAll.length + sparseNone.length;
  const filter: RowFilter | undefined =
    rowTerms === 0
      ? undefined
      : {
          added: lists.added,
          changed: lists.changed,
          sparseAll,
          sparseNone,
          byChange: lists.added.length + lists.changed.length > 0,
        };
  const key = [all, lists.any, none, lists.read, lists.added, lists.changed, sparseAll, sparseNone]
    .map((l) => l.join(","))
    .join("|");
  return { key, all, any: lists.any, none, read: lists.read, filter };
}

/** What a reader of changes needs of a query: its own base tick and its read terms. */
export interface Reading {
  lastSeen: number;
  readonly readMask: Uint32Array | undefined;
}

/** A mask over component ids as 32-bit words. */
export function maskOf(ids: readonly number[]): Uint32Array {
  let words = 0;
  for (const id of ids) words = Math.max(words, (id >>> 5) + 1);
  const m = new Uint32Array(words);
  for (const id of ids) m[id >>> 5] |= 1 << (id & 31);
  return m;
}

function containsAll(table: Uint32Array, m: Uint32Array): boolean {
  for (let w = 0; w < m.length; w++) if ((m[w] & ~(table[w] ?? 0)) !== 0) return false;
  return true;
}

function intersects(table: Uint32Array, m: Uint32Array): boolean {
  for (let w = 0; w < m.length; w++) if (((table[w] ?? 0) & m[w]) !== 0) return true;
  return false;
}

/** The read terms of query terms T, as a union of components (never when it has none). */
export type ReadTerms<T> = T extends { readonly read: readonly (infer C)[] } ? C : never;

/**
 * A cached query. `R` (type only) is its read terms: tables it yields type their
 * `columns()` read-only.
 */
export class Query<R = never> {
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
  matches(mask: Uint32Array): boolean {
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
    } else {
      if (this.generation !== host.tableGeneration) {
        this.generation = host.tableGeneration;
        this.matched = [];
        this.seen = 0;
      }
      for (let t = this.seen; t < tables.length; t++) if (this.matchesTable(tables[t])) this.matched.push(tables[t]);
      this.seen = tables.length;
    }
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

  [Symbol.iterator](): Iterator<Table<R>> {
    if (this.filter !== undefined)
      return new FilteredIterator(this.host, this, this.tables(), this.filter) as Iterator<Table<R>>;
    return new TableIterator(this.host, this.tables(), this.readMask) as Iterator<Table<R>>;
  }

  /** Number of matching entities (row filters included; reading them moves no reader on). */
  count(): number {
    let n = 0;
    const f = this.filter;
    if (f === undefined) {
      for (const t of this.tables()) n += t.refresh();
      return n;
    }
    const base = this.host.readBase(this);
    for (const t of this.tables()) if (t.refresh() > 0) n += filterRows(this.host, t, f, base).length;
    return n;
  }

  /** A copy of every matching entity, table by table (row filters included). */
  entities(): Uint32Array {
    const f = this.filter;
    if (f !== undefined) {
      const base = this.host.readBase(this);
      const out: number[] = [];
      for (const t of this.tables()) {
        if (t.refresh() === 0) continue;
        const es = t.entities;
        for (const r of filterRows(this.host, t, f, base)) out.push(es[r]);
      }
      return Uint32Array.from(out);
    }
    const out = new Uint32Array(this.count());
    let at = 0;
    for (const t of this.tables()) {
      if (t.refresh() === 0) continue;
      out.set(t.entities, at);
      at += t.count;
    }
    return out;
  }

  /** Calls fn for every matching entity (convenience; loops over columns are faster). */
  each(fn: (e: Entity, table: Table<R>, row: number) => void): void {
    for (const t of this) {
      // Bounded by the rows the table had when it was yielded.
      const es = t.entities;
      const rows = t.rows;
      if (rows !== undefined) {
        for (let i = 0; i < rows.length; i++) fn(es[rows[i]] as Entity, t, rows[i]);
        continue;
      }
      const n = es.length;
      for (let row = 0; row < n; row++) fn(es[row] as Entity, t, row);
    }
  }
}

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
class TableIterator implements Iterator<Table> {
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
    this.close();
    this.result.done = true;
    this.result.value = undefined;
    return this.result as IteratorResult<Table>;
  }

  return(): IteratorResult<Table> {
    this.close();
    return { done: true, value: undefined };
  }

  /** Gives the last yielded table its previous read terms back (nested iterations). */
  private release(): void {
    const t = this.current;
    if (t === undefined) return;
    t.readTerms = this.savedRead;
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
 * Yields the non-empty tables with rows that pass the query's row filter, each with
 * `rows` set while it is the current one. The reader's base tick is read once, at the
 * start; outside systems, closing moves the query's own base on.
 */
class FilteredIterator implements Iterator<Table> {
  private i = 0;
  private open = true;
  private readonly base: number;
  private current: Table | undefined = undefined;
  private savedRows: Uint32Array | undefined = undefined;
  private savedRead: Uint32Array | undefined = undefined;
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
