// World: the public face of one core instance. Every public method (docs/api.md) is a short
// delegate to the module that owns the concept (entities.ts, batches.ts, queries.ts,
// deferral.ts, systems.ts, events.ts, inspect.ts, snapshot/world-state.ts); the state
// behind it is one WorldContext in a private field.

import { Component, type ComponentArg, type ComponentInit, type Pair, type Relation } from "../component.js";
import { KEY } from "../component-keys.js";
import { isShared } from "../core/load.js";
import type { Entity, EntityList } from "../entity.js";
import { ArgumentError, closeAfter } from "../errors.js";
import { BuiltinKernels } from "../kernels/builtins.js";
import type { KernelHost, KernelModule } from "../kernels/kernel.js";
import { builtinModule, type KernelSource, loadKernels } from "../kernels/load.js";
import { needsFunction, notTracked, refusedInside, sparseNotLogged, systemFn, systemName } from "../messages.js";
import { register } from "../ops/components.js";
import type { Query } from "../query/query.js";
import type { QueryTerms, ReadTerms, RowFiltered } from "../query/terms.js";
import type { Init, Schema, Values } from "../schema.js";
import { restore, snapshot } from "../snapshot/world-state.js";
import type { Store } from "../store/store.js";
import type { Table } from "../store/table.js";
import { type Access, access } from "./accessor.js";
import * as batches from "./batches.js";
import { WorldContext } from "./context.js";
import * as entities from "./entities.js";
import { checkOwner, type EventType, eventType, type Resources } from "./events.js";
import { inspect, stats, type WorldInspection, type WorldStats } from "./inspect.js";
import { enter, modalOf } from "./modes.js";
import { checkOptions, type SystemFn, type SystemOptions } from "./systems.js";
import { TESTING, type TestingHooks, testingHooks } from "./testing.js";

/** The reader of change filters and removals outside systems. */
const OUTSIDE = Object.freeze({ name: "outside systems" });
/** What ends an iteration a defer() scope left unfinished, in its next() error. */
const LEFT_BY_DEFER = "the end of world.defer()";

let contextOf: (world: World) => WorldContext;

/** The context behind a world (for createWorld and the package's own modules). */
export function worldContext(world: World): WorldContext {
  return contextOf(world);
}

export class World {
  static {
    contextOf = (world) => world.#ctx;
  }
  readonly #ctx: WorldContext;
  /** A debug world: debug core, invariant checks after every structural op, strict values. */
  readonly debug: boolean;
  /** World-global state with no entity: `world.resources.set("time", { elapsed: 0 })`. */
  get resources(): Resources {
    this.#ctx.store.core.check();
    return this.#ctx.resources;
  }

  /** @internal Use createWorld(). */
  constructor(store: Store, maxPages: number) {
    const ctx = new WorldContext(store, maxPages, this);
    this.#ctx = ctx;
    this.debug = store.debug;
    // One entry point per mode for spawn, add, remove and destroy (world/modes.ts).
    const { now, later } = modalOf(ctx);
    this.spawn = now.spawn;
    this.add = now.add;
    this.remove = now.remove;
    this.destroy = now.destroy;
    ctx.defer.modes.enter = (toLater) => enter(this, toLater ? later : now);
  }

  // ── Components ────────────────────────────────────────────────────────────
  /** Registers c (once; registering it again does nothing). Works after entities exist. */
  register(c: Component): void {
    // A new component is a core call that may grow the memory, which would detach the
    // views a loop holds (unshared memory): refused inside a scope; registered ones pass.
    if (c instanceof Component && this.#ctx.store.registry.ids[c[KEY]] === undefined)
      this.#refuseInside(`register(${c.name})`);
    this.#ctx.store.core.check();
    register(this.#ctx.store, c);
  }

  // ── Entities ──────────────────────────────────────────────────────────────
  /** Spawns an entity with the given components (and init values). */
  spawn: (...components: ComponentArg[]) => Entity;

  /**
   * Spawns n entities with one core call. A field's init may be one value for all or,
   * with `C.withEach(...)`, an array-like with one value per entity. Returns the new entities.
   */
  spawnMany(n: number, ...components: (Component | ComponentInit<Schema> | Pair)[]): EntityList {
    return batches.spawnMany(this.#ctx, n, components) as EntityList;
  }

  /** Adds c to e (migrating it), or, when e has c already, writes the given values. */
  add: <S extends Schema>(e: number, c: Component<S> | Pair<S>, values?: Init<S>) => void;

  /** Writes some fields of e's c; MissingComponentError when e lacks c. */
  set<S extends Schema>(e: number, c: Component<S>, values: Init<S>): void {
    entities.set(this.#ctx, e, c, values);
  }

  /** A copy of e's c values (convenience; not for hot loops). */
  get<S extends Schema>(e: number, c: Component<S>): Values<S> {
    return entities.get(this.#ctx, e, c);
  }

  has(e: number, c: Component | Pair): boolean {
    return entities.has(this.#ctx, e, c);
  }

  /** Removes c from e; false when e did not have it (while deferring: when it does not have it now). */
  remove: (e: number, c: Component | Pair) => boolean;

  /** Destroys e; its id becomes stale and its slot is reused with a new generation. */
  destroy: (e: number) => void;

  /**
   * Random access to single entities' C (the fast path of get / set): `pos.x(e)` reads
   * and `pos.setX(e, v)` writes a field (array fields: `pos.m(e, k)`, `pos.setM(e, k, v)`),
   * reading e's record from memory: no object per call. Each call checks e is alive
   * (StaleEntityError) and has C (MissingComponentError). The same object per component.
   */
  access<S extends Schema>(c: Component<S>): Access<S> {
    const ctx = this.#ctx;
    ctx.store.core.check();
    const id = ctx.store.registry.idOf(c);
    return (ctx.accessors[id] ??= access(ctx.store, c, id, entities.lookup(ctx, c, id))) as Access<S>;
  }

  /** False for destroyed, stale and malformed ids, and in a disposed world; never throws. */
  isAlive(e: number): boolean {
    const { core, claims } = this.#ctx.store;
    return core.dead === undefined && (core.tableOf(e) >= 0 || claims.has(e));
  }

  /** Live entities, those spawned while changes are deferred included. */
  get entityCount(): number {
    const { core, claims } = this.#ctx.store;
    core.check();
    return core.alive + claims.unborn;
  }

  /** Targets of relation r on e, ascending (at most one for an exclusive relation); empty when e holds none. */
  targets(e: number, r: Relation): Entity[] {
    return entities.targets(this.#ctx, e, r);
  }

  /**
   * The table that holds e now (fast path for reading another entity's columns, such
   * as a parent's transform: `world.tableOf(p).columns(World).x[world.rowOf(p)]`).
   * Valid until the next structural change.
   */
  tableOf(e: number): Table {
    return entities.tableOf(this.#ctx, e);
  }

  /** The row of e in tableOf(e). */
  rowOf(e: number): number {
    return entities.rowOf(this.#ctx, e);
  }

  // ── Batches ───────────────────────────────────────────────────────────────
  /**
   * Adds c (with the same values) to every listed entity, or to every entity a query
   * matches, with one core call; a query's tables move as whole blocks. A stale entity
   * anywhere throws StaleEntityError and nothing changes. Entities that have c keep
   * their table and get the values written.
   */
  addMany<S extends Schema>(entities: ArrayLike<number> | Query, c: Component<S> | Pair<S>, values?: Init<S>): void {
    batches.addMany(this.#ctx, entities, c, values);
  }

  /** Removes c from every listed entity, or every entity a query matches, with one core call. */
  removeMany(entities: ArrayLike<number> | Query, c: Component | Pair): void {
    batches.removeMany(this.#ctx, entities, c);
  }

  /**
   * Destroys every listed entity, or every entity a query matches, with one core call;
   * a stale one anywhere changes nothing.
   */
  destroyMany(entities: ArrayLike<number> | Query): void {
    batches.destroyMany(this.#ctx, entities);
  }

  // ── Queries and deferral ──────────────────────────────────────────────────
  /** The query for these terms (the same object for the same terms). */
  query<const T extends QueryTerms>(terms: T): Query<ReadTerms<T>, RowFiltered<T>> {
    return this.#ctx.cache.query(terms) as Query<ReadTerms<T>, RowFiltered<T>>;
  }

  /** Runs fn with structural changes deferred, then applies them (also when fn throws). */
  defer<T>(fn: () => T): T {
    const { store, defer } = this.#ctx;
    store.core.check();
    if (typeof fn !== "function") throw new ArgumentError(needsFunction("defer", fn));
    const before = defer.open();
    let result: T;
    try {
      result = fn();
    } catch (error) {
      closeAfter(() => {
        defer.endIterations(LEFT_BY_DEFER, before);
        defer.close();
      }, error);
      throw error;
    }
    defer.endIterations(LEFT_BY_DEFER, before);
    defer.close();
    return result;
  }

  /**
   * Applies deferred changes now. Iterations still open (an iterator left unfinished, or
   * a loop calling flush()) end here: their next next() throws ArgumentError.
   */
  flush(): void {
    const { store, defer } = this.#ctx;
    store.core.check();
    defer.endIterations("world.flush()");
    defer.flush();
  }

  // ── Engine layer: systems, events, change readers ─────────────────────────
  /**
   * Adds a system: `fn(query, ctx)` runs once per step() over the query for `terms`,
   * in declared order unless `options.before` / `options.after` (system names) say
   * otherwise. Structural changes it makes are deferred and applied when it returns.
   */
  system<const T extends QueryTerms>(
    name: string,
    terms: T,
    fn: SystemFn<World, Query<ReadTerms<T>, RowFiltered<T>>>,
    options: SystemOptions<World> = {},
  ): void {
    const ctx = this.#ctx;
    ctx.store.core.check();
    if (typeof name !== "string" || name.length === 0) throw new ArgumentError(systemName(name));
    if (typeof fn !== "function") throw new ArgumentError(systemFn(name, fn));
    const checked = checkOptions(name, options) as SystemOptions;
    ctx.runner.schedule.add(name, () => this.query(terms) as Query, fn as SystemFn, checked);
  }

  /**
   * Runs every system once, in order; after each one its deferred changes are applied.
   * Events rotate at the end of the step. Not allowed inside a step or an iteration.
   */
  step(dt = 0): void {
    const ctx = this.#ctx;
    ctx.store.core.check();
    // Iterations left open outside any system or defer() scope end here, applying what waited.
    if (ctx.defer.deferring === 0 && !ctx.runner.inStep) ctx.defer.endIterations("world.step()");
    ctx.runner.step(this, dt, () => {
      for (const ev of ctx.events.values()) ev.endStep();
    });
  }

  /** The number of steps run so far. */
  get tick(): number {
    this.#ctx.store.core.check();
    return this.#ctx.runner.steps;
  }

  /** The event type named `name` in this world (the same object for the same name). */
  event<T>(name: string): EventType<T> {
    this.#ctx.store.core.check();
    return eventType<T>(this.#ctx.events, this, name);
  }

  /** Sends an event: readable by every system until the end of the next step. */
  emit<T>(type: EventType<T>, payload: T): void {
    this.#ctx.store.core.check();
    checkOwner(type as EventType<unknown>, this);
    type.current.push(payload);
  }

  /**
   * The events of this type emitted during this step and the previous one, oldest first;
   * inside a system, those of them the system has not read yet (each event once per system).
   */
  read<T>(type: EventType<T>): readonly T[] {
    this.#ctx.store.core.check();
    checkOwner(type as EventType<unknown>, this);
    const running = this.#ctx.runner.running;
    return running === undefined ? type.read() : type.readBy(running);
  }

  /**
   * Entities that lost c (removed, or destroyed with it) since the caller (the running
   * system, or code outside systems) last asked. The first ask starts the log and
   * returns nothing. Ids may be stale by now.
   */
  removed(c: Component): Entity[] {
    const { store, runner } = this.#ctx;
    store.core.check();
    const id = store.registry.idOf(c);
    if (c.isRelation) throw new ArgumentError(notTracked(`removed(${c.name}) is not available`));
    if (c.sparse) throw new ArgumentError(sparseNotLogged(c.name));
    return store.changes.removed(id, runner.running ?? OUTSIDE) as Entity[];
  }

  // ── Kernels: systems in wasm ──────────────────────────────────────────────
  /**
   * Loads a kernel module (AssemblyScript built with `npx wasm-ecs-kernel`) over this
   * world's memory: `(await world.kernels(url)).kernel("move", { write: [Position],
   * read: [Velocity], scalars: ["dt"] })`. KernelError when the module could write the
   * memory on its own (its own memory, static data, a runtime, other imports).
   */
  async kernels(source: KernelSource): Promise<KernelModule> {
    this.#ctx.store.core.check();
    return loadKernels(this.#kernelHost(), source);
  }

  /** The built-in kernels over f32 fields (add, scale, addScaled, clamp), SIMD inside. */
  async builtinKernels(): Promise<BuiltinKernels> {
    const ctx = this.#ctx;
    ctx.store.core.check();
    if (ctx.builtins === undefined) {
      const module = await builtinModule(isShared(ctx.store.core.memory));
      const instance = await WebAssembly.instantiate(module, { env: { memory: ctx.store.core.memory } });
      ctx.builtins = new BuiltinKernels(this.#kernelHost(), instance.exports as Record<string, unknown>);
    }
    return ctx.builtins as BuiltinKernels;
  }

  #kernelHost(): KernelHost {
    const ctx = this.#ctx;
    return { store: ctx.store, query: (terms) => this.query(terms) as Query, owns: (q) => ctx.owns(q) };
  }

  // ── Inspection ────────────────────────────────────────────────────────────
  /**
   * What the world holds now: every archetype table with its components (bookkeeping
   * ones left out), rows and bytes in use, and every cached query with its terms and
   * matches. Reads memory only; no core call.
   */
  inspect(): WorldInspection {
    return inspect(this.#ctx);
  }

  stats(): WorldStats {
    return stats(this.#ctx);
  }

  // ── Snapshots ─────────────────────────────────────────────────────────────
  /**
   * The whole world as bytes: entities, components (object fields as JSON), sparse
   * tags, change stamps, the step counter and resources. Not inside an iteration,
   * defer() or step(). SnapshotError when an object field or resource is not JSON-safe.
   */
  snapshot(): Uint8Array {
    this.#refuseInside("snapshot()");
    return snapshot(this.#ctx);
  }

  /**
   * Puts the world back to a snapshot. The snapshot must come from a world with the
   * same components (fields, types, registration order) and the same core build;
   * otherwise, or when its bytes are damaged, SnapshotError, and this world is unchanged.
   * Entity handles, queries and systems keep working; views are fetched again.
   */
  restore(bytes: Uint8Array): void {
    this.#refuseInside("restore()");
    restore(this.#ctx, bytes);
  }

  /** Releases the world; every later call throws WorldPoisonedError. */
  dispose(): void {
    this.#ctx.store.core.dispose();
  }

  /** ArgumentError while a query is iterated, inside defer() or inside step(). */
  #refuseInside(what: string): void {
    const { store, defer, runner } = this.#ctx;
    store.core.check();
    if (defer.active || runner.inStep) throw new ArgumentError(refusedInside(what));
  }

  /** @internal The package's own test hooks (test/support/internals.ts). */
  get [TESTING](): TestingHooks {
    return testingHooks(this.#ctx);
  }
}
