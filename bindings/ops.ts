// Structural operations executed against the core: spawning, moving and destroying
// entities, writing their init values, and applying the deferred command buffer with
// one core call per run of similar commands. The World validates arguments and decides
// whether to defer; everything here assumes valid input and maps core status codes to
// typed errors.

import { Changes, type TicksComponent, ticksComponent } from "./changes.js";
import {
  ADD,
  ADD_MANY,
  ADD_PAIR,
  type CommandBuffer,
  DESTROY,
  DESTROY_MANY,
  type ManyData,
  PAIR_MANY,
  type PairData,
  type PairManyData,
  REMOVE,
  REMOVE_MANY,
  REMOVE_PAIR,
  SPAWN,
  SPAWN_MANY,
} from "./commands.js";
import { argNames, type Component, type ComponentArg, ComponentInit, type Pair, type Relation } from "./component.js";
import {
  CREATED_RING,
  ERR_BAD_ARGUMENT,
  ERR_CAPACITY,
  ERR_ID_SPACE,
  ERR_STALE,
  H_CREATED,
  H_DYING,
  H_FREE_TABLES,
  H_JOURNAL,
  H_JOURNAL_CAP,
  H_JOURNAL_LEN,
  H_PLAN,
  H_PLAN_LEN,
  H_RECYCLED,
  H_SCRATCH_BYTES,
  NO_BLOCK,
  P_STRIDE,
  T_SEQ,
  T_STATE,
  TS_LIVE,
} from "./constants.js";
import type { Core } from "./core.js";
import { ArgumentError, CapacityError, EcsError, messages, StaleEntityError } from "./errors.js";
import { replay } from "./objects.js";
import { SparseTags } from "./sparse.js";
import { checkManyValues, checkValues, copyValues, writeManyValues, writeValues } from "./values.js";
import { Table } from "./views.js";

/** Scratch bytes kept between batches (the core keeps 64 KiB after trimScratch). */
const SCRATCH_KEEP = 64 << 10;

/** Payload of a deferred spawnMany. */
interface SpawnManyData {
  readonly ids: Uint32Array;
  readonly inits: readonly ComponentArg[];
}

export class Ops {
  readonly core: Core;
  /** Component key -> id in this world. */
  readonly ids: number[] = [];
  /** Id -> component. */
  readonly components: Component[] = [];
  readonly tables: Table[] = [];
  /** Root of the trie of component sets spawn has seen; each node caches its table. */
  private readonly sets = new ComponentSet(undefined, -1);
  /** Component sets whose table is known (to forget them when their table is dropped). */
  private resolved: ComponentSet[] = [];
  /** Whether the last resolve() saw init values. */
  hadInits = false;
  /** Whether some of those values are views on the world's memory (copy them before a core call). */
  initsShareMemory = false;
  /** Companions registered by a track() that failed, by component id (reused on the retry). */
  private readonly untracked: (TicksComponent | undefined)[] = [];
  /** Sparse tags among the components of the last resolve() (their ids). */
  readonly sparseInSet: number[] = [];
  readonly changes: Changes;
  readonly sparse: SparseTags;
  /** Per component id: 1 for a sparse tag. */
  private readonly sparseFlag: number[] = [];
  private readonly maxBytes: number;
  /** Pairs among the components of the last resolve(). */
  readonly pairsInSet: Pair[] = [];
  /** Relations registered (while 0, destroys take the plain paths). */
  relations = 0;
  /** Called with the entities a planned destroy removed (the world drops queries on them). */
  onDestroyed: ((doomed: Uint32Array) => void) | undefined = undefined;
  /** H_TABLE_SEQ and H_RECYCLED when the table views were last brought in line with the core. */
  private seqSeen = -1;
  private recycledSeen = 0;
  private freeSeen = 0;
  /** Bumped when a table id came to stand for another table (a query then matches afresh). */
  generation = 0;

  constructor(core: Core, maxBytes: number) {
    this.core = core;
    this.maxBytes = maxBytes;
    this.changes = new Changes(core);
    this.sparse = new SparseTags(core, maxBytes);
  }

  /** Every core table, discovering the ones created (or recycled) since the last look. */
  tablesNow(): readonly Table[] {
    const core = this.core;
    if (core.tableSeq !== this.seqSeen || core.header(H_RECYCLED) !== this.recycledSeen) this.syncTables();
    return this.tables;
  }

  /**
   * Brings the table views in line with the core: new tables get one, and once the core
   * has recycled tables (sub-tables of dead targets, tables of failed calls), a record
   * whose creation number changed gets a fresh view, and cached ids of it are forgotten.
   */
  syncTables(forReplay = false): void {
    const core = this.core;
    const n = core.tableCount;
    const recycled = core.header(H_RECYCLED);
    const free = core.header(H_FREE_TABLES);
    const tables = this.tables;
    let changed = false;
    if (recycled !== this.recycledSeen && !forReplay) {
      // Recycles the facade was not told of (destroyPlanned tells of its own): every view.
      for (let t = 0; t < tables.length && t < n; t++) {
        if (tables[t].seq !== this.recordSeq(t)) changed = this.replaceView(t) || changed;
      }
    } else if (free !== this.freeSeen || core.tableSeq !== this.seqSeen) {
      // Tables created since the last look, recycled records among them, from the core's
      // ring of new ids (all views when too many were made). While a journal is replayed,
      // tables recycled by that call keep their old views: their rows, JS-side columns
      // included, are there until the replay moved them out; they are not new tables.
      const seq = core.tableSeq;
      const since = this.seqSeen;
      const ring = core.header(H_CREATED) >>> 2;
      const few = since >= 0 && seq - since <= CREATED_RING;
      const m = Math.min(tables.length, n);
      for (let k = few ? since : 0; k < (few ? seq : m); k++) {
        const t = few ? core.u32[ring + (k & (CREATED_RING - 1))] : k;
        if (t >= m) continue;
        const now = this.recordSeq(t);
        if (tables[t].seq === now || (forReplay && now < 0)) continue;
        changed = this.replaceView(t) || changed;
      }
    }
    if (changed) {
      this.resolved = this.resolved.filter((set) => set.table >= 0);
      this.generation++;
    }
    if (forReplay) {
      while (tables.length < n) tables.push(new Table(core, tables.length, this.ids, this.components, this.changes));
      return; // the full look comes after the replay
    }
    if (tables.length > n) {
      // Records given back at the end (tables of a failed call).
      tables.length = n;
      for (const set of this.resolved) if (set.table >= n) set.table = -1;
      this.resolved = this.resolved.filter((set) => set.table >= 0);
      this.generation++;
    }
    while (tables.length < n) tables.push(new Table(core, tables.length, this.ids, this.components, this.changes));
    this.seqSeen = core.tableSeq;
    this.recycledSeen = recycled;
    this.freeSeen = free;
  }

  /** Creation number of table record t, or -1 for a recycled (free) record. */
  private recordSeq(t: number): number {
    const rec = this.core.tableRec(t);
    return this.core.u32[rec + T_STATE] === TS_LIVE ? this.core.u32[rec + T_SEQ] : -1;
  }

  /** A fresh view for table id t, and cached component sets forget it; true. */
  private replaceView(t: number): boolean {
    this.tables[t] = new Table(this.core, t, this.ids, this.components, this.changes);
    for (const set of this.resolved) if (set.table === t) set.table = -1;
    return true;
  }

  /**
   * After a planned destroy: the tables it recycled are the ones it planned (every
   * sub-table naming a dead entity), so only their views are replaced, not every view.
   */
  private recycledByPlan(planned: readonly number[], recycledBefore: number): void {
    let count = 0;
    for (const t of planned) {
      if (this.recordSeq(t) >= 0 || this.tables[t].seq < 0) continue;
      this.replaceView(t);
      count++;
    }
    if (count > 0) {
      this.resolved = this.resolved.filter((set) => set.table >= 0);
      this.generation++;
    }
    // Told of every recycle of the call: the next look needs no scan of every view.
    if (this.recycledSeen === recycledBefore && this.core.header(H_RECYCLED) === recycledBefore + count)
      this.recycledSeen = recycledBefore + count;
  }

  /** Starts keeping JS-side "object" columns row-aligned (once a component has object fields). */
  useObjects(): void {
    if (this.core.onJournal !== undefined) return;
    this.expect(this.core.journalOn(), "keep object fields");
    this.core.onJournal = () => {
      this.syncTables(true);
      replay(this.core, this.tables, this.components);
    };
  }

  /** Declares component id (registered in the core as a tag) a sparse tag. */
  addSparse(id: number): void {
    this.sparseFlag[id] = 1;
    this.sparse.add(id);
  }

  isSparse(id: number): boolean {
    return this.sparseFlag[id] === 1;
  }

  /**
   * Starts tracking changes of component id: registers its stamps companion (with
   * `register`), links it in the core, and moves every table that holds id to the
   * table with the companion too, stamping the rows as added and changed now.
   */
  track(id: number, register: (c: Component) => number): void {
    const changes = this.changes;
    if (changes.ticksOf[id] !== undefined) return;
    // A companion made by an earlier attempt that ran out of memory is used again.
    const k = this.untracked[id] ?? ticksComponent(this.components[id]);
    this.untracked[id] = k;
    const kid = register(k);
    // First give every table with id the companion (all or nothing; CapacityError leaves
    // tracking off), then link them, which cannot fail.
    const tables = this.tablesNow().filter((t) => t.hasId(id) && !t.hasId(kid) && t.refresh() > 0);
    if (tables.length > 0) this.moveTables(tables, kid, true, { added: changes.tick, changed: changes.tick });
    this.expect(this.core.linkCompanion(id, kid), `track changes of ${this.components[id].name}`);
    changes.ticksOf[id] = kid;
    changes.ticksComponents[id] = k;
    this.untracked[id] = undefined;
    // Component sets with id now lead to tables with the companion: look them up again.
    for (const set of this.resolved) if (set.table > 0) set.table = -1;
    this.resolved = this.resolved.filter((set) => set.table >= 0);
  }

  tableAt(t: number): Table {
    const core = this.core;
    if (core.tableSeq !== this.seqSeen || core.header(H_RECYCLED) !== this.recycledSeen) this.syncTables();
    return this.tables[t];
  }

  /** Turns a negative status into its typed error; returns other values unchanged. */
  expect(status: number, what: string): number {
    if (status >= 0) return status;
    if (status === ERR_CAPACITY) throw new CapacityError(messages.outOfMemory(what, this.maxBytes));
    if (status === ERR_ID_SPACE) throw new CapacityError(messages.idSpace(what));
    throw new EcsError("INTERNAL", `The core answered ${status} while trying to ${what}`);
  }

  /** Byte address of a scratch buffer of at least `bytes`; call trim() when done with a large one. */
  scratch(bytes: number, what: string): number {
    const ptr = this.core.scratch(bytes);
    if (ptr === 0) throw new CapacityError(messages.outOfMemory(what, this.maxBytes));
    return ptr;
  }

  /** Gives back a scratch buffer grown for a big batch, so it does not count as world memory. */
  private trim(bytes: number): void {
    if (bytes > SCRATCH_KEEP) this.core.trimScratch();
  }

  /**
   * The set of these components, after checking their init values: for spawn
   * (many = false) or for spawnMany of n entities. No core call happens here, so
   * callers can copy values that share the world's memory (initsShareMemory) before
   * tableOf() may grow it. Sets hadInits. `unknown` throws for an unregistered component.
   */
  resolve(
    components: readonly ComponentArg[],
    many: boolean,
    n: number,
    strict: boolean,
    unknown: (c: unknown) => never,
  ): ComponentSet {
    let node = this.sets;
    let inits = false;
    let shared = false;
    const buffer = this.core.buffer;
    if (this.sparseInSet.length > 0) this.sparseInSet.length = 0;
    if (this.pairsInSet.length > 0) this.pairsInSet.length = 0;
    for (let i = 0; i < components.length; i++) {
      const arg = components[i];
      if ((arg as Pair)?.isPair === true) {
        this.pairsInSet.push(arg as Pair);
        continue;
      }
      const c = arg?.isInit === true ? (arg as ComponentInit).component : (arg as Component);
      const id = c?.isInit === false ? this.ids[c.key] : undefined;
      if (id === undefined) unknown(c);
      if (this.sparseFlag[id as number] === 1) {
        this.sparseInSet.push(id as number);
        continue;
      }
      if (arg.isInit) {
        inits = true;
        const values = (arg as ComponentInit).values;
        const each = (arg as ComponentInit).each;
        if (many ? checkManyValues(c, values, n, strict, buffer, each) : checkValues(c, values, strict, buffer))
          shared = true;
      }
      node = node.next[id as number] ??= new ComponentSet(node, id as number);
    }
    this.hadInits = inits;
    this.initsShareMemory = shared;
    return node;
  }

  /** The table of a component set, created on first use (a core call that may grow memory). */
  tableOf(set: ComponentSet, components: readonly ComponentArg[]): number {
    if (set.table < 0) {
      set.table = this.tableForMask(set.mask, components);
      this.resolved.push(set);
    }
    return set.table;
  }

  /** @internal After a snapshot was loaded: forget every table view and cached table id. */
  forgetTables(): void {
    this.tables.length = 0;
    for (const set of this.resolved) set.table = -1;
    this.resolved = [];
    this.seqSeen = -1;
    this.recycledSeen = -1;
    this.freeSeen = -1;
    this.generation++;
  }

  /** Drops the (empty) tables created since creation number `before` (core.tableSeq), after a failed call. */
  undoTables(before: number): void {
    if (this.core.dead !== undefined || this.core.tableSeq <= before) return;
    this.core.dropTables(before);
    this.syncTables();
  }

  /** Finds or creates the table with exactly these components, with one core call. */
  private tableForMask(mask: Uint32Array, components: readonly ComponentArg[]): number {
    const ptr = this.maskInScratch(mask, 0);
    return this.expect(this.core.tableForMask(ptr), `create the archetype (${argNames(components)})`);
  }

  /** Writes mask (core width, zero-padded) to scratch, with `extra` zeroed u32 after it; its address. */
  private maskInScratch(mask: Uint32Array, extra: number): number {
    const words = this.core.maskWords * 2;
    const ptr = this.scratch((words + extra) * 4, "create an archetype");
    const u32 = this.core.u32;
    u32.fill(0, ptr >>> 2, (ptr >>> 2) + words + extra);
    u32.set(mask, ptr >>> 2);
    return ptr;
  }

  /**
   * The table for a component set plus relation pairs (live targets), with one core call;
   * not cached, since it depends on the targets.
   */
  tableForPairs(mask: Uint32Array, pairs: readonly Pair[], names: string): number {
    const words = this.core.maskWords * 2;
    const ptr = this.maskInScratch(mask, pairs.length * P_STRIDE);
    const u32 = this.core.u32;
    const at = ptr >>> 2;
    for (let i = 0; i < pairs.length; i++) {
      u32[at + words + i * P_STRIDE] = this.ids[pairs[i].relation.key];
      u32[at + words + i * P_STRIDE + 1] = pairs[i].target as number;
    }
    const status = this.core.tableForPairs(ptr, ptr + words * 4, pairs.length);
    if (status === ERR_STALE) throw this.stale(pairs[this.core.result].target as number);
    // Two targets of an exclusive relation were refused before (World.checkPairs).
    if (status === ERR_BAD_ARGUMENT) throw new ArgumentError(`The core refused the relation pairs of (${names})`);
    return this.expect(status, `create the archetype (${names})`);
  }

  /** Adds the pair (rel, target) to e and writes its data values; false when e held it already. */
  addPair(e: number, rel: number, target: number, values: object | undefined): boolean {
    if (this.changes.pending.length !== 0) this.changes.settle();
    const status = this.core.addPair(e, rel, target);
    if (status < 0) {
      if (status === ERR_STALE) throw this.stale(this.core.tableOf(e) < 0 ? e : target);
      this.expect(status, `add ${this.components[rel].name}.to(${target})`);
    }
    if (values !== undefined)
      writeValues(this.core, this.tableAt(this.core.tableOf(e)), this.core.rowOf(e), this.components[rel], rel, values);
    return status === 0;
  }

  /** Removes the pair (rel, target) from e; false when e did not hold it. */
  removePair(e: number, rel: number, target: number): boolean {
    if (this.changes.pending.length !== 0) this.changes.settle();
    const status = this.core.removePair(e, rel, target);
    if (status === ERR_STALE) throw this.stale(e);
    this.expect(status, `remove ${this.components[rel].name}.to(${target})`);
    return status === 1;
  }

  /** Adds or removes the pair (rel, target) on listed entities with one core call. */
  pairMany(
    ids: ArrayLike<number>,
    rel: number,
    target: number,
    adding: boolean,
    values: object | undefined,
    skipDead: boolean,
  ): void {
    this.changes.settle();
    const r = this.components[rel] as Relation;
    const n = ids.length;
    const what = `${adding ? "add" : "remove"} ${r.name}.to(${target}) on ${n} entities`;
    const ptr = skipDead ? this.scratch(n * 4, what) : this.stageLive(ids, what);
    if (skipDead) this.core.u32.set(ids, ptr >>> 2);
    const status = this.core.pairMany(ptr, n, rel, target, adding, skipDead ? 1 : 0);
    this.trim(n * 4);
    if (status === ERR_STALE) throw this.stale(target);
    this.expect(status, what);
    if (values === undefined || !adding) return;
    for (let i = 0; i < n; i++) {
      const t = this.core.tableOf(ids[i]);
      if (t >= 0) writeValues(this.core, this.tableAt(t), this.core.rowOf(ids[i]), r, rel, values);
    }
  }

  /** Adds or removes the pair on every entity of the given tables (whole blocks), with one core call. */
  pairTables(tables: readonly Table[], rel: number, target: number, adding: boolean, values: object | undefined): void {
    this.changes.settle();
    const r = this.components[rel] as Relation;
    const n = tables.length;
    const what = `${adding ? "add" : "remove"} ${r.name}.to(${target}) on ${n} tables`;
    const ptr = this.scratch(n * 16, what);
    for (let i = 0; i < n; i++) this.core.u32[(ptr >>> 2) + i] = tables[i].id;
    const out = ptr + n * 4;
    const status = this.core.pairTables(ptr, n, rel, target, adding, out);
    if (status === ERR_STALE) throw this.stale(target);
    this.expect(status, what);
    if (values === undefined || !adding) return;
    const triples = this.core.u32.slice(out >>> 2, (out >>> 2) + n * 3);
    for (let i = 0; i < n; i++) {
      const dst = this.tableAt(triples[3 * i]);
      const moved = triples[3 * i + 2];
      const first = moved > 0 ? triples[3 * i + 1] : 0;
      const count = moved > 0 ? moved : dst.refresh();
      const rows = new Int32Array(count);
      for (let k = 0; k < count; k++) rows[k] = first + k;
      if (count > 0) writeManyValues(this.core, dst, rows, r, rel, values, false);
    }
  }

  /**
   * Destroys the listed entities and everything their relations take along ("destroy"
   * relations destroy the related entities, "remove" ones take the pair off), as one
   * planned core operation: nothing changes unless all of it can.
   */
  destroyPlanned(ids: ArrayLike<number>, skipDead: boolean): void {
    const core = this.core;
    const changes = this.changes;
    changes.settle();
    const n = ids.length;
    const what = `destroy ${n} entit${n === 1 ? "y" : "ies"}`;
    const ptr = skipDead ? this.scratch(n * 4, what) : this.stageLive(ids, what);
    if (skipDead) core.u32.set(ids, ptr >>> 2);
    const count = core.planDestroy(ptr, n);
    this.trim(n * 4);
    this.expect(count, what);
    const at = core.header(H_DYING) >>> 2;
    const doomed = core.u32.slice(at, at + count);
    // The planned tables: (table, destination) pairs; every table the commit recycles is one.
    const plan = core.header(H_PLAN) >>> 2;
    const planned: number[] = [];
    for (let i = 0; i < core.header(H_PLAN_LEN); i++) planned.push(core.u32[plan + 2 * i]);
    this.tablesNow(); // views of the tables the plan created, before the commit recycles any
    const recycledBefore = core.header(H_RECYCLED);
    try {
      changes.stageStart();
      if (changes.logged.length > 0) for (const e of doomed) changes.logDestroy(this.tableAt(core.tableOf(e)), e);
    } catch (error) {
      core.cancelDestroy();
      throw error;
    }
    this.expect(core.commitDestroy(), what);
    changes.commit();
    if (this.sparse.ids.length > 0) this.sparse.clearAll(doomed);
    this.recycledByPlan(planned, recycledBefore);
    this.syncTables();
    this.onDestroyed?.(doomed);
  }

  /** Spawns into table; writes the init values among components when withInits. */
  spawn(table: number, components: readonly ComponentArg[], withInits: boolean): number {
    const changes = this.changes;
    if (changes.pending.length !== 0) changes.settle();
    const e = this.core.spawn(table);
    if (e < 0) this.expect(e, "spawn an entity");
    if (withInits) this.writeInits(table, this.core.rowOf(e), components);
    if (changes.ticksOf.length !== 0) changes.stampSpawned(this.tableAt(table), this.core.rowOf(e), 1);
    return e;
  }

  /** Spawns n entities into table; writes the init values among components when withInits. */
  spawnMany(table: number, n: number, components: readonly ComponentArg[], withInits: boolean): Uint32Array {
    this.changes.settle();
    const first = this.expect(this.core.spawnMany(table, n, 0), `spawn ${n} entities`);
    if (this.changes.ticksOf.length > 0) this.changes.stampSpawned(this.tableAt(table), first, n);
    // The new entities are rows first .. first + n - 1 of the table's entity column.
    const col = this.tableAt(table).columnPtr(0) >>> 2;
    const ids = this.core.u32.slice(col + first, col + first + n);
    if (withInits) {
      const rows = new Int32Array(n);
      for (let i = 0; i < n; i++) rows[i] = first + i;
      this.writeManyInits(table, rows, components);
    }
    return ids;
  }

  add(e: number, id: number, c: Component, values: object | undefined): void {
    if (this.changes.pending.length !== 0) this.changes.settle();
    const tracked = this.changes.ticksOf[id] !== undefined;
    const had = tracked && this.tableAt(this.core.tableOf(e)).hasId(id);
    const status = this.core.add(e, id);
    if (status < 0) this.expect(status, `add ${c.name}`);
    if (values !== undefined)
      writeValues(this.core, this.tableAt(this.core.tableOf(e)), this.core.rowOf(e), c, id, values);
    if (tracked && (!had || values !== undefined))
      this.changes.stamp(this.tableAt(this.core.tableOf(e)), id, this.core.rowOf(e), 1, !had);
  }

  remove(e: number, id: number, c: Component): boolean {
    const changes = this.changes;
    if (changes.pending.length !== 0) changes.settle();
    const status = this.core.remove(e, id);
    if (status < 0) this.expect(status, `remove ${c.name}`);
    if (status === 1 && changes.logged.length !== 0 && changes.isLogged(id)) {
      changes.stageStart();
      changes.logRemoval(id, e);
      changes.commit();
    }
    return status === 1;
  }

  /** Whether some relation pair names e as its target (its slot's chain is not empty). */
  private isTarget(e: number): boolean {
    return this.core.targetHead(e) >= 0;
  }

  /** Whether any listed live entity is a relation target (then a destroy is planned). */
  private anyTarget(ids: ArrayLike<number>): boolean {
    for (let i = 0; i < ids.length; i++) if (this.core.tableOf(ids[i]) >= 0 && this.isTarget(ids[i])) return true;
    return false;
  }

  destroy(e: number): void {
    if (this.relations > 0 && this.isTarget(e)) {
      this.destroyPlanned([e], false);
      return;
    }
    const changes = this.changes;
    if (changes.pending.length !== 0) changes.settle();
    const logging = changes.logged.length !== 0;
    if (logging) {
      changes.stageStart();
      changes.logDestroy(this.tableAt(this.core.tableOf(e)), e);
    }
    const status = this.core.destroy(e);
    if (status < 0) this.expect(status, "destroy an entity");
    if (logging) changes.commit();
    // Bits are cleared by slot, which no one else holds until the next spawn.
    if (this.sparse.ids.length !== 0) this.sparse.clearOne(e);
  }

  /** Ids among `ids` that are alive now. */
  private liveOnly(ids: ArrayLike<number>): number[] {
    const out: number[] = [];
    for (let i = 0; i < ids.length; i++) if (this.core.tableOf(ids[i]) >= 0) out.push(ids[i]);
    return out;
  }

  /** Before destroying the listed (live) entities: stages their removals. */
  private stageDestroys(ids: ArrayLike<number>): void {
    const seen = new Set<number>();
    for (let i = 0; i < ids.length; i++) {
      if (seen.has(ids[i])) continue; // a repeated entity is destroyed once
      seen.add(ids[i]);
      this.changes.logDestroy(this.tableAt(this.core.tableOf(ids[i])), ids[i]);
    }
  }

  /**
   * Copies ids into scratch and checks them in one core call; throws StaleEntityError
   * naming the first id that is malformed or not alive. Returns the scratch address.
   */
  stageLive(ids: ArrayLike<number>, what: string): number {
    if (!(ids instanceof Uint32Array)) {
      for (let i = 0; i < ids.length; i++) {
        const e = ids[i];
        if (!(Number.isInteger(e) && e > 0 && e <= 0x7fffffff)) throw this.stale(e);
      }
    }
    const ptr = this.scratch(ids.length * 4, what);
    this.core.u32.set(ids, ptr >>> 2);
    const dead = this.core.firstDead(ptr, ids.length);
    if (dead >= 0) {
      this.trim(ids.length * 4);
      throw this.stale(ids[dead]);
    }
    return ptr;
  }

  stale(e: number): StaleEntityError {
    return new StaleEntityError(e, this.core.slotState(e));
  }

  /** Destroys listed entities with one call; skipDead ignores dead ones, otherwise all must be alive. */
  destroyMany(ids: ArrayLike<number>, skipDead: boolean): void {
    if (this.relations > 0 && this.anyTarget(ids)) {
      this.destroyPlanned(ids, skipDead);
      return;
    }
    this.changes.settle();
    const what = `destroy ${ids.length} entities`;
    const live = this.changes.logged.length > 0 || this.sparse.ids.length > 0 ? this.liveOnly(ids) : undefined;
    this.changes.stageStart();
    if (live !== undefined && this.changes.logged.length > 0) {
      if (!skipDead) this.checkAllLive(ids);
      this.stageDestroys(live);
    }
    if (!this.destroyAtOnce(ids, skipDead, what)) {
      // Out of scratch or journal memory: destroying must still work, in pieces.
      if (!skipDead) this.checkAllLive(ids);
      this.destroyInPieces(ids, what);
    }
    this.changes.commit();
    // Their slots stay free until the next spawn: clearing bits now needs no id check.
    if (live !== undefined && this.sparse.ids.length > 0) this.sparse.clearAll(live);
  }

  /**
   * The usual way: the list in scratch, checked and destroyed with one call each. False
   * when memory for the scratch buffer or the row journal ran out (nothing changed).
   */
  private destroyAtOnce(ids: ArrayLike<number>, skipDead: boolean, what: string): boolean {
    const core = this.core;
    const n = ids.length;
    const ptr = core.scratch(n * 4);
    if (ptr === 0) return false;
    core.u32.set(ids, ptr >>> 2);
    if (!skipDead) {
      const dead = core.firstDead(ptr, n);
      if (dead >= 0) {
        this.trim(n * 4);
        throw this.stale(ids[dead]);
      }
    }
    const status = core.destroyMany(ptr, n, 1);
    this.trim(n * 4);
    if (status === ERR_CAPACITY) return false;
    this.expect(status, what);
    return true;
  }

  /**
   * destroyMany() once every id was checked, in pieces that fit the scratch buffer and
   * the row journal as they are: it needs no memory, so it cannot fail half-way.
   */
  private destroyInPieces(ids: ArrayLike<number>, what: string): void {
    const core = this.core;
    const n = ids.length;
    let chunk = Math.max(1, core.header(H_SCRATCH_BYTES) >>> 2);
    if (core.header(H_JOURNAL) !== 0)
      chunk = Math.max(1, Math.min(chunk, core.header(H_JOURNAL_CAP) - core.header(H_JOURNAL_LEN)));
    const list = ids instanceof Uint32Array ? ids : Uint32Array.from(ids);
    for (let i = 0; i < n; i += chunk) {
      const part = list.subarray(i, Math.min(n, i + chunk));
      const ptr = this.scratch(part.length * 4, what);
      core.u32.set(part, ptr >>> 2);
      this.expect(core.destroyMany(ptr, part.length, 1), what);
    }
  }

  /** StaleEntityError naming the first listed id that is malformed or not alive (no core call). */
  private checkAllLive(ids: ArrayLike<number>): void {
    for (let i = 0; i < ids.length; i++) if (this.core.tableOf(ids[i]) < 0) throw this.stale(ids[i]);
  }

  /**
   * Adds (or removes) component id on every listed entity with one core call; entities
   * of one table in row order move as one block. skipDead ignores dead ones (deferred),
   * otherwise a stale one anywhere throws and nothing moves.
   */
  moveMany(ids: ArrayLike<number>, id: number, adding: boolean, values: object | undefined, skipDead: boolean): void {
    this.changes.settle();
    const c = this.components[id];
    const n = ids.length;
    const what = `${adding ? "add" : "remove"} ${c.name} on ${n} entities`;
    const ptr = skipDead ? this.scratch(n * 4, what) : this.stageLive(ids, what);
    if (skipDead) this.core.u32.set(ids, ptr >>> 2);
    const had = this.beforeMoves(ids, id, adding);
    const flag = skipDead ? 1 : 0;
    const status = adding ? this.core.addMany(ptr, n, id, flag) : this.core.removeMany(ptr, n, id, flag);
    this.trim(n * 4);
    this.expect(status, what);
    this.changes.commit();
    if (had !== undefined) this.stampMoved(ids, id, had, values !== undefined);
    if (values === undefined || !adding) return;
    // Write the values table by table: entities of one table sit in runs (a query batch
    // lists each table's rows in order, and they land as one block).
    const first = this.core.result;
    if (first !== NO_BLOCK && n > 0) {
      // The core moved the whole list as one block: rows first .. first + n - 1 of one table.
      const rows = new Int32Array(n);
      for (let i = 0; i < n; i++) rows[i] = first + i;
      writeManyValues(this.core, this.tableAt(this.core.tableOf(ids[0])), rows, c, id, values, false);
      return;
    }
    const tables = new Int32Array(n);
    const rows = new Int32Array(n);
    for (let i = 0; i < n; i++) {
      const t = this.core.tableOf(ids[i]);
      tables[i] = t;
      rows[i] = t < 0 ? -1 : this.core.rowOf(ids[i]);
    }
    let i = 0;
    while (i < n) {
      let j = i + 1;
      while (j < n && tables[j] === tables[i]) j++;
      if (tables[i] >= 0)
        writeManyValues(this.core, this.tableAt(tables[i]), rows.subarray(i, j), c, id, values, false);
      i = j;
    }
  }

  /**
   * Adds (or removes) component id on every entity of the given tables with one core
   * call: each table moves as a whole block. Entities that already have it (when
   * adding) get the values written.
   */
  moveTables(tables: readonly Table[], id: number, adding: boolean, values: object | undefined): void {
    this.changes.settle();
    const c = this.components[id];
    const n = tables.length;
    const what = `${adding ? "add" : "remove"} ${c.name} on ${n} tables`;
    const ptr = this.scratch(n * 16, what);
    const at = ptr >>> 2;
    for (let i = 0; i < n; i++) this.core.u32[at + i] = tables[i].id;
    const out = ptr + n * 4;
    const logged = !adding && this.changes.isLogged(id);
    // Staged before the move (the rows are still there), logged only once it went through.
    this.changes.stageStart();
    if (logged) for (const t of tables) if (t.hasId(id)) this.changes.logTable(id, t);
    this.expect(this.core.moveTables(ptr, n, id, adding, out), what);
    this.changes.commit();
    const tracked = adding && this.changes.ticksOf[id] !== undefined;
    if ((values === undefined && !tracked) || !adding) return;
    // Read the [destination, first row, rows] triples before any write can move memory.
    const triples = this.core.u32.slice(out >>> 2, (out >>> 2) + n * 3);
    for (let i = 0; i < n; i++) {
      const dst = triples[3 * i];
      const moved = triples[3 * i + 2];
      const first = moved > 0 ? triples[3 * i + 1] : 0;
      const count = moved > 0 ? moved : this.tableAt(dst).refresh();
      if (count === 0) continue;
      if (tracked && (moved > 0 || values !== undefined))
        this.changes.stamp(this.tableAt(dst), id, first, count, moved > 0);
      if (values === undefined) continue;
      const rows = new Int32Array(count);
      for (let r = 0; r < count; r++) rows[r] = first + r;
      writeManyValues(this.core, this.tableAt(dst), rows, c, id, values, false);
    }
  }

  /**
   * Before moving the listed entities: logs removals of id (when removing and logged)
   * and, when adding a tracked id, returns which entities had it already (1) or were
   * dead (2), for stampMoved(). Undefined when there is nothing to stamp.
   */
  private beforeMoves(ids: ArrayLike<number>, id: number, adding: boolean): Uint8Array | undefined {
    const changes = this.changes;
    changes.stageStart();
    if (!adding) {
      if (changes.isLogged(id)) {
        const seen = new Set<number>();
        for (let i = 0; i < ids.length; i++) {
          const t = this.core.tableOf(ids[i]);
          if (t < 0 || seen.has(ids[i]) || !this.tableAt(t).hasId(id)) continue;
          seen.add(ids[i]);
          changes.logRemoval(id, ids[i]);
        }
      }
      return undefined;
    }
    if (changes.ticksOf[id] === undefined) return undefined;
    const had = new Uint8Array(ids.length);
    for (let i = 0; i < ids.length; i++) {
      const t = this.core.tableOf(ids[i]);
      had[i] = t < 0 ? 2 : this.tableAt(t).hasId(id) ? 1 : 0;
    }
    return had;
  }

  /** Stamps id on the moved entities: added when they gained it, changed when values were written. */
  private stampMoved(ids: ArrayLike<number>, id: number, had: Uint8Array, written: boolean): void {
    for (let i = 0; i < ids.length; i++) {
      if (had[i] === 2 || (had[i] === 1 && !written)) continue;
      const e = ids[i];
      const t = this.core.tableOf(e);
      if (t >= 0) this.changes.stamp(this.tableAt(t), id, this.core.rowOf(e), 1, had[i] === 0);
    }
  }

  /** Destroys every entity of the given tables with one core call. */
  destroyTables(tables: readonly Table[]): void {
    if (this.relations > 0) {
      const ids: number[] = [];
      for (const t of tables) if (t.refresh() > 0) for (const e of t.entities) ids.push(e);
      if (this.anyTarget(ids)) {
        this.destroyPlanned(ids, true);
        return;
      }
    }
    this.changes.settle();
    this.changes.stageStart();
    if (this.changes.logged.length > 0) for (const t of tables) this.changes.logDestroyTable(t);
    // Copies: the tables are empty afterwards, and a core call may detach their views.
    const doomed = this.sparse.ids.length > 0 ? tables.map((t) => t.entities.slice()) : [];
    const n = tables.length;
    const ptr = this.scratch(n * 4, `destroy the entities of ${n} tables`);
    for (let i = 0; i < n; i++) this.core.u32[(ptr >>> 2) + i] = tables[i].id;
    this.expect(this.core.destroyInTables(ptr, n), `destroy the entities of ${n} tables`);
    this.changes.commit();
    for (const ids of doomed) this.sparse.clearAll(ids);
  }

  /** Checks that every listed entity is alive (one core call), for deferred batches. */
  checkLive(ids: ArrayLike<number>): void {
    this.stageLive(ids, `check ${ids.length} entities`);
    this.trim(ids.length * 4);
  }

  private writeInits(table: number, row: number, components: readonly ComponentArg[]): void {
    const tbl = this.tableAt(table);
    for (let i = 0; i < components.length; i++) {
      const arg = components[i];
      if (arg instanceof ComponentInit)
        writeValues(this.core, tbl, row, arg.component, this.ids[arg.component.key], arg.values);
    }
  }

  private writeManyInits(table: number, rows: Int32Array, components: readonly ComponentArg[]): void {
    const tbl = this.tableAt(table);
    for (const arg of components) {
      if (arg instanceof ComponentInit)
        writeManyValues(this.core, tbl, rows, arg.component, this.ids[arg.component.key], arg.values, arg.each);
    }
  }

  // ── Applying deferred commands ────────────────────────────────────────────
  /**
   * Applies the buffer in order. Each run of spawns into one table, of adds or
   * removes of one component, or of destroys is one core call. On a CapacityError
   * the commands before the failing run stay applied, the rest are dropped, and the
   * entities still parked for them are destroyed, so none is left alive without the
   * components it was spawned with. (Issue: an all-or-nothing flush needs a
   * reservation pass over the whole buffer first.)
   */
  apply(buf: CommandBuffer, parked: number): void {
    this.changes.settle();
    let i = 0;
    try {
      while (i < buf.size) i = this.applyRun(buf, i);
    } catch (error) {
      if (!(error instanceof CapacityError) || this.core.dead !== undefined) throw error;
      this.destroyTables([this.tableAt(parked)].filter((t) => t.refresh() > 0));
      throw new CapacityError(messages.flushFailed(error.message, i, buf.size - i));
    }
  }

  /** Applies the run of commands starting at i; returns where the next run starts. */
  private applyRun(buf: CommandBuffer, i: number): number {
    const j = buf.runEnd(i);
    const kind = buf.kind[i];
    if (kind === SPAWN) this.applySpawns(buf, i, j);
    else if (kind === SPAWN_MANY) this.applySpawnMany(buf.target[i], buf.payload(i) as SpawnManyData);
    else if (kind === ADD || kind === REMOVE) this.applyMoves(buf, i, j);
    else if (kind === DESTROY || kind === DESTROY_MANY) this.applyDestroys(buf, i, j);
    else if (kind === ADD_PAIR || kind === REMOVE_PAIR) this.applyPair(buf, i);
    else if (kind === PAIR_MANY) {
      const d = buf.payload(i) as PairManyData;
      const rel = buf.target[i];
      if (this.core.tableOf(d.target) >= 0) this.pairMany(d.ids, rel, d.target, d.adding, d.values, true);
      else if (d.adding) this.lostTarget(d.ids, rel);
    } else if (kind === ADD_MANY || kind === REMOVE_MANY) {
      const { ids, values } = buf.payload(i) as ManyData;
      this.moveMany(ids, buf.target[i], kind === ADD_MANY, values, true);
    }
    return j;
  }

  /** Writes buf.entity[i..j) to scratch; returns the u32 index there. */
  private listEntities(buf: CommandBuffer, i: number, j: number, what: string): number {
    const at = this.scratch((j - i) * 4, what) >>> 2;
    const u32 = this.core.u32;
    for (let k = i; k < j; k++) u32[at + k - i] = buf.entity[k];
    return at;
  }

  private applySpawns(buf: CommandBuffer, i: number, j: number): void {
    const table = buf.target[i];
    const what = `spawn ${j - i} entities`;
    const at = this.listEntities(buf, i, j, what);
    try {
      this.expect(this.core.moveMany(at << 2, j - i, table, 1), what);
    } finally {
      this.trim((j - i) * 4);
    }
    const tbl = this.tableAt(table);
    const stamping = this.changes.ticksOf.length > 0;
    for (let k = i; k < j; k++) {
      const inits = buf.payload(k) as readonly ComponentArg[];
      const e = buf.entity[k];
      if (this.core.tableOf(e) !== table) continue;
      const row = this.core.rowOf(e);
      if (stamping) this.changes.stampSpawned(tbl, row, 1);
      for (let a = 0; a < inits.length; a++) {
        const arg = inits[a];
        if (arg instanceof ComponentInit)
          writeValues(this.core, tbl, row, arg.component, this.ids[arg.component.key], arg.values);
      }
    }
  }

  private applySpawnMany(table: number, data: SpawnManyData): void {
    const { ids, inits } = data;
    const what = `spawn ${ids.length} entities`;
    const ptr = this.scratch(ids.length * 4, what);
    this.core.u32.set(ids, ptr >>> 2);
    try {
      this.expect(this.core.moveMany(ptr, ids.length, table, 1), what);
    } finally {
      this.trim(ids.length * 4);
    }
    // Parked entities are alive until a later command destroys them, so all landed in table,
    // usually as one block of rows.
    const first = this.core.result;
    const rows = new Int32Array(ids.length);
    if (first !== NO_BLOCK) for (let k = 0; k < ids.length; k++) rows[k] = first + k;
    else for (let k = 0; k < ids.length; k++) rows[k] = this.core.rowOf(ids[k]);
    this.writeManyInits(table, rows, inits);
    if (this.changes.ticksOf.length > 0) {
      const tbl = this.tableAt(table);
      for (const id of tbl.componentIds) if (this.changes.isTracked(id)) this.changes.stampRows(tbl, id, rows, true);
    }
  }

  private applyMoves(buf: CommandBuffer, i: number, j: number): void {
    const id = buf.target[i];
    const c = this.components[id];
    const adding = buf.kind[i] === ADD;
    const what = `${adding ? "add" : "remove"} ${c.name} on ${j - i} entities`;
    const ptr = this.listEntities(buf, i, j, what) << 2;
    const listed = buf.entity.subarray(i, j);
    const had = this.beforeMoves(listed, id, adding);
    const status = adding ? this.core.addMany(ptr, j - i, id, 1) : this.core.removeMany(ptr, j - i, id, 1);
    this.trim((j - i) * 4);
    this.expect(status, what);
    this.changes.commit();
    if (!adding) return;
    for (let k = i; k < j; k++) {
      const values = buf.payload(k);
      const e = buf.entity[k];
      if (this.core.tableOf(e) < 0) continue;
      if (had !== undefined && had[k - i] !== 2 && (had[k - i] === 0 || values !== undefined))
        this.changes.stamp(this.tableAt(this.core.tableOf(e)), id, this.core.rowOf(e), 1, had[k - i] === 0);
      if (values === undefined) continue;
      writeValues(this.core, this.tableAt(this.core.tableOf(e)), this.core.rowOf(e), c, id, values as object);
    }
  }

  /** A deferred pair change; its entity or target may have died since (see lostTarget). */
  private applyPair(buf: CommandBuffer, i: number): void {
    const e = buf.entity[i];
    const rel = buf.target[i];
    const d = buf.payload(i) as PairData;
    if (this.core.tableOf(e) < 0) return;
    if (buf.kind[i] === REMOVE_PAIR) {
      this.removePair(e, rel, d.target);
      return;
    }
    if (this.core.tableOf(d.target) >= 0) this.addPair(e, rel, d.target, d.values);
    else this.lostTarget([e], rel);
  }

  /**
   * Entities that were to gain a pair whose target an earlier deferred command destroyed:
   * what the target's destruction does to related entities happens to them (destroyed
   * for a "destroy" relation, otherwise they simply do not get the pair).
   */
  private lostTarget(ids: ArrayLike<number>, rel: number): void {
    if ((this.components[rel] as Relation).onTargetDestroyed === "destroy") this.destroyMany(ids, true);
  }

  private applyDestroys(buf: CommandBuffer, i: number, j: number): void {
    if (j === i + 1 && buf.kind[i] === DESTROY_MANY) {
      this.destroyMany(buf.payload(i) as Uint32Array, true);
      return;
    }
    let total = 0;
    for (let k = i; k < j; k++) total += buf.kind[k] === DESTROY ? 1 : (buf.payload(k) as Uint32Array).length;
    const list = new Uint32Array(total);
    let at = 0;
    for (let k = i; k < j; k++) {
      if (buf.kind[k] === DESTROY) list[at++] = buf.entity[k];
      else {
        const ids = buf.payload(k) as Uint32Array;
        list.set(ids, at);
        at += ids.length;
      }
    }
    this.destroyMany(list, true);
  }
}

/** A set of component ids reached by adding ids in argument order; caches its table. */
export class ComponentSet {
  readonly mask: Uint32Array;
  readonly next: ComponentSet[] = [];
  table = -1;
  constructor(parent: ComponentSet | undefined, id: number) {
    if (parent === undefined) {
      this.mask = new Uint32Array(0);
      this.table = 0;
      return;
    }
    this.mask = new Uint32Array(Math.max(parent.mask.length, (id >>> 5) + 1));
    this.mask.set(parent.mask);
    this.mask[id >>> 5] |= 1 << (id & 31);
  }
}

/** Init values with every array copied: they may be live views that a flush or growth would change. */
export function copyInits(args: readonly ComponentArg[]): ComponentArg[] {
  return args.map((arg) =>
    arg.isInit
      ? new ComponentInit(arg.component as Component, copyValues(arg.values, arg.component as Component), arg.each)
      : arg,
  );
}
