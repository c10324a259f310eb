// Argument checks of the World API: each turns a bad argument into its typed error
// before anything changes (STYLE.md: user misuse gets a specific error in every build).
// They read records straight from memory; none calls the core.
import { type Component, Pair, Relation, WILDCARD } from "../component.js";
import { type Boundary, stale } from "../core/status.js";
import { isHandle } from "../entity.js";
import { ArgumentError, MissingComponentError } from "../errors.js";
import {
  badTarget,
  describeEntity,
  detachedList,
  notAComponentOrPair,
  proxiedList,
  twoExclusiveTargets,
  wildcardPair,
} from "../messages.js";
import { PENDING } from "../store/claims.js";
import type { Store } from "../store/store.js";
import type { Table } from "../store/table.js";
import { copyTyped, isTypedStandIn, typedKind } from "../store/typed-copy.js";
import { checkedCopy } from "../store/values.js";

/**
 * Table of a live entity, or PENDING for one spawned while changes are deferred (it has
 * no table until they are applied); StaleEntityError otherwise.
 */
export function liveTable(store: Store, e: number): number {
  const t = store.core.tableOf(e);
  if (t >= 0) return t;
  if (store.claims.has(e)) return PENDING;
  throw stale(store, e);
}

/** The table of live e, which must have registered component c (MissingComponentError names `action`). */
export function tableWith(store: Store, e: number, c: Component, action: string): Table {
  const t = liveTable(store, e);
  const id = store.registry.idOf(c);
  const table = t === PENDING ? undefined : store.tables.at(t);
  const has = table !== undefined && (store.registry.isSparse(id) ? store.sparse.has(id, e) : table.has(c));
  if (!has) throw new MissingComponentError(describeEntity(e), c.name, action);
  return table as Table;
}

/**
 * The caller's pair as a Pair of this copy, each field read once (a getter or a Proxy
 * answers once: what is checked is what is used): its relation registered here and a
 * relation, its target an entity handle or "*"; ArgumentError otherwise.
 */
export function ownPair(store: Store, p: Pair): Pair {
  if (!(p instanceof Pair)) throw new ArgumentError(notAComponentOrPair(p));
  const { relation, target, values } = p;
  store.registry.idOf(relation);
  if (relation.isRelation !== true) throw new ArgumentError(notAComponentOrPair(p));
  if (target !== WILDCARD && !isHandle(target)) throw new ArgumentError(badTarget(relation.name, target));
  return new Pair(relation, target, values);
}

/**
 * Relation id and target of an own pair (ownPair) whose target is alive (or, while
 * deferring, spawned in the same scope: it is alive by the time the pair is applied, and
 * a query on it finds its sources' tables once they are made); the wildcard is for
 * queries only.
 */
export function pairIds(store: Store, p: Pair, method: string): [number, number] {
  const rel = store.registry.idOf(p.relation);
  if (p.target === WILDCARD) throw new ArgumentError(wildcardPair(p.relation.name, method));
  liveTable(store, p.target);
  return [rel, p.target];
}

/** Checks the pairs given to spawn (each made an own pair): live targets, no wildcard, one target per exclusive relation. */
export function checkPairs(store: Store, pairs: Pair[]): readonly Pair[] {
  for (let i = 0; i < pairs.length; i++) pairs[i] = ownPair(store, pairs[i]);
  for (const p of pairs) pairIds(store, p, "spawn");
  // Data values are read once into a copy, checked, and the copy is what is written.
  for (let i = 0; i < pairs.length; i++) {
    const p = pairs[i];
    if (p.values === undefined) continue;
    pairs[i] = new Pair(p.relation, p.target, checkedCopy(p.relation, p.values, store.debug));
  }
  for (let i = 0; i < pairs.length; i++) {
    const p = pairs[i];
    if (p.relation.exclusive && pairs.some((q, j) => j < i && q.relation === p.relation && q.target !== p.target))
      throw new ArgumentError(twoExclusiveTargets(p.relation.name, pairs.map(String).join(", ")));
  }
  return pairs;
}

/** A relation, or ArgumentError naming the method. */
export function relationOf(store: Store, r: unknown, message: (v: unknown) => string): Relation {
  store.registry.idOf(r as Component);
  if (!(r instanceof Relation)) throw new ArgumentError(message(r));
  return r;
}

/** ArgumentError for a Proxy of a typed array: its length getter refuses the Proxy (a TypeError otherwise). */
export function refuseProxiedList(list: unknown): void {
  if (isTypedStandIn(list)) throw new ArgumentError(proxiedList());
}

/**
 * The ids of a batch as a Uint32Array the world owns: a copy of the caller's list. A
 * list that is a view on this world's memory (t.entities) would be detached or changed
 * by the batch itself. Its length and each element are read once (a getter or a Proxy
 * answers once), each checked as read: StaleEntityError for one that is no entity handle.
 */
export function ownIds(b: Boundary, ids: ArrayLike<number>): Uint32Array {
  // A typed array is copied by its internal slots (a subclass's slice() is not asked): a
  // Uint32Array's copy is the list, another's is checked element by element as anything
  // else is, a Proxy of one too.
  let list: ArrayLike<number> = ids;
  const kind = typedKind(ids);
  if (kind !== undefined) {
    const copy = copyTyped(ids as unknown as ArrayBufferView);
    if (copy === undefined) throw new ArgumentError(detachedList());
    if (kind === "Uint32Array") return copy as Uint32Array;
    list = copy as unknown as ArrayLike<number>;
  }
  refuseProxiedList(list);
  const out: number[] = [];
  for (let i = 0, n = list.length; i < n; i++) {
    const e = list[i];
    if (!isHandle(e)) throw stale(b, e);
    out.push(e);
  }
  return Uint32Array.from(out);
}
