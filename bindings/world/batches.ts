// The batch half of the World API: spawnMany, and addMany, removeMany, destroyMany over a
// list of entities or a query. A query without row filters moves its tables as whole blocks; a
// list is copied (it may be a view on the memory the batch changes) and checked whole:
// a stale id anywhere throws and nothing changes.
import { type Component, type ComponentInit, Pair, Relation, WILDCARD } from "../component.js";
import { KEY } from "../component-keys.js";
import { MAX_SLOTS } from "../core/constants.generated.js";
import { slotsAfter } from "../core/records.js";
import { ArgumentError } from "../errors.js";
import { bareRelation, batchTarget, foreignQuery, spawnManyCount } from "../messages.js";
import { checkLive } from "../ops/batch-ops.js";
import { Query } from "../query/query.js";
import type { Init, Schema } from "../schema.js";
import { copyInits } from "../store/component-sets.js";
import type { Table } from "../store/table.js";
import { checkedCopy } from "../store/values.js";
import type { WorldContext } from "./context.js";
import { checkPairs, liveTable, ownIds, ownPair, pairIds, refuseProxiedList } from "./validate.js";

type Target = ArrayLike<number> | Query;

/**
 * ArgumentError unless target is a query of this world or an array-like of ids. A query's
 * tables have their entity columns checked by the core first (a write through a stale
 * column array may have landed in one: assembly/table.ts), so the batch acts on the ids
 * the entity records hold.
 */
function checkTarget(ctx: WorldContext, target: unknown, method: string): void {
  if (target instanceof Query) {
    if (!ctx.owns(target)) throw new ArgumentError(foreignQuery(method));
    // A column found damaged is rewritten by the core (only after a write through a stale array).
    const core = ctx.store.core;
    for (const t of target.tables()) if (t.refresh() > 0) core.mendEntities(t.id);
    return;
  }
  refuseProxiedList(target);
  const length = (target as ArrayLike<number> | null)?.length;
  if (typeof target !== "object" || target === null || !Number.isInteger(length))
    throw new ArgumentError(batchTarget(method, target));
}

/** A query's non-empty tables when it has no row filters (whole blocks), else undefined. */
function wholeTables(target: Target): readonly Table[] | undefined {
  if (!(target instanceof Query) || target.filter !== undefined) return undefined;
  return target.tables().filter((t) => t.refresh() > 0);
}

/** The batch's ids, owned by the world (checked for form first). */
function idsOf(ctx: WorldContext, target: Target): () => Uint32Array {
  if (target instanceof Query) return () => target.entities();
  const ids = ownIds(ctx.store, target);
  return () => ids;
}

/** Adds c (with the same values) to every listed entity, or every entity a query matches. */
export function addMany<S extends Schema>(
  ctx: WorldContext,
  target: Target,
  c: Component<S> | Pair<S>,
  values?: Init<S>,
): void {
  if (c instanceof Pair) pairMoves(ctx, target, ownPair(ctx.store, c), true, values);
  else moves(ctx, target, c as Component<S>, true, values);
}

/** Removes c from every listed entity, or every entity a query matches. */
export function removeMany(ctx: WorldContext, target: Target, c: Component | Pair): void {
  // Which it is, decided once: a Pair (read once into one of ours) or else a component.
  const p = c instanceof Pair ? ownPair(ctx.store, c) : undefined;
  if (p !== undefined && p.target !== WILDCARD) pairMoves(ctx, target, p, false, undefined);
  else moves(ctx, target, p !== undefined ? p.relation : (c as Component), false, undefined);
}

function pairMoves(ctx: WorldContext, target: Target, p: Pair, adding: boolean, values: object | undefined): void {
  const { store } = ctx;
  store.core.check();
  checkTarget(ctx, target, adding ? "addMany" : "removeMany");
  const [rel, to] = pairIds(store, p, adding ? "addMany" : "removeMany");
  values ??= adding ? p.values : undefined;
  // Read once into a copy, which is what is checked and written.
  values = checkedCopy(p.relation, values, store.debug);
  ctx.defer.movePair(wholeTables(target), idsOf(ctx, target), rel, to, adding, values, p.relation, false);
}

function moves(ctx: WorldContext, target: Target, c: Component, adding: boolean, values: object | undefined): void {
  const { store } = ctx;
  store.core.check();
  checkTarget(ctx, target, adding ? "addMany" : "removeMany");
  const id = store.registry.idOf(c);
  if (adding && c instanceof Relation) throw new ArgumentError(bareRelation(c.name, "addMany"));
  if (store.links.isLinked(id)) {
    unlinkMany(ctx, target, id);
    return;
  }
  values = checkedCopy(c, values, store.debug);
  if (store.registry.isSparse(id)) {
    sparseMany(ctx, target, id, adding); // a tag's values were {} at most: nothing to write
    return;
  }
  ctx.defer.move(wholeTables(target), idsOf(ctx, target), id, adding, values, c, false);
}

/** Sets or clears sparse tag id on a list (all alive, or nothing changes) or a query's entities. */
function sparseMany(ctx: WorldContext, target: Target, id: number, on: boolean): void {
  const { store } = ctx;
  if (ctx.defer.active) {
    // No core call while deferring: bit by bit (entities spawned in this scope get theirs at the flush).
    const ids = target instanceof Query ? target.entities() : ownIds(store, target);
    const tables = Array.from(ids, (e) => liveTable(store, e));
    for (let i = 0; i < ids.length; i++) ctx.defer.sparse(ids[i], tables[i], id, on);
    return;
  }
  if (target instanceof Query) {
    // Row filters on this very tag only exclude rows where setting it changes nothing
    // (adding to { none: [S] }, removing from { all: [S] }): whole tables will do.
    const f = target.filter;
    const whole =
      f === undefined ||
      (!f.byChange &&
        f.links.length + f.unlinks.length === 0 &&
        (on
          ? f.sparseAll.length === 0 && f.sparseNone.every((s) => s === id)
          : f.sparseNone.length === 0 && f.sparseAll.every((s) => s === id)));
    if (!whole) store.sparse.setMany(id, target.entities(), on);
    else for (const t of target.tables()) if (t.refresh() > 0) store.sparse.setMany(id, t.entities, on);
    return;
  }
  // A copy: checking may grow memory, which would detach a list that is a view (t.entities).
  const ids = ownIds(store, target);
  checkLive(store, ids);
  store.sparse.setMany(id, ids, on);
}

/**
 * Takes every pair of non-fragmenting relation id off a list (all alive or spawned in
 * this scope, or nothing changes) or a query's entities: at once, also while deferring
 * (it needs no memory); adds of them still waiting for the flush are taken back too.
 */
function unlinkMany(ctx: WorldContext, target: Target, id: number): void {
  const { store } = ctx;
  const ids = target instanceof Query ? target.entities() : ownIds(store, target);
  for (let i = 0; i < ids.length; i++) liveTable(store, ids[i]);
  for (let i = 0; i < ids.length; i++) {
    ctx.defer.unlinkingNow(id, ids[i]);
    if (store.core.tableOf(ids[i]) >= 0) store.links.unlinkAll(id, ids[i]);
  }
}

/** Destroys every listed entity, or every entity a query matches; a stale one anywhere changes nothing. */
export function destroyMany(ctx: WorldContext, target: Target): void {
  ctx.store.core.check();
  checkTarget(ctx, target, "destroyMany");
  ctx.defer.destroyMany(wholeTables(target), idsOf(ctx, target));
}

const NONE: readonly never[] = [];

/** Spawns n entities with one core call; a field's init is one value for all or, with `C.withEach(...)`, one per entity. */
export function spawnMany(
  ctx: WorldContext,
  n: number,
  args: (Component | ComponentInit<Schema> | Pair)[],
): Uint32Array {
  const { store, resolved } = ctx;
  store.core.check();
  if (!Number.isInteger(n) || n < 0 || n >= MAX_SLOTS) throw new ArgumentError(spawnManyCount(MAX_SLOTS - 1, n));
  // Every value read once, before anything is checked or spawned: a getter among them
  // cannot move rows under the writes, and a deferred spawn keeps what the call saw.
  args = copyInits(args);
  const set = store.sets.resolve(store.registry, args, true, n, store.debug, store.core.buffer, ctx.unknown, resolved);
  const all = checkPairs(store, resolved.pairs.slice());
  if (n === 0) return new Uint32Array(0);
  const pairs = store.links.ids.length === 0 ? all : all.filter((p) => p.relation.fragmenting);
  const linked = pairs === all ? NONE : all.filter((p) => !p.relation.fragmenting);
  const sparse = resolved.sparse.slice();
  // Room for the new entities' bits first, so nothing can fail once they exist (while
  // deferring, they are set at the flush).
  if (!ctx.defer.active) {
    const slots = slotsAfter(store.core, n);
    for (const id of sparse) store.sparse.reserveSlots(id, slots);
    for (const p of linked) store.sparse.reserveSlots(store.registry.ids[p.relation[KEY]], slots);
  }
  const ids = ctx.defer.spawnMany(set, n, args, pairs, sparse);
  for (const p of linked) {
    const rel = store.registry.ids[p.relation[KEY]];
    ctx.defer.movePair(undefined, () => ids, rel, p.target as number, true, undefined, p.relation, false);
  }
  return ids;
}
