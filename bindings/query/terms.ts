// Query terms: checking them, compiling them to component ids and masks, and the key
// under which the world caches equal queries.
import type { Component, Pair, Relation } from "../component.js";
import { ArgumentError } from "../errors.js";
import { badTerms, readAndWrite, sparseInTerm, termNotArray, unknownTerm } from "../messages.js";
import type { RowFilter } from "./host.js";

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
  if (terms === null || typeof terms !== "object") throw new ArgumentError(badTerms(terms));
  for (const key of Object.keys(terms)) {
    if (!QUERY_KEYS.includes(key)) {
      throw new ArgumentError(unknownTerm(key, QUERY_KEYS));
    }
  }
  const lists = {} as Record<(typeof TERM_KEYS)[number], number[]>;
  for (const key of TERM_KEYS) {
    const list = terms[key] ?? [];
    if (!Array.isArray(list)) throw new ArgumentError(termNotArray(key));
    lists[key] = [...new Set(list.map((c) => idOf(c as Component)))].sort((a, b) => a - b);
  }
  const sorted = (ids: Iterable<number>): number[] => [...new Set(ids)].sort((a, b) => a - b);
  const termOf = (key: (typeof TERM_KEYS)[number], id: number) =>
    (terms[key] ?? []).find((c) => idOf(c as Component) === id) as Component | Pair;
  for (const key of ["any", "added", "changed", "read", "write"] as const) {
    const sparse = lists[key].find(isSparse);
    if (sparse === undefined) continue;
    // A sparse tag, or a non-fragmenting relation (kept outside the mask as well) or a pair of one.
    const term = termOf(key, sparse);
    const relation = term.isPair ? term.relation : (term as Component).isRelation ? term : undefined;
    throw new ArgumentError(sparseInTerm(String(term), relation?.name));
  }
  const both = lists.read.find((id) => lists.write.includes(id));
  if (both !== undefined) throw new ArgumentError(readAndWrite(String(termOf("read", both))));
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
          links: [],
          unlinks: [],
          byChange: lists.added.length + lists.changed.length > 0,
        };
  const key = [all, lists.any, none, lists.read, lists.added, lists.changed, sparseAll, sparseNone]
    .map((l) => l.join(","))
    .join("|");
  return { key, all, any: lists.any, none, read: lists.read, filter };
}

/** A mask over component ids as 32-bit words. */
export function maskOf(ids: readonly number[]): Uint32Array {
  let words = 0;
  for (const id of ids) words = Math.max(words, (id >>> 5) + 1);
  const m = new Uint32Array(words);
  for (const id of ids) m[id >>> 5] |= 1 << (id & 31);
  return m;
}

export function containsAll(table: Uint32Array, m: Uint32Array): boolean {
  for (let w = 0; w < m.length; w++) if ((m[w] & ~(table[w] ?? 0)) !== 0) return false;
  return true;
}

export function intersects(table: Uint32Array, m: Uint32Array): boolean {
  for (let w = 0; w < m.length; w++) if (((table[w] ?? 0) & m[w]) !== 0) return true;
  return false;
}

/** The read terms of query terms T, as a union of components (never when it has none). */
export type ReadTerms<T> = T extends { readonly read: readonly (infer C)[] } ? C : never;

/**
 * Whether query terms T filter rows by change (a non-empty `added` or `changed`): the
 * tables such a query yields always carry `rows`.
 */
export type RowFiltered<T> = T extends { readonly added: readonly [unknown, ...unknown[]] }
  ? true
  : T extends { readonly changed: readonly [unknown, ...unknown[]] }
    ? true
    : false;
