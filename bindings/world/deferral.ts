// The one place that decides now or later. While a query is iterated, a system runs or
// world.defer(fn) is open, structural changes go to the command buffer (ops/commands.ts)
// and are applied in order when the outermost scope ends; otherwise they are applied at
// once. While a scope is open the facade makes no core call that could grow the memory,
// which would detach every typed-array view a loop holds and silently drop its writes
// (the one call it makes, swapRows when a filtered loop brings rows to the front,
// needs no memory). So spawns take ids claimed from the entity index (store/claims.ts), batches
// check liveness by reading records, and sparse bits are set only where their bitset
// already has room (store/sparse.ts grows bitsets with the entity index), the others at
// the flush. Values a command carries are copied when it is recorded.

import { argNames, type Component, type ComponentArg, type Pair } from "../component.js";
import { KEY } from "../component-keys.js";
import { stale } from "../core/status.js";
import { CapacityError } from "../errors.js";
import { applyCommands } from "../ops/apply-commands.js";
import { tableForPairs, tableOfSet, undoTables } from "../ops/archetypes.js";
import { destroyMany, destroyTables, moveMany, moveTables, pairMany, pairTables, spawnMany } from "../ops/batch-ops.js";
import {
  ADD,
  ADD_MANY,
  ADD_PAIR,
  ADD_RUN,
  DESTROY_MANY,
  PAIR_MANY,
  REMOVE_MANY,
  REMOVE_PAIR,
  REMOVE_RUN,
  SPARSE,
  SPAWN_MANY,
} from "../ops/command-kinds.js";
import { CommandBuffer, OF_SPAWN } from "../ops/commands.js";
import { add, addPair, destroy, remove, removePair, spawn } from "../ops/entity-ops.js";
import { track, trackWaiting } from "../ops/tracking.js";
import { ADD_AT_FLUSH, KEEPS, readsStore } from "../ops/waiting-rows.js";
import { GUESS, NONE, type OpenIteration } from "../query/host.js";
import { type ComponentSet, copyInits } from "../store/component-sets.js";
import { InitRows } from "../store/init-rows.js";
import type { Store } from "../store/store.js";
import type { Table } from "../store/table.js";
import { copyValues, writeValues } from "../store/values.js";
import { ModeSwitch } from "./mode-switch.js";
import { stageLater } from "./spawn-later.js";

const NO_ITERATIONS: readonly OpenIteration[] = [];

export class Deferral {
  /** Open defer() scopes and running systems. */
  deferring = 0;
  /** Open iterations (iterations.length) + deferring: the hot paths' one load. */
  depth = 0;
  /** Which per-mode entry points the world has in place (world/mode-switch.ts). */
  readonly modes = new ModeSwitch();
  /** Set by world.step() for its run: the deferred entry points stay from its first system to its last (between two, each takes the immediate path itself). */
  stepping = false;
  /** @internal What waits (spawn-later.ts records the usual spawns in a loop itself). */
  readonly commands = new CommandBuffer();
  /** Components whose change tracking waits for the end of the current scope. */
  private readonly trackLater: number[] = [];

  constructor(private readonly store: Store) {
    // The readers that skip work while core.version stands still (world/access.ts) look
    // again, and send writes of the component through refuseWrite().
    readsStore(this.commands.waiting, store);
  }

  /** Whether structural changes wait for the end of a scope now. */
  get active(): boolean {
    return this.depth > 0;
  }

  // ── Scopes ───────────────────────────────────────────────────────────────
  /** Opens a defer() scope or a system; returns the iterations open before it (for endIterations). */
  open(): readonly OpenIteration[] {
    this.deferring++;
    if (this.depth++ === 0 && !this.stepping) this.modes.swap(true);
    return this.iterations.length === 0 ? NO_ITERATIONS : [...this.iterations];
  }

  /** Closes a defer() scope or a system; the outermost applies what waited. */
  close(): void {
    this.deferring--;
    if (--this.depth === 0) this.closed(undefined);
  }

  /** The iterations open now (registered at their first next()), innermost last; frontRows() asks them. */
  readonly iterations: OpenIteration[] = [];

  beginIteration(it: OpenIteration): void {
    this.iterations.push(it);
    if (this.depth++ === 0 && !this.stepping && it.guess.loops !== NONE) this.modes.swap(true);
  }

  endIteration(it: OpenIteration): void {
    const open = this.iterations;
    // Loops end innermost first; an iterator dropped unfinished ends out of order.
    if (open[open.length - 1] === it) open.pop();
    else if (open.includes(it)) open.splice(open.indexOf(it), 1);
    else return;
    if (--this.depth === 0) this.closed(it);
  }

  /** The outermost scope closed (by loop `it`): the immediate entry points back, its query's guess learnt, then what waited applied. */
  private closed(it: OpenIteration | undefined): void {
    if (it !== undefined && it.guess.loops === GUESS) this.modes.learn(it.guess);
    if (this.modes.later && !this.stepping) this.modes.swap(false);
    this.flush();
  }

  /** Ends the open iterations not open `before` (flush(), step(): all; a scope's end: those it left), naming `by` in their next next()'s error. */
  endIterations(by: string, before: readonly OpenIteration[] = NO_ITERATIONS): void {
    if (this.iterations.length === 0) return; // every defer() ends here: no copy when nothing is open
    for (const it of [...this.iterations]) if (!before.includes(it)) it.end(by);
  }

  /** Before every pair of non-fragmenting relation rel leaves e at once: see CommandBuffer.cancelPairAdds. */
  unlinkingNow(rel: number, e: number): void {
    if (this.depth > 0) this.commands.cancelPairAdds(rel, e, -1);
  }

  /** The staged spawn of e while it waits (see CommandBuffer.pendingSpawn). */
  pendingSpawn(e: number): ReturnType<CommandBuffer["pendingSpawn"]> {
    return this.commands.pendingSpawn(e);
  }

  /** The component ids a waiting spawn gives e (see CommandBuffer.spawnedWith). */
  spawnedWith(e: number): readonly number[] | undefined {
    return this.commands.spawnedWith(e);
  }

  /** Whether e's waiting spawn brings a pair or sparse tag (see CommandBuffer.spawnedExtra). */
  spawnedExtra(e: number, kind: number, a: number, target: number): boolean {
    return this.commands.spawnedExtra(e, kind, a, target);
  }

  /** Applies the waiting commands, then starts the tracking asked for meanwhile. */
  flush(): void {
    if (this.commands.size !== 0 || this.trackLater.length !== 0) this.flushNow();
  }

  /** flush() with something waiting (out of line: every scope's end calls flush()). */
  private flushNow(): void {
    const buf = this.commands;
    if (this.store.core.dead !== undefined) {
      // Poisoned while deferring (a kernel trapped): nothing more is applied.
      buf.clear();
      this.store.claims.reset();
      return;
    }
    try {
      if (buf.size > 0) applyCommands(this.store, buf);
    } finally {
      buf.clear();
    }
    // After the commands, whose tables were chosen before it: every table with the component gets its stamps at once.
    trackWaiting(this.store, this.trackLater);
  }

  /** Starts tracking changes of component id, now or when the current scope ends. */
  track(id: number): void {
    if (this.store.changes.isTracked(id)) return;
    if (this.depth === 0) track(this.store, id);
    else if (!this.trackLater.includes(id)) this.trackLater.push(id);
  }

  /** track(), or at the next flush when memory is short now (a restore must not fail after loading). */
  trackSoon(id: number): void {
    try {
      this.track(id);
    } catch (error) {
      if (!(error instanceof CapacityError)) throw error;
      if (!this.trackLater.includes(id)) this.trackLater.push(id);
    }
  }

  // ── Routes: each structural change, applied now or recorded ──────────────
  /**
   * Spawns an entity of component set `set` with relation pairs (live targets) and
   * sparse tags. Its init values are staged first (checked and copied: init-rows.ts).
   * While deferring its id is claimed now and it joins its table at the flush, with the
   * run of spawns of the same set recorded just before it. A failed spawn drops the
   * tables it created.
   */
  spawn(set: ComponentSet, args: readonly ComponentArg[], pairs: readonly Pair[], sparse: readonly number[]): number {
    const store = this.store;
    if (this.depth > 0) return this.spawnLater(set, args, pairs, sparse);
    const rows = (set.one ??= new InitRows(store.sets.layoutOf(set, store.registry)));
    // A getter's spawn of this set then takes this path too, and restage sees it (world/spawn-now.ts).
    const staging = store.staging;
    store.staging = true;
    try {
      rows.restage(args, store.debug);
    } finally {
      store.staging = staging;
    }
    if (pairs.length === 0 && sparse.length === 0) {
      // Its table is known: nothing to undo if the spawn fails.
      const known = store.sets.cached(set, store.tables);
      if (known >= 0) return spawn(store, known, rows);
    }
    const before = store.core.tableSeq;
    try {
      const table =
        pairs.length === 0 ? tableOfSet(store, set, args) : tableForPairs(store, set.mask, pairs, argNames(args));
      const e = spawn(store, table, rows);
      for (const p of pairs)
        if (p.values !== undefined)
          addPair(store, e, store.registry.ids[p.relation[KEY]], p.target as number, p.values);
      for (let i = 0; i < sparse.length; i++) store.sparse.set(sparse[i], e, true);
      return e;
    } catch (error) {
      undoTables(store, before);
      throw error;
    }
  }

  private spawnLater(
    set: ComponentSet,
    args: readonly ComponentArg[],
    pairs: readonly Pair[],
    sparse: readonly number[],
  ): number {
    const e = stageLater(this.store, this.commands, set, args);
    if (pairs.length > 0 || sparse.length > 0) this.spawnExtras(e, pairs, sparse);
    return e;
  }

  /** The pairs and sparse tags of a deferred spawn: commands after its run. */
  private spawnExtras(e: number, pairs: readonly Pair[], sparse: readonly number[]): void {
    const { registry } = this.store;
    const buf = this.commands;
    for (const p of pairs) {
      const rel = registry.ids[p.relation[KEY]];
      buf.push(ADD_PAIR, e, rel, p.target as number, OF_SPAWN);
      if (p.values !== undefined) buf.values(p.relation, rel, p.values);
    }
    for (let i = 0; i < sparse.length; i++) buf.push(SPARSE, e, sparse[i], 1, OF_SPAWN);
  }

  /** Spawns n entities of `set` with one core call (while deferring: n claimed ids and one command). */
  spawnMany(
    set: ComponentSet,
    n: number,
    args: readonly ComponentArg[],
    pairs: readonly Pair[],
    sparse: readonly number[],
  ): Uint32Array {
    const store = this.store;
    if (this.depth > 0) return this.spawnManyLater(set, n, args, pairs, sparse);
    const before = store.core.tableSeq;
    try {
      const table =
        pairs.length === 0 ? tableOfSet(store, set, args) : tableForPairs(store, set.mask, pairs, argNames(args));
      const ids = spawnMany(store, table, n, args, true);
      for (const p of pairs)
        if (p.values !== undefined)
          pairMany(store, ids, store.registry.ids[p.relation[KEY]], p.target as number, true, p.values, true);
      for (const id of sparse) store.sparse.setMany(id, ids, true);
      return ids;
    } catch (error) {
      undoTables(store, before);
      throw error;
    }
  }

  private spawnManyLater(
    set: ComponentSet,
    n: number,
    args: readonly ComponentArg[],
    pairs: readonly Pair[],
    sparse: readonly number[],
  ): Uint32Array {
    const { claims, registry } = this.store;
    const buf = this.commands;
    // Everything that can throw comes before the command: the copies, then the claims (all or none).
    const inits = copyInits(args);
    const values = pairs.map((p) => (p.values === undefined ? undefined : copyValues(p.values, p.relation)));
    const ids = claims.claimMany(n);
    buf.push(SPAWN_MANY, 0, 0, 0, { ids, set, inits });
    pairs.forEach((p, k) => {
      buf.push(PAIR_MANY, 0, registry.ids[p.relation[KEY]], 0, {
        ids,
        target: p.target as number,
        adding: true,
        values: values[k],
      });
    });
    for (const id of sparse) for (let i = 0; i < n; i++) buf.push(SPARSE, ids[i], id, 1, OF_SPAWN);
    return ids;
  }

  add(e: number, id: number, c: Component, values: object | undefined, shared: boolean): void {
    if (this.depth === 0) {
      add(this.store, e, id, c, shared && values !== undefined ? copyValues(values, c) : values);
      return;
    }
    // e has c now: the values are written now, as set() writes them (so a later set wins),
    // and at the flush only when e gains c there (a remove of it waits before). When a
    // waiting command drops e's row or writes over these fields, they wait for the flush
    // instead, to land in order (a set of them is refused meanwhile).
    const { core, tables, changes } = this.store;
    const t = values === undefined ? -1 : core.tableOf(e);
    const has = t >= 0 && tables.at(t).hasId(id);
    const later = has && this.commands.waiting.of(id, e, values as object) !== KEEPS;
    if (has && !later) {
      writeValues(core, tables.at(t), core.rowOf(e), c, id, values as object);
      if (changes.isTracked(id)) changes.stamp(tables.at(t), id, core.rowOf(e), 1, false);
    }
    this.commands.push(ADD, e, id, later ? ADD_AT_FLUSH : has ? 1 : 0);
    if (values !== undefined) this.commands.values(c, id, values);
  }

  /** Removes id from e (table t, or PENDING); false when e did not have it (while deferring: when it does not have it now). */
  remove(e: number, t: number, id: number, c: Component): boolean {
    if (this.depth === 0) return remove(this.store, e, id, c);
    this.commands.run(REMOVE_RUN, e, id);
    return t >= 0 && this.store.tables.at(t).has(c);
  }

  destroy(e: number): void {
    if (this.depth === 0) destroy(this.store, e);
    else this.commands.destroy(e);
  }

  /** Records a destroy of e (the caller checked e and is deferring). */
  destroyLater(e: number): void {
    this.commands.destroy(e);
  }

  /** Records an add of plain component id without values (the caller checked e and is deferring). */
  addLater(e: number, id: number): void {
    this.commands.run(ADD_RUN, e, id);
  }

  /** Records a remove of plain component id (the caller checked e and is deferring). */
  removeLater(e: number, id: number): void {
    this.commands.run(REMOVE_RUN, e, id);
  }

  addPair(e: number, rel: number, target: number, values: object | undefined, r: Component, shared: boolean): void {
    if (this.depth === 0 || this.linksNow(e, rel, target)) {
      addPair(this.store, e, rel, target, shared && values !== undefined ? copyValues(values, r) : values);
      return;
    }
    this.commands.push(ADD_PAIR, e, rel, target);
    if (values !== undefined) this.commands.values(r, rel, values);
  }

  /** Removes the pair; false when e did not hold it (while deferring: when it does not hold it now). */
  removePair(e: number, t: number, rel: number, target: number): boolean {
    if (this.depth > 0 && t >= 0 && this.store.links.isLinked(rel)) this.commands.cancelPairAdds(rel, e, target);
    if (this.depth === 0 || (t >= 0 && this.store.links.isLinked(rel))) return removePair(this.store, e, rel, target);
    this.commands.push(REMOVE_PAIR, e, rel, target);
    return t >= 0 && this.store.tables.at(t).hasPair(rel, target);
  }

  /**
   * Sets or clears sparse tag id on e (table t, or PENDING); returns whether it was set.
   * At once for a live entity, unless deferring and its bit needs memory (a bitset the
   * scope could not size): then, as for an entity spawned while deferring, at the flush.
   */
  sparse(e: number, t: number, id: number, on: boolean): boolean {
    const sparse = this.store.sparse;
    if (t >= 0 && (this.depth === 0 || sparse.covers(id, e))) return sparse.set(id, e, on);
    this.commands.push(SPARSE, e, id, on ? 1 : 0);
    return t >= 0 && sparse.has(id, e);
  }

  /**
   * Adds or removes component id on a batch: the given tables as whole blocks (a query without
   * row filters, now), or the listed entities (checked alive, by their records, when deferred).
   */
  move(
    tables: readonly Table[] | undefined,
    ids: () => Uint32Array,
    id: number,
    adding: boolean,
    values: object | undefined,
    c: Component,
    shared: boolean,
  ): void {
    const store = this.store;
    if (this.depth === 0) {
      if (shared && values !== undefined) values = copyValues(values, c);
      if (tables !== undefined) moveTables(store, tables, id, adding, values);
      else moveMany(store, ids(), id, adding, values, false);
      return;
    }
    const list = this.liveOrPending(ids());
    const data = { ids: list, values: values === undefined ? undefined : copyValues(values, c) };
    this.commands.push(adding ? ADD_MANY : REMOVE_MANY, 0, id, 0, data);
  }

  /** move() for a relation pair. */
  movePair(
    tables: readonly Table[] | undefined,
    ids: () => Uint32Array,
    rel: number,
    target: number,
    adding: boolean,
    values: object | undefined,
    r: Component,
    shared: boolean,
  ): void {
    const store = this.store;
    if (this.depth === 0) {
      if (shared && values !== undefined) values = copyValues(values, r);
      if (tables !== undefined) pairTables(store, tables, rel, target, adding, values);
      else pairMany(store, ids(), rel, target, adding, values, false);
      return;
    }
    const list = this.liveOrPending(ids());
    // At once when both ends are live (linksNow: an empty list would pass for a target spawned in this scope).
    if (store.links.isLinked(rel) && list.length > 0 && list.every((e) => this.linksNow(e, rel, target))) {
      pairMany(store, list, rel, target, adding, undefined, false);
      return;
    }
    const data = { ids: list, target, adding, values: values === undefined ? undefined : copyValues(values, r) };
    this.commands.push(PAIR_MANY, 0, rel, 0, data);
  }

  /** Destroys the given tables' entities (now, whole blocks) or the listed entities. */
  destroyMany(tables: readonly Table[] | undefined, ids: () => Uint32Array): void {
    const store = this.store;
    if (this.depth === 0) {
      if (tables !== undefined) destroyTables(store, tables);
      else destroyMany(store, ids(), false);
      return;
    }
    this.commands.push(DESTROY_MANY, 0, 0, 0, this.liveOrPending(ids()));
  }

  /**
   * Whether a pair of non-fragmenting relation rel is applied at once while deferring,
   * like a sparse tag: both ends alive (not spawned in this scope) and e's bit needs no
   * memory. Otherwise it waits for the flush like a fragmenting pair.
   */
  private linksNow(e: number, rel: number, target: number): boolean {
    const { core, links, sparse } = this.store;
    return links.isLinked(rel) && core.tableOf(e) >= 0 && core.tableOf(target) >= 0 && sparse.covers(rel, e);
  }

  /** The list, once every id in it is alive or spawned in this scope (StaleEntityError otherwise); reads records only. */
  private liveOrPending(ids: Uint32Array): Uint32Array {
    const { core, claims } = this.store;
    for (let i = 0; i < ids.length; i++)
      if (core.tableOf(ids[i]) < 0 && !claims.has(ids[i])) throw stale(this.store, ids[i]);
    return ids;
  }
}
