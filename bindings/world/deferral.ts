// The one place that decides now or later. While a query is iterated, a system runs or
// world.defer(fn) is open, structural changes go to the command buffer (ops/commands.ts)
// and are applied in order when the outermost scope ends; otherwise they are applied at
// once. Spawns made while deferring get a live id at once: the entity waits in the
// parking table (hidden from every query) until the flush moves it to its table.
// Values a deferred command carries are copied when it is recorded: they are read at
// the flush, after the caller may have changed them.
import { argNames, type Component, type ComponentArg, type Pair, tag } from "../component.js";
import { CapacityError } from "../errors.js";
import { applyCommands } from "../ops/apply-commands.js";
import { tableForPairs, tableOfSet, undoTables } from "../ops/archetypes.js";
import {
  checkLive,
  destroyMany,
  destroyTables,
  moveMany,
  moveTables,
  pairMany,
  pairTables,
  spawnMany,
} from "../ops/batch-ops.js";
import {
  ADD,
  ADD_MANY,
  ADD_PAIR,
  CommandBuffer,
  DESTROY,
  DESTROY_MANY,
  PAIR_MANY,
  REMOVE,
  REMOVE_MANY,
  REMOVE_PAIR,
  SPAWN,
  SPAWN_MANY,
} from "../ops/commands.js";
import { register } from "../ops/components.js";
import { add, addPair, destroy, remove, removePair, spawn } from "../ops/entity-ops.js";
import { track } from "../ops/tracking.js";
import { type ComponentSet, copyInits, Resolved } from "../store/component-sets.js";
import type { Store } from "../store/store.js";
import type { Table } from "../store/table.js";
import { copyValues } from "../store/values.js";

/**
 * Marks the table where spawns made while deferring wait (alive, without their
 * components) until the flush moves them to their table. Every query leaves it out.
 */
export const PARKED = tag("wasm-ecs:parked");
PARKED.hidden = true;

function unreachable(): never {
  throw new Error("PARKED is registered");
}

export class Deferral {
  /** Open query iterations. */
  iterating = 0;
  /** Open defer() scopes and running systems. */
  deferring = 0;
  /** Table of PARKED. */
  parked = 0;
  private readonly commands = new CommandBuffer();
  /** Components whose change tracking waits for the end of the current scope. */
  private readonly trackLater: number[] = [];

  constructor(private readonly store: Store) {}

  /** Whether structural changes wait for the end of a scope now. */
  get active(): boolean {
    return this.iterating > 0 || this.deferring > 0;
  }

  // ── Scopes ───────────────────────────────────────────────────────────────
  open(): void {
    this.deferring++;
  }

  /** Closes a defer() scope or a system; the outermost applies what waited. */
  close(): void {
    this.deferring--;
    if (!this.active) this.flush();
  }

  beginIteration(): void {
    this.iterating++;
  }

  endIteration(): void {
    this.iterating--;
    if (!this.active) this.flush();
  }

  /** Applies the waiting commands, then starts the tracking asked for meanwhile. */
  flush(): void {
    const buf = this.commands;
    if (buf.size === 0 && this.trackLater.length === 0) return;
    try {
      if (buf.size > 0) applyCommands(this.store, buf, this.parked);
    } finally {
      buf.clear();
      // Tracking asked for while deferring starts after the commands, whose tables were
      // chosen before it: then every table with the component gets its stamps at once.
      for (const id of this.trackLater.splice(0)) track(this.store, id);
    }
  }

  /** Registers PARKED and finds its table (again, after a snapshot was loaded). */
  park(): void {
    const store = this.store;
    register(store, PARKED);
    const args = [PARKED];
    const set = store.sets.resolve(
      store.registry,
      args,
      false,
      1,
      false,
      store.core.buffer,
      unreachable,
      new Resolved(),
    );
    this.parked = tableOfSet(store, set, args);
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

  /** Starts tracking changes of component id, now or when the current scope ends. */
  track(id: number): void {
    if (this.store.changes.isTracked(id)) return;
    if (!this.active) track(this.store, id);
    else if (!this.trackLater.includes(id)) this.trackLater.push(id);
  }

  // ── Routes: each structural change, applied now or recorded ──────────────
  /**
   * Spawns an entity of component set `set` (with relation pairs of live targets). While
   * deferring it waits in the parking table for its table (looked up now, so a failure
   * throws here), its inits and its pairs. A failed spawn drops the tables it created.
   */
  spawn(set: ComponentSet, args: readonly ComponentArg[], inits: boolean, pairs: readonly Pair[]): number {
    const store = this.store;
    const before = store.core.tableSeq;
    try {
      if (this.active) return this.spawnLater(set, args, inits, pairs);
      const table =
        pairs.length === 0 ? tableOfSet(store, set, args) : tableForPairs(store, set.mask, pairs, argNames(args));
      const e = spawn(store, table, args, inits);
      for (const p of pairs)
        if (p.values !== undefined) addPair(store, e, store.registry.ids[p.relation.key], p.target as number, p.values);
      return e;
    } catch (error) {
      undoTables(store, before);
      throw error;
    }
  }

  private spawnLater(set: ComponentSet, args: readonly ComponentArg[], inits: boolean, pairs: readonly Pair[]): number {
    const store = this.store;
    const table = tableOfSet(store, set, args);
    const e = spawn(store, this.parked, args, false);
    this.commands.push(SPAWN, e, table, inits ? copyInits(args) : args);
    for (const p of pairs)
      this.commands.push(ADD_PAIR, e, store.registry.ids[p.relation.key], {
        target: p.target as number,
        values: p.values === undefined ? undefined : copyValues(p.values, p.relation),
      });
    return e;
  }

  /** Spawns n entities of `set` with one core call (while deferring: n parked ones and one command). */
  spawnMany(set: ComponentSet, n: number, args: readonly ComponentArg[], pairs: readonly Pair[]): Uint32Array {
    const store = this.store;
    const before = store.core.tableSeq;
    try {
      if (this.active) return this.spawnManyLater(set, n, args, pairs);
      const table =
        pairs.length === 0 ? tableOfSet(store, set, args) : tableForPairs(store, set.mask, pairs, argNames(args));
      const ids = spawnMany(store, table, n, args, true);
      for (const p of pairs)
        if (p.values !== undefined)
          pairMany(store, ids, store.registry.ids[p.relation.key], p.target as number, true, p.values, true);
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
  ): Uint32Array {
    const store = this.store;
    const inits = copyInits(args);
    const table = tableOfSet(store, set, inits);
    const ids = spawnMany(store, this.parked, n, inits, false);
    this.commands.push(SPAWN_MANY, 0, table, { ids, inits });
    for (const p of pairs) {
      const values = p.values === undefined ? undefined : copyValues(p.values, p.relation);
      this.commands.push(PAIR_MANY, 0, store.registry.ids[p.relation.key], {
        ids,
        target: p.target as number,
        adding: true,
        values,
      });
    }
    return ids;
  }

  add(e: number, id: number, c: Component, values: object | undefined, shared: boolean): void {
    if (!this.active) add(this.store, e, id, c, shared && values !== undefined ? copyValues(values, c) : values);
    else this.commands.push(ADD, e, id, values === undefined ? undefined : copyValues(values, c));
  }

  /** Removes id from e; false when e did not have it (while deferring: when it does not have it now). */
  remove(e: number, table: Table, id: number, c: Component): boolean {
    if (!this.active) return remove(this.store, e, id, c);
    this.commands.push(REMOVE, e, id, undefined);
    return table.has(c);
  }

  destroy(e: number): void {
    if (!this.active) destroy(this.store, e);
    else this.commands.push(DESTROY, e, 0, undefined);
  }

  addPair(e: number, rel: number, target: number, values: object | undefined, c: Component, shared: boolean): void {
    if (!this.active)
      addPair(this.store, e, rel, target, shared && values !== undefined ? copyValues(values, c) : values);
    else
      this.commands.push(ADD_PAIR, e, rel, {
        target,
        values: values === undefined ? undefined : copyValues(values, c),
      });
  }

  /** Removes the pair; false when e did not hold it (while deferring: when it does not hold it now). */
  removePair(e: number, table: Table, rel: number, target: number): boolean {
    if (!this.active) return removePair(this.store, e, rel, target);
    this.commands.push(REMOVE_PAIR, e, rel, { target, values: undefined });
    return table.hasPair(rel, target);
  }

  /**
   * Adds or removes component id on a batch: the given tables as whole blocks (a query
   * without row filters, now), or the listed entities (checked alive now when deferred).
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
    if (!this.active) {
      if (shared && values !== undefined) values = copyValues(values, c);
      if (tables !== undefined) moveTables(this.store, tables, id, adding, values);
      else moveMany(this.store, ids(), id, adding, values, false);
      return;
    }
    const list = ids();
    checkLive(this.store, list);
    this.commands.push(adding ? ADD_MANY : REMOVE_MANY, 0, id, {
      ids: list,
      values: values === undefined ? undefined : copyValues(values, c),
    });
  }

  /** move() for a relation pair. */
  movePair(
    tables: readonly Table[] | undefined,
    ids: () => Uint32Array,
    rel: number,
    target: number,
    adding: boolean,
    values: object | undefined,
    c: Component,
    shared: boolean,
  ): void {
    if (!this.active) {
      if (shared && values !== undefined) values = copyValues(values, c);
      if (tables !== undefined) pairTables(this.store, tables, rel, target, adding, values);
      else pairMany(this.store, ids(), rel, target, adding, values, false);
      return;
    }
    const list = ids();
    checkLive(this.store, list);
    this.commands.push(PAIR_MANY, 0, rel, {
      ids: list,
      target,
      adding,
      values: values === undefined ? undefined : copyValues(values, c),
    });
  }

  /** Destroys the given tables' entities (now, whole blocks) or the listed entities. */
  destroyMany(tables: readonly Table[] | undefined, ids: () => Uint32Array): void {
    if (!this.active) {
      if (tables !== undefined) destroyTables(this.store, tables);
      else destroyMany(this.store, ids(), false);
      return;
    }
    const list = ids();
    checkLive(this.store, list);
    this.commands.push(DESTROY_MANY, 0, 0, list);
  }
}
