// Structural changes to one entity, applied now: one core call each, then the values
// written, change stamps set and removals logged. Callers (world/) have validated the
// arguments and decided not to defer; a failing call throws its typed error and the
// core has changed nothing.
import type { Component, Relation } from "../component.js";
import { ERR_STALE } from "../core/constants.generated.js";
import { expect, stale, statusError } from "../core/status.js";
import type { InitRows } from "../store/init-rows.js";
import type { Store } from "../store/store.js";
import { writeValues } from "../store/values.js";
import { destroyPlanned, isTarget } from "./cascade.js";

/** Spawns into table with the init values staged in row 0 of `rows`. Returns the entity. */
export function spawn(store: Store, table: number, rows: InitRows | undefined): number {
  const { core, changes } = store;
  if (changes.pending.length !== 0) changes.settle();
  const e = core.spawn(table);
  if (e < 0) expect(store, e, "spawn an entity");
  if (store.sparse.ids.length !== 0) store.sparse.follow();
  if (rows?.any) rows.write(core, store.tables.at(table), core.rowOf(e), 0, 1);
  if (changes.ticksOf.length !== 0) changes.stampSpawned(store.tables.at(table), core.rowOf(e), 1);
  return e;
}

/** Adds component id to live e (or, when e has it, writes the values). */
export function add(store: Store, e: number, id: number, c: Component, values: object | undefined): void {
  const { core, changes, tables } = store;
  if (changes.pending.length !== 0) changes.settle();
  const tracked = changes.ticksOf[id] !== undefined;
  const had = tracked && tables.at(core.tableOf(e)).hasId(id);
  const status = core.add(e, id);
  if (status < 0) expect(store, status, `add ${c.name}`);
  if (values !== undefined) writeValues(core, tables.at(core.tableOf(e)), core.rowOf(e), c, id, values);
  if (tracked && (!had || values !== undefined)) changes.stamp(tables.at(core.tableOf(e)), id, core.rowOf(e), 1, !had);
}

/**
 * add() of a plain component without values, for e of any liveness: the core checks it
 * (ERR_STALE), so the common case is one call.
 */
export function addPlain(store: Store, e: number, id: number, c: Component): void {
  const { changes } = store;
  if (changes.ticksOf[id] !== undefined || changes.pending.length !== 0 || typeof e !== "number" || e >>> 0 !== e)
    addChecked(store, e, id, c);
  else {
    const status = store.core.add(e, id);
    if (status < 0) failed(store, e, status, "add", c);
  }
}

/** addPlain() of an entity that may be no handle, or of a component whose changes are tracked. */
function addChecked(store: Store, e: number, id: number, c: Component): void {
  if (store.core.tableOf(e) < 0) throw stale(store, e);
  add(store, e, id, c, undefined);
}

/** The error for a refused add or remove of c (out of line: addPlain and removePlain stay small). */
function failed(store: Store, e: number, status: number, what: string, c: Component): never {
  if (status === ERR_STALE) throw stale(store, e);
  throw statusError(store, status, `${what} ${c.name}`);
}

/** remove() of a plain component, for e of any liveness (the core checks it); false when e did not have it. */
export function removePlain(store: Store, e: number, id: number, c: Component): boolean {
  const { changes } = store;
  // Not a u32 (the call would truncate it to another id), or bookkeeping to do: the general path.
  if (changes.logged.length !== 0 || changes.pending.length !== 0 || typeof e !== "number" || e >>> 0 !== e)
    return removeChecked(store, e, id, c);
  const status = store.core.remove(e, id);
  if (status < 0) failed(store, e, status, "remove", c);
  return status === 1;
}

/** removePlain() of an entity that may be no handle, or with bookkeeping to do. */
function removeChecked(store: Store, e: number, id: number, c: Component): boolean {
  if (store.core.tableOf(e) < 0) throw stale(store, e);
  return remove(store, e, id, c);
}

/** destroy() when nothing needs the facade's bookkeeping (no relation, removal log or sparse tag). */
export function destroyPlain(store: Store, e: number): void {
  // Not a u32: the call would truncate it to another id.
  const status = typeof e === "number" && e >>> 0 === e ? store.core.destroy(e) : ERR_STALE;
  if (status < 0) destroyFailed(store, e, status);
}

/** The error for a refused destroy (out of line: destroyPlain stays small). */
function destroyFailed(store: Store, e: number, status: number): never {
  if (status === ERR_STALE) throw stale(store, e);
  throw statusError(store, status, "destroy an entity");
}

/**
 * Whether an immediate destroy may be one core call (destroyPlain): the world takes
 * calls (no trap, not debug) and keeps no bookkeeping a destroy must update (relations,
 * a removal log, pending change stamps, sparse tags).
 */
export function destroysPlain(store: Store): boolean {
  const { core, changes } = store;
  return (
    core.dead === undefined &&
    core.onCheck === undefined &&
    store.registry.relations === 0 &&
    changes.logged.length === 0 &&
    changes.pending.length === 0 &&
    store.sparse.ids.length === 0
  );
}

/** Removes component id from live e; false when e did not have it. */
export function remove(store: Store, e: number, id: number, c: Component): boolean {
  const { core, changes } = store;
  if (changes.pending.length !== 0) changes.settle();
  const status = core.remove(e, id);
  if (status < 0) expect(store, status, `remove ${c.name}`);
  if (status === 1 && changes.logged.length !== 0 && changes.isLogged(id)) {
    changes.stageStart();
    changes.logRemoval(id, e);
    changes.commit();
  }
  return status === 1;
}

/** Destroys live e; with its relations' cascade when it is a relation target. */
export function destroy(store: Store, e: number): void {
  const { core, changes } = store;
  if (store.registry.relations > 0 && isTarget(store, e)) {
    destroyPlanned(store, [e], false);
    return;
  }
  if (changes.pending.length !== 0) changes.settle();
  const logging = changes.logged.length !== 0;
  if (logging) {
    changes.stageStart();
    changes.logDestroy(store.tables.at(core.tableOf(e)), e);
  }
  const status = core.destroy(e);
  if (status < 0) expect(store, status, "destroy an entity");
  if (logging) changes.commit();
  if (store.links.ids.length !== 0) store.links.forget([e]);
  // Bits are cleared by slot, which no one else holds until the next spawn.
  if (store.sparse.ids.length !== 0) store.sparse.clearOne(e);
}

/** Adds the pair (rel, target) to live e and writes its data values; false when e held it already. */
export function addPair(store: Store, e: number, rel: number, target: number, values: object | undefined): boolean {
  const { core, changes, registry } = store;
  if (store.links.isLinked(rel)) return link(store, e, rel, target);
  if (changes.pending.length !== 0) changes.settle();
  const status = core.addPair(e, rel, target);
  if (status < 0) {
    if (status === ERR_STALE) throw stale(store, core.tableOf(e) < 0 ? e : target);
    expect(store, status, `add ${registry.components[rel].name}.to(${target})`);
  }
  if (values !== undefined)
    writeValues(
      core,
      store.tables.at(core.tableOf(e)),
      core.rowOf(e),
      registry.components[rel] as Relation,
      rel,
      values,
    );
  return status === 0;
}

/** Removes the pair (rel, target) from live e; false when e did not hold it. */
export function removePair(store: Store, e: number, rel: number, target: number): boolean {
  const { core, changes } = store;
  if (store.links.isLinked(rel)) {
    if (core.tableOf(e) < 0) throw stale(store, e);
    return store.links.unlink(rel, e, target);
  }
  if (changes.pending.length !== 0) changes.settle();
  const status = core.removePair(e, rel, target);
  if (status === ERR_STALE) throw stale(store, e);
  // The message is made only for a failure: it costs more than the call.
  if (status < 0) expect(store, status, `remove ${store.registry.components[rel].name}.to(${target})`);
  return status === 1;
}

/** addPair() of a non-fragmenting relation: no core call, no move (store/links.ts). */
function link(store: Store, e: number, rel: number, target: number): boolean {
  const core = store.core;
  if (core.tableOf(e) < 0) throw stale(store, e);
  if (core.tableOf(target) < 0) throw stale(store, target);
  return store.links.link(rel, e, target);
}
