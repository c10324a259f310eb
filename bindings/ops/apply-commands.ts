// Applying the command buffer (commands.ts) in order, in runs: spawns of one component
// set, adds or removes of one component, destroys; each run is one core call, which
// moves whole blocks of rows where the run lists a table's rows in order. Spawns take
// the ids claimed for them (store/claims.ts). On a CapacityError the commands before
// the failing run stay applied, the rest are dropped, and the claimed ids no entity took
// are burned, so none is ever alive without the components it was spawned with.
import type { Relation } from "../component.js";
import { H_SCRATCH_BYTES } from "../core/constants.generated.js";
import type { Core } from "../core/core.js";
import { stage, trim } from "../core/scratch.js";
import { expect } from "../core/status.js";
import { CapacityError } from "../errors.js";
import { flushFailed } from "../messages.js";
import type { Store } from "../store/store.js";
import type { Table } from "../store/table.js";
import { tableOfSet } from "./archetypes.js";
import { destroyMany, moveMany, pairMany, writeManyInits } from "./batch-ops.js";
import {
  ADD,
  ADD_MANY,
  ADD_PAIR,
  ADD_RUN,
  DESTROY,
  DESTROY_MANY,
  OBJECT,
  PAIR_MANY,
  REMOVE,
  REMOVE_MANY,
  REMOVE_PAIR,
  REMOVE_RUN,
  SPARSE,
  SPAWN,
  SPAWN_MANY,
} from "./command-kinds.js";
import type { CommandBuffer, ManyData, PairManyData, SpawnManyData, SpawnRun } from "./commands.js";
import { addPair, removePair } from "./entity-ops.js";

/** Applies the buffer in order, then forgets the claims (all born, or burned on a failure). */
export function applyCommands(store: Store, buf: CommandBuffer): void {
  store.changes.settle();
  let i = 0;
  try {
    while (i < buf.size) i = applyRun(store, buf, i);
  } catch (error) {
    if (!(error instanceof CapacityError) || store.core.dead !== undefined) throw error;
    burnUnborn(store);
    throw new CapacityError(flushFailed(error.message, i, buf.size - i));
  } finally {
    store.claims.reset();
  }
}

/** Burns the claimed ids no entity took, in pieces that fit the scratch buffer as it is (no memory needed). */
function burnUnborn(store: Store): void {
  const ids = store.claims.unbornIds();
  const room = Math.max(1, store.core.header(H_SCRATCH_BYTES) >>> 2);
  for (let i = 0; i < ids.length; i += room) {
    const part = ids.subarray(i, Math.min(ids.length, i + room));
    store.core.burnIds(stage(store, part, "burn claimed ids"), part.length);
  }
}

/** Applies the run of commands starting at i; returns where the next run starts. */
function applyRun(store: Store, buf: CommandBuffer, i: number): number {
  const j = buf.runEnd(i);
  const kind = buf.kind[i];
  const core = store.core;
  if (kind === SPAWN) applySpawns(store, buf.payload(i) as SpawnRun);
  else if (kind === SPAWN_MANY) applySpawnMany(store, buf.payload(i) as SpawnManyData);
  else if (kind === ADD || kind === REMOVE) applyMoves(store, buf, i, j);
  else if (kind === ADD_RUN || kind === REMOVE_RUN)
    moveMany(store, buf.listed(i), buf.a[i], kind === ADD_RUN, undefined, true);
  else if (kind === DESTROY || kind === DESTROY_MANY) applyDestroys(store, buf, i, j);
  else if (kind === ADD_PAIR || kind === REMOVE_PAIR) applyPair(store, buf, i);
  else if (kind === PAIR_MANY) {
    const d = buf.payload(i) as PairManyData;
    if (core.tableOf(d.target) >= 0) pairMany(store, d.ids, buf.a[i], d.target, d.adding, d.values, true);
    else if (d.adding) lostTarget(store, d.ids, buf.a[i]);
  } else if (kind === ADD_MANY || kind === REMOVE_MANY) {
    const { ids, values } = buf.payload(i) as ManyData;
    moveMany(store, ids, buf.a[i], kind === ADD_MANY, values, true);
  } else if (kind === SPARSE) {
    if (core.tableOf(buf.entity[i]) >= 0) store.sparse.set(buf.a[i], buf.entity[i], buf.b[i] === 1);
  }
  return j;
}

/** Spawns of one component set: their claimed ids take rows of its table as one block. */
function applySpawns(store: Store, run: SpawnRun): void {
  const { core, changes, claims, tables } = store;
  const { set, rows } = run;
  const n = rows.n;
  if (n === 0) return; // its only spawn failed on a value
  const table = tableOfSet(store, set, []);
  const what = `spawn ${n} entities`;
  const ptr = stage(store, rows.ids.subarray(0, n), what);
  let first: number;
  try {
    first = expect(store, core.spawnIds(table, ptr, n), what);
  } finally {
    trim(store, n * 4);
  }
  claims.bornNext(n);
  store.sparse.follow();
  const tbl = tables.at(table);
  if (changes.ticksOf.length > 0) changes.stampSpawned(tbl, first, n);
  rows.write(core, tbl, first, 0, n);
}

function applySpawnMany(store: Store, data: SpawnManyData): void {
  const { core, changes, claims, tables } = store;
  const { ids, set, inits } = data;
  const table = tableOfSet(store, set, inits);
  const what = `spawn ${ids.length} entities`;
  const ptr = stage(store, ids, what);
  let first: number;
  try {
    first = expect(store, core.spawnIds(table, ptr, ids.length), what);
  } finally {
    trim(store, ids.length * 4);
  }
  claims.bornNext(ids.length);
  store.sparse.follow();
  if (changes.ticksOf.length > 0) changes.stampSpawned(tables.at(table), first, ids.length);
  const rows = new Int32Array(ids.length);
  for (let k = 0; k < ids.length; k++) rows[k] = first + k;
  writeManyInits(store, table, rows, inits);
}

/** A run of adds or removes of one component: one batch move, then the values added ones carry. */
function applyMoves(store: Store, buf: CommandBuffer, i: number, j: number): void {
  const { core, changes, tables } = store;
  const id = buf.a[i];
  const adding = buf.kind[i] === ADD;
  // b = 1: values written when recorded (e had id then), written again only when e gains id here;
  // b = 0 (e lacked id) and ADD_AT_FLUSH (something waited for e's row then): written here.
  const had = adding ? new Uint8Array(j - i) : undefined; // had[k - i]: skip k's values (a mark: runs are long)
  if (had !== undefined)
    for (let k = i; k < j; k++)
      if (buf.b[k] === 1 && core.tableOf(buf.entity[k]) >= 0 && core.tableHas(core.tableOf(buf.entity[k]), id))
        had[k - i] = 1;
  // The move stamps the entities that gained id; values written afterwards mark changes.
  moveMany(store, buf.entity.subarray(i, j), id, adding, undefined, true);
  if (!adding || !buf.anyValues) return;
  const tracked = changes.ticksOf[id] !== undefined;
  for (let k = i; k < j; k++) {
    if (!buf.hasValues(k) || had?.[k - i] === 1) continue;
    const e = buf.entity[k];
    const t = core.tableOf(e);
    if (t < 0) continue;
    const row = core.rowOf(e);
    writeEncoded(core, tables.at(t), row, buf, k);
    if (tracked) changes.stamp(tables.at(t), id, row, 1, false);
  }
}

/** A deferred pair change; its entity or target may have died since (see lostTarget). */
function applyPair(store: Store, buf: CommandBuffer, i: number): void {
  const { core, tables } = store;
  const e = buf.entity[i];
  const rel = buf.a[i];
  const target = buf.b[i];
  if (core.tableOf(e) < 0) return;
  if (buf.kind[i] === REMOVE_PAIR) {
    removePair(store, e, rel, target);
    return;
  }
  if (core.tableOf(target) < 0) {
    lostTarget(store, [e], rel);
    return;
  }
  addPair(store, e, rel, target, undefined);
  if (buf.hasValues(i)) writeEncoded(core, tables.at(core.tableOf(e)), core.rowOf(e), buf, i);
}

/**
 * Entities that were to gain a pair whose target an earlier deferred command destroyed:
 * what the target's destruction does to related entities happens to them (destroyed
 * for a "destroy" relation, otherwise they simply do not get the pair).
 */
function lostTarget(store: Store, ids: ArrayLike<number>, rel: number): void {
  if ((store.registry.components[rel] as Relation).onTargetDestroyed === "destroy") destroyMany(store, ids, true);
}

function applyDestroys(store: Store, buf: CommandBuffer, i: number, j: number): void {
  if (j === i + 1) {
    destroyMany(store, buf.kind[i] === DESTROY ? buf.listed(i) : (buf.payload(i) as Uint32Array), true);
    return;
  }
  const parts: Uint32Array[] = [];
  let total = 0;
  for (let k = i; k < j; k++) {
    const ids = buf.kind[k] === DESTROY ? buf.listed(k) : (buf.payload(k) as Uint32Array);
    parts.push(ids);
    total += ids.length;
  }
  const list = new Uint32Array(total);
  let at = 0;
  for (const ids of parts) {
    list.set(ids, at);
    at += ids.length;
  }
  destroyMany(store, list, true);
}

/** Writes command k's encoded values (commands.ts) to `row` of table t. */
function writeEncoded(core: Core, t: Table, row: number, buf: CommandBuffer, k: number): void {
  const { vals, objects } = buf;
  const components = t.components;
  let i = buf.v0[k];
  const end = buf.v1[k];
  while (i < end) {
    const id = vals[i];
    const code = vals[i + 1];
    if (code >= OBJECT) {
      (t.objectColumn(id, code - OBJECT) as unknown[])[row] = objects[vals[i + 2]];
      i += 3;
      continue;
    }
    const c = components[id];
    const bases = t.fieldBases(id, c);
    if (code >= 0) {
      core.views[c.fields[code].code][bases[code] + row] = vals[i + 2];
      i += 3;
      continue;
    }
    const f = c.fields[~code];
    const view = core.views[f.code];
    const at = bases[~code] + row * f.length;
    for (let e = 0; e < f.length; e++) view[at + e] = vals[i + 2 + e];
    i += 2 + f.length;
  }
}
