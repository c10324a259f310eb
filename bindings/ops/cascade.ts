// Destroying relation targets: the core plans the whole cascade ("destroy" relations
// destroy the related entities, "remove" ones take the pair off), the facade logs the
// removals of everything that dies, and the core commits the plan, which cannot fail.
// Entities that died this way go to `store.deadTargets` while the world watches (its
// query cache drops the queries that name a dead target).
import { H_DYING, H_PLAN, H_PLAN_LEN, H_RECYCLED } from "../core/constants.generated.js";
import { scratch, stageLive, trim } from "../core/scratch.js";
import { expect } from "../core/status.js";
import type { Store } from "../store/store.js";

/** Whether some relation pair names e as its target (its slot's chain is not empty). */
export function isTarget(store: Store, e: number): boolean {
  return store.core.targetHead(e) >= 0 || (store.links.ids.length > 0 && store.links.isTarget(e));
}

/** Whether any listed live entity is a relation target (then a destroy is planned). */
export function anyTarget(store: Store, ids: ArrayLike<number>): boolean {
  const core = store.core;
  for (let i = 0; i < ids.length; i++) if (core.tableOf(ids[i]) >= 0 && core.targetHead(ids[i]) >= 0) return true;
  const links = store.links;
  if (links.ids.length > 0) for (let i = 0; i < ids.length; i++) if (links.isTarget(ids[i])) return true;
  return false;
}

/**
 * Destroys the listed entities and everything their relations take along, as one
 * planned core operation: nothing changes unless all of it can. skipDead ignores dead
 * ids (deferred commands); otherwise a dead one throws StaleEntityError.
 */
export function destroyPlanned(store: Store, ids: ArrayLike<number>, skipDead: boolean): void {
  const { core, changes, tables } = store;
  changes.settle();
  const doomed = planAll(store, ids, skipDead);
  // The planned tables: (table, destination) pairs; every table the commit recycles is one.
  const plan = core.header(H_PLAN) >>> 2;
  const planned: number[] = [];
  for (let i = 0; i < core.header(H_PLAN_LEN); i++) planned.push(core.u32[plan + 2 * i]);
  tables.now(); // views of the tables the plan created, before the commit recycles any
  const recycledBefore = core.header(H_RECYCLED);
  try {
    changes.stageStart();
    if (changes.logged.length > 0) for (const e of doomed) changes.logDestroy(tables.at(core.tableOf(e)), e);
  } catch (error) {
    core.cancelDestroy();
    throw error;
  }
  expect(store, core.commitDestroy(), `destroy ${doomed.length} entities`);
  changes.commit();
  if (store.links.ids.length > 0) store.links.forget(doomed);
  if (store.sparse.ids.length > 0) store.sparse.clearAll(doomed);
  tables.recycledByPlan(planned, recycledBefore);
  tables.sync();
  const watch = store.deadTargets;
  if (watch !== undefined) for (let i = 0; i < doomed.length; i++) watch.push(doomed[i]);
}

/**
 * Plans the destruction of ids in the core and returns every entity it dooms. The
 * sources that non-fragmenting "destroy" relations take along (store/links.ts) join the
 * list and the plan is made again, until it dooms no more of them.
 */
function planAll(store: Store, ids: ArrayLike<number>, skipDead: boolean): Uint32Array {
  const core = store.core;
  let list = ids;
  for (;;) {
    const n = list.length;
    const what = `destroy ${n} entit${n === 1 ? "y" : "ies"}`;
    const ptr = skipDead ? scratch(store, n * 4, what) : stageLive(store, list, what);
    if (skipDead) core.u32.set(list, ptr >>> 2);
    const count = core.planDestroy(ptr, n);
    trim(store, n * 4);
    expect(store, count, what);
    const at = core.header(H_DYING) >>> 2;
    const doomed = core.u32.slice(at, at + count);
    const more = store.links.ids.length > 0 ? store.links.dependents(doomed) : [];
    if (more.length === 0) return doomed;
    core.cancelDestroy();
    list = Array.from(doomed).concat(more);
  }
}
