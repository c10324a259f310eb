// spawn(): world.spawn's entry points, one per mode (world/world.ts swaps them when the
// outermost scope opens and closes), and the general path behind both. The usual spawns
// themselves are in spawn-later.ts (deferred) and spawn-now.ts (at once).
import type { ComponentArg, ComponentInit } from "../component.js";
import { slotsAfter } from "../core/records.js";
import type { Entity } from "../entity.js";
import { spawn as spawnInto } from "../ops/entity-ops.js";
import { distinctArgs } from "../store/component-sets.js";
import type { WorldContext } from "./context.js";
import { lookup } from "./entities.js";
import { spawnInit, spawnNow, spawnOne, spawnSome } from "./spawn-later.js";
import { spawnWith } from "./spawn-now.js";
import { checkPairs } from "./validate.js";

const NONE: readonly never[] = [];

/**
 * Spawns an entity with the given components (and init values): world.spawn outside a
 * scope. Inside one, world.spawn is spawnLater (world/world.ts swaps them): a loop's
 * inlined copy then holds only one mode's paths, and V8 keeps an init's literal
 * unallocated when none of them passes it to a call (each fallback's own call site sees
 * only its own cases).
 */
export function spawn(ctx: WorldContext, args: ComponentArg[]): Entity {
  if (ctx.defer.depth !== 0) return args.length === 1 ? spawnLater(ctx, args[0]) : spawnLaterAll(ctx, args);
  const e = spawnNow(ctx.store, args);
  return e >= 0 ? (e as Entity) : spawnAny(ctx, args);
}

/**
 * spawn() of one argument inside a scope: the usual deferred spawn, kept small enough for
 * V8 to inline into the loop. world/world.ts passes the argument itself (not a list), so
 * V8 knows an init's class here and drops the other branch before escape analysis.
 */
export function spawnLater(ctx: WorldContext, arg: ComponentArg): Entity {
  const { defer, store } = ctx;
  if (defer.depth === 0) return spawn(ctx, [arg]); // a reference kept past its scope
  // Two comparisons after another test, which a bundler keeps as they are: as `arg == null`
  // V8 reads the object's map, and the init escapes.
  if (store.core.dead !== undefined || arg === null || arg === undefined || !arg.isInit) {
    const e = spawnOne(store, defer.commands, arg);
    return e >= 0 ? (e as Entity) : spawnAnyOf(ctx, arg);
  }
  const e = spawnInit(store, defer.commands, arg as ComponentInit);
  // Not `[arg]` here: a literal that never ran is made by a runtime call, and arg stored in it escapes.
  return e >= 0 ? (e as Entity) : spawnAnyOf(ctx, arg);
}

/** spawn() of any other number of arguments inside a scope. */
export function spawnLaterAll(ctx: WorldContext, args: ComponentArg[]): Entity {
  const { defer, store } = ctx;
  if (defer.depth === 0) return spawn(ctx, args); // a reference kept past its scope
  const e = spawnSome(store, defer.commands, args);
  return e >= 0 ? (e as Entity) : spawnAny(ctx, args);
}

function spawnAnyOf(ctx: WorldContext, arg: ComponentArg): Entity {
  return spawnAny(ctx, [arg]);
}

/** spawn() of any arguments. */
function spawnAny(ctx: WorldContext, given: ComponentArg[]): Entity {
  const { store, resolved, defer } = ctx;
  store.core.check();
  let args = distinctArgs(given);
  // The most usual cases: bare plain components whose set's table is known, or inits of them.
  if (defer.depth === 0) {
    const table = store.sets.bareTable(store.registry, args, store.tables);
    if (table >= 0) return spawnInto(store, table, undefined) as Entity; // every column at its defaults
    const done = spawnWith(ctx, args);
    if (typeof done !== "number")
      args = done; // what it read, for the general path
    else if (done >= 0) return done as Entity;
  }
  // The usual case: plain components (or inits of them) whose set the trie knows.
  const known = store.sets.plainSet(store.registry, args);
  if (known !== undefined) {
    const e = defer.spawn(known, args, NONE, NONE) as Entity;
    // The lookups spawnWith needs next time (each init's component is plain: the trie knows it).
    if (defer.depth === 0 && !store.debug)
      for (const a of args) {
        const c = (a as ComponentInit).component;
        if (a.isInit) lookup(ctx, c, store.registry.plain[c.key] as number);
      }
    return e;
  }
  const set = store.sets.resolve(store.registry, args, false, 1, store.debug, store.core.buffer, ctx.unknown, resolved);
  if (resolved.sparse.length === 0 && resolved.pairs.length === 0)
    return ctx.defer.spawn(set, args, NONE, NONE) as Entity;
  const sparse = resolved.sparse.slice();
  const all = checkPairs(store, resolved.pairs.slice());
  const pairs = store.links.ids.length === 0 ? all : all.filter((p) => p.relation.fragmenting);
  const linked = pairs === all ? NONE : all.filter((p) => !p.relation.fragmenting);
  // Room for the new entity's bits first, so nothing can fail once it exists (while
  // deferring, they are set at the flush).
  if (!ctx.defer.active) {
    const slots = slotsAfter(store.core, 1);
    for (const id of sparse) store.sparse.reserveSlots(id, slots);
    for (const p of linked) store.sparse.reserveSlots(store.registry.ids[p.relation.key], slots);
  }
  const e = ctx.defer.spawn(set, args, pairs, sparse);
  for (const p of linked)
    ctx.defer.addPair(e, store.registry.ids[p.relation.key], p.target as number, undefined, p.relation, false);
  return e as Entity;
}
