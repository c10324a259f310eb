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
  return store.core.targetHead(e) >= 0;
}

/** Whether any listed live entity is a relation target (then a destroy is planned). */
export function anyTarget(store: Store, ids: ArrayLike<number>): boolean {
  const core = store.core;
  for (let i = 0; i < ids.length; i++) if (core.tableOf(ids[i]) >= 0 && core.targetHead(ids[i]) >= 0) return true;
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
  const n = ids.length;
  const what = `destroy ${n} entit${n === 1 ? "y" : "ies"}`;
  const ptr = skipDead ? scratch(store, n * 4, what) : stageLive(store, ids, what);
  if (skipDead) core.u32.set(ids, ptr >>> 2);
  const count = core.planDestroy(ptr, n);
  trim(store, n * 4);
  expect(store, count, what);
  const at = core.header(H_DYING) >>> 2;
  const doomed = core.u32.slice(at, at + count);
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
  expect(store, core.commitDestroy(), what);
  changes.commit();
  if (store.sparse.ids.length > 0) store.sparse.clearAll(doomed);
  tables.recycledByPlan(planned, recycledBefore);
  tables.sync();
  const watch = store.deadTargets;
  if (watch !== undefined) for (let i = 0; i < doomed.length; i++) watch.push(doomed[i]);
}
