// spawn(): world.spawn's entry points, one per mode (world/modes.ts: swapped when the
// outermost scope opens and closes), and the general path behind both. The usual spawns
// themselves are in spawn-later.ts (deferred) and spawn-now.ts (at once).
import type { Component, ComponentArg, ComponentInit } from "../component.js";
import { KEY } from "../component-keys.js";
import { slotsAfter } from "../core/records.js";
import type { Entity } from "../entity.js";
import { spawn as spawnInto } from "../ops/entity-ops.js";
import { ComponentSet, distinctArgs } from "../store/component-sets.js";
import type { ReadInits } from "../store/init-code.js";
import type { InitRows } from "../store/init-rows.js";
import { checkedCopy } from "../store/values.js";
import type { WorldContext } from "./context.js";
import { lookup } from "./entities.js";
import { MadeSpawn } from "./made-spawn.js";
import { spawnInit, spawnNow, spawnOne, spawnSome, spawnsPlain } from "./spawn-later.js";
import { spawnWith } from "./spawn-now.js";
import { checkPairs } from "./validate.js";

const NONE: readonly never[] = [];

/**
 * Spawns an entity with the given components (and init values): world.spawn outside a
 * scope. Inside one, world.spawn is spawnLater (world/modes.ts swaps them): a loop's
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
 * spawn() of one argument outside a scope. The usual one, an init of a plain component
 * with scalar fields in a world with nothing to stamp or follow, is code made for the
 * component (world/made-spawn.ts): the values read into locals and staged, one core spawn
 * into the component's own table, the staged fields written. No object is made, and no
 * call takes the init on its way (V8 then drops the caller's literal); the rest: spawn().
 */
export function spawnNowOne(ctx: WorldContext, arg: ComponentArg): Entity {
  const store = ctx.store;
  // The usual call first: the bare component of the last bare spawn again (spawnMemo).
  const memo = store.sets.memo;
  if (memo.length === 1 && memo[0] === arg) {
    const e = spawnMemo(ctx);
    if (e >= 0) return e as Entity;
  }
  // Not `arg == null`, `arg?.` or `typeof arg`: V8 reads the object's map for those, and an
  // init would escape. esbuild writes `arg == null` for `arg === null || arg === undefined`
  // unless another test comes first: `arg !== arg`, which V8 folds to false (true for NaN).
  // biome-ignore lint/suspicious/noSelfCompare: the first test, on purpose (above)
  if (arg !== arg || arg === null || arg === undefined || !arg.isInit) return spawnOneOf(ctx, arg);
  // A getter's spawn while another spawn reads its values, or a reference kept past its mode.
  if (store.staging || ctx.defer.depth !== 0 || store.core.dead !== undefined) return spawnInitOf(ctx, arg);
  const c = (arg as ComponentInit).component;
  const known = ctx.spawners[c?.[KEY]];
  const to = known !== undefined ? known : spawnerOf(ctx, c);
  // Not for an object made from the component (Object.create(C).with(...)): the general path refuses it.
  if (to === null || to.lead !== c) return spawnInitOf(ctx, arg);
  const begun = to.begin();
  // Its values read and staged (0: they need the general path, which reads them again).
  const read = (to.read as ReadInits)(arg, undefined, undefined, to.vals);
  const e = read === 1 ? to.spawn(begun) : -1;
  return e >= 0 ? (e as Entity) : spawnReadOf(ctx, arg, read === 1 ? to : undefined);
}

/**
 * spawn() of n = 2 or 3 arguments (a, b, c) outside a scope: the usual one, the bare
 * components of the last bare spawn again, is one core call into their known table;
 * the rest: spawn(). They come as themselves, not in a list: a list made per call is an
 * allocation V8 keeps when a path past the memo takes it.
 */
export function spawnNowFew(ctx: WorldContext, n: number, a: ComponentArg, b: ComponentArg, c: ComponentArg): Entity {
  // The usual call first: the bare components of the last bare spawn again (spawnMemo).
  const memo = ctx.store.sets.memo;
  if (memo.length === n && memo[0] === a && memo[1] === b && (n === 2 || memo[2] === c)) {
    const e = spawnMemo(ctx);
    if (e >= 0) return e as Entity;
  }
  // initsOf() written in: called (past V8's inlining budget), it would allocate the inits.
  const nullish =
    // biome-ignore lint/suspicious/noSelfCompare: the first test, on purpose (initsOf)
    a !== a ||
    a === null ||
    a === undefined ||
    // biome-ignore lint/suspicious/noSelfCompare: the first test, on purpose (initsOf)
    b !== b ||
    b === null ||
    b === undefined ||
    // biome-ignore lint/suspicious/noSelfCompare: the first test, on purpose (initsOf)
    (n === 3 && (c !== c || c === null || c === undefined));
  const inits = nullish ? -1 : (a.isInit ? 1 : 0) | (b.isInit ? 2 : 0) | (n === 3 && c.isInit ? 4 : 0);
  if (inits > 0) {
    // The lookup takes the components, not the inits: out of line, it leaves them unallocated.
    // An init's component and a bare one's (Component.component): never the argument itself.
    const to = shapedSpawn(
      ctx,
      n,
      inits,
      (a as ComponentInit).component,
      (b as ComponentInit).component,
      n === 2 ? undefined : (c as ComponentInit).component,
    );
    if (to !== null) {
      const begun = to.begin();
      const read = (to.read as ReadInits)(a, b, c, to.vals);
      const e = read === n ? to.spawn(begun) : -1;
      return e >= 0 ? (e as Entity) : spawnKept(ctx, n, a, b, c, read, to, begun);
    }
  }
  return spawnFewOf(ctx, n, a, b, c);
}

/**
 * An immediate spawn whose arguments the caller found to be the last bare spawn's (the
 * memo, compared in place by identity: an init is never in it, so no init reaches a call
 * here and a caller's literal stays unallocated): one core call into their known table.
 * -1 when the world is not plain now, the registry moved on, or the core refused (the
 * general path then spawns or names the error). First in spawnNowOne and spawnNowFew:
 * finding which arguments are inits before it took a quarter of a bare spawn's time.
 */
function spawnMemo(ctx: WorldContext): number {
  const store = ctx.store;
  const t = ctx.defer.depth === 0 && spawnsPlain(store) ? store.sets.memoTableNow(store.registry, store.tables) : -1;
  return t >= 0 ? store.core.spawn(t) : -1;
}

/**
 * For spawnNowFew() of inits (bit k of `inits`: argument k) among n = 2 or 3 components:
 * the set's MadeSpawn, its `read` set to the code made for
 * the set and pattern, which reads the inits into locals and stages them; its spawn()
 * then writes them into a new row of the set's table (world/made-spawn.ts). Null when the general path must spawn
 * (a scope, a world with something to stamp or follow, fields that are no scalars).
 */
function shapedSpawn(
  ctx: WorldContext,
  n: number,
  inits: number,
  a: unknown,
  b: unknown,
  c: unknown,
): MadeSpawn | null {
  const store = ctx.store;
  if (ctx.defer.depth !== 0 || store.staging || store.debug || !spawnsPlain(store)) return null;
  // Its table may not exist yet: MadeSpawn.spawn makes it (the general path's call would
  // take the inits, and V8 would allocate them wherever this is inlined).
  const set = store.sets.shapeSetFew(store.registry, n, a, b, c);
  if (set === undefined) return null;
  const to = madeSpawnOf(ctx, set);
  return to?.readOf(inits) ? to : null;
}

/**
 * spawnNowFew() past its made code: the general path, with the inits before the k-th as
 * the code staged them (k: the argument whose values it refused; n: none refused). A
 * getter among them that spawned this set, or began to, is refused first (ArgumentError,
 * as the general path does).
 */
function spawnKept(
  ctx: WorldContext,
  n: number,
  a: ComponentArg,
  b: ComponentArg,
  c: ComponentArg,
  k: number,
  to: MadeSpawn,
  begun: number,
): Entity {
  to.alone(begun); // as in spawn(): a getter that spawned this set with values is refused
  return spawn(
    ctx,
    readArgs(n, a, b, c, k, (i) => to.staged(i)),
  );
}

/** The MadeSpawn of a set whose fields are all scalars (no array or "object" field), made once (null: none). */
function madeSpawnOf(ctx: WorldContext, set: ComponentSet): MadeSpawn | null {
  if (set.spawner !== undefined) return set.spawner as MadeSpawn | null;
  const layout = ctx.store.sets.layoutOf(set, ctx.store.registry);
  const to = layout.scalar ? new MadeSpawn(ctx.store, ctx.defer, set, layout.comps, layout.ids) : null;
  set.spawner = to;
  return to;
}

/**
 * The arguments for the general path once made code read them, refusing argument k's
 * values (k = n: none refused): the inits before k as it read them (`before`), k's values
 * read once more into a checked copy (which throws the SchemaError the general path
 * would), the rest as given. Each getter then runs once, or twice in the refused values
 * (as world/spawn-now.ts has it).
 */
function readArgs(
  n: number,
  a: ComponentArg,
  b: ComponentArg,
  c: ComponentArg,
  k: number,
  before: (i: number, component: Component) => object,
): ComponentArg[] {
  return (n === 2 ? [a, b] : [a, b, c]).map((arg, i): ComponentArg => {
    if (i > k || !arg.isInit) return arg;
    const { component, values } = arg as ComponentInit;
    return component.with(i < k ? before(i, component) : (checkedCopy(component, values, false) as object));
  });
}

function spawnFewOf(ctx: WorldContext, n: number, a: ComponentArg, b: ComponentArg, c: ComponentArg): Entity {
  return spawn(ctx, n === 2 ? [a, b] : [a, b, c]);
}

/**
 * spawn() of n = 0 or 4 and more arguments, in either mode (spawn() routes them): the
 * entry points' rest out of line, so that they inline the smaller.
 */
export function spawnMore(
  ctx: WorldContext,
  n: number,
  a: ComponentArg,
  b: ComponentArg,
  c: ComponentArg,
  more: ComponentArg[],
): Entity {
  return spawn(ctx, n === 0 ? [] : [a, b, c, ...more]);
}

// spawnOneOf, spawnInitOf, spawnReadOf, spawnAnyOf: one function per kind of fallback, so
// that none shares feedback (and, inlined, its call) with another's cases.
function spawnOneOf(ctx: WorldContext, arg: ComponentArg): Entity {
  return spawn(ctx, [arg]);
}

function spawnInitOf(ctx: WorldContext, arg: ComponentArg): Entity {
  return spawn(ctx, [arg]);
}

/** spawnNowOne() past its made code: with the values it staged (`to`: getters ran once), or as given. */
function spawnReadOf(ctx: WorldContext, arg: ComponentArg, to: MadeSpawn | undefined): Entity {
  const init = arg as ComponentInit;
  return spawn(ctx, [to === undefined ? init : init.component.with(to.staged(0))]);
}

/** The made spawn of spawnNowOne() for c, made once per registered component (null: c has none, or the world is debug). */
function spawnerOf(ctx: WorldContext, c: Component): MadeSpawn | null {
  const store = ctx.store;
  const id = store.registry.plainOf(c);
  let to: MadeSpawn | null = null;
  if (id !== undefined && !store.debug && c.fields.length > 0 && !c.hidden) {
    const root = store.sets.root;
    const set = (root.next[id] ??= new ComponentSet(root, id));
    const made = madeSpawnOf(ctx, set);
    to = made?.readOf(1) ? made : null;
  }
  // Not remembered for a component not registered yet: it may be registered later.
  if (id !== undefined) ctx.spawners[c[KEY]] = to;
  return to;
}

/**
 * spawn() of one argument inside a scope: the usual deferred spawn, kept small enough for
 * V8 to inline into the loop. world/world.ts passes the argument itself (not a list), so
 * V8 knows an init's class here and drops the other branch before escape analysis.
 */
export function spawnLater(ctx: WorldContext, arg: ComponentArg): Entity {
  const { defer, store } = ctx;
  if (defer.depth === 0) return spawnOneOf(ctx, arg); // a reference kept past its scope
  // Not `arg == null` (see spawnNowOne).
  // biome-ignore lint/suspicious/noSelfCompare: the first test, on purpose (spawnNowOne)
  if (arg !== arg || arg === null || arg === undefined || !arg.isInit) {
    const e = spawnOne(store, defer.commands, arg);
    return e >= 0 ? (e as Entity) : spawnAnyOf(ctx, arg);
  }
  const e = spawnInit(store, defer.commands, arg as ComponentInit);
  // Not `[arg]` here: a literal that never ran is made by a runtime call, and arg stored in it escapes.
  return e >= 0 ? (e as Entity) : spawnAnyOf(ctx, arg);
}

/**
 * spawn() of n = 2 or 3 arguments (a, b, c) inside a scope. Inits among them, of
 * components with scalar fields: code made for their set and pattern stages the row
 * (spawnShaped). Bare components, those of the last bare spawn again (in either mode)
 * into a run whose rows took no values: an id claimed and committed. The rest:
 * spawnLaterAll(), after which bare ones are remembered.
 */
export function spawnLaterFew(ctx: WorldContext, n: number, a: ComponentArg, b: ComponentArg, c: ComponentArg): Entity {
  const { defer, store } = ctx;
  const inits = defer.depth !== 0 && store.core.dead === undefined ? initsOf(n, a, b, c) : -1;
  const e =
    inits < 0
      ? -1
      : inits === 0
        ? spawnLaterBare(ctx, n, a, b, c)
        : store.debug
          ? -1
          : spawnShaped(ctx, n, a, b, c, inits);
  return e >= 0 ? (e as Entity) : spawnLaterFewOf(ctx, n, a, b, c);
}

/**
 * Which of n = 2 or 3 spawn arguments are inits (bit k: argument k), or -1 when one is
 * null or undefined (the general path names it). Not `a == null` or `typeof a`: V8 reads
 * an object's map for those, and an init would escape (see spawnNowOne); `x !== x` first
 * keeps esbuild from writing `x == null`.
 */
function initsOf(n: number, a: ComponentArg, b: ComponentArg, c: ComponentArg): number {
  // biome-ignore lint/suspicious/noSelfCompare: the first test, on purpose (above)
  if (a !== a || a === null || a === undefined || b !== b || b === null || b === undefined) return -1;
  // biome-ignore lint/suspicious/noSelfCompare: the first test, on purpose (above)
  if (n === 3 && (c !== c || c === null || c === undefined)) return -1;
  return (a.isInit ? 1 : 0) | (b.isInit ? 2 : 0) | (n === 3 && c.isInit ? 4 : 0);
}

/** spawnLaterFew() of bare components: those of the last bare spawn again into a run whose rows took no values, an id claimed and committed; else -1. */
function spawnLaterBare(ctx: WorldContext, n: number, a: ComponentArg, b: ComponentArg, c: ComponentArg): number {
  const store = ctx.store;
  const set = store.sets.memoSetFew(store.registry, n, a, b, c);
  const rows = set === undefined ? undefined : ctx.defer.commands.spawnRun(set, store.sets, store.registry);
  if (rows === undefined || !rows.open()) return -1;
  const e = store.claims.claim();
  rows.commit(e);
  return e;
}

/**
 * spawnLaterFew() of inits (bit k of `inits`: argument k is one): their set's run found
 * by their components alone, then its code made for the pattern (store/init-code.ts
 * FewSpawn) reads and stages the values. Nothing here passes an init to a call V8 does
 * not inline (the caller's literals then stay unallocated); -1, nothing committed, when
 * the general path must spawn.
 */
function spawnShaped(
  ctx: WorldContext,
  n: number,
  a: ComponentArg,
  b: ComponentArg,
  c: ComponentArg,
  inits: number,
): number {
  const ca = (inits & 1) !== 0 ? (a as ComponentInit).component : a;
  const cb = (inits & 2) !== 0 ? (b as ComponentInit).component : b;
  const cc = n === 2 ? undefined : (inits & 4) !== 0 ? (c as ComponentInit).component : c;
  const rows = shapedRows(ctx, n, ca, cb, cc);
  const code = rows === undefined ? null : rows.layout.fewOf(inits);
  if (code === null) return -1;
  const e = code(a, b, c, rows as InitRows, ctx.store.claims);
  // Refused values of argument -1 - e: the general path, with what was read (row n, not committed).
  const r = (rows as InitRows).n;
  return e >= 0
    ? e
    : spawnLaterAll(
        ctx,
        readArgs(n, a, b, c, -1 - e, (_, comp) => (rows as InitRows).valuesOf(comp, r) as object),
      );
}

/** spawnShaped()'s run for the n = 2 or 3 components a, b, c (components only: out of line, it makes nothing escape). */
function shapedRows(ctx: WorldContext, n: number, a: unknown, b: unknown, c: unknown): InitRows | undefined {
  const { store, defer } = ctx;
  const set = store.sets.shapeSetFew(store.registry, n, a, b, c);
  return set === undefined ? undefined : defer.commands.spawnRun(set, store.sets, store.registry);
}

function spawnLaterFewOf(ctx: WorldContext, n: number, a: ComponentArg, b: ComponentArg, c: ComponentArg): Entity {
  const args = n === 2 ? [a, b] : [a, b, c];
  const e = spawnLaterAll(ctx, args);
  if (ctx.defer.depth !== 0) ctx.store.sets.memoize(ctx.store.registry, args);
  return e;
}

/** spawn() of any other number of arguments inside a scope. */
function spawnLaterAll(ctx: WorldContext, args: ComponentArg[]): Entity {
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
        if (a.isInit) lookup(ctx, c, store.registry.plain[c[KEY]] as number);
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
    for (const p of linked) store.sparse.reserveSlots(store.registry.ids[p.relation[KEY]], slots);
  }
  const e = ctx.defer.spawn(set, args, pairs, sparse);
  const from = ctx.defer.commands.size;
  for (const p of linked)
    ctx.defer.addPair(e, store.registry.ids[p.relation[KEY]], p.target as number, undefined, p.relation, false);
  ctx.defer.commands.ofSpawn(from); // while deferring: the spawn's own pairs (has() counts them)
  return e as Entity;
}
