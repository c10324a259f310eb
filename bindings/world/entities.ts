// The per-entity half of the World API (spawn: spawn.ts): add, remove, destroy, set, get, has,
// targets. Each validates its arguments (typed errors, nothing changed) and hands the
// structural change to the deferral scope, which applies it now or records it.
import { type Component, type Pair, type Relation, WILDCARD } from "../component.js";
import { KEY } from "../component-keys.js";
import { stale } from "../core/status.js";
import type { Entity } from "../entity.js";
import { ArgumentError, MissingComponentError } from "../errors.js";
import {
  bareRelation,
  describeEntity,
  noTableYet,
  pairDataWaits,
  spawnedDeferred,
  spawnWaits,
  targetsTakesRelation,
  wildcardPair,
} from "../messages.js";
import { ADD_PAIR, SPARSE } from "../ops/command-kinds.js";
import { addPlain, destroyPlain, destroysPlain, removePlain } from "../ops/entity-ops.js";
import type { Init, Schema, Values } from "../schema.js";
import { PENDING } from "../store/claims.js";
import type { Store } from "../store/store.js";
import type { Table } from "../store/table.js";
import { checkedCopy, readOnce, readValues, requiredCopy, writeValues } from "../store/values.js";
import { Lookup } from "./access.js";
import type { WorldContext } from "./context.js";
import { liveTable, ownPair, pairIds, relationOf, tableWith } from "./validate.js";

/**
 * Adds c to e (migrating it), or, when e has c already, writes the given values: world.add
 * outside a scope (addLater inside one; world/modes.ts swaps them, as for spawn). The
 * usual add, small enough for V8 to inline into a loop: no values, and a plain component
 * (the core checks e, no records read, which each call would make stale) or a sparse tag
 * on a live entity (set at once).
 */
export function add<S extends Schema>(ctx: WorldContext, e: number, c: Component<S> | Pair<S>, values?: Init<S>): void {
  const hot = ctx.hot;
  const id = hot.idOf(c as Component);
  if (id >= 0 && values === undefined) {
    if ((c as Component).sparse !== false) {
      if (addSparse(ctx, e, id)) return;
    } else if (ctx.defer.depth === 0 && hot.takesCalls()) {
      addPlain(ctx.store, e, id, c as Component);
      return;
    }
  }
  addOther(ctx, e, c, values);
}

/** add() inside a scope: the usual add of a plain component to a live entity is recorded. */
export function addLater<S extends Schema>(
  ctx: WorldContext,
  e: number,
  c: Component<S> | Pair<S>,
  values?: Init<S>,
): void {
  const hot = ctx.hot;
  const id = hot.idOf(c as Component);
  if (id >= 0 && values === undefined) {
    if ((c as Component).sparse !== false) {
      if (addSparse(ctx, e, id)) return;
    } else if (ctx.defer.depth !== 0 && hot.current() && hot.tableOf(e) >= 0) {
      ctx.defer.addLater(e, id);
      return;
    }
  }
  addOther(ctx, e, c, values);
}

/** A sparse tag set on a live entity at once (in any mode); false when the general path must add it. */
function addSparse(ctx: WorldContext, e: number, id: number): boolean {
  const hot = ctx.hot;
  return hot.current() && hot.tableOf(e) >= 0 && ctx.store.sparse.setInPlace(id, e, true) >= 0;
}

/** add() past the usual case: values (addWith), or the general path. */
function addOther<S extends Schema>(ctx: WorldContext, e: number, c: Component<S> | Pair<S>, values?: Init<S>): void {
  if (values === undefined || !addWith(ctx, e, c as Component, values)) addAny(ctx, e, c, values);
}

/**
 * add(e, C, values) of a plain component with a record lookup (world/access.ts addWith),
 * in a world that takes calls and is not debug. False when it did nothing; when the
 * general path must add, it takes the copy of the values addWith read (getters run once).
 */
function addWith(ctx: WorldContext, e: number, c: Component, values: object): boolean {
  const look = ctx.quick[c?.[KEY]];
  if (look === undefined || look.c !== c || !ctx.hot.current()) return false;
  const done = look.addWith(e, values, ctx.defer);
  if (typeof done === "object") addAny(ctx, e, c, done);
  return done !== false;
}

function addAny<S extends Schema>(ctx: WorldContext, e: number, c: Component<S> | Pair<S>, given?: Init<S>): void {
  const { store, defer } = ctx;
  store.core.check();
  // Read once, before e is looked up: a getter in the values may destroy or move e.
  const values = given === undefined ? given : readOnce(given, (c as Pair<S>)?.relation ?? c);
  if (values === undefined) {
    // A plain component (no sparse tag, no relation), no values.
    const id = store.registry.plainOf(c);
    if (id !== undefined) {
      store.registry.remember(c as Component);
      if (defer.depth === 0) addPlain(store, e, id, c as Component);
      else if (store.core.tableOf(e) >= 0 || store.claims.has(e)) defer.addLater(e, id);
      else throw stale(store, e);
      return;
    }
  }
  const t = liveTable(store, e);
  if ((c as Pair | null)?.isPair === true) {
    addPair(ctx, e, c as Pair<S>, values);
    return;
  }
  const comp = c as Component<S>;
  const id = store.registry.idOf(comp);
  if (comp.isRelation) throw new ArgumentError(bareRelation(comp.name, "add"));
  // Read once into a copy, which is what is checked and written (a getter cannot answer twice).
  const v = checkedCopy(comp, values, store.debug);
  // Not structural: applied at once, also while deferring (a tag's values were {} at most).
  if (store.registry.isSparse(id)) {
    store.registry.remember(comp);
    ctx.defer.sparse(e, t, id, true);
    return;
  }
  ctx.defer.add(e, id, comp, v, false);
  if (v !== undefined && store.registry.plainOf(comp) === id) lookup(ctx, comp, id); // add()'s fast path next time
}

/** add() of a pair: e gains (R, target); for an exclusive R it replaces R's old target. */
function addPair<S extends Schema>(ctx: WorldContext, e: number, pair: Pair<S>, values: Init<S> | undefined): void {
  const { store } = ctx;
  const p = ownPair(store, pair) as Pair<S>;
  const rel = store.registry.idOf(p.relation);
  if (p.values === undefined && values === undefined && !ctx.defer.active) {
    // The common case, kept lean: the core checks the target (ERR_STALE names it).
    if (p.target === WILDCARD) throw new ArgumentError(wildcardPair(p.relation.name, "add"));
    ctx.defer.addPair(e, rel, p.target, undefined, p.relation, false);
    return;
  }
  const given = values ?? (p.values === undefined ? undefined : readOnce(p.values, p.relation));
  const [r, target] = pairIds(store, p, "add");
  const v = checkedCopy(p.relation, given, store.debug);
  ctx.defer.addPair(e, r, target, v, p.relation, false);
}

/** Removes c from e; false when e did not have it (while deferring: when it does not have it now). */
export function remove(ctx: WorldContext, e: number, c: Component | Pair): boolean {
  // The usual remove, as add(): a plain component or a sparse tag (at once); removeLater inside a scope.
  const hot = ctx.hot;
  const id = hot.idOf(c as Component);
  if (id >= 0) {
    if ((c as Component).sparse !== false) {
      const was = removeSparse(ctx, e, id);
      if (was >= 0) return was === 1;
    } else if (ctx.defer.depth === 0 && hot.takesCalls()) return removePlain(ctx.store, e, id, c as Component);
  }
  return removeAny(ctx, e, c);
}

/** remove() inside a scope: the usual remove of a plain component from a live entity is recorded. */
export function removeLater(ctx: WorldContext, e: number, c: Component | Pair): boolean {
  const hot = ctx.hot;
  const id = hot.idOf(c as Component);
  if (id >= 0) {
    if ((c as Component).sparse !== false) {
      const was = removeSparse(ctx, e, id);
      if (was >= 0) return was === 1;
    } else if (ctx.defer.depth !== 0 && hot.current()) {
      const t = hot.tableOf(e);
      if (t >= 0) {
        ctx.defer.removeLater(e, id);
        return hot.tableHas(t, id);
      }
    }
  }
  return removeAny(ctx, e, c);
}

/** A sparse tag cleared on a live entity at once (in any mode): 1 or 0 (whether it had it), -1 when the general path must remove it. */
function removeSparse(ctx: WorldContext, e: number, id: number): number {
  const hot = ctx.hot;
  return hot.current() && hot.tableOf(e) >= 0 ? ctx.store.sparse.setInPlace(id, e, false) : -1;
}

/** remove() past its fast path (kept apart so that remove() stays small enough for V8 to inline). */
function removeAny(ctx: WorldContext, e: number, c: Component | Pair): boolean {
  // An entity whose spawn waits in this scope has what has() says now: what its spawn gives it.
  const had = ctx.defer.depth > 0 && ctx.store.claims.has(e) ? hasAny(ctx, e, c) : undefined;
  const removed = removeGeneral(ctx, e, c);
  return had ?? removed;
}

/** The remove itself, made or recorded; its answer holds for an entity that has a table (removeAny answers for one whose spawn waits). */
function removeGeneral(ctx: WorldContext, e: number, c: Component | Pair): boolean {
  const { store, defer } = ctx;
  store.core.check();
  const plain = store.registry.plainOf(c);
  if (plain !== undefined) {
    // A plain component (no sparse tag, no relation).
    store.registry.remember(c as Component);
    if (defer.depth === 0) return removePlain(store, e, plain, c as Component);
    const t = liveTable(store, e);
    defer.removeLater(e, plain);
    return t >= 0 && store.core.tableHas(t, plain);
  }
  const t = liveTable(store, e);
  if ((c as Pair | null)?.isPair === true) {
    const p = ownPair(store, c as Pair);
    const rel = store.registry.idOf(p.relation);
    // The wildcard removes every pair of the relation, like the bare relation.
    if (p.target === WILDCARD) return remove(ctx, e, p.relation);
    liveTable(store, p.target);
    return ctx.defer.removePair(e, t, rel, p.target);
  }
  const id = store.registry.idOf(c as Component);
  // Every pair of a non-fragmenting relation: taken off at once (it needs no memory).
  if (store.links.isLinked(id)) {
    ctx.defer.unlinkingNow(id, e);
    return t >= 0 && store.links.unlinkAll(id, e);
  }
  if (store.registry.isSparse(id)) {
    if (!(c as Component).isRelation) store.registry.remember(c as Component);
    return ctx.defer.sparse(e, t, id, false);
  }
  return ctx.defer.remove(e, t, id, c as Component);
}

/** Destroys e; its id becomes stale and its slot is reused with a new generation. */
export function destroy(ctx: WorldContext, e: number): void {
  // The usual destroy at once (destroyLater inside a scope), small enough for V8 to inline.
  const store = ctx.store;
  if (ctx.defer.depth === 0 && destroysPlain(store))
    destroyPlain(store, e); // the core checks e
  else destroyAny(ctx, e);
}

/**
 * destroy() inside a scope: a live entity (not one spawned in this scope), recorded. (check()'s
 * debug look for stale writes waits for the scope's end anyway.)
 */
export function destroyLater(ctx: WorldContext, e: number): void {
  const { store, defer } = ctx;
  if (defer.depth !== 0 && store.core.dead === undefined && store.core.tableOf(e) >= 0) defer.destroyLater(e);
  else destroyAny(ctx, e);
}

/** destroy() of any entity. */
function destroyAny(ctx: WorldContext, e: number): void {
  const { store, defer } = ctx;
  store.core.check();
  liveTable(store, e);
  defer.destroy(e);
}

/** Writes some fields of e's c; MissingComponentError when e lacks c. */
export function set<S extends Schema>(ctx: WorldContext, e: number, c: Component<S>, values: Init<S>): void {
  // The usual case, kept short so that it inlines into the caller: a live entity with a
  // plain scalar-only component, numbers for its fields (world/access.ts), e found after
  // they are read (after get(e, c), the memo).
  const look = ctx.quick[c?.[KEY]];
  if (look === undefined || look.c !== c || !look.put(e, values)) setAny(ctx, e, c, values);
}

/**
 * set() of anything: checked, typed errors, staged values of a waiting spawn. The values
 * are read once, into a copy, before e is looked up: a getter in them may spawn,
 * destroy or move e, and the copy goes where e is afterwards.
 */
function setAny<S extends Schema>(ctx: WorldContext, e: number, c: Component<S>, given: Init<S>): void {
  const { store } = ctx;
  store.core.checkLive();
  const look = ctx.quick[c?.[KEY]];
  const late = look?.late;
  if (late !== undefined) (look as Lookup).late = undefined; // put() read them already
  const values = (late ?? readOnce(given, c)) as Init<S>;
  // The usual case: a plain component, numbers for scalar fields in schema order (world/access.ts).
  const plain = store.registry.plainOf(c);
  if (ctx.defer.depth > 0 && store.claims.has(e)) {
    pendingValues(ctx, e, c, "set", values);
    return;
  }
  if (plain !== undefined && !store.debug && values !== null && typeof values === "object") {
    if (lookup(ctx, c, plain).write(e, values)) return;
  }
  const table = tableWith(store, e, c, "set");
  const v = requiredCopy(c, values, store.debug);
  const id = store.registry.ids[c[KEY]];
  ctx.defer.commands.refuseWrite(id, e, c.name, "world.set()", v as object);
  const row = store.core.rowOf(e);
  writeValues(store.core, table, row, c, id, v);
  if (store.changes.isTracked(id)) store.changes.stamp(table, id, row, 1, false);
}

/** A copy of e's c values (convenience; not for hot loops). */
export function get<S extends Schema>(ctx: WorldContext, e: number, c: Component<S>): Values<S> {
  // The usual case, kept short so that it inlines into the caller (whose `.x` may then
  // leave the copy unmade): a live entity with a plain scalar-only component.
  const look = ctx.quick[c?.[KEY]];
  const t = look !== undefined && look.c === c ? look.locate(e) : -1;
  return (t >= 0 ? (look as Lookup).copy(t) : getAny(ctx, e, c)) as Values<S>;
}

/** get() of anything: typed errors, staged values of a waiting spawn. */
function getAny<S extends Schema>(ctx: WorldContext, e: number, c: Component<S>): Values<S> {
  const { store } = ctx;
  store.core.checkLive();
  const plain = store.registry.plainOf(c);
  if (ctx.defer.depth > 0 && store.claims.has(e)) return pendingValues(ctx, e, c, "get", undefined) as Values<S>;
  if (plain !== undefined) return lookup(ctx, c, plain).read(e) as Values<S>;
  const table = tableWith(store, e, c, "get");
  return readValues(store.core, table, store.core.rowOf(e), c, store.registry.ids[c[KEY]]);
}

/**
 * get / set of an entity spawned while changes wait (it has no row yet): its values as
 * the spawn staged them, read or written there; an error saying what waits when they
 * are not staged alone.
 */
function pendingValues(
  ctx: WorldContext,
  e: number,
  c: Component,
  action: string,
  values: object | undefined,
): unknown {
  const { store } = ctx;
  store.registry.idOf(c);
  if (c.isRelation) throw new ArgumentError(pairDataWaits(describeEntity(e), c.name, `world.${action}()`));
  const found = ctx.defer.pendingSpawn(e);
  if (found === undefined || found === "later")
    throw new ArgumentError(spawnWaits(describeEntity(e), `world.${action}()`));
  const { rows, row } = found;
  const missing = () => new MissingComponentError(spawnedDeferred(describeEntity(e)), c.name, action);
  if (action === "get") return rows.valuesOf(c, row) ?? thrown(missing());
  const v = requiredCopy(c, values, store.debug);
  if (!rows.setValues(c, row, v as Record<string, unknown>)) throw missing();
  return undefined;
}

function thrown(error: Error): never {
  throw error;
}

/** The record lookup of component c (id) in this world (world/access.ts). */
export function lookup(ctx: WorldContext, c: Component, id: number): Lookup {
  let look = ctx.lookups[id];
  if (look === undefined) {
    look = ctx.lookups[id] = new Lookup(ctx.store, c, id, ctx.defer.commands);
    if (look.quick && ctx.store.registry.plainOf(c) === id) ctx.quick[c[KEY]] = look;
  }
  return look;
}

export function has(ctx: WorldContext, e: number, c: Component | Pair): boolean {
  // The usual has(), short enough to inline: a live entity and a plain component the fast paths know.
  const hot = ctx.hot;
  const id = hot.idOf(c as Component);
  if (id >= 0 && (c as Component).sparse === false && hot.current()) {
    const t = hot.tableOf(e);
    if (t >= 0) return hot.tableHas(t, id);
  }
  return hasAny(ctx, e, c);
}

/** has() past its fast path. */
function hasAny(ctx: WorldContext, e: number, c: Component | Pair): boolean {
  const { store } = ctx;
  store.core.checkLive();
  const t = liveTable(store, e);
  if ((c as Pair | null)?.isPair === true) {
    const p = ownPair(store, c as Pair);
    const rel = store.registry.idOf(p.relation);
    if (p.target !== WILDCARD) liveTable(store, p.target);
    // Like every has() of a waiting spawn: what the spawn gives it.
    if (t === PENDING) return ctx.defer.spawnedExtra(e, ADD_PAIR, rel, p.target === WILDCARD ? -1 : p.target);
    if (store.links.isLinked(rel))
      return p.target === WILDCARD ? store.sparse.has(rel, e) : store.links.has(rel, e, p.target);
    const table = store.tables.at(t);
    return p.target === WILDCARD ? table.hasId(rel) : table.hasPair(rel, p.target);
  }
  const id = store.registry.idOf(c as Component);
  // Like every has(), the state now: what the waiting spawn gives it (a later add or remove waits too).
  if (t === PENDING && (c as Component).isRelation) return ctx.defer.spawnedExtra(e, ADD_PAIR, id, -1); // any target
  if (t === PENDING && store.registry.isSparse(id)) return ctx.defer.spawnedExtra(e, SPARSE, id, -1);
  if (t === PENDING) return ctx.defer.spawnedWith(e)?.includes(id) === true;
  if (store.registry.isSparse(id)) return store.sparse.has(id, e);
  if (store.registry.plainOf(c) === id) store.registry.remember(c as Component); // the next has()'s fast path
  return store.tables.at(t).has(c as Component);
}

/** Targets of relation r on e, ascending (at most one for an exclusive relation). */
export function targets(ctx: WorldContext, e: number, r: Relation): Entity[] {
  const { store } = ctx;
  store.core.checkLive();
  const t = liveTable(store, e);
  const rel = relationOf(store, r, targetsTakesRelation);
  if (t === PENDING) return [];
  if (!rel.fragmenting) return store.links.targets(store.registry.ids[rel[KEY]], e) as Entity[];
  return store.tables.at(t).targets(rel);
}

/** The table that holds e now, refreshed. */
export function tableOf(ctx: WorldContext, e: number): Table {
  const { store } = ctx;
  store.core.checkLive();
  const table = store.tables.at(bornTable(store, e));
  table.refresh();
  return table;
}

/** The row of e in tableOf(e). */
export function rowOf(ctx: WorldContext, e: number): number {
  const { store } = ctx;
  store.core.checkLive();
  bornTable(store, e);
  return store.core.rowOf(e);
}

/** Table of a live entity that has one (ArgumentError for one spawned while deferring). */
function bornTable(store: Store, e: number): number {
  const t = liveTable(store, e);
  if (t === PENDING) throw new ArgumentError(noTableYet(describeEntity(e)));
  return t;
}
