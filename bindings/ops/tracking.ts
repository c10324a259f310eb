// Starting change tracking of a component: it gets a hidden companion C:ticks (the
// stamps) that the core moves with it, every table that holds it moves to the table
// with the companion too (all or nothing), and its rows count as added and changed now.
import { KEY } from "../component-keys.js";
import { expect } from "../core/status.js";
import { CapacityError } from "../errors.js";
import { nextTick, ticksComponent } from "../store/changes.js";
import type { Store } from "../store/store.js";
import { moveTables } from "./batch-ops.js";
import { register } from "./components.js";

/** Starts tracking changes of component id (nothing when it is tracked already). */
export function track(store: Store, id: number): void {
  const { core, changes, registry, tables } = store;
  if (changes.ticksOf[id] !== undefined) return;
  // A companion made by an earlier attempt that ran out of memory is used again.
  const k = store.untracked[id] ?? ticksComponent(registry.components[id]);
  store.untracked[id] = k;
  register(store, k);
  const kid = registry.ids[k[KEY]];
  // First give every table with id the companion (CapacityError leaves tracking off),
  // then link them, which cannot fail.
  const holding = tables.now().filter((t) => t.hasId(id) && !t.hasId(kid) && t.refresh() > 0);
  if (holding.length > 0) moveTables(store, holding, kid, true, { added: changes.tick, changed: changes.tick });
  expect(store, core.linkCompanion(id, kid), `track changes of ${registry.components[id].name}`);
  changes.ticksOf[id] = kid;
  changes.ticksComponents[id] = k;
  store.untracked[id] = undefined;
  // Component sets with id now lead to tables with the companion: look them up again.
  store.sets.epoch++;
}

/**
 * Starts the tracking asked for while deferring (ids), dropping each from the list as
 * it starts. One that memory cannot take now stays in the list: each flush tries again,
 * its queries find no row until then (query/rows.ts), and a read of one outside a scope
 * starts it or throws CapacityError (world/queries.ts startTracking).
 */
export function trackWaiting(store: Store, ids: number[]): void {
  if (ids.length === 0) return;
  // A tick past the flush's commands: a system whose scope asked for the tracking sees its
  // rows in its next run (its own commands are stamped with its tick, which it has read).
  store.changes.tick = nextTick(store.changes.tick);
  for (let i = 0; i < ids.length; ) {
    try {
      track(store, ids[i]);
      ids.splice(i, 1);
    } catch (error) {
      if (!(error instanceof CapacityError)) throw error;
      i++;
    }
  }
}
