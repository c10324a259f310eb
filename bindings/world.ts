// World: the public API over one core instance. Validates every argument before the
// core is called (so a bad call changes nothing), turns status codes into typed
// errors, routes structural changes to the command buffer while deferring, and
// writes init values through the whole-memory views.
import { ADD, type Command, CommandBuffer, DESTROY, DESTROY_MANY, REMOVE, SPAWN, SPAWN_MANY } from "./commands.js";
import { Component, type ComponentArg, ComponentInit } from "./component.js";
import {
  ERR_BAD_ARGUMENT,
  ERR_CAPACITY,
  ERR_COMPONENT_LIMIT,
  ERR_ID_SPACE,
  ERR_STALE,
  ERR_UNKNOWN_COMPONENT,
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
  EcsError,
  MissingComponentError,
  messages,
  SchemaError,
  StaleEntityError,
  UnknownComponentError,
} from "./errors.js";
import { instantiateCore } from "./load.js";
import { Query, type QueryHost, type QueryTerms } from "./query.js";
import type { Init, Schema, Values } from "./schema.js";
import { checkManyValues, checkValues, readValues, writeManyValues, writeValues } from "./values.js";
import { Table } from "./views.js";

/** An entity handle: generation and slot packed in 31 bits (see constants.ts). */
export type Entity = number & { readonly __brand: "Entity" };

export interface WorldOptions {
  /** Components to register now; more can be registered later. */
  readonly components?: readonly Component[];
  /** Capacity hint for the entity index, never a limit. */
  readonly initialEntities?: number;
  /** Ceiling on wasm memory; beyond it operations throw CapacityError. Default: 4 GiB. */
  readonly maxMemoryBytes?: number;
  /** Debug core: invariant checks after every structural op, strict integer values. */
  readonly debug?: boolean;
}

export interface WorldStats {
  readonly entities: number;
  readonly archetypes: number;
  readonly components: number;
  readonly queries: number;
  /** Size of the wasm memory. */
  readonly memoryBytes: number;
  /** Bytes in live core allocations (columns, index, tables, masks). */
  readonly usedBytes: number;
  /** Bumped whenever a column or the memory moved. */
  readonly layoutEpoch: number;
}

const PAGE = 65536;
const MAX_PAGES = 65536;

/** Creates a world in any runtime. The compiled core is cached, so later worlds only instantiate. */
export async function createWorld(options: WorldOptions = {}): Promise<World> {
  const debug = options.debug === true;
  const maxBytes = options.maxMemoryBytes ?? MAX_PAGES * PAGE;
  if (typeof maxBytes !== "number" || !(maxBytes >= PAGE)) {
    throw new ArgumentError(`maxMemoryBytes must be a number of bytes of at least ${PAGE}, got ${String(maxBytes)}`);
  }
  const hint = options.initialEntities ?? 0;
  if (!Number.isInteger(hint) || hint < 0) {
    throw new ArgumentError(`initialEntities must be a whole number, got ${String(hint)}`);
  }
  const core = new Core(await instantiateCore(debug));
  const maxPages = Math.min(MAX_PAGES, Math.floor(maxBytes / PAGE));
  if (core.init(maxPages, debug) !== 0) throw new CapacityError(messages.outOfMemory("create the world", maxBytes));
  const world = new World(core, debug, maxPages * PAGE);
  if (hint > 0 && core.reserveEntities(Math.min(hint, MAX_SLOTS - 1)) !== 0) {
    throw new CapacityError(messages.outOfMemory(`reserve room for ${hint} entities`, maxPages * PAGE));
  }
  for (const c of options.components ?? []) world.register(c);
  return world;
}

export class World implements QueryHost {
  readonly debug: boolean;
  private readonly core: Core;
  private readonly maxBytes: number;
  /** Component key -> id in this world. */
  private readonly ids: number[] = [];
  /** Id -> component. */
  private readonly components: Component[] = [];
  private readonly byName = new Map<string, Component>();
  private readonly tables: Table[] = [];
  private readonly queries = new Map<string, Query>();
  private readonly commands = new CommandBuffer();
  private iterating = 0;
  private deferring = 0;

  /** @internal Use createWorld(). */
  constructor(core: Core, debug: boolean, maxBytes: number) {
    this.core = core;
    this.debug = debug;
    this.maxBytes = maxBytes;
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
    const ptr = this.scratch(bytes, `register ${c.name}`);
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
    if (id === ERR_COMPONENT_LIMIT) throw new CapacityError(messages.componentLimit(c.name, MAX_COMPONENTS));
    if (id === ERR_BAD_ARGUMENT) throw new SchemaError(`The core rejected the schema of ${c.name}`);
    this.expect(id, `register ${c.name}`);
    this.ids[c.key] = id;
    this.components[id] = c;
    this.byName.set(c.name, c);
  }

  // ── Entities ──────────────────────────────────────────────────────────────
  /** Spawns an entity with the given components (and init values). */
  spawn(...components: ComponentArg[]): Entity {
    this.core.check();
    const table = this.tableFor(components, 1);
    if (this.isDeferring()) {
      const e = this.expect(this.core.spawn(0), "spawn an entity");
      this.commands.spawn(e, table, components);
      return e as Entity;
    }
    const e = this.expect(this.core.spawn(table), "spawn an entity");
    this.writeInits(e, table, components);
    return e as Entity;
  }

  /**
   * Spawns n entities with one core call. A field's init may be one value for all or
   * an array-like with one value per entity. Returns the new entities.
   */
  spawnMany(n: number, ...components: (Component | ComponentInit<Schema>)[]): Uint32Array {
    this.core.check();
    if (!Number.isInteger(n) || n < 0 || n >= MAX_SLOTS) {
      throw new ArgumentError(
        `spawnMany needs a whole number of entities from 0 to ${MAX_SLOTS - 1}, got ${String(n)}`,
      );
    }
    const table = this.tableFor(components, n);
    if (n === 0) return new Uint32Array(0);
    const what = `spawn ${n} entities`;
    const ptr = this.scratch(n * 4, what);
    if (this.isDeferring()) {
      this.expect(this.core.spawnMany(0, n, ptr), what);
      const ids = this.core.u32.slice(ptr >>> 2, (ptr >>> 2) + n);
      this.commands.spawnMany(ids, table, components.map(copyPerEntity));
      return ids;
    }
    this.expect(this.core.spawnMany(table, n, ptr), what);
    const ids = this.core.u32.slice(ptr >>> 2, (ptr >>> 2) + n);
    const first = this.core.rowOf(ids[0]);
    const rows = new Int32Array(n);
    for (let i = 0; i < n; i++) rows[i] = first + i;
    this.writeManyInits(table, rows, components);
    return ids;
  }

  /** Adds c to e (migrating it), or, when e has c already, writes the given values. */
  add<S extends Schema>(e: number, c: Component<S>, values?: Init<S>): void {
    this.core.check();
    this.tableOfLive(e);
    const id = this.idOf(c);
    if (values !== undefined) checkValues(c, values, this.debug);
    if (this.isDeferring()) this.commands.add(e, id, c, values);
    else this.addNow(e, id, c, values);
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
    return this.tableAt(t).has(c);
  }

  /** Removes c from e; false when e did not have it. */
  remove(e: number, c: Component): boolean {
    this.core.check();
    const t = this.tableOfLive(e);
    const id = this.idOf(c);
    if (this.isDeferring()) {
      this.commands.remove(e, id);
      return this.tableAt(t).has(c);
    }
    return this.expect(this.core.remove(e, id), `remove ${c.name}`) === 1;
  }

  /** Destroys e; its id becomes stale and its slot is reused with a new generation. */
  destroy(e: number): void {
    this.core.check();
    this.tableOfLive(e);
    if (this.isDeferring()) this.commands.destroy(e);
    else this.expect(this.core.destroy(e), "destroy an entity");
  }

  /** Destroys every entity in the list with one core call; a stale one anywhere changes nothing. */
  destroyMany(entities: ArrayLike<number>): void {
    this.core.check();
    for (let i = 0; i < entities.length; i++) this.tableOfLive(entities[i]);
    const ids = Uint32Array.from(entities);
    if (this.isDeferring()) this.commands.destroyMany(ids);
    else this.destroyListed(ids);
  }

  /** False for destroyed, stale and malformed ids; never throws. */
  isAlive(e: number): boolean {
    return this.core.tableOf(e) >= 0;
  }

  get entityCount(): number {
    return this.core.alive;
  }

  stats(): WorldStats {
    this.core.check();
    return {
      entities: this.core.alive,
      archetypes: this.core.tableCount,
      components: this.components.length,
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
    const n = this.core.tableCount;
    while (this.tables.length < n)
      this.tables.push(new Table(this.core, this.tables.length, this.ids, this.components));
    return this.tables;
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

  private idOf(c: Component): number {
    if (!(c instanceof Component)) throw new ArgumentError(`Expected a component, got ${String(c)}`);
    const id = this.ids[c.key];
    if (id === undefined) throw new UnknownComponentError(c.name);
    return id;
  }

  private tableAt(t: number): Table {
    return this.tables[t] ?? this.tablesNow()[t];
  }

  /** Table of a live entity; StaleEntityError otherwise. */
  private tableOfLive(e: number): number {
    const t = this.core.tableOf(e);
    if (t < 0) throw new StaleEntityError(e, this.core.slotState(e));
    return t;
  }

  /** Table of live e, which must have registered component c. */
  private tableWith(e: number, c: Component, action: string): Table {
    const table = this.tableAt(this.tableOfLive(e));
    this.idOf(c);
    if (!table.has(c)) throw new MissingComponentError(describeEntity(e), c.name, action);
    return table;
  }

  /** Turns a negative status into its typed error; returns other values unchanged. */
  private expect(status: number, what: string): number {
    if (status >= 0) return status;
    switch (status) {
      case ERR_CAPACITY:
        throw new CapacityError(messages.outOfMemory(what, this.maxBytes));
      case ERR_ID_SPACE:
        throw new CapacityError(messages.idSpace(what));
      case ERR_STALE:
        throw new EcsError("INTERNAL", `The core found a stale entity the facade had checked while trying to ${what}`);
      case ERR_UNKNOWN_COMPONENT:
        throw new EcsError("INTERNAL", `The core does not know a component while trying to ${what}`);
      default:
        throw new EcsError("INTERNAL", `The core answered ${status} while trying to ${what}`);
    }
  }

  private scratch(bytes: number, what: string): number {
    const ptr = this.core.scratch(bytes);
    if (ptr === 0) throw new CapacityError(messages.outOfMemory(what, this.maxBytes));
    return ptr;
  }

  /** Table holding exactly these components (created on first use); checks init values. */
  private tableFor(components: readonly ComponentArg[], n: number): number {
    let t = 0;
    for (const arg of components) {
      const c = arg instanceof ComponentInit ? arg.component : arg;
      const id = this.idOf(c);
      if (arg instanceof ComponentInit) {
        if (n === 1) checkValues(c, arg.values, this.debug);
        else checkManyValues(c, arg.values, n, this.debug);
      }
      const from = this.tableAt(t);
      let to = from.addEdges[id];
      if (to === undefined) {
        to = this.expect(this.core.tableWith(t, id), `create the archetype for ${c.name}`);
        from.addEdges[id] = to;
      }
      t = to;
    }
    return t;
  }

  private writeInits(e: number, table: number, components: readonly ComponentArg[]): void {
    const row = this.core.rowOf(e);
    const tbl = this.tableAt(table);
    for (const arg of components) {
      if (arg instanceof ComponentInit)
        writeValues(this.core, tbl, row, arg.component, this.ids[arg.component.key], arg.values);
    }
  }

  private writeManyInits(table: number, rows: Int32Array, components: readonly ComponentArg[]): void {
    const tbl = this.tableAt(table);
    for (const arg of components) {
      if (!(arg instanceof ComponentInit)) continue;
      writeManyValues(this.core, tbl, rows, arg.component, this.ids[arg.component.key], arg.values);
    }
  }

  private addNow(e: number, id: number, c: Component, values: object | undefined): void {
    this.expect(this.core.add(e, id), `add ${c.name}`);
    if (values !== undefined)
      writeValues(this.core, this.tableAt(this.core.tableOf(e)), this.core.rowOf(e), c, id, values);
  }

  private destroyListed(ids: Uint32Array): void {
    const ptr = this.scratch(ids.length * 4, `destroy ${ids.length} entities`);
    this.core.u32.set(ids, ptr >>> 2);
    this.expect(this.core.destroyMany(ptr, ids.length), `destroy ${ids.length} entities`);
  }

  /** Moves parked spawns to their table with one core call (entities that died meanwhile are skipped). */
  private place(ids: Uint32Array, table: number): Int32Array {
    const live = ids.filter((e) => this.core.tableOf(e) >= 0);
    const ptr = this.scratch(live.length * 4, `spawn ${live.length} entities`);
    this.core.u32.set(live, ptr >>> 2);
    this.expect(this.core.moveMany(ptr, live.length, table), `spawn ${live.length} entities`);
    const rows = new Int32Array(ids.length);
    for (let i = 0; i < ids.length; i++) rows[i] = this.core.tableOf(ids[i]) === table ? this.core.rowOf(ids[i]) : -1;
    return rows;
  }

  /** Applies the buffer in order; runs of spawns into one table and of destroys are batched. */
  private applyCommands(): void {
    if (this.commands.size === 0) return;
    const list = this.commands.take();
    let i = 0;
    while (i < list.length) {
      const cmd = list[i];
      const j = runEnd(list, i);
      switch (cmd.kind) {
        case SPAWN: {
          const ids = Uint32Array.from(list.slice(i, j), (c) => c.e);
          const rows = this.place(ids, cmd.target);
          const tbl = this.tableAt(cmd.target);
          for (let k = i; k < j; k++) {
            if (rows[k - i] < 0) continue;
            for (const arg of list[k].inits ?? []) {
              if (arg instanceof ComponentInit)
                writeValues(this.core, tbl, rows[k - i], arg.component, this.ids[arg.component.key], arg.values);
            }
          }
          break;
        }
        case SPAWN_MANY:
          this.writeManyInits(cmd.target, this.place(cmd.ids as Uint32Array, cmd.target), cmd.inits ?? []);
          break;
        case ADD:
          if (this.isAlive(cmd.e)) this.addNow(cmd.e, cmd.target, cmd.component as Component, cmd.values);
          break;
        case REMOVE:
          if (this.isAlive(cmd.e)) this.expect(this.core.remove(cmd.e, cmd.target), "remove a component");
          break;
        case DESTROY:
        case DESTROY_MANY: {
          const ids: number[] = [];
          for (let k = i; k < j; k++) {
            const c = list[k];
            if (c.kind === DESTROY) ids.push(c.e);
            else for (const e of c.ids as Uint32Array) ids.push(e);
          }
          this.destroyListed(Uint32Array.from(ids.filter((e) => this.isAlive(e))));
          break;
        }
      }
      i = j;
    }
  }
}

/** End of the run of commands starting at i that apply as one batch. */
function runEnd(list: readonly Command[], i: number): number {
  const first = list[i];
  let j = i + 1;
  if (first.kind === SPAWN) {
    while (j < list.length && list[j].kind === SPAWN && list[j].target === first.target) j++;
  } else if (first.kind === DESTROY || first.kind === DESTROY_MANY) {
    while (j < list.length && (list[j].kind === DESTROY || list[j].kind === DESTROY_MANY)) j++;
  }
  return j;
}

/** Copies per-entity init arrays, which may be live column views that change before the flush. */
function copyPerEntity(arg: ComponentArg): ComponentArg {
  if (!(arg instanceof ComponentInit)) return arg;
  const values: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(arg.values))
    values[k] = typeof v === "object" && v !== null ? Array.from(v as ArrayLike<number>) : v;
  return new ComponentInit(arg.component, values);
}
