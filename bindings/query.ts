// Queries: terms compile to masks once; each query keeps the list of tables that
// match and extends it when the core has created tables since the last look
// (masks are tested in JS). Iteration yields non-empty tables and opens a deferral
// scope: structural changes wait until the outermost iteration ends (also on break
// or throw, through the iterator's return()).
import type { Component } from "./component.js";
import type { Table } from "./views.js";
import type { Entity } from "./world.js";

export interface QueryTerms {
  /** Every one of these. */
  readonly all?: readonly Component[];
  /** At least one of these. */
  readonly any?: readonly Component[];
  /** None of these. */
  readonly none?: readonly Component[];
  /** Not required; tables tell with has() / tryColumns(). */
  readonly optional?: readonly Component[];
}

/** What a query needs from its world. */
export interface QueryHost {
  /** Every table the core has, discovering new ones. */
  tablesNow(): readonly Table[];
  beginIteration(): void;
  endIteration(): void;
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

export class Query {
  readonly terms: QueryTerms;
  private readonly host: QueryHost;
  private readonly all: Uint32Array;
  private readonly any: Uint32Array | undefined;
  private readonly none: Uint32Array;
  private readonly matched: Table[] = [];
  private seen = 0;

  /** @internal Made by world.query(), which caches queries by their terms. */
  constructor(host: QueryHost, terms: QueryTerms, all: number[], any: number[], none: number[]) {
    this.host = host;
    this.terms = terms;
    this.all = maskOf(all);
    this.any = any.length > 0 ? maskOf(any) : undefined;
    this.none = maskOf(none);
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

  /** The matching tables, empty ones included; new core tables are tested first. */
  tables(): readonly Table[] {
    const tables = this.host.tablesNow();
    for (let t = this.seen; t < tables.length; t++) {
      if (this.matches(tables[t].mask)) this.matched.push(tables[t]);
    }
    this.seen = tables.length;
    return this.matched;
  }

  [Symbol.iterator](): Iterator<Table> {
    return new TableIterator(this.host, this.tables());
  }

  /** Number of matching entities. */
  count(): number {
    let n = 0;
    for (const t of this.tables()) n += t.refresh();
    return n;
  }

  /** A copy of every matching entity, table by table. */
  entities(): Uint32Array {
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
  each(fn: (e: Entity, table: Table, row: number) => void): void {
    for (const t of this) {
      // Bounded by the rows the table had when it was yielded.
      const es = t.entities;
      const n = es.length;
      for (let row = 0; row < n; row++) fn(es[row] as Entity, t, row);
    }
  }
}

/** Yields non-empty tables; the world defers structural changes until it closes. */
class TableIterator implements Iterator<Table> {
  private i = 0;
  private open = true;
  private readonly host: QueryHost;
  private readonly list: readonly Table[];
  private readonly result: { done: boolean; value: Table | undefined };

  constructor(host: QueryHost, list: readonly Table[]) {
    this.host = host;
    this.list = list;
    this.result = { done: false, value: undefined };
    host.beginIteration();
  }

  next(): IteratorResult<Table> {
    const list = this.list;
    while (this.i < list.length) {
      const t = list[this.i++];
      if (t.refresh() > 0) {
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

  private close(): void {
    if (!this.open) return;
    this.open = false;
    this.host.endIteration();
  }
}
