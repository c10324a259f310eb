// Batches: one core call for many entities. A list of ids is staged in the core's
// scratch buffer; a query's tables move as whole blocks (no list at all). Every batch is
// all or nothing: a stale id (unless skipDead, for deferred commands) or a full memory
// throws before anything changed.
import { type ComponentArg, ComponentInit, type Relation } from "../component.js";
import { KEY } from "../component-keys.js";
import {
  ERR_CAPACITY,
  ERR_STALE,
  H_JOURNAL,
  H_JOURNAL_CAP,
  H_JOURNAL_LEN,
  H_RESULT,
  H_SCRATCH_BYTES,
  H_SLOT_COUNT,
  NO_BLOCK,
} from "../core/constants.generated.js";
import { checkAllLive, scratch, stage, stageLive, trim } from "../core/scratch.js";
import { expect, stale } from "../core/status.js";
import type { Store } from "../store/store.js";
import type { Table } from "../store/table.js";
import { writeManyValues, writeValues } from "../store/values.js";
import { anyTarget, destroyPlanned } from "./cascade.js";

/** Rows first .. first + n - 1. */
function rowRange(first: number, n: number): Int32Array {
  const rows = new Int32Array(n);
  for (let i = 0; i < n; i++) rows[i] = first + i;
  return rows;
}

/** Writes the init values among args to the given rows of table. */
export function writeManyInits(store: Store, table: number, rows: Int32Array, args: readonly ComponentArg[]): void {
  const tbl = store.tables.at(table);
  for (const arg of args) {
    if (arg instanceof ComponentInit)
      writeManyValues(
        store.core,
        tbl,
        rows,
        arg.component,
        store.registry.ids[arg.component[KEY]],
        arg.values,
        arg.each,
      );
  }
}

/** Spawns n entities into table with one call; writes the init values among args when withInits. */
export function spawnMany(
  store: Store,
  table: number,
  n: number,
  args: readonly ComponentArg[],
  withInits: boolean,
): Uint32Array {
  const { core, changes, tables } = store;
  changes.settle();
  const first = expect(store, core.spawnMany(table, n, 0), `spawn ${n} entities`);
  store.sparse.follow();
  if (changes.ticksOf.length > 0) changes.stampSpawned(tables.at(table), first, n);
  // The new entities are rows first .. first + n - 1 of the table's entity column.
  const col = tables.at(table).columnPtr(0) >>> 2;
  const ids = core.u32.slice(col + first, col + first + n);
  if (withInits) writeManyInits(store, table, rowRange(first, n), args);
  return ids;
}

/**
 * Adds (or removes) component id on every listed entity with one core call; entities of
 * one table in row order move as one block. skipDead ignores dead ones (deferred),
 * otherwise a stale one anywhere throws and nothing moves. `values` are written to
 * every listed entity that has the component afterwards.
 */
export function moveMany(
  store: Store,
  ids: ArrayLike<number>,
  id: number,
  adding: boolean,
  values: object | undefined,
  skipDead: boolean,
): void {
  const { core, changes, registry, tables } = store;
  changes.settle();
  const c = registry.components[id];
  const n = ids.length;
  const what = `${adding ? "add" : "remove"} ${c.name} on ${n} entities`;
  const ptr = skipDead ? stage(store, ids, what) : stageLive(store, ids, what);
  const had = beforeMoves(store, ids, id, adding);
  const status = adding ? core.addMany(ptr, n, id, skipDead ? 1 : 0) : core.removeMany(ptr, n, id, skipDead ? 1 : 0);
  trim(store, n * 4);
  expect(store, status, what);
  changes.commit();
  if (had !== undefined) stampMoved(store, ids, id, had, values !== undefined);
  if (values === undefined || !adding || n === 0) return;
  // Write the values table by table: entities of one table sit in runs (a query batch
  // lists each table's rows in order, and they land as one block).
  const first = core.header(H_RESULT);
  if (first !== NO_BLOCK) {
    // The core moved the whole list as one block: rows first .. first + n - 1 of one table.
    writeManyValues(core, tables.at(core.tableOf(ids[0])), rowRange(first, n), c, id, values, false);
    return;
  }
  const where = new Int32Array(n);
  const rows = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const t = core.tableOf(ids[i]);
    where[i] = t;
    rows[i] = t < 0 ? -1 : core.rowOf(ids[i]);
  }
  for (let i = 0; i < n; ) {
    let j = i + 1;
    while (j < n && where[j] === where[i]) j++;
    if (where[i] >= 0) writeManyValues(core, tables.at(where[i]), rows.subarray(i, j), c, id, values, false);
    i = j;
  }
}

/**
 * Adds (or removes) component id on every entity of the given tables with one core
 * call: each table moves as a whole block. Entities that already have it (when adding)
 * get the values written.
 */
export function moveTables(
  store: Store,
  list: readonly Table[],
  id: number,
  adding: boolean,
  values: object | undefined,
): void {
  const { core, changes, registry, tables } = store;
  changes.settle();
  const c = registry.components[id];
  const n = list.length;
  const what = `${adding ? "add" : "remove"} ${c.name} on ${n} tables`;
  const ptr = scratch(store, n * 16, what);
  for (let i = 0; i < n; i++) core.u32[(ptr >>> 2) + i] = list[i].id;
  const out = ptr + n * 4;
  // Staged before the move (the rows are still there), logged only once it went through.
  changes.stageStart();
  if (!adding && changes.isLogged(id)) for (const t of list) if (t.hasId(id)) changes.logTable(id, t);
  expect(store, adding ? core.addToTables(ptr, n, id, out) : core.removeFromTables(ptr, n, id, out), what);
  changes.commit();
  const tracked = adding && changes.ticksOf[id] !== undefined;
  if ((values === undefined && !tracked) || !adding) return;
  // Read the [destination, first row, rows] triples before any write can move memory.
  const triples = core.u32.slice(out >>> 2, (out >>> 2) + n * 3);
  for (let i = 0; i < n; i++) {
    const dst = tables.at(triples[3 * i]);
    const moved = triples[3 * i + 2];
    const first = moved > 0 ? triples[3 * i + 1] : 0;
    const count = moved > 0 ? moved : dst.refresh();
    if (count === 0) continue;
    if (tracked && (moved > 0 || values !== undefined)) changes.stamp(dst, id, first, count, moved > 0);
    if (values !== undefined) writeManyValues(core, dst, rowRange(first, count), c, id, values, false);
  }
}

/**
 * Before moving the listed entities: stages removals of id (when removing and logged)
 * and, when adding a tracked id, returns which entities had it already (1) or were
 * dead (2), for stampMoved(). Undefined when there is nothing to stamp.
 */
function beforeMoves(store: Store, ids: ArrayLike<number>, id: number, adding: boolean): Uint8Array | undefined {
  const { core, changes, tables } = store;
  changes.stageStart();
  if (!adding) {
    if (changes.isLogged(id)) {
      const seen = new Set<number>();
      for (let i = 0; i < ids.length; i++) {
        const t = core.tableOf(ids[i]);
        if (t < 0 || seen.has(ids[i]) || !tables.at(t).hasId(id)) continue;
        seen.add(ids[i]);
        changes.logRemoval(id, ids[i]);
      }
    }
    return undefined;
  }
  if (changes.ticksOf[id] === undefined) return undefined;
  const had = new Uint8Array(ids.length);
  for (let i = 0; i < ids.length; i++) {
    const t = core.tableOf(ids[i]);
    had[i] = t < 0 ? 2 : tables.at(t).hasId(id) ? 1 : 0;
  }
  return had;
}

/** Stamps id on the moved entities: added when they gained it, changed when values were written. */
function stampMoved(store: Store, ids: ArrayLike<number>, id: number, had: Uint8Array, written: boolean): void {
  const { core, changes, tables } = store;
  for (let i = 0; i < ids.length; i++) {
    if (had[i] === 2 || (had[i] === 1 && !written)) continue;
    const t = core.tableOf(ids[i]);
    if (t >= 0) changes.stamp(tables.at(t), id, core.rowOf(ids[i]), 1, had[i] === 0);
  }
}

/** Destroys every entity of the given tables with one core call. */
export function destroyTables(store: Store, list: readonly Table[]): void {
  const { core, changes } = store;
  if (store.registry.relations > 0) {
    const ids: number[] = [];
    for (const t of list) if (t.refresh() > 0) for (const e of t.entities) ids.push(e);
    if (anyTarget(store, ids)) {
      destroyPlanned(store, ids, true);
      return;
    }
  }
  changes.settle();
  changes.stageStart();
  if (changes.logged.length > 0) for (const t of list) changes.logDestroyTable(t);
  // Copies: the tables are empty afterwards, and a core call may detach their views.
  const doomed = store.sparse.ids.length > 0 ? list.map((t) => t.entities.slice()) : [];
  const n = list.length;
  const what = `destroy the entities of ${n} tables`;
  const ptr = stage(
    store,
    list.map((t) => t.id),
    what,
  );
  expect(store, core.destroyInTables(ptr, n), what);
  changes.commit();
  for (const ids of doomed) store.links.forget(ids);
  for (const ids of doomed) store.sparse.clearAll(ids);
}

/** Destroys listed entities with one call; skipDead ignores dead ones, otherwise all must be alive. */
export function destroyMany(store: Store, ids: ArrayLike<number>, skipDead: boolean): void {
  const { core, changes, sparse } = store;
  if (store.registry.relations > 0 && anyTarget(store, ids)) {
    destroyPlanned(store, ids, skipDead);
    return;
  }
  changes.settle();
  const what = `destroy ${ids.length} entities`;
  const live = changes.logged.length > 0 || sparse.ids.length > 0 ? liveOnly(store, ids) : undefined;
  changes.stageStart();
  if (live !== undefined && changes.logged.length > 0) {
    if (!skipDead) checkAllLive(store, ids);
    const seen = new Set<number>();
    for (const e of live) {
      if (seen.has(e)) continue; // a repeated entity is destroyed once
      seen.add(e);
      changes.logDestroy(store.tables.at(core.tableOf(e)), e);
    }
  }
  if (!destroyAtOnce(store, ids, skipDead, what)) {
    // Out of scratch or journal memory: destroying must still work, in pieces.
    if (!skipDead) checkAllLive(store, ids);
    destroyInPieces(store, ids, what);
  }
  changes.commit();
  if (live !== undefined && store.links.ids.length > 0) store.links.forget(live);
  // Their slots stay free until the next spawn: clearing bits now needs no id check.
  if (live !== undefined && sparse.ids.length > 0) sparse.clearAll(live);
}

/** Ids among `ids` that are alive now. */
function liveOnly(store: Store, ids: ArrayLike<number>): number[] {
  const out: number[] = [];
  for (let i = 0; i < ids.length; i++) if (store.core.tableOf(ids[i]) >= 0) out.push(ids[i]);
  return out;
}

/**
 * The usual way: the list in scratch, checked and destroyed with one call each. False
 * when memory for the scratch buffer or the row journal ran out (nothing changed).
 */
function destroyAtOnce(store: Store, ids: ArrayLike<number>, skipDead: boolean, what: string): boolean {
  const core = store.core;
  const n = ids.length;
  const ptr = core.scratch(n * 4);
  if (ptr === 0) return false;
  core.u32.set(ids, ptr >>> 2);
  if (!skipDead) {
    const dead = core.firstDead(ptr, n);
    if (dead >= 0) {
      trim(store, n * 4);
      throw stale(store, ids[dead]);
    }
  }
  const status = core.destroyMany(ptr, n, 1);
  trim(store, n * 4);
  if (status === ERR_CAPACITY) return false;
  expect(store, status, what);
  return true;
}

/**
 * destroyMany() once every id was checked, in pieces that fit the scratch buffer and the
 * row journal as they are: it needs no memory, so it cannot fail half-way.
 */
function destroyInPieces(store: Store, ids: ArrayLike<number>, what: string): void {
  const core = store.core;
  const n = ids.length;
  let chunk = Math.max(1, core.header(H_SCRATCH_BYTES) >>> 2);
  if (core.header(H_JOURNAL) !== 0)
    chunk = Math.max(1, Math.min(chunk, core.header(H_JOURNAL_CAP) - core.header(H_JOURNAL_LEN)));
  const list = ids instanceof Uint32Array ? ids : Uint32Array.from(ids);
  for (let i = 0; i < n; i += chunk) {
    const part = list.subarray(i, Math.min(n, i + chunk));
    const ptr = stage(store, part, what);
    expect(store, core.destroyMany(ptr, part.length, 1), what);
  }
}

/** Adds or removes the pair (rel, target) on listed entities with one core call. */
export function pairMany(
  store: Store,
  ids: ArrayLike<number>,
  rel: number,
  target: number,
  adding: boolean,
  values: object | undefined,
  skipDead: boolean,
): void {
  const { core, changes, registry, tables } = store;
  if (store.links.isLinked(rel)) {
    linkMany(store, ids, rel, target, adding, skipDead);
    return;
  }
  changes.settle();
  const r = registry.components[rel] as Relation;
  const n = ids.length;
  const what = `${adding ? "add" : "remove"} ${r.name}.to(${target}) on ${n} entities`;
  const ptr = skipDead ? stage(store, ids, what) : stageLive(store, ids, what);
  const status = core.pairMany(ptr, n, rel, target, adding ? 1 : 0, skipDead ? 1 : 0);
  trim(store, n * 4);
  if (status === ERR_STALE) throw stale(store, target);
  expect(store, status, what);
  if (values === undefined || !adding) return;
  for (let i = 0; i < n; i++) {
    const t = core.tableOf(ids[i]);
    if (t >= 0) writeValues(core, tables.at(t), core.rowOf(ids[i]), r, rel, values);
  }
}

/** Adds or removes the pair on every entity of the given tables (whole blocks), with one core call. */
export function pairTables(
  store: Store,
  list: readonly Table[],
  rel: number,
  target: number,
  adding: boolean,
  values: object | undefined,
): void {
  const { core, changes, registry, tables } = store;
  if (store.links.isLinked(rel)) {
    const ids: number[] = [];
    for (const t of list) if (t.refresh() > 0) for (const e of t.entities) ids.push(e);
    linkMany(store, ids, rel, target, adding, true);
    return;
  }
  changes.settle();
  const r = registry.components[rel] as Relation;
  const n = list.length;
  const what = `${adding ? "add" : "remove"} ${r.name}.to(${target}) on ${n} tables`;
  const ptr = scratch(store, n * 16, what);
  for (let i = 0; i < n; i++) core.u32[(ptr >>> 2) + i] = list[i].id;
  const out = ptr + n * 4;
  const status = core.pairTables(ptr, n, rel, target, adding ? 1 : 0, out);
  if (status === ERR_STALE) throw stale(store, target);
  expect(store, status, what);
  if (values === undefined || !adding) return;
  const triples = core.u32.slice(out >>> 2, (out >>> 2) + n * 3);
  for (let i = 0; i < n; i++) {
    const dst = tables.at(triples[3 * i]);
    const moved = triples[3 * i + 2];
    const first = moved > 0 ? triples[3 * i + 1] : 0;
    const count = moved > 0 ? moved : dst.refresh();
    if (count > 0) writeManyValues(core, dst, rowRange(first, count), r, rel, values, false);
  }
}

/** Checks that every listed entity is alive (one core call), for deferred batches. */
export function checkLive(store: Store, ids: ArrayLike<number>): void {
  stageLive(store, ids, `check ${ids.length} entities`);
  trim(store, ids.length * 4);
}

/**
 * pairMany() of a non-fragmenting relation (store/links.ts): every id and the target
 * checked first (skipDead: dead ids are passed over), the bitset sized for all, then
 * one link per entity, which cannot fail.
 */
function linkMany(
  store: Store,
  ids: ArrayLike<number>,
  rel: number,
  target: number,
  adding: boolean,
  skipDead: boolean,
): void {
  const { core, links, sparse } = store;
  if (!skipDead) checkAllLive(store, ids);
  if (adding && core.tableOf(target) < 0) throw stale(store, target);
  if (adding) sparse.reserveSlots(rel, core.header(H_SLOT_COUNT));
  for (let i = 0; i < ids.length; i++) {
    const e = ids[i];
    if (core.tableOf(e) < 0) continue;
    if (adding) links.link(rel, e, target);
    else links.unlink(rel, e, target);
  }
}
