// The per-entity methods of World that have one entry point per mode: world.spawn, add,
// remove and destroy are own properties, set to the immediate ones outside a scope and
// to the deferred ones while the outermost scope is open (world/mode-switch.ts). A loop
// over a query whose first loop called none of them keeps the immediate ones (swapping
// both ways was a quarter of an empty loop's cost); the first immediate one called inside
// a scope swaps them for the rest of it (mode-switch.ts missed). A call in a loop then
// sees one function, and V8 inlines only that mode's paths: within
// its inlining budget (a loop that inlines both modes' paths is left with calls), and
// with no fallback of the other mode that would make an init's literal escape (the
// usual `world.spawn(C.with({ ... }))` in a loop then allocates nothing). Each entry
// point is correct in either mode: one kept past its scope takes the general path, as
// the deferred ones do between the systems of a step, which keeps them for its whole run.
import type { Component, ComponentArg, Pair } from "../component.js";
import type { Entity } from "../entity.js";
import type { Init, Schema } from "../schema.js";
import type { WorldContext } from "./context.js";
import * as entities from "./entities.js";
import * as spawns from "./spawn.js";

/** World's entry points that change with the mode. */
export interface Modal {
  spawn: (...components: ComponentArg[]) => Entity;
  add: <S extends Schema>(e: number, c: Component<S> | Pair<S>, values?: Init<S>) => void;
  remove: (e: number, c: Component | Pair) => boolean;
  destroy: (e: number) => void;
}

/** The immediate and the deferred entry points of ctx's world. */
export function modalOf(ctx: WorldContext): { now: Modal; later: Modal } {
  const now: Modal = {
    // As later's: up to three arguments as themselves (world/spawn.ts spawnNowOne, spawnNowFew). The two are
    // written out, not made by one helper: closures of one function share V8's feedback,
    // and each mode's must see only its own calls.
    spawn: function spawn(a: ComponentArg, b: ComponentArg, c: ComponentArg, ...more: ComponentArg[]): Entity {
      // biome-ignore lint/complexity/noArguments: the count tells spawn() from spawn(undefined); V8 folds it where it inlines
      const n = arguments.length;
      // biome-ignore lint/complexity/noArguments: passed on as they came
      if (ctx.defer.depth !== 0) return spawnMissed(ctx, later, arguments);
      if (n === 1) return spawns.spawnNowOne(ctx, a);
      if (n === 2 || n === 3) return spawns.spawnNowFew(ctx, n, a, b, c);
      return spawns.spawnMore(ctx, n, a, b, c, more);
    },
    add: (e, c, values) =>
      ctx.defer.depth !== 0 ? missed(ctx, later).add(e, c, values) : entities.add(ctx, e, c, values),
    remove: (e, c) => (ctx.defer.depth !== 0 ? missed(ctx, later).remove(e, c) : entities.remove(ctx, e, c)),
    destroy: (e) => (ctx.defer.depth !== 0 ? missed(ctx, later).destroy(e) : entities.destroy(ctx, e)),
  };
  const later: Modal = {
    // Up to three arguments passed on as themselves: V8 then knows an init's class (world/spawn.ts
    // spawnLater), and no list is made per call (spawnLaterFew).
    spawn: function spawn(a: ComponentArg, b: ComponentArg, c: ComponentArg, ...more: ComponentArg[]): Entity {
      // biome-ignore lint/complexity/noArguments: the count tells spawn() from spawn(undefined); V8 folds it where it inlines
      const n = arguments.length;
      ctx.defer.modes.used = true;
      if (n === 1) return spawns.spawnLater(ctx, a);
      if (n === 2 || n === 3) return spawns.spawnLaterFew(ctx, n, a, b, c);
      return spawns.spawnMore(ctx, n, a, b, c, more);
    },
    // Each marks the scope as one that calls them (mode-switch.ts learn).
    add: (e, c, values) => {
      ctx.defer.modes.used = true;
      entities.addLater(ctx, e, c, values);
    },
    remove: (e, c) => {
      ctx.defer.modes.used = true;
      return entities.removeLater(ctx, e, c);
    },
    destroy: (e) => {
      ctx.defer.modes.used = true;
      entities.destroyLater(ctx, e);
    },
  };
  return { now, later };
}

/** The deferred entry points, once an immediate one was called inside a scope (mode-switch.ts missed). */
function missed(ctx: WorldContext, later: Modal): Modal {
  ctx.defer.modes.missed(ctx.defer.iterations[0]?.guess);
  return later;
}

/** The immediate spawn called inside a scope: the deferred one, with the same arguments. */
function spawnMissed(ctx: WorldContext, later: Modal, args: IArguments): Entity {
  return missed(ctx, later).spawn(...(args as unknown as ComponentArg[]));
}

/**
 * Sets world's entry points to those of one mode. A world whose properties cannot be
 * written (frozen) keeps the ones it has: each works in either mode, only slower.
 */
export function enter(world: Modal, mode: Modal): void {
  try {
    world.spawn = mode.spawn;
    world.add = mode.add;
    world.remove = mode.remove;
    world.destroy = mode.destroy;
  } catch {
    // A TypeError from a read-only property: nothing else can throw here.
  }
}
