// World: the public API over one core instance. Validates every argument before the
// core is called (so a bad call changes nothing), turns status codes into typed
// errors, routes structural changes to the command buffer while deferring, and
// writes init values through the whole-memory views.
import {
  ADD,
  ADD_MANY,
  CommandBuffer,
  DESTROY,
  DESTROY_MANY,
  REMOVE,
  REMOVE_MANY,
  SPAWN,
  SPAWN_MANY,
} from "./commands.js";
import { Component, type ComponentArg, type ComponentInit, tag } from "./component.js";
import {
  ERR_BAD_ARGUMENT,
  ERR_COMPONENT_LIMIT,
  F_STRIDE,
  FLAG_TAG,
  H_USED_BYTES,
  MAX_COMPONENTS,
  MAX_SLOTS,
} from "./constants.js";
import { Core } from "./core.js";
import {
  ArgumentError,
  CapacityError,
  describeEntity,
  MissingComponentError,
  messages,
  SchemaError,
  StaleEntityError,
  UnknownComponentError,
} from "./errors.js";
import { createMemory, instantiateCore } from "./load.js";
import { copyInits, Ops } from "./ops.js";
import { Query, type QueryHost, type QueryTerms } from "./query.js";
import type { Init, Schema, Values } from "./schema.js";
import { checkValues, copyValues, readValues, writeValues } from "./values.js";
import type { Table } from "./views.js";

/** An entity handle: generation and slot packed in 31 bits (see constants.ts). */
export type Entity = number & { readonly __brand: "Entity" };

export interface WorldOptions {
  /** Components to register now; more can be registered later. */
  readonly components?: readonly Component[];
  /** Capacity hint for the entity index, never a limit. */
  readonly initialEntities?: number;
  /** Ceiling on wasm memory; beyond it operations throw CapacityError. Default: 4 GiB. */
  readonly maxMemoryBytes?: number;
  /**
   * Memory reserved up front (default 256 MiB, at most maxMemoryBytes). Pages that are
   * never written cost no physical memory. A world that outgrows it grows its memory,
   * which detaches typed-array views (the facade rebuilds its own) and, in V8, makes
   * every typed-array loop of the thread check for detachment from then on.
   */
  readonly initialMemoryBytes?: number;
  /** Debug core: invariant checks after every structural op, strict integer values. */
  readonly debug?: boolean;
}

export interface WorldStats {
  readonly entities: number;
  /** Archetype tables, the empty archetype included. */
  readonly archetypes: number;
  readonly components: number;
  readonly queries: number;
  /** Size of the wasm memory (reserved address space, see initialMemoryBytes). */
  readonly memoryBytes: number;
  /** Bytes in live core allocations (columns, index, tables, masks). */
  readonly usedBytes: number;
  /** Bumped whenever a column or the memory moved. */
  readonly layoutEpoch: number;
}

/**
 * Marks the table where spawns made while deferring wait (alive, without their
 * components) until the flush moves them to their table. Every query excludes it, so
 * an iteration never visits an entity spawned during it.
 */
const PARKED = tag("wasm-ecs:parked");

const PAGE = 65536;
const MAX_PAGES = 65536;
/** The core's own static data and first tables fit in this (it declares 2 pages). */
const MIN_PAGES = 2;
const DEFAULT_INITIAL_BYTES = 256 << 20;

/** Creates a world in any runtime. The compiled core is cached, so later worlds only instantiate. */
export async function createWorld(options: WorldOptions = {}): Promise<World> {
  const debug = options.debug === true;
  const maxBytes = options.maxMemoryBytes ?? MAX_PAGES * PAGE;
  if (typeof maxBytes !== "number" || !(maxBytes >= MIN_PAGES * PAGE)) {
    throw new ArgumentError(
      `maxMemoryBytes must be a number of bytes of at least ${MIN_PAGES * PAGE}, got ${String(maxBytes)}`,
    );
  }
  const hint = options.initialEntities ?? 0;
  if (!Number.isInteger(hint) || hint < 0) {
    throw new ArgumentError(`initialEntities must be a whole number, got ${String(hint)}`);
  }
  const initialBytes = options.initialMemoryBytes ?? DEFAULT_INITIAL_BYTES;
  if (typeof initialBytes !== "number" || !(initialBytes >= 0)) {
    throw new ArgumentError(`initialMemoryBytes must be a number of bytes, got ${String(initialBytes)}`);
  }
  const maxPages = Math.min(MAX_PAGES, Math.floor(maxBytes / PAGE));
  const initialPages = Math.max(MIN_PAGES, Math.min(maxPages, Math.ceil(initialBytes / PAGE)));
  const memory = createMemory(initialPages, maxPages);
  const core = new Core(await instantiateCore(debug, memory), memory);
  if (core.init(maxPages, debug) !== 0) throw new CapacityError(messages.outOfMemory("create the world", maxBytes));
  const world = new World(core, debug, maxPages * PAGE);
  if (hint > 0 && core.reserveEntities(Math.min(hint, MAX_SLOTS - 1)) !== 0) {
    throw new CapacityError(messages.outOfMemory(`reserve room for ${hint} entities`, maxPages * PAGE));
  }
  world.register(PARKED);
  world.parkAt();
  for (const c of options.components ?? []) world.register(c);
  return world;
}

export class World implements QueryHost {
  readonly debug: boolean;
  private readonly core: Core;
  private readonly ops: Ops;
  /** Component key -> id in this world (shared with ops and table views). */
  private readonly ids: number[];
  private readonly byName = new Map<string, Component>();
  private readonly queries = new Map<string, Query>();
  private readonly commands = new CommandBuffer();
  private readonly unknown = (c: unknown): never => {
    this.idOf(c as Component);
    throw new ArgumentError(`Expected a component, got ${String(c)}`);
  };
  private iterating = 0;
  private deferring = 0;
  /** Table of PARKED (see there). */
  private parked = 0;

  /** @internal Use createWorld(). */
  constructor(core: Core, debug: boolean, maxBytes: number) {
    this.core = core;
    this.debug = debug;
    this.ops = new Ops(core, maxBytes);
    this.ids = this.ops.ids;
  }

  // ── Components ────────────────────────────────────────────────────────────
  /** Registers c (once; registering it again does nothing). Works after entities exist. */
  register(c: Component): void {
    this.core.check();
    if (!(c instanceof Component)) throw new ArgumentError(`register() takes a component, got ${String(c)}`);
    if (this.ids[c.key] !== undefined) return;
    if (this.byName.has(c.name)) throw new SchemaError(messages.duplicateName(c.name));
    if (c.sparse) {
      throw new SchemaError(`Tag "${c.name}" is sparse: sparse tags are not supported by this version of wasm-ecs`);
    }
    const core = this.core;
    const n = c.fields.length;
    let bytes = n * F_STRIDE * 4;
    for (const f of c.fields) bytes += f.bytes;
    const ptr = this.ops.scratch(bytes, `register ${c.name}`);
    const u32 = core.u32;
    let at = ptr + n * F_STRIDE * 4;
    for (const f of c.fields) {
      const rec = (ptr >>> 2) + f.index * F_STRIDE;
      const def = (c.defaults as Record<string, number | ArrayLike<number> | undefined>)[f.name];
      u32[rec] = f.code;
      u32[rec + 1] = f.length;
      u32[rec + 2] = def === undefined ? 0 : 1;
      u32[rec + 3] = 0;
      if (def === undefined) continue;
      const pattern = new f.ctor(f.length);
      if (typeof def === "number") pattern.fill(def);
      else pattern.set(Array.from(def));
      core.u8.set(new Uint8Array(pattern.buffer), at);
      at += f.bytes;
    }
    const id = core.registerComponent(ptr, n, c.isTag ? FLAG_TAG : 0);
    if (id === ERR_COMPONENT_LIMIT) throw new CapacityError(messages.componentLimit(c.name, MAX_COMPONENTS - 1));
    if (id === ERR_BAD_ARGUMENT) throw new SchemaError(`The core rejected the schema of ${c.name}`);
    this.ops.expect(id, `register ${c.name}`);
    this.ids[c.key] = id;
    this.ops.components[id] = c;
    this.byName.set(c.name, c);
  }

  /** @internal Creates the parking table; called once by createWorld. */
  parkAt(): void {
    this.parked = this.ops.tableOf(this.ops.resolve([PARKED], false, 1, false, this.unknown), [PARKED]);
  }

  // ── Entities ──────────────────────────────────────────────────────────────
  /** Spawns an entity with the given components (and init values). */
  spawn(...components: ComponentArg[]): Entity {
    this.core.check();
    const set = this.ops.resolve(components, false, 1, this.debug, this.unknown);
    // Values that are views on this world's memory would be detached by a growing core call.
    if (this.ops.initsShareMemory) components = copyInits(components);
    const before = this.core.tableCount;
    const inits = this.ops.hadInits;
    // try/catch inline (no closure per spawn): a failed spawn drops the archetype it created.
    try {
      const table = this.ops.tableOf(set, components);
      if (!this.isDeferring()) return this.ops.spawn(table, components, inits) as Entity;
      const e = this.ops.spawn(this.parked, components, false);
      // Init values are read at the flush: keep them as they are now.
      this.commands.push(SPAWN, e, table, inits ? copyInits(components) : components);
      return e as Entity;
    } catch (error) {
      this.ops.undoTables(before);
      throw error;
    }
  }

  /**
   * Spawns n entities with one core call. A field's init may be one value for all or,
   * with `C.withEach(...)`, an array-like with one value per entity. Returns the new entities.
   */
  spawnMany(n: number, ...components: (Component | ComponentInit<Schema>)[]): Uint32Array {
    this.core.check();
    if (!Number.isInteger(n) || n < 0 || n >= MAX_SLOTS) {
      throw new ArgumentError(
        `spawnMany needs a whole number of entities from 0 to ${MAX_SLOTS - 1}, got ${String(n)}`,
      );
    }
    const set = this.ops.resolve(components, true, n, this.debug, this.unknown);
    if (n === 0) return new Uint32Array(0);
    const before = this.core.tableCount;
    if (!this.isDeferring()) {
      // Values that are views on this world's memory would be detached by a growing core call.
      if (this.ops.initsShareMemory) components = copyInits(components);
      try {
        return this.ops.spawnMany(this.ops.tableOf(set, components), n, components, true);
      } catch (error) {
        this.ops.undoTables(before);
        throw error;
      }
    }
    // Deferred: the values are read at the flush, after the caller may have changed them.
    const inits = copyInits(components);
    try {
      const table = this.ops.tableOf(set, inits);
      const ids = this.ops.spawnMany(this.parked, n, inits, false);
      this.commands.push(SPAWN_MANY, 0, table, { ids, inits });
      return ids;
    } catch (error) {
      this.ops.undoTables(before);
      throw error;
    }
  }

  /** Adds c to e (migrating it), or, when e has c already, writes the given values. */
  add<S extends Schema>(e: number, c: Component<S>, values?: Init<S>): void {
    this.core.check();
    this.tableOfLive(e);
    const id = this.idOf(c);
    const now = !this.isDeferring();
    // Array values that are views on this world's memory are copied (a growing core call
    // would detach them), and deferred values too (they are read at the flush).
    if (values !== undefined && (checkValues(c, values, this.debug, this.core.buffer) || !now))
      values = copyValues(values);
    if (now) this.ops.add(e, id, c, values);
    else this.commands.push(ADD, e, id, values);
  }

  /** Writes some fields of e's c; MissingComponentError when e lacks c. */
  set<S extends Schema>(e: number, c: Component<S>, values: Init<S>): void {
    this.core.check();
    const table = this.tableWith(e, c, "set");
    checkValues(c, values, this.debug);
    writeValues(this.core, table, this.core.rowOf(e), c, this.ids[c.key], values);
  }

  /** A copy of e's c values (convenience; not for hot loops). */
  get<S extends Schema>(e: number, c: Component<S>): Values<S> {
    this.core.check();
    const table = this.tableWith(e, c, "get");
    return readValues(this.core, table, this.core.rowOf(e), c, this.ids[c.key]);
  }

  has(e: number, c: Component): boolean {
    this.core.check();
    const t = this.tableOfLive(e);
    this.idOf(c);
    return this.ops.tableAt(t).has(c);
  }

  /** Removes c from e; false when e did not have it (while deferring: when it does not have it now). */
  remove(e: number, c: Component): boolean {
    this.core.check();
    const t = this.tableOfLive(e);
    const id = this.idOf(c);
    if (!this.isDeferring()) return this.ops.remove(e, id, c);
    this.commands.push(REMOVE, e, id, undefined);
    return this.ops.tableAt(t).has(c);
  }

  /** Destroys e; its id becomes stale and its slot is reused with a new generation. */
  destroy(e: number): void {
    this.core.check();
    this.tableOfLive(e);
    if (this.isDeferring()) this.commands.push(DESTROY, e, 0, undefined);
    else this.ops.destroy(e);
  }

  /**
   * Adds c (with the same values) to every listed entity, or to every entity a query
   * matches, with one core call; a query's tables move as whole blocks. A stale entity
   * anywhere throws StaleEntityError and nothing changes. Entities that have c keep
   * their table and get the values written.
   */
  addMany<S extends Schema>(entities: ArrayLike<number> | Query, c: Component<S>, values?: Init<S>): void {
    this.manyMoves(entities, c, true, values);
  }

  /** Removes c from every listed entity, or every entity a query matches, with one core call. */
  removeMany(entities: ArrayLike<number> | Query, c: Component): void {
    this.manyMoves(entities, c, false, undefined);
  }

  private manyMoves(
    target: ArrayLike<number> | Query,
    c: Component,
    adding: boolean,
    values: object | undefined,
  ): void {
    this.core.check();
    this.checkTarget(target, adding ? "addMany" : "removeMany");
    const id = this.idOf(c);
    const now = !this.isDeferring();
    // Deferred values are read at the flush: copy them, as they are now.
    if (values !== undefined && (checkValues(c, values, this.debug, this.core.buffer) || !now))
      values = copyValues(values);
    if (now && target instanceof Query) {
      // A query moves its tables whole: no entity list at all.
      this.ops.moveTables(nonEmpty(target), id, adding, values);
      return;
    }
    this.checkIds(target);
    const ids = this.ownIds(target);
    if (now) {
      this.ops.moveMany(ids, id, adding, values, false);
      return;
    }
    this.ops.checkLive(ids);
    this.commands.push(adding ? ADD_MANY : REMOVE_MANY, 0, id, { ids, values });
  }

  /** ArgumentError unless target is a query of this world or an array-like of ids. */
  private checkTarget(target: unknown, method: string): void {
    if (target instanceof Query) {
      if (!target.belongsTo(this)) throw new ArgumentError(`${method}() was given a query of another world`);
      return;
    }
    const length = (target as ArrayLike<number> | null)?.length;
    if (typeof target !== "object" || target === null || !Number.isInteger(length)) {
      throw new ArgumentError(`${method}() takes an array of entities or a query, got ${String(target)}`);
    }
  }

  /** StaleEntityError for an element of a list that is not a valid id (before any conversion to u32). */
  private checkIds(target: ArrayLike<number> | Query): void {
    if (target instanceof Query || target instanceof Uint32Array) return;
    for (let i = 0; i < target.length; i++) {
      const e = target[i];
      if (!(Number.isInteger(e) && e > 0 && e <= 0x7fffffff)) throw this.ops.stale(e);
    }
  }

  /**
   * The ids of a batch as a Uint32Array the world owns: a copy of a query's entities or
   * of the caller's list. A list that is a view on this world's memory (t.entities)
   * would be detached or changed by the batch itself.
   */
  private ownIds(target: ArrayLike<number> | Query): Uint32Array {
    if (target instanceof Query) return target.entities();
    if (target instanceof Uint32Array) return target.slice();
    return Uint32Array.from(target, (e) => (e >>> 0 === e ? e : 0));
  }

  /**
   * Destroys every listed entity, or every entity a query matches, with one core call;
   * a stale one anywhere changes nothing.
   */
  destroyMany(target: ArrayLike<number> | Query): void {
    this.core.check();
    this.checkTarget(target, "destroyMany");
    if (target instanceof Query && !this.isDeferring()) {
      this.ops.destroyTables(nonEmpty(target));
      return;
    }
    this.checkIds(target);
    const entities = this.ownIds(target);
    if (!this.isDeferring()) {
      this.ops.destroyMany(entities, false);
      return;
    }
    this.ops.checkLive(entities);
    this.commands.push(DESTROY_MANY, 0, 0, entities);
  }

  /** False for destroyed, stale and malformed ids, and in a disposed world; never throws. */
  isAlive(e: number): boolean {
    return this.core.dead === undefined && this.core.tableOf(e) >= 0;
  }

  get entityCount(): number {
    return this.core.alive;
  }

  stats(): WorldStats {
    this.core.check();
    return {
      entities: this.core.alive,
      archetypes: this.core.tableCount - 1, // not counting the parking table
      components: this.ops.components.length - 1, // not counting PARKED
      queries: this.queries.size,
      memoryBytes: this.core.memory.buffer.byteLength,
      usedBytes: this.core.header(H_USED_BYTES),
      layoutEpoch: this.core.epoch,
    };
  }

  /** Releases the world; every later call throws WorldPoisonedError. */
  dispose(): void {
    this.core.dispose();
  }

  // ── Queries and deferral ──────────────────────────────────────────────────
  /** The query for these terms (the same object for the same terms). */
  query(terms: QueryTerms): Query {
    this.core.check();
    if (terms === null || typeof terms !== "object")
      throw new ArgumentError(`query() takes terms such as { all: [A] }, got ${String(terms)}`);
    const lists: number[][] = [];
    for (const key of Object.keys(terms)) {
      if (key !== "all" && key !== "any" && key !== "none" && key !== "optional") {
        throw new ArgumentError(`Unknown query term "${key}": use all, any, none or optional`);
      }
    }
    for (const key of ["all", "any", "none", "optional"] as const) {
      const list = terms[key] ?? [];
      if (!Array.isArray(list)) throw new ArgumentError(`Query term "${key}" must be an array of components`);
      lists.push([...new Set(list.map((c) => this.idOf(c)))].sort((a, b) => a - b));
    }
    // Every query leaves out the parked spawns.
    lists[2] = [this.ids[PARKED.key], ...lists[2]];
    const cacheKey = lists.map((l) => l.join(",")).join("|");
    let q = this.queries.get(cacheKey);
    if (q === undefined) {
      q = new Query(this, terms, lists[0], lists[1], lists[2]);
      this.queries.set(cacheKey, q);
    }
    return q;
  }

  /** Runs fn with structural changes deferred, then applies them (also when fn throws). */
  defer<T>(fn: () => T): T {
    this.core.check();
    this.deferring++;
    try {
      return fn();
    } finally {
      this.deferring--;
      if (!this.isDeferring()) this.applyCommands();
    }
  }

  /** Applies deferred changes now. Not allowed while a query is being iterated. */
  flush(): void {
    this.core.check();
    if (this.iterating > 0) throw new ArgumentError(messages.flushInIteration());
    this.applyCommands();
  }

  /** @internal QueryHost: every core table, discovering new ones. */
  tablesNow(): readonly Table[] {
    return this.ops.tablesNow();
  }
  /** @internal */
  beginIteration(): void {
    this.core.check();
    this.iterating++;
  }
  /** @internal */
  endIteration(): void {
    this.iterating--;
    if (!this.isDeferring()) this.applyCommands();
  }

  /** @internal Walks every core invariant (debug worlds); throws WorldPoisonedError on a broken one. */
  checkInvariants(): void {
    this.core.check();
    this.core.checkInvariants();
  }

  // ── Internals ─────────────────────────────────────────────────────────────
  private isDeferring(): boolean {
    return this.iterating > 0 || this.deferring > 0;
  }

  /** Id of c in this world; UnknownComponentError (or ArgumentError for a non-component). */
  private idOf(c: Component): number {
    const id = c?.isInit === false ? this.ids[c.key] : undefined;
    if (id !== undefined) return id;
    if (!(c instanceof Component)) throw new ArgumentError(`Expected a component, got ${String(c)}`);
    throw new UnknownComponentError(c.name);
  }

  /** Table of a live entity; StaleEntityError otherwise. */
  private tableOfLive(e: number): number {
    const t = this.core.tableOf(e);
    if (t < 0) throw new StaleEntityError(e, this.core.slotState(e));
    return t;
  }

  /** Table of live e, which must have registered component c. */
  private tableWith(e: number, c: Component, action: string): Table {
    const table = this.ops.tableAt(this.tableOfLive(e));
    this.idOf(c);
    if (!table.has(c)) throw new MissingComponentError(describeEntity(e), c.name, action);
    return table;
  }

  private applyCommands(): void {
    if (this.commands.size === 0) return;
    try {
      this.ops.apply(this.commands, this.parked);
    } finally {
      this.commands.clear();
    }
  }
}

/** The query's tables that hold entities now. */
function nonEmpty(q: Query): Table[] {
  return q.tables().filter((t) => t.refresh() > 0);
}
