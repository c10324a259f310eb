// Structural changes to one entity, applied now: one core call each, then the values
// written, change stamps set and removals logged. Callers (world/) have validated the
// arguments and decided not to defer; a failing call throws its typed error and the
// core has changed nothing.
import { type Component, type ComponentArg, ComponentInit, type Relation } from "../component.js";
import { ERR_STALE } from "../core/constants.generated.js";
import { expect, stale } from "../core/status.js";
import type { Store } from "../store/store.js";
import { writeValues } from "../store/values.js";
import { destroyPlanned, isTarget } from "./cascade.js";

/** Spawns into table; writes the init values among `args` when withInits. Returns the entity. */
export function spawn(store: Store, table: number, args: readonly ComponentArg[], withInits: boolean): number {
  const { core, changes } = store;
  if (changes.pending.length !== 0) changes.settle();
  const e = core.spawn(table);
  if (e < 0) expect(store, e, "spawn an entity");
  if (store.sparse.ids.length !== 0) store.sparse.follow();
  if (withInits) writeInits(store, table, core.rowOf(e), args);
  if (changes.ticksOf.length !== 0) changes.stampSpawned(store.tables.at(table), core.rowOf(e), 1);
  return e;
}

/** Writes the init values among args into `row` of `table`. */
export function writeInits(store: Store, table: number, row: number, args: readonly ComponentArg[]): void {
  const tbl = store.tables.at(table);
  const ids = store.registry.ids;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg instanceof ComponentInit)
      writeValues(store.core, tbl, row, arg.component, ids[arg.component.key], arg.values);
  }
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
  // Bits are cleared by slot, which no one else holds until the next spawn.
  if (store.sparse.ids.length !== 0) store.sparse.clearOne(e);
}

/** Adds the pair (rel, target) to live e and writes its data values; false when e held it already. */
export function addPair(store: Store, e: number, rel: number, target: number, values: object | undefined): boolean {
  const { core, changes, registry } = store;
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
  if (changes.pending.length !== 0) changes.settle();
  const status = core.removePair(e, rel, target);
  if (status === ERR_STALE) throw stale(store, e);
  expect(store, status, `remove ${store.registry.components[rel].name}.to(${target})`);
  return status === 1;
}
