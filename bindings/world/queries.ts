// The world's query cache (the same Query object for the same terms) and the host that
// queries see the world through (query/host.ts): tables, deferral scopes, change
// readers, relation chains. A cached query that names a relation target is dropped when
// the target dies, so no entry outlives it.
import { Component, Pair, Relation, WILDCARD } from "../component.js";
import { isOwnComponent } from "../component-keys.js";
import {
  H_RECYCLED,
  H_TARGET_MOVES,
  P_NEXT_PAIR,
  P_NEXT_TABLE,
  P_STRIDE,
  T_PAIRS,
} from "../core/constants.generated.js";
import { ArgumentError } from "../errors.js";
import {
  cascadeTakesRelation,
  nonFragmentingCascade,
  notAComponentOrPair,
  notTracked,
  pairInTerm,
} from "../messages.js";
import {
  NO_PAIRS,
  type OpenIteration,
  type PairTerms,
  type QueryHost,
  type Reading,
  type RowFilter,
} from "../query/host.js";
import { Query } from "../query/query.js";
import { changeTerms, compileTerms, type QueryTerms, type ReadTerms } from "../query/terms.js";
import { type Changes, nextTick } from "../store/changes.js";
import type { Links } from "../store/links.js";
import type { SparseTags } from "../store/sparse.js";
import type { Store } from "../store/store.js";
import type { Table } from "../store/table.js";
import { frontRows } from "../store/window.js";
import type { Deferral } from "./deferral.js";
import type { Runner } from "./systems.js";
import { ownPair, pairIds } from "./validate.js";

const TERM_LISTS = ["all", "any", "none", "optional", "read", "write", "added", "changed"] as const;
const QUERY_KEYS = [...TERM_LISTS, "cascade"] as const;

/** Pairs of non-fragmenting relations in a query's all / none: relation id, target, ... */
interface Linked {
  links: number[];
  unlinks: number[];
}

/** A row filter with no terms, for a query whose only row terms are pairs of non-fragmenting relations. */
const NO_ROWS: RowFilter = Object.freeze({
  added: [],
  changed: [],
  sparseAll: [],
  sparseNone: [],
  links: [],
  unlinks: [],
  byChange: false,
});

export class QueryCache {
  readonly queries = new Map<string, Query>();
  /** Cached query keys by the target entities they name. */
  private readonly byTarget = new Map<number, string[]>();
  readonly host: WorldHost;

  constructor(
    private readonly store: Store,
    private readonly defer: Deferral,
    runner: Runner,
  ) {
    this.host = new WorldHost(store, defer, runner);
  }

  /** The query for these terms (the same object for the same terms). */
  query<const T extends QueryTerms>(given: T): Query<ReadTerms<T>> {
    const store = this.store;
    store.core.check();
    const terms = ownTerms(store, given) as T;
    this.prune();
    const linked: Linked = { links: [], unlinks: [] };
    const pairs = this.pairTerms(terms, linked);
    const compiled = compileTerms(
      pairs.none.length === 0 && linked.unlinks.length === 0 ? terms : withoutTargetedNone(terms),
      (c) => termId(store, c),
      (id) => store.registry.isSparse(id),
    );
    const byLinks = linked.links.length + linked.unlinks.length > 0;
    const filter = byLinks ? { ...(compiled.filter ?? NO_ROWS), ...linked } : compiled.filter;
    let key =
      pairs === NO_PAIRS
        ? compiled.key
        : `${compiled.key}|${pairs.all.join(",")}|${pairs.none.join(",")}|${pairs.cascade}`;
    if (byLinks) key += `|~${linked.links.join(",")}|${linked.unlinks.join(",")}`;
    let q = this.queries.get(key);
    if (q === undefined) {
      for (const id of changeTerms(filter)) this.defer.track(id);
      q = new Query(this.host, terms, compiled.all, compiled.any, compiled.none, filter, compiled.read, pairs);
      this.queries.set(key, q);
      for (const list of [pairs.all, pairs.none, linked.links, linked.unlinks])
        for (let i = 1; i < list.length; i += 2) {
          const keys = this.byTarget.get(list[i]) ?? [];
          keys.push(key);
          this.byTarget.set(list[i], keys);
          store.deadTargets ??= [];
        }
    }
    return q as Query<ReadTerms<T>>;
  }

  /** Drops the cached queries that name a target destroyed since the last look. */
  prune(): void {
    const dead = this.store.deadTargets;
    if (dead === undefined || dead.length === 0) return;
    for (const e of dead) {
      const keys = this.byTarget.get(e);
      if (keys === undefined) continue;
      this.byTarget.delete(e);
      for (const key of keys) this.queries.delete(key);
    }
    dead.length = 0;
  }

  /**
   * The relation terms of query terms: pairs with a target in all / none, and cascade.
   * Those of non-fragmenting relations go to `linked` instead (row filters).
   */
  private pairTerms(terms: QueryTerms, linked: Linked): PairTerms {
    if (terms === null || typeof terms !== "object") return NO_PAIRS;
    const all: number[] = [];
    const none: number[] = [];
    for (const key of TERM_LISTS) {
      const list = (terms as Record<string, unknown>)[key];
      if (!Array.isArray(list)) continue;
      for (const c of list as (Component | Pair)[]) {
        if (!(c instanceof Relation || (c as Pair)?.isPair === true)) continue;
        if (key === "added" || key === "changed")
          throw new ArgumentError(notTracked(`${String(c)} cannot be in ${key}`));
        const p = c as Pair;
        if (p.isPair !== true || p.target === WILDCARD) continue;
        if (key !== "all" && key !== "none") throw new ArgumentError(pairInTerm(String(p), key, p.relation.name));
        const [rel, target] = pairIds(this.store, p, "query");
        if (!p.relation.fragmenting) (key === "all" ? linked.links : linked.unlinks).push(rel, target);
        else (key === "all" ? all : none).push(rel, target);
      }
    }
    const r = (terms as QueryTerms).cascade;
    let cascade = -1;
    if (r !== undefined) {
      if (!(r instanceof Relation)) throw new ArgumentError(cascadeTakesRelation(r));
      cascade = this.store.registry.idOf(r);
      if (!r.fragmenting) throw new ArgumentError(nonFragmentingCascade(r.name));
    }
    if (all.length === 0 && none.length === 0 && cascade < 0) return NO_PAIRS;
    return { all, none, cascade };
  }

  /** After a snapshot was loaded: every query matches its tables afresh; `seen` are their read ticks. */
  forgetTables(seen: Readonly<Record<string, number>>): void {
    for (const [key, q] of this.queries) q.forgetTables(Object.hasOwn(seen, key) ? seen[key] : 0);
  }
}

/**
 * The terms as read once: each key's value read once, each list copied into an array of
 * its own, each pair in one made an own pair (validate.ts ownPair). A getter or a Proxy
 * among them answers once, so what the checks see is what the query is made of.
 */
function ownTerms(store: Store, terms: QueryTerms): QueryTerms {
  if (terms === null || typeof terms !== "object") return terms;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(terms)) out[key] = (terms as Record<string, unknown>)[key];
  for (const key of QUERY_KEYS) if (!Object.hasOwn(out, key) && terms[key] !== undefined) out[key] = terms[key];
  for (const key of TERM_LISTS) {
    const list = out[key];
    if (Array.isArray(list)) out[key] = Array.from(list, (c) => ownTerm(store, c));
  }
  return out as QueryTerms;
}

/**
 * A term as the query uses it, decided once: a component this copy made (whether this
 * world has it, compileTerms asks the registry), a Pair read once into one of ours, or
 * nothing the query takes (ArgumentError; a stand-in for a component named as such).
 */
function ownTerm(store: Store, c: unknown): Component | Pair {
  if (isOwnComponent(c)) return c as Component;
  if (c instanceof Pair) return ownPair(store, c);
  if (c instanceof Component) store.registry.idOf(c); // a stand-in: named as such
  throw new ArgumentError(notAComponentOrPair(c));
}

/** Component id of a query term; a pair (an own one: ownTerms) stands for its relation (its target is checked apart). */
function termId(store: Store, c: Component | Pair): number {
  if ((c as Pair | null)?.isPair === true) return store.registry.idOf((c as Pair).relation);
  return store.registry.idOf(c as Component);
}

/**
 * Query terms without the pairs that name a target in none: those leave out one
 * sub-table (PairTerms.none), not every table with the relation.
 */
function withoutTargetedNone(terms: QueryTerms): QueryTerms {
  const none = terms.none?.filter((c) => (c as Pair | null)?.isPair !== true || (c as Pair).target === WILDCARD);
  return { ...terms, none };
}

/** The world as its queries see it. */
export class WorldHost implements QueryHost {
  /** Table creations, recycles and target moves when relationVersion last looked. */
  private readonly relationSeen = [-1, -1, -1];
  private relationCounter = 0;

  constructor(
    private readonly store: Store,
    private readonly defer: Deferral,
    private readonly runner: Runner,
  ) {}

  tablesNow(): readonly Table[] {
    return this.store.tables.now();
  }
  beginIteration(it: OpenIteration): void {
    this.store.core.check();
    this.defer.beginIteration(it);
  }
  endIteration(it: OpenIteration): void {
    this.defer.endIteration(it);
  }
  get changes(): Changes {
    return this.store.changes;
  }
  get sparse(): SparseTags {
    return this.store.sparse;
  }
  get links(): Links {
    return this.store.links;
  }
  get heap(): Uint32Array {
    return this.store.core.u32;
  }
  /**
   * Before a filtered read finds its tables: a change term whose tracking still waits
   * (asked for inside a scope, and memory could not give it at the flush) starts now
   * outside a scope, throwing CapacityError as a query made here would (tracking moves
   * the rows into tables with stamps); inside one it waits for the flush.
   */
  startTracking(f: RowFilter): void {
    const ticks = this.store.changes.ticksOf;
    for (const id of f.added) if (ticks[id] === undefined) this.defer.track(id);
    for (const id of f.changed) if (ticks[id] === undefined) this.defer.track(id);
  }

  /** The running system's base, else the query's own. */
  readBase(q: Reading): number {
    const running = this.runner.running;
    return running !== undefined ? running.lastRun : q.lastSeen;
  }
  /** Outside systems, a filtered read moves the query's base on. */
  endRead(q: Reading): void {
    if (this.runner.running !== undefined) return;
    const changes = this.store.changes;
    q.lastSeen = changes.tick;
    changes.tick = nextTick(changes.tick);
  }
  front(t: Table, rows: Uint32Array): void {
    frontRows(this.store, t, rows, this.defer.iterations);
  }
  get coreVersion(): number {
    return this.store.core.version;
  }
  get tableGeneration(): number {
    return this.store.tables.generation;
  }
  get relationVersion(): number {
    const core = this.store.core;
    const seq = core.tableSeq;
    const recycled = core.header(H_RECYCLED);
    const moves = core.header(H_TARGET_MOVES);
    const seen = this.relationSeen;
    if (seq !== seen[0] || recycled !== seen[1] || moves !== seen[2]) {
      seen[0] = seq;
      seen[1] = recycled;
      seen[2] = moves;
      this.relationCounter++;
    }
    return this.relationCounter;
  }
  /** Sub-tables on e's target chain. */
  tablesTargeting(e: number): Table[] {
    const { core, tables } = this.store;
    const u32 = core.u32;
    const head = core.targetHead(e);
    const out: Table[] = [];
    if (head < 0) return out;
    let t = u32[head];
    let i = u32[head + 1];
    while (t !== 0) {
      const table = tables.at(t - 1);
      if (!out.includes(table)) out.push(table);
      const pair = (u32[core.tableRec(t - 1) + T_PAIRS] >>> 2) + i * P_STRIDE;
      t = u32[pair + P_NEXT_TABLE];
      i = u32[pair + P_NEXT_PAIR];
    }
    return out;
  }
  tableOfEntity(e: number): Table | undefined {
    const { core, tables } = this.store;
    const t = core.tableOf(e);
    return t < 0 ? undefined : tables.at(t);
  }
}
