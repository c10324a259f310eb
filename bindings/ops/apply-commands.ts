// Applying the command buffer (commands.ts) in order. Each run of spawns into one table,
// of adds or removes of one component, or of destroys is one core call. On a
// CapacityError the commands before the failing run stay applied, the rest are dropped,
// and the entities still parked for them are destroyed, so none is left alive without
// the components it was spawned with. (An all-or-nothing flush would need a reservation
// pass over the whole buffer first.)
import { type ComponentArg, ComponentInit, type Relation } from "../component.js";
import { H_RESULT, NO_BLOCK } from "../core/constants.generated.js";
import { stage, trim } from "../core/scratch.js";
import { expect } from "../core/status.js";
import { CapacityError } from "../errors.js";
import { flushFailed } from "../messages.js";
import type { Store } from "../store/store.js";
import { writeValues } from "../store/values.js";
import { destroyMany, moveMany, pairMany, writeManyInits } from "./batch-ops.js";
import {
  ADD,
  ADD_MANY,
  ADD_PAIR,
  type CommandBuffer,
  DESTROY,
  DESTROY_MANY,
  type ManyData,
  PAIR_MANY,
  type PairData,
  type PairManyData,
  REMOVE,
  REMOVE_MANY,
  REMOVE_PAIR,
  SPAWN,
  SPAWN_MANY,
  type SpawnManyData,
} from "./commands.js";
import { addPair, removePair } from "./entity-ops.js";

/** Applies the buffer in order; `parked` is the parking table (world/deferral.ts). */
export function applyCommands(store: Store, buf: CommandBuffer, parked: number): void {
  store.changes.settle();
  let i = 0;
  try {
    while (i < buf.size) i = applyRun(store, buf, i);
  } catch (error) {
    if (!(error instanceof CapacityError) || store.core.dead !== undefined) throw error;
    const left = store.tables.at(parked);
    if (left.refresh() > 0) destroyMany(store, left.entities.slice(), true);
    throw new CapacityError(flushFailed(error.message, i, buf.size - i));
  }
}

/** Applies the run of commands starting at i; returns where the next run starts. */
function applyRun(store: Store, buf: CommandBuffer, i: number): number {
  const j = buf.runEnd(i);
  const kind = buf.kind[i];
  if (kind === SPAWN) applySpawns(store, buf, i, j);
  else if (kind === SPAWN_MANY) applySpawnMany(store, buf.target[i], buf.payload(i) as SpawnManyData);
  else if (kind === ADD || kind === REMOVE) applyMoves(store, buf, i, j);
  else if (kind === DESTROY || kind === DESTROY_MANY) applyDestroys(store, buf, i, j);
  else if (kind === ADD_PAIR || kind === REMOVE_PAIR) applyPair(store, buf, i);
  else if (kind === PAIR_MANY) {
    const d = buf.payload(i) as PairManyData;
    const rel = buf.target[i];
    if (store.core.tableOf(d.target) >= 0) pairMany(store, d.ids, rel, d.target, d.adding, d.values, true);
    else if (d.adding) lostTarget(store, d.ids, rel);
  } else if (kind === ADD_MANY || kind === REMOVE_MANY) {
    const { ids, values } = buf.payload(i) as ManyData;
    moveMany(store, ids, buf.target[i], kind === ADD_MANY, values, true);
  }
  return j;
}

function applySpawns(store: Store, buf: CommandBuffer, i: number, j: number): void {
  const { core, changes, registry, tables } = store;
  const table = buf.target[i];
  const what = `spawn ${j - i} entities`;
  const ptr = stage(store, buf.entity.subarray(i, j), what);
  try {
    expect(store, core.moveMany(ptr, j - i, table, 1), what);
  } finally {
    trim(store, (j - i) * 4);
  }
  const tbl = tables.at(table);
  const stamping = changes.ticksOf.length > 0;
  for (let k = i; k < j; k++) {
    const inits = buf.payload(k) as readonly ComponentArg[];
    const e = buf.entity[k];
    if (core.tableOf(e) !== table) continue;
    const row = core.rowOf(e);
    if (stamping) changes.stampSpawned(tbl, row, 1);
    for (let a = 0; a < inits.length; a++) {
      const arg = inits[a];
      if (arg instanceof ComponentInit)
        writeValues(core, tbl, row, arg.component, registry.ids[arg.component.key], arg.values);
    }
  }
}

function applySpawnMany(store: Store, table: number, data: SpawnManyData): void {
  const { core, changes, tables } = store;
  const { ids, inits } = data;
  const what = `spawn ${ids.length} entities`;
  const ptr = stage(store, ids, what);
  try {
    expect(store, core.moveMany(ptr, ids.length, table, 1), what);
  } finally {
    trim(store, ids.length * 4);
  }
  // Parked entities are alive until a later command destroys them, so all landed in
  // table, usually as one block of rows.
  const first = core.header(H_RESULT);
  const rows = new Int32Array(ids.length);
  if (first !== NO_BLOCK) for (let k = 0; k < ids.length; k++) rows[k] = first + k;
  else for (let k = 0; k < ids.length; k++) rows[k] = core.rowOf(ids[k]);
  writeManyInits(store, table, rows, inits);
  if (changes.ticksOf.length > 0) {
    const tbl = tables.at(table);
    for (const id of tbl.componentIds) if (changes.isTracked(id)) changes.stampRows(tbl, id, rows, true);
  }
}

function applyMoves(store: Store, buf: CommandBuffer, i: number, j: number): void {
  const { core, changes, registry, tables } = store;
  const id = buf.target[i];
  const adding = buf.kind[i] === ADD;
  // The move stamps the entities that gained id; values written afterwards mark changes.
  moveMany(store, buf.entity.subarray(i, j), id, adding, undefined, true);
  if (!adding) return;
  const c = registry.components[id];
  const tracked = changes.ticksOf[id] !== undefined;
  for (let k = i; k < j; k++) {
    const values = buf.payload(k) as object | undefined;
    if (values === undefined) continue;
    const e = buf.entity[k];
    const t = core.tableOf(e);
    if (t < 0) continue;
    writeValues(core, tables.at(t), core.rowOf(e), c, id, values);
    if (tracked) changes.stamp(tables.at(t), id, core.rowOf(e), 1, false);
  }
}

/** A deferred pair change; its entity or target may have died since (see lostTarget). */
function applyPair(store: Store, buf: CommandBuffer, i: number): void {
  const e = buf.entity[i];
  const rel = buf.target[i];
  const d = buf.payload(i) as PairData;
  const core = store.core;
  if (core.tableOf(e) < 0) return;
  if (buf.kind[i] === REMOVE_PAIR) {
    removePair(store, e, rel, d.target);
    return;
  }
  if (core.tableOf(d.target) >= 0) addPair(store, e, rel, d.target, d.values);
  else lostTarget(store, [e], rel);
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
  if (j === i + 1 && buf.kind[i] === DESTROY_MANY) {
    destroyMany(store, buf.payload(i) as Uint32Array, true);
    return;
  }
  let total = 0;
  for (let k = i; k < j; k++) total += buf.kind[k] === DESTROY ? 1 : (buf.payload(k) as Uint32Array).length;
  const list = new Uint32Array(total);
  let at = 0;
  for (let k = i; k < j; k++) {
    if (buf.kind[k] === DESTROY) list[at++] = buf.entity[k];
    else {
      const ids = buf.payload(k) as Uint32Array;
      list.set(ids, at);
      at += ids.length;
    }
  }
  destroyMany(store, list, true);
}
