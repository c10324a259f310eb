// World: the public API over one core instance. Validates every argument before the
// core is called (so a bad call changes nothing), turns status codes into typed
// errors, routes structural changes to the command buffer while deferring, and
// writes init values through the whole-memory views.

import { type Changes, type Reader, type TicksComponent, ticksComponent } from "./changes.js";
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
} from "./commands.js";
import {
  argNames,
  Component,
  type ComponentArg,
  type ComponentInit,
  Pair,
  Relation,
  tag,
  WILDCARD,
} from "./component.js";
import {
  ERR_BAD_ARGUMENT,
  ERR_COMPONENT_LIMIT,
  F_STRIDE,
  FLAG_CASCADE,
  FLAG_EXCLUSIVE,
  FLAG_RELATION,
  FLAG_TAG,
  H_FREE_COUNT,
  H_FREE_HEAD,
  H_HEAP_TOP,
  H_LIVE_TABLES,
  H_RECYCLED,
  H_SLOT_COUNT,
  H_TARGET_MOVES,
  H_USED_BYTES,
  MAX_COMPONENTS,
  MAX_SLOTS,
  P_NEXT_PAIR,
  P_NEXT_TABLE,
  P_STRIDE,
  T_PAIRS,
  T_ROW_BYTES,
} from "./constants.js";
import { Core } from "./core.js";
import {
  ArgumentError,
  CapacityError,
  describeEntity,
  MissingComponentError,
  messages,
  SchemaError,
  SnapshotError,
  StaleEntityError,
  UnknownComponentError,
} from "./errors.js";
import { EventType, Resources } from "./events.js";
import { createMemory, instantiateCore } from "./load.js";
import { type ComponentSet, copyInits, Ops } from "./ops.js";
import {
  changeTerms,
  compileTerms,
  NO_PAIRS,
  type PairTerms,
  Query,
  type QueryHost,
  type QueryTerms,
  type Reading,
  type ReadTerms,
} from "./query.js";
import type { Init, Schema, Values } from "./schema.js";
import {
  checkJsonSafe,
  checkParts,
  decode,
  describeEntry,
  encode,
  FLAG_DEBUG,
  isUndefinedMark,
  type SchemaEntry,
  type SnapshotMeta,
  schemaHash,
  UNDEFINED,
} from "./snapshot.js";
import type { SparseTags } from "./sparse.js";
import { Schedule, type System, type SystemContext, type SystemFn, type SystemOptions } from "./systems.js";
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
  /**
   * A snapshot (world.snapshot()) to start from. `components` must be the snapshot's
   * components (matched by name; registered in the snapshot's order). `debug` defaults
   * to the core the snapshot was made by.
   */
  readonly snapshot?: Uint8Array;
  /**
   * Testing switch: grow the memory by one 64 KiB page before every core call, which
   * detaches every typed-array view over the old buffer (stale views read undefined).
   * Slow and memory-hungry; for tests that prove no view is used after growth.
   */
  readonly growMemoryEachCall?: boolean;
}

/** world.inspect(): the tables and queries of a world right now. */
export interface WorldInspection {
  readonly tables: readonly {
    readonly id: number;
    /** Component names, in id order. */
    readonly components: readonly string[];
    readonly entities: number;
    /** Bytes of its rows in use (all columns, entity column included). */
    readonly bytes: number;
  }[];
  readonly queries: readonly {
    readonly terms: Readonly<Record<string, readonly string[]>>;
    /** Non-empty tables it matches now. */
    readonly tables: number;
    /** Entities it matches now (row filters included). */
    readonly entities: number;
  }[];
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
PARKED.hidden = true;

/** The reader of change filters and removals outside systems. */
const OUTSIDE: Reader = Object.freeze({ name: "outside systems" });

const PAGE = 65536;
const MAX_PAGES = 65536;
/** The core's own static data and first tables fit in this (it declares 2 pages). */
const MIN_PAGES = 2;
const DEFAULT_INITIAL_BYTES = 256 << 20;

/** Creates a world in any runtime. The compiled core is cached, so later worlds only instantiate. */
export async function createWorld(options: WorldOptions = {}): Promise<World> {
  const snap = options.snapshot === undefined ? undefined : decode(options.snapshot);
  const debug = options.debug ?? (snap !== undefined && (snap.header.flags & FLAG_DEBUG) !== 0);
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
  core.growEachCall = options.growMemoryEachCall === true;
  if (hint > 0 && core.reserveEntities(Math.min(hint, MAX_SLOTS - 1)) !== 0) {
    throw new CapacityError(messages.outOfMemory(`reserve room for ${hint} entities`, maxPages * PAGE));
  }
  world.register(PARKED);
  world.parkAt();
  if (snap === undefined) {
    for (const c of options.components ?? []) world.register(c);
    return world;
  }
  world.registerLike(snap.meta.schema, options.components ?? []);
  world.restore(options.snapshot as Uint8Array);
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
  private readonly schedule = new Schedule<World>();
  /** The system being run by step(), if any. */
  private running: System<World> | undefined = undefined;
  private steps = 0;
  private inStep = false;
  private readonly events = new Map<string, EventType<unknown>>();
  /** Components whose change tracking waits for the end of the current deferral scope. */
  private readonly trackLater: number[] = [];
  /** World-global state with no entity: `world.resources.set("time", { elapsed: 0 })`. */
  readonly resources = new Resources();
  /** The memory ceiling in 64 KiB pages. */
  private readonly maxPages: number;

  /** @internal Use createWorld(). */
  constructor(core: Core, debug: boolean, maxBytes: number) {
    this.core = core;
    this.debug = debug;
    this.maxPages = Math.floor(maxBytes / PAGE);
    this.ops = new Ops(core, maxBytes);
    this.ids = this.ops.ids;
    this.ops.onDestroyed = (doomed) => this.forgetTargets(doomed);
  }

  // ── Components ────────────────────────────────────────────────────────────
  /** Registers c (once; registering it again does nothing). Works after entities exist. */
  register(c: Component): void {
    this.core.check();
    if (!(c instanceof Component)) throw new ArgumentError(`register() takes a component, got ${String(c)}`);
    if (this.ids[c.key] !== undefined) return;
    if (this.byName.has(c.name)) throw new SchemaError(messages.duplicateName(c.name));
    const core = this.core;
    if (c.objectFields.length > 0) this.ops.useObjects();
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
    let flags = c.isTag ? FLAG_TAG : 0;
    if (c instanceof Relation) {
      flags |= FLAG_RELATION;
      if (c.exclusive) flags |= FLAG_EXCLUSIVE;
      if (c.onTargetDestroyed === "destroy") flags |= FLAG_CASCADE;
    }
    const id = core.registerComponent(ptr, n, flags);
    if (id === ERR_COMPONENT_LIMIT) throw new CapacityError(messages.componentLimit(c.name, MAX_COMPONENTS - 1));
    if (id === ERR_BAD_ARGUMENT) throw new SchemaError(`The core rejected the schema of ${c.name}`);
    this.ops.expect(id, `register ${c.name}`);
    this.ids[c.key] = id;
    this.ops.components[id] = c;
    this.byName.set(c.name, c);
    if (c.sparse) this.ops.addSparse(id);
    if (c instanceof Relation) this.ops.relations++;
  }

  /**
   * @internal Registers `given` in the order of a snapshot's schema (hidden entries
   * become the world's own bookkeeping components), so ids match the snapshot's.
   */
  registerLike(schema: readonly SchemaEntry[], given: readonly Component[]): void {
    const byName = new Map(given.map((c) => [c.name, c]));
    for (let id = this.ops.components.length; id < schema.length; id++) {
      const entry = schema[id];
      if (entry.hidden) {
        if (entry.tracks === undefined || this.ops.components[entry.tracks] === undefined)
          throw new SnapshotError(`its component ${id} (${entry.name}) is internal and not one this version makes`);
        this.register(ticksComponent(this.ops.components[entry.tracks]));
        continue;
      }
      const c = byName.get(entry.name);
      if (c === undefined)
        throw new SnapshotError(`it has component "${entry.name}", which createWorld was not given in components`);
      byName.delete(entry.name);
      this.register(c);
    }
    const extra = [...byName.keys()];
    if (extra.length > 0)
      throw new SnapshotError(
        `createWorld was given ${extra.map((n) => `"${n}"`).join(", ")}, which the snapshot does not have`,
      );
  }

  /** @internal Creates the parking table; called once by createWorld. */
  parkAt(): void {
    this.parked = this.ops.tableOf(this.ops.resolve([PARKED], false, 1, false, this.unknown), [PARKED]);
  }

  // ── Entities ──────────────────────────────────────────────────────────────
  /** Spawns an entity with the given components (and init values). */
  spawn(...components: ComponentArg[]): Entity {
    this.core.check();
    const ops = this.ops;
    const set = ops.resolve(components, false, 1, this.debug, this.unknown);
    // Kept small, so V8 inlines it into the caller's loop: the rare cases go elsewhere.
    if (ops.initsShareMemory || ops.sparseInSet.length > 0 || ops.pairsInSet.length > 0 || this.isDeferring())
      return this.spawnOther(set, components);
    const before = this.core.tableSeq;
    // try/catch inline (no closure per spawn): a failed spawn drops the archetype it created.
    try {
      return ops.spawn(ops.tableOf(set, components), components, ops.hadInits) as Entity;
    } catch (error) {
      ops.undoTables(before);
      throw error;
    }
  }

  /** spawn() with init values on this world's memory, sparse tags, or while deferring. */
  private spawnOther(set: ComponentSet, components: ComponentArg[]): Entity {
    // Values that are views on this world's memory would be detached by a growing core call.
    if (this.ops.initsShareMemory) components = copyInits(components);
    const sparse = this.ops.sparseInSet.slice();
    const pairs = this.checkPairs(this.ops.pairsInSet.slice());
    // Room for the new entity's bits first, so nothing can fail once it exists.
    const slots = this.slotsAfter(1);
    for (const id of sparse) this.ops.sparse.reserveSlots(id, slots);
    const before = this.core.tableSeq;
    const inits = this.ops.hadInits;
    try {
      if (!this.isDeferring()) {
        const table =
          pairs.length === 0
            ? this.ops.tableOf(set, components)
            : this.ops.tableForPairs(set.mask, pairs, argNames(components));
        const e = this.ops.spawn(table, components, inits);
        for (let i = 0; i < sparse.length; i++) this.ops.sparse.set(sparse[i], e, true);
        for (const p of pairs)
          if (p.values !== undefined) this.ops.addPair(e, this.ids[p.relation.key], p.target as number, p.values);
        return e as Entity;
      }
      const table = this.ops.tableOf(set, components);
      const e = this.ops.spawn(this.parked, components, false);
      for (let i = 0; i < sparse.length; i++) this.ops.sparse.set(sparse[i], e, true);
      // Init values are read at the flush: keep them as they are now.
      this.commands.push(SPAWN, e, table, inits ? copyInits(components) : components);
      for (const p of pairs) {
        const values = p.values === undefined ? undefined : copyValues(p.values, p.relation);
        this.commands.push(ADD_PAIR, e, this.ids[p.relation.key], { target: p.target, values });
      }
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
  spawnMany(n: number, ...components: (Component | ComponentInit<Schema> | Pair)[]): Uint32Array {
    this.core.check();
    if (!Number.isInteger(n) || n < 0 || n >= MAX_SLOTS) {
      throw new ArgumentError(
        `spawnMany needs a whole number of entities from 0 to ${MAX_SLOTS - 1}, got ${String(n)}`,
      );
    }
    const set = this.ops.resolve(components, true, n, this.debug, this.unknown);
    const pairs = this.checkPairs(this.ops.pairsInSet.slice());
    if (n === 0) return new Uint32Array(0);
    const before = this.core.tableSeq;
    const sparse = this.ops.sparseInSet.slice();
    // Room for the new entities' bits first, so nothing can fail once they exist.
    const slots = this.slotsAfter(n);
    for (const id of sparse) this.ops.sparse.reserveSlots(id, slots);
    if (!this.isDeferring()) {
      // Values that are views on this world's memory would be detached by a growing core call.
      if (this.ops.initsShareMemory) components = copyInits(components);
      try {
        const table =
          pairs.length === 0
            ? this.ops.tableOf(set, components)
            : this.ops.tableForPairs(set.mask, pairs, argNames(components));
        const ids = this.ops.spawnMany(table, n, components, true);
        for (const id of sparse) this.ops.sparse.setMany(id, ids, true);
        for (const p of pairs)
          if (p.values !== undefined)
            this.ops.pairMany(ids, this.ids[p.relation.key], p.target as number, true, p.values, true);
        return ids;
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
      for (const id of sparse) this.ops.sparse.setMany(id, ids, true);
      this.commands.push(SPAWN_MANY, 0, table, { ids, inits });
      for (const p of pairs) {
        const values = p.values === undefined ? undefined : copyValues(p.values, p.relation);
        this.commands.push(PAIR_MANY, 0, this.ids[p.relation.key], { ids, target: p.target, adding: true, values });
      }
      return ids;
    } catch (error) {
      this.ops.undoTables(before);
      throw error;
    }
  }

  /** Adds c to e (migrating it), or, when e has c already, writes the given values. */
  add<S extends Schema>(e: number, c: Component<S> | Pair<S>, values?: Init<S>): void {
    this.core.check();
    this.tableOfLive(e);
    if ((c as Pair).isPair === true) {
      this.addPair(e, c as Pair<S>, values);
      return;
    }
    const id = this.idOf(c as Component<S>);
    if ((c as Component<S>).isRelation) throw new ArgumentError(messages.bareRelation((c as Component<S>).name, "add"));
    if (this.ops.isSparse(id)) {
      // Not structural: applied at once, also while deferring.
      this.ops.sparse.set(id, e, true);
      return;
    }
    const now = !this.isDeferring();
    // Array values that are views on this world's memory are copied (a growing core call
    // would detach them), and deferred values too (they are read at the flush).
    if (values !== undefined && (checkValues(c as Component<S>, values, this.debug, this.core.buffer) || !now))
      values = copyValues(values, c as Component<S>);
    if (now) this.ops.add(e, id, c as Component<S>, values);
    else this.commands.push(ADD, e, id, values);
  }

  /** add() of a pair: e gains (R, target); for an exclusive R it replaces R's old target. */
  private addPair<S extends Schema>(e: number, p: Pair<S>, values: Init<S> | undefined): void {
    const rel = this.ids[p.relation?.key];
    if (rel !== undefined && p.values === undefined && values === undefined && this.iterating + this.deferring === 0) {
      // The common case, kept lean: the core checks the target (ERR_STALE names it).
      if (p.target === WILDCARD) throw new ArgumentError(messages.wildcardPair(p.relation.name, "add"));
      this.ops.addPair(e, rel, p.target, undefined);
      return;
    }
    const [, target] = this.pairIds(p, "add");
    const r = p.relation;
    values ??= p.values;
    const now = !this.isDeferring();
    if (values !== undefined && (checkValues(r, values, this.debug, this.core.buffer) || !now))
      values = copyValues(values, r);
    if (now) this.ops.addPair(e, rel, target, values);
    else this.commands.push(ADD_PAIR, e, rel, { target, values });
  }

  /** Relation id and target of a pair with a live target; the wildcard is for queries only. */
  private pairIds(p: Pair, method: string): [number, number] {
    if (!(p instanceof Pair)) throw new ArgumentError(`Expected a component or a pair, got ${String(p)}`);
    const rel = this.idOf(p.relation);
    if (p.target === WILDCARD) throw new ArgumentError(messages.wildcardPair(p.relation.name, method));
    this.tableOfLive(p.target);
    return [rel, p.target];
  }

  /** A bound on the slots n more entities take (free slots go first, oldest first). */
  private slotsAfter(n: number): number {
    const core = this.core;
    if (n === 1 && core.header(H_FREE_COUNT) > 0) return core.header(H_FREE_HEAD) + 1;
    return core.header(H_SLOT_COUNT) + Math.max(0, n - core.header(H_FREE_COUNT));
  }

  /** Checks the pairs given to spawn: live targets, no wildcard, one target per exclusive relation. */
  private checkPairs(pairs: Pair[]): Pair[] {
    for (const p of pairs) this.pairIds(p, "spawn");
    for (let i = 0; i < pairs.length; i++) {
      const p = pairs[i];
      if (p.relation.exclusive && pairs.some((q, j) => j < i && q.relation === p.relation && q.target !== p.target))
        throw new ArgumentError(
          `${p.relation.name} is exclusive: one target per entity, got two in (${pairs.map(String).join(", ")})`,
        );
    }
    return pairs;
  }

  /**
   * Targets of relation r on e, ascending (at most one for an exclusive relation);
   * empty when e holds no pair of r.
   */
  targets(e: number, r: Relation): Entity[] {
    this.core.check();
    const t = this.tableOfLive(e);
    this.idOf(r);
    if (!(r instanceof Relation)) throw new ArgumentError(`targets() takes a relation, got ${String(r)}`);
    return this.ops.tableAt(t).targets(r);
  }

  /**
   * The table that holds e now (fast path for reading another entity's columns, such
   * as a parent's transform: \`world.tableOf(p).columns(World).x[world.rowOf(p)]\`). Valid
   * until the next structural change.
   */
  tableOf(e: number): Table {
    this.core.check();
    const table = this.ops.tableAt(this.tableOfLive(e));
    table.refresh();
    return table;
  }

  /** The row of e in tableOf(e). */
  rowOf(e: number): number {
    this.core.check();
    this.tableOfLive(e);
    return this.core.rowOf(e);
  }

  /** Writes some fields of e's c; MissingComponentError when e lacks c. */
  set<S extends Schema>(e: number, c: Component<S>, values: Init<S>): void {
    this.core.check();
    const table = this.tableWith(e, c, "set");
    checkValues(c, values, this.debug);
    const id = this.ids[c.key];
    const row = this.core.rowOf(e);
    writeValues(this.core, table, row, c, id, values);
    if (this.ops.changes.isTracked(id)) this.ops.changes.stamp(table, id, row, 1, false);
  }

  /** A copy of e's c values (convenience; not for hot loops). */
  get<S extends Schema>(e: number, c: Component<S>): Values<S> {
    this.core.check();
    const table = this.tableWith(e, c, "get");
    return readValues(this.core, table, this.core.rowOf(e), c, this.ids[c.key]);
  }

  has(e: number, c: Component | Pair): boolean {
    this.core.check();
    const t = this.tableOfLive(e);
    if ((c as Pair).isPair === true) {
      const p = c as Pair;
      const rel = this.idOf(p.relation);
      const table = this.ops.tableAt(t);
      if (p.target === WILDCARD) return table.hasId(rel);
      this.tableOfLive(p.target);
      return table.hasPair(rel, p.target);
    }
    const id = this.idOf(c as Component);
    if (this.ops.isSparse(id)) return this.ops.sparse.has(id, e);
    return this.ops.tableAt(t).has(c as Component);
  }

  /** Removes c from e; false when e did not have it (while deferring: when it does not have it now). */
  remove(e: number, c: Component | Pair): boolean {
    this.core.check();
    const t = this.tableOfLive(e);
    if ((c as Pair).isPair === true) {
      const p = c as Pair;
      const rel = this.idOf(p.relation);
      // The wildcard removes every pair of the relation, like the bare relation.
      if (p.target === WILDCARD) return this.remove(e, p.relation);
      this.tableOfLive(p.target);
      if (!this.isDeferring()) return this.ops.removePair(e, rel, p.target);
      this.commands.push(REMOVE_PAIR, e, rel, { target: p.target, values: undefined });
      return this.ops.tableAt(t).hasPair(rel, p.target);
    }
    const id = this.idOf(c as Component);
    if (this.ops.isSparse(id)) return this.ops.sparse.set(id, e, false);
    if (!this.isDeferring()) return this.ops.remove(e, id, c as Component);
    this.commands.push(REMOVE, e, id, undefined);
    return this.ops.tableAt(t).has(c as Component);
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
   * matches, with one core call; a query's tables move as whole blocks (with row filters: its rows). A stale entity
   * anywhere throws StaleEntityError and nothing changes. Entities that have c keep
   * their table and get the values written.
   */
  addMany<S extends Schema>(entities: ArrayLike<number> | Query, c: Component<S> | Pair<S>, values?: Init<S>): void {
    if ((c as Pair).isPair === true) this.pairMoves(entities, c as Pair<S>, true, values);
    else this.manyMoves(entities, c as Component<S>, true, values);
  }

  /** Removes c from every listed entity, or every entity a query matches, with one core call. */
  removeMany(entities: ArrayLike<number> | Query, c: Component | Pair): void {
    if ((c as Pair).isPair === true && (c as Pair).target !== WILDCARD)
      this.pairMoves(entities, c as Pair, false, undefined);
    else
      this.manyMoves(entities, (c as Pair).isPair === true ? (c as Pair).relation : (c as Component), false, undefined);
  }

  /** addMany / removeMany of a pair. */
  private pairMoves(target: ArrayLike<number> | Query, p: Pair, adding: boolean, values: object | undefined): void {
    this.core.check();
    this.checkTarget(target, adding ? "addMany" : "removeMany");
    const [rel, to] = this.pairIds(p, adding ? "addMany" : "removeMany");
    values ??= adding ? p.values : undefined;
    const now = !this.isDeferring();
    if (values !== undefined && (checkValues(p.relation, values, this.debug, this.core.buffer) || !now))
      values = copyValues(values, p.relation);
    if (now && target instanceof Query && target.filter === undefined) {
      this.ops.pairTables(nonEmpty(target), rel, to, adding, values);
      return;
    }
    this.checkIds(target);
    const ids = this.ownIds(target);
    if (now) {
      this.ops.pairMany(ids, rel, to, adding, values, false);
      return;
    }
    this.ops.checkLive(ids);
    this.commands.push(PAIR_MANY, 0, rel, { ids, target: to, adding, values });
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
    if (adding && c instanceof Relation) throw new ArgumentError(messages.bareRelation(c.name, "addMany"));
    if (this.ops.isSparse(id)) {
      this.sparseMany(target, id, adding);
      return;
    }
    const now = !this.isDeferring();
    // Deferred values are read at the flush: copy them, as they are now.
    if (values !== undefined && (checkValues(c, values, this.debug, this.core.buffer) || !now))
      values = copyValues(values, c);
    if (now && target instanceof Query && target.filter === undefined) {
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

  /** Sets or clears sparse tag id on a list (all alive, or nothing changes) or a query's entities. */
  private sparseMany(target: ArrayLike<number> | Query, id: number, on: boolean): void {
    if (target instanceof Query) {
      // Row filters on this very tag only exclude rows where setting it changes nothing
      // (adding to { none: [S] }, removing from { all: [S] }): whole tables will do.
      const f = target.filter;
      const wholeTables =
        f === undefined ||
        (!f.byChange &&
          (on
            ? f.sparseAll.length === 0 && f.sparseNone.every((s) => s === id)
            : f.sparseNone.length === 0 && f.sparseAll.every((s) => s === id)));
      if (!wholeTables) this.ops.sparse.setMany(id, target.entities(), on);
      else for (const t of nonEmpty(target)) this.ops.sparse.setMany(id, t.entities, on);
      return;
    }
    this.checkIds(target);
    // A copy: checking may grow memory, which would detach a list that is a view (t.entities).
    const ids = this.ownIds(target);
    this.ops.checkLive(ids);
    this.ops.sparse.setMany(id, ids, on);
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
    if (target instanceof Query && target.filter === undefined && !this.isDeferring()) {
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

  /**
   * What the world holds now, for inspection (the inspector panel, debugging): every
   * archetype table with its components (hidden bookkeeping ones left out), rows and
   * bytes in use, and every cached query with its terms and matches. Reads memory
   * only; no core call.
   */
  inspect(): WorldInspection {
    this.core.check();
    const tables = this.ops.tablesNow().map((t) => {
      const rows = t.refresh();
      const rowBytes = this.core.u32[this.core.tableRec(t.id) + T_ROW_BYTES];
      return { id: t.id as number, components: t.componentNames(), entities: rows, bytes: rows * rowBytes };
    });
    const queries = [...this.queries.values()].map((q) => {
      const terms: Record<string, string[]> = {};
      for (const [key, list] of Object.entries(q.terms)) {
        // String() names a component, and a pair as ChildOf(12) or ChildOf(*).
        if (Array.isArray(list) && list.length > 0) terms[key] = list.map((c: Component | Pair) => String(c));
        else if (list instanceof Relation) terms[key] = [list.name];
      }
      const matched = q.tables().filter((t) => t.refresh() > 0);
      return { terms, tables: matched.length, entities: q.count() };
    });
    return { tables: tables.filter((t) => t.id !== this.parked), queries };
  }

  stats(): WorldStats {
    this.core.check();
    return {
      entities: this.core.alive,
      archetypes: this.core.header(H_LIVE_TABLES) - 1, // not counting the parking table
      components: this.ops.components.filter((c) => !c.hidden).length,
      queries: this.queries.size,
      memoryBytes: this.core.memory.buffer.byteLength,
      usedBytes: this.core.header(H_USED_BYTES),
      layoutEpoch: this.core.epoch,
    };
  }

  // ── Snapshots ─────────────────────────────────────────────────────────────
  /**
   * The whole world as bytes: entities, components (object fields as JSON), sparse
   * tags, change stamps, the step counter and resources. Not inside an iteration,
   * defer() or step(). SnapshotError when an object field or resource is not JSON-safe.
   */
  snapshot(): Uint8Array {
    this.core.check();
    this.refuseInside("snapshot()");
    const ops = this.ops;
    ops.changes.settle();
    const schema = this.schemaEntries();
    const objects: [number, number, number, unknown[]][] = [];
    for (const t of ops.tablesNow()) {
      for (const id of t.objectComponents) {
        const c = ops.components[id];
        for (const f of c.objectFields) {
          const col = t.objectColumn(id, f.index) as unknown[];
          const values = col.map((v, row) => {
            if (v === undefined) return UNDEFINED;
            checkJsonSafe(v, `${c.name}.${f.name} of entity ${t.entities[row]}`);
            return v;
          });
          if (values.length > 0) objects.push([t.id, id, f.index, values]);
        }
      }
    }
    const resources: Record<string, unknown> = {};
    for (const [k, v] of this.resources.entries()) {
      checkJsonSafe(v, `resource "${k}"`);
      resources[k] = v;
    }
    const meta: SnapshotMeta = {
      schema,
      schemaHash: schemaHash(schema),
      entities: this.core.alive,
      tables: this.core.tableCount,
      sparse: ops.sparse.state(),
      changeTick: ops.changes.tick,
      steps: this.steps,
      systems: Object.fromEntries(this.schedule.all().map((s) => [s.name, s.lastRun])),
      queries: Object.fromEntries([...this.queries].map(([k, q]) => [k, q.lastSeen])),
      resources,
      objects,
    };
    const top = this.core.header(H_HEAP_TOP);
    return encode(meta, new Uint8Array(this.core.buffer, 0, top), this.debug ? FLAG_DEBUG : 0, this.core.hdr << 2);
  }

  /**
   * Puts the world back to a snapshot. The snapshot must come from a world with the
   * same components (fields, types, registration order) and the same core build;
   * otherwise, or when its bytes are damaged, SnapshotError, and this world is unchanged.
   * Entity handles, queries and systems keep working; views are fetched again.
   */
  restore(bytes: Uint8Array): void {
    this.core.check();
    this.refuseInside("restore()");
    const { header, meta, memory } = decode(bytes);
    if ((header.flags & FLAG_DEBUG) !== (this.debug ? FLAG_DEBUG : 0)) {
      throw new SnapshotError(
        `it was made by the ${header.flags & FLAG_DEBUG ? "debug" : "release"} core; this world runs the ${this.debug ? "debug" : "release"} core`,
      );
    }
    if (header.corePtr !== this.core.hdr << 2)
      throw new SnapshotError("it was made by another build of the core (its state sits at other addresses)");
    this.checkSchema(meta.schema);
    checkParts(meta, memory, header.corePtr);
    if (!this.core.load(memory, this.maxPages)) {
      throw new CapacityError(
        messages.outOfMemory(`restore a snapshot of ${memory.length} bytes`, this.maxPages * 65536),
      );
    }
    this.adopt(meta);
  }

  /** ArgumentError while a query is iterated, inside defer() or inside step(). */
  private refuseInside(what: string): void {
    if (this.isDeferring() || this.inStep)
      throw new ArgumentError(`${what} cannot run while a query is iterated, inside defer() or inside step()`);
  }

  /** This world's components as a snapshot records them, by id. */
  private schemaEntries(): SchemaEntry[] {
    const tracks = new Map<number, number>();
    const changes = this.ops.changes;
    changes.ticksOf.forEach((k, id) => {
      if (k !== undefined) tracks.set(k, id);
    });
    return this.ops.components.map((c, id) => ({
      name: c.name,
      hidden: c.hidden,
      tag: c.isTag,
      sparse: c.sparse,
      fields: c.fields.map((f) => [f.name, f.scalar, f.length] as const),
      objectFields: c.objectFields.map((f) => f.name),
      ...(tracks.has(id) ? { tracks: tracks.get(id) } : {}),
      ...(c instanceof Relation
        ? { relation: [c.exclusive ? "exclusive" : "multiple", `onTargetDestroyed: ${c.onTargetDestroyed}`] as const }
        : {}),
    }));
  }

  /**
   * SnapshotError unless the snapshot's components are this world's: the same user
   * components with the same layouts at the same ids. Either side may have extra
   * hidden (bookkeeping) components at the end.
   */
  private checkSchema(theirs: readonly SchemaEntry[]): void {
    const ours = this.schemaEntries();
    const n = Math.max(ours.length, theirs.length);
    for (let id = 0; id < n; id++) {
      const a = ours[id];
      const b = theirs[id];
      if (a !== undefined && b !== undefined) {
        if (a.hidden && b.hidden && a.name === b.name) continue;
        if (JSON.stringify({ ...a, tracks: 0 }) === JSON.stringify({ ...b, tracks: 0 })) continue;
        throw new SnapshotError(
          `its schema does not match this world's: component ${id} is ${describeEntry(b)} there and ${describeEntry(a)} here`,
        );
      }
      const extra = (a ?? b) as SchemaEntry;
      if (!extra.hidden) {
        throw new SnapshotError(
          `its schema does not match this world's: component ${id} (${describeEntry(extra)}) exists only ${a === undefined ? "in the snapshot" : "in this world"}`,
        );
      }
    }
  }

  /** Takes on a loaded snapshot's JS-side state; every cached view and table id is dropped. */
  private adopt(meta: SnapshotMeta): void {
    const ops = this.ops;
    // Bookkeeping components: the snapshot's, at its ids.
    for (let id = 1; id < ops.components.length; id++) {
      const c = ops.components[id];
      if (c.hidden && (meta.schema[id] === undefined || meta.schema[id].name !== c.name)) {
        this.ids[c.key] = undefined as unknown as number;
        this.byName.delete(c.name);
      }
    }
    ops.components.length = Math.min(ops.components.length, meta.schema.length);
    const tracked: [number, number, TicksComponent][] = [];
    meta.schema.forEach((entry, id) => {
      if (!entry.hidden || entry.tracks === undefined) return;
      let k = ops.components[id] as TicksComponent | undefined;
      if (k === undefined || k.name !== entry.name) {
        k = ticksComponent(ops.components[entry.tracks]);
        this.ids[k.key] = id;
        ops.components[id] = k;
        this.byName.set(k.name, k);
      }
      tracked.push([entry.tracks, id, k]);
    });
    ops.changes.adopt(meta.changeTick, tracked);
    ops.sparse.adopt(meta.sparse);
    ops.forgetTables();
    this.parkAt();
    const tables = ops.tablesNow();
    for (const [t, id, index, values] of meta.objects) {
      const col = tables[t].objectColumn(id, index) as unknown[];
      col.length = 0;
      for (const v of values) col.push(isUndefinedMark(v) ? undefined : v);
    }
    for (const [key, q] of this.queries) q.forgetTables(meta.queries[key] ?? 0);
    for (const s of this.schedule.all()) s.lastRun = meta.systems[s.name] ?? 0;
    this.steps = meta.steps;
    this.resources.replace(meta.resources);
    // Queries that filter on components the snapshot did not track start tracking again,
    // at the next flush if memory is short now (a restore does not fail after loading).
    for (const q of this.queries.values()) {
      for (const id of changeTerms(q.filter)) {
        try {
          this.track(id);
        } catch (error) {
          if (!(error instanceof CapacityError)) throw error;
          if (!this.trackLater.includes(id)) this.trackLater.push(id);
        }
      }
    }
  }

  /** Releases the world; every later call throws WorldPoisonedError. */
  dispose(): void {
    this.core.dispose();
  }

  // ── Queries and deferral ──────────────────────────────────────────────────
  /** The query for these terms (the same object for the same terms). */
  query<const T extends QueryTerms>(terms: T): Query<ReadTerms<T>> {
    this.core.check();
    const pairs = this.pairTerms(terms);
    const compiled = compileTerms(
      pairs.none.length === 0 ? terms : withoutTargetedNone(terms),
      (c) => this.termId(c),
      (id) => this.ops.isSparse(id),
    );
    // Every query leaves out the parked spawns.
    compiled.none.unshift(this.ids[PARKED.key]);
    const key =
      pairs === NO_PAIRS
        ? compiled.key
        : `${compiled.key}|${pairs.all.join(",")}|${pairs.none.join(",")}|${pairs.cascade}`;
    let q = this.queries.get(key);
    if (q === undefined) {
      for (const id of changeTerms(compiled.filter)) this.track(id);
      q = new Query(this, terms, compiled.all, compiled.any, compiled.none, compiled.filter, compiled.read, pairs);
      this.queries.set(key, q);
      // A query naming a target goes when the target dies (no cache entry outlives it).
      for (const list of [pairs.all, pairs.none])
        for (let i = 1; i < list.length; i += 2) {
          const keys = this.targetQueries.get(list[i]) ?? [];
          keys.push(key);
          this.targetQueries.set(list[i], keys);
        }
    }
    return q as Query<ReadTerms<T>>;
  }

  /** Cached query keys by the target entities they name. */
  private readonly targetQueries = new Map<number, string[]>();

  /** Component id of a query term; a pair stands for its relation (its target is checked apart). */
  private termId(c: Component | Pair): number {
    if ((c as Pair).isPair === true) return this.idOf((c as Pair).relation);
    return this.idOf(c as Component);
  }

  /** The relation terms of query terms: pairs with a target in all / none, and cascade. */
  private pairTerms(terms: QueryTerms): PairTerms {
    if (terms === null || typeof terms !== "object") return NO_PAIRS;
    const all: number[] = [];
    const none: number[] = [];
    for (const key of ["all", "any", "none", "optional", "read", "write", "added", "changed"] as const) {
      const list = (terms as Record<string, unknown>)[key];
      if (!Array.isArray(list)) continue;
      for (const c of list as (Component | Pair)[]) {
        const isRelation = c instanceof Relation || (c as Pair)?.isPair === true;
        if (!isRelation) continue;
        if (key === "added" || key === "changed")
          throw new ArgumentError(`Relations are not change-tracked: ${String(c)} cannot be in ${key}`);
        if ((c as Pair).isPair !== true || (c as Pair).target === WILDCARD) continue;
        const p = c as Pair;
        if (key !== "all" && key !== "none")
          throw new ArgumentError(
            `A pair with a target (${String(p)}) goes in all or none; ${key} takes ${p.relation.name}.to("*")`,
          );
        const [rel, target] = this.pairIds(p, "query");
        (key === "all" ? all : none).push(rel, target);
      }
    }
    const r = (terms as QueryTerms).cascade;
    let cascade = -1;
    if (r !== undefined) {
      if (!(r instanceof Relation)) throw new ArgumentError(`cascade takes a relation, got ${String(r)}`);
      cascade = this.idOf(r);
    }
    if (all.length === 0 && none.length === 0 && cascade < 0) return NO_PAIRS;
    return { all, none, cascade };
  }

  /** After a planned destroy: cached queries naming a dead target are dropped. */
  private forgetTargets(doomed: Uint32Array): void {
    if (this.targetQueries.size === 0) return;
    for (const e of doomed) {
      const keys = this.targetQueries.get(e);
      if (keys === undefined) continue;
      this.targetQueries.delete(e);
      for (const key of keys) this.queries.delete(key);
    }
  }

  /** @internal QueryHost */
  get tableGeneration(): number {
    return this.ops.generation;
  }
  /** @internal QueryHost */
  get relationVersion(): number {
    const core = this.core;
    const seq = core.tableSeq;
    const recycled = core.header(H_RECYCLED);
    const moves = core.header(H_TARGET_MOVES);
    const seen = this.relationSeen;
    if (seq !== seen[0] || recycled !== seen[1] || moves !== seen[2]) {
      seen[0] = seq;
      seen[1] = recycled;
      seen[2] = moves;
      this.relationCounter++;
    }
    return this.relationCounter;
  }
  /** Table creations, recycles and target moves when relationVersion last looked. */
  private readonly relationSeen = [-1, -1, -1];
  private relationCounter = 0;
  /** @internal QueryHost: sub-tables on e's target chain. */
  tablesTargeting(e: number): Table[] {
    const core = this.core;
    const u32 = core.u32;
    const head = core.targetHead(e);
    const out: Table[] = [];
    if (head < 0) return out;
    let t = u32[head];
    let i = u32[head + 1];
    while (t !== 0) {
      const table = this.ops.tableAt(t - 1);
      if (!out.includes(table)) out.push(table);
      const pair = (u32[core.tableRec(t - 1) + T_PAIRS] >>> 2) + i * P_STRIDE;
      t = u32[pair + P_NEXT_TABLE];
      i = u32[pair + P_NEXT_PAIR];
    }
    return out;
  }
  /** @internal QueryHost */
  tableOfEntity(e: number): Table | undefined {
    const t = this.core.tableOf(e);
    return t < 0 ? undefined : this.ops.tableAt(t);
  }

  /** Starts tracking changes of component id (now, or when the current deferral scope ends). */
  private track(id: number): void {
    if (this.ops.changes.isTracked(id)) return;
    if (this.isDeferring()) {
      if (!this.trackLater.includes(id)) this.trackLater.push(id);
      return;
    }
    this.ops.track(id, (k) => {
      this.register(k);
      return this.ids[k.key];
    });
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
    fn: SystemFn<World, Query<ReadTerms<T>>>,
    options: SystemOptions<World> = {},
  ): void {
    this.core.check();
    if (typeof name !== "string" || name.length === 0)
      throw new ArgumentError(`A system needs a non-empty name, got ${String(name)}`);
    if (typeof fn !== "function") throw new ArgumentError(`System "${name}" needs a function, got ${String(fn)}`);
    this.schedule.add(name, this.query(terms) as Query, fn as SystemFn<World>, options);
  }

  /**
   * Runs every system once, in order; after each one its deferred changes are applied.
   * Events rotate at the end of the step. Not allowed inside a step or an iteration.
   */
  step(dt = 0): void {
    this.core.check();
    if (this.inStep) throw new ArgumentError("step() was called inside a step");
    if (this.iterating > 0 || this.deferring > 0)
      throw new ArgumentError("step() was called while a query is iterated or inside defer()");
    if (typeof dt !== "number" || !Number.isFinite(dt))
      throw new ArgumentError(`step(dt) needs a finite number, got ${String(dt)}`);
    const order = this.schedule.ordered();
    const ctx: SystemContext<World> = { world: this, dt, tick: ++this.steps };
    this.inStep = true;
    try {
      for (let i = 0; i < order.length; i++) this.runSystem(order[i], ctx);
    } finally {
      this.inStep = false;
      for (const ev of this.events.values()) ev.endStep();
    }
  }

  private runSystem(s: System<World>, ctx: SystemContext<World>): void {
    const changes = this.ops.changes;
    changes.tick++;
    this.running = s;
    this.deferring++;
    try {
      const { begin, end } = s.options;
      if (begin !== undefined) begin(ctx);
      try {
        s.fn(s.query, ctx);
      } finally {
        if (end !== undefined) end(ctx);
      }
    } finally {
      this.deferring--;
      this.running = undefined;
      s.lastRun = changes.tick;
      changes.tick++;
      if (!this.isDeferring()) this.applyCommands();
    }
  }

  /** The number of steps run so far. */
  get tick(): number {
    return this.steps;
  }

  /** The event type named `name` in this world (the same object for the same name). */
  event<T>(name: string): EventType<T> {
    this.core.check();
    if (typeof name !== "string" || name.length === 0)
      throw new ArgumentError(`An event type needs a non-empty name, got ${String(name)}`);
    let ev = this.events.get(name);
    if (ev === undefined) {
      ev = new EventType<unknown>(name, this);
      this.events.set(name, ev);
    }
    return ev as EventType<T>;
  }

  /** Sends an event: readable by every system until the end of the next step. */
  emit<T>(type: EventType<T>, payload: T): void {
    this.core.check();
    this.ownEvent(type);
    type.current.push(payload);
  }

  /** The events of this type emitted during this step and the previous one, oldest first. */
  read<T>(type: EventType<T>): readonly T[] {
    this.core.check();
    this.ownEvent(type);
    return type.read();
  }

  private ownEvent(type: EventType<unknown>): void {
    if (!(type instanceof EventType) || type.owner !== this)
      throw new ArgumentError(`Expected an event type of this world (world.event(name)), got ${String(type)}`);
  }

  /**
   * Entities that lost c (removed, or destroyed with it) since the caller (the running
   * system, or code outside systems) last asked. The first ask starts the log and
   * returns nothing. Ids may be stale by now.
   */
  removed(c: Component): Entity[] {
    this.core.check();
    const id = this.idOf(c);
    if (c.isRelation) throw new ArgumentError(`Relations are not change-tracked: removed(${c.name}) is not available`);
    return this.ops.changes.removed(id, this.running ?? OUTSIDE) as Entity[];
  }

  /** @internal QueryHost */
  get changes(): Changes {
    return this.ops.changes;
  }
  /** @internal QueryHost */
  get sparse(): SparseTags {
    return this.ops.sparse;
  }
  /** @internal QueryHost */
  get heap(): Uint32Array {
    return this.core.u32;
  }
  /** @internal QueryHost: the running system's base, else the query's own. */
  readBase(q: Reading): number {
    return this.running !== undefined ? this.running.lastRun : q.lastSeen;
  }
  /** @internal QueryHost: outside systems, a filtered read moves the query's base on. */
  endRead(q: Reading): void {
    if (this.running !== undefined) return;
    const changes = this.ops.changes;
    q.lastSeen = changes.tick;
    changes.tick++;
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

  /**
   * @internal Fault injection for tests (debug worlds only): the n-th single-entity
   * migration from now traps in the core half-way, poisoning the world.
   */
  injectTrapAfterMoves(n: number): void {
    this.core.check();
    if (!this.debug || this.core.debugTrapAfterMoves(n) !== 0)
      throw new ArgumentError("injectTrapAfterMoves() needs a world created with debug: true");
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
    const id = this.idOf(c);
    const has = this.ops.isSparse(id) ? this.ops.sparse.has(id, e) : table.has(c);
    if (!has) throw new MissingComponentError(describeEntity(e), c.name, action);
    return table;
  }

  private applyCommands(): void {
    if (this.commands.size === 0 && this.trackLater.length === 0) return;
    try {
      if (this.commands.size > 0) this.ops.apply(this.commands, this.parked);
    } finally {
      this.commands.clear();
      // Tracking asked for while deferring starts after the commands, whose tables were
      // chosen before it: then every table with the component gets its stamps at once.
      if (this.trackLater.length > 0) {
        const ids = this.trackLater.splice(0);
        for (const id of ids) this.track(id);
      }
    }
  }
}

/** The query's tables that hold entities now. */
/**
 * Query terms without the pairs that name a target in none: those leave out one
 * sub-table (PairTerms.none), not every table with the relation.
 */
function withoutTargetedNone(terms: QueryTerms): QueryTerms {
  const none = terms.none?.filter((c) => (c as Pair).isPair !== true || (c as Pair).target === WILDCARD);
  return { ...terms, none };
}

function nonEmpty(q: Query): Table[] {
  return q.tables().filter((t) => t.refresh() > 0);
}
