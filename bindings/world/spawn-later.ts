// The usual spawns, kept small enough for V8 to inline into the caller: the deferred ones a
// loop makes (plain components or inits of them whose set the trie knows, staged in the run
// of the last command when it spawns the same set; world/deferral.ts records every other
// spawn), and spawnNow, an immediate spawn of the last bare spawn's components again. In
// the user's loop, escape analysis can then drop the user's init objects: nothing here
// passes an argument's object to a call V8 would not inline, and nothing asks `typeof` of
// one (V8 11.3 then allocates it).
import type { Component, ComponentArg, ComponentInit, Pair } from "../component.js";
import type { CommandBuffer } from "../ops/commands.js";
import type { ComponentSet } from "../store/component-sets.js";
import { bare, type InitRows } from "../store/init-rows.js";
import type { Store } from "../store/store.js";

/** A deferred spawn of `set` staged in its run (the last command's, when it spawns `set`), its id claimed. */
export function stageLater(
  store: Store,
  commands: CommandBuffer,
  set: ComponentSet,
  args: readonly ComponentArg[],
): number {
  const rows = commands.spawnRun(set, store.sets, store.registry);
  // Bare components into a run whose rows took no values and have room: nothing to stage
  // and no user code to run, only an id to claim. Small, so that V8 inlines it whole into
  // a loop that also spawns at once (both paths must fit its inlining budget).
  if (rows.open() && bare(args)) {
    const e = store.claims.claim();
    rows.commit(e);
    return e;
  }
  return stageRow(store, rows, args);
}

/** stageLater() of a row with values to stage (or no room yet), its id claimed. */
function stageRow(store: Store, rows: InitRows, args: readonly ComponentArg[]): number {
  const { claims } = store;
  const claimed = claims.count;
  const round = rows.round;
  rows.stage(args, store.debug);
  // A getter there that spawned (an id claimed before this one, whose run comes later) or
  // flushed (the run is gone) would leave this row out of order: ArgumentError, nothing recorded.
  rows.alone(claimed, claims.count, round);
  const e = claims.claim();
  rows.commit(e);
  return e;
}

/** A deferred spawn of several plain components (or inits of them) whose set the trie knows; -1 (nothing done) otherwise. */
export function spawnSome(store: Store, commands: CommandBuffer, args: readonly ComponentArg[]): number {
  const set = store.core.dead === undefined ? store.sets.plainSet(store.registry, args) : undefined;
  // A component given twice: the general path gives it once (store/component-sets.ts distinctArgs).
  return set === undefined || !set.distinct ? -1 : stageLater(store, commands, set, args);
}

/**
 * A deferred spawn of a single argument that is no init, a plain component, whose set
 * the trie knows: no lookup of the set, no loop over arguments; -1 (nothing done) for any
 * other argument (a pair, a primitive: the caller's general path names it).
 */
export function spawnOne(store: Store, commands: CommandBuffer, arg: ComponentArg): number {
  if (store.core.dead !== undefined || arg === null || arg === undefined || arg.isInit) return -1;
  const rows = commands.soloRun(arg) ?? soloRun(store, commands, arg as Component | Pair);
  if (rows === undefined) return -1;
  rows.stageSolo();
  const e = store.claims.claim();
  rows.commit(e);
  return e;
}

/**
 * A deferred spawn of an init of one plain component whose set the trie knows; -1
 * (nothing done) otherwise. The usual one is the code made for that component
 * (store/init-code.ts SoloSpawn), the rest stageInit. Nothing here passes the init to a
 * call that V8 would not inline but on paths the usual init never takes: a loop's
 * `{ x, y }` literal is then never allocated (escape analysis drops it).
 */
export function spawnInit(store: Store, commands: CommandBuffer, arg: ComponentInit): number {
  if (store.core.dead !== undefined) return -1;
  // A new run's branch takes the component, not the init.
  const c = arg.component;
  const rows = commands.soloRun(c) ?? soloRun(store, commands, c);
  if (rows === undefined) return -1;
  const solo = store.debug ? undefined : rows.layout.solo;
  // -1 from it: these values need the general path.
  const e = solo === undefined ? -1 : solo(arg.values, rows, store.claims);
  return e >= 0 ? e : stageInit(store, rows, arg);
}

/** spawnInit() past its made code: the values checked and named (array fields, a value that is no number). */
function stageInit(store: Store, rows: InitRows, arg: ComponentInit): number {
  const claims = store.claims;
  const claimed = claims.count;
  const round = rows.round;
  rows.stageSoloInit(arg.values, store.debug);
  rows.alone(claimed, claims.count, round);
  const e = claims.claim();
  rows.commit(e);
  return e;
}

/**
 * A new run for spawns of component c alone (undefined when c is a pair, no plain
 * component of this world, or an object made from one: the general path refuses those).
 */
function soloRun(store: Store, commands: CommandBuffer, c: Component | Pair): InitRows | undefined {
  const id = store.registry.plainOf(c);
  const set = id === undefined ? undefined : store.sets.root.next[id];
  return set === undefined ? undefined : commands.spawnRun(set, store.sets, store.registry);
}

/**
 * The usual spawn outside a loop: the bare components of the last such spawn again, into
 * their known table, in a world with nothing to stamp or follow (as spawnAny's bareTable
 * path does, which it leaves every other case to); -1 with nothing done otherwise, or when
 * the core refuses (spawnAny then asks again and names the error).
 */
export function spawnNow(store: Store, args: readonly ComponentArg[]): number {
  if (!spawnsPlain(store)) return -1;
  const table = store.sets.memoTable(store.registry, args, store.tables);
  return table >= 0 ? store.core.spawn(table) : -1;
}

/**
 * Whether an immediate spawn may be one core call and its row's fields (spawnNow, and
 * world/spawn-now.ts spawnWith): the world takes calls, has no debug check to run, and
 * nothing to stamp, settle or follow (changes tracked or marked, sparse tags).
 */
export function spawnsPlain(store: Store): boolean {
  const { core, changes } = store;
  return (
    core.dead === undefined &&
    core.onCheck === undefined &&
    changes.pending.length === 0 &&
    changes.ticksOf.length === 0 &&
    store.sparse.ids.length === 0
  );
}
