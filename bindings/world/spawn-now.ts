// The usual spawn with init values outside a loop, `world.spawn(P.with({ x, y }), V)`,
// past spawn()'s general path (world/entities.ts), which stages the values into rows and
// copies them from there. Here each init is read once by its component's record lookup
// (world/access.ts Lookup.stage: code made for the component), then one core spawn makes
// the row with every column at its defaults, and the given fields are written into it.
// While the lookups hold what was read (store.staging), a getter's spawn or add takes the
// general path, so nothing stages over them.
import type { Component, ComponentArg, ComponentInit } from "../component.js";
import { KEY } from "../component-keys.js";
import { ArgumentError } from "../errors.js";
import { spawnReentered } from "../messages.js";
import { checkedCopy } from "../store/values.js";
import type { Lookup } from "./access.js";
import type { WorldContext } from "./context.js";
import { spawnsPlain } from "./spawn-later.js";

/**
 * Spawns an entity with `args` (inits, bare components too) when their set's table is
 * known, each init's component has a record lookup that reads its values (numbers of
 * scalar fields), and the world is as spawnsPlain (world/spawn-later.ts) asks for: the
 * entity. -1 with nothing spawned and nothing read otherwise. Copies of what was read,
 * nothing spawned, when the general path must spawn after all: values the stager
 * refuses (refused()), a getter among them called the world, or the core refused (the
 * general path names the error).
 */
export function spawnWith(ctx: WorldContext, args: readonly ComponentArg[]): number | ComponentArg[] {
  const { store, quick } = ctx;
  const { core, changes } = store;
  if (store.debug || store.staging || !spawnsPlain(store)) return -1;
  const n = args.length;
  const set = store.sets.plainSet(store.registry, args);
  if (set === undefined || !set.distinct) return -1;
  const table = store.sets.cached(set, store.tables);
  if (table < 0) return -1;
  for (let i = 0; i < n; i++) {
    const arg = args[i];
    if (!arg.isInit) continue;
    const c = (arg as ComponentInit).component;
    const look = quick[c[KEY]];
    if (look === undefined || look.c !== c) return -1;
  }
  // What the general path's restage of the set's row would see move: a getter's spawn of this set.
  const one = set.one;
  const round = one === undefined ? 0 : one.round;
  const version = core.version;
  let read = 0; // args before this one were read
  store.staging = true;
  try {
    for (; read < n; read++) {
      const arg = args[read];
      if (arg.isInit && !lookOf(ctx, arg).stage((arg as ComponentInit).values)) break;
    }
  } finally {
    store.staging = false;
  }
  if (read < n) return refused(ctx, args, read);
  // As the general path's restage: ArgumentError when a getter spawned this set with values.
  if (set.one !== one || (one !== undefined && one.round !== round))
    throw new ArgumentError(spawnReentered(comps(args)));
  if (core.version !== version || changes.pending.length !== 0) return copies(ctx, args, n);
  const e = core.spawn(table);
  if (e < 0) return copies(ctx, args, n);
  const row = core.rowOf(e);
  for (let i = 0; i < n; i++) if (args[i].isInit) lookOf(ctx, args[i]).putStaged(table, row);
  return e;
}

function lookOf(ctx: WorldContext, init: ComponentArg): Lookup {
  return ctx.quick[(init as ComponentInit).component[KEY]] as Lookup;
}

function comps(args: readonly ComponentArg[]): Component[] {
  return args.map((a) => (a.isInit ? (a as ComponentInit).component : (a as Component)));
}

/**
 * args for the general path when the stager refused args[read]'s values: copies of the
 * inits before it, and its values read once more into a checked copy, which throws the
 * SchemaError the general path would (their getters then ran twice, not three times).
 */
function refused(ctx: WorldContext, args: readonly ComponentArg[], read: number): ComponentArg[] {
  const out = copies(ctx, args, read);
  const { component: c, values } = args[read] as ComponentInit;
  out[read] = c.with(checkedCopy(c, values, ctx.store.debug) as object);
  return out;
}

/** args with the values of the inits before args[read] as spawnWith read them. */
function copies(ctx: WorldContext, args: readonly ComponentArg[], read: number): ComponentArg[] {
  return args.map((a, i) =>
    a.isInit && i < read ? (a as ComponentInit).component.with(lookOf(ctx, a).stagedCopy()) : a,
  );
}
