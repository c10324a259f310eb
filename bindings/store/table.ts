// The Table view: one object per archetype table, handing out typed-array views onto its
// columns in wasm memory. Views are cached and rebuilt only when the core's layout
// epoch moved (a column or the memory moved) or the row count changed, so a view is
// never used after the memory under it was detached.
// A filtered query (sparse or change terms) yields a table's window instead: a second
// view object of the same core table whose `count` is the number of matching rows,
// which the query brought to the front (store/window.ts), so its views cover exactly them.
// Invariant: every view handed out has exactly `count` rows; entities[i] owns row i.
import { Component } from "../component.js";
import { KEY } from "../component-keys.js";
import {
  P_REL,
  P_STRIDE,
  P_TARGET,
  T_COMPS,
  T_COUNT,
  T_NCOMPS,
  T_NPAIRS,
  T_PAIRS,
  T_SEQ,
  T_STATE,
  TS_LIVE,
} from "../core/constants.generated.js";
import type { Core } from "../core/core.js";
import type { Entity, EntityList, TableId } from "../entity.js";
import { ArgumentError, MissingComponentError, UnknownComponentError } from "../errors.js";
import {
  nonFragmentingTarget,
  notAComponent,
  tableRecycled,
  tableRetired,
  tableSubject,
  writeReadTerm,
} from "../messages.js";
import type { Columns, ReadonlyColumns, Schema, TypedArray } from "../schema.js";
import { firstOf } from "./first-of.js";

/**
 * What a table view needs of change tracking (store/changes.ts): which components are
 * tracked, the current tick, and where to queue a table written as a whole.
 */
export interface WriteMarks {
  readonly ticksOf: readonly (number | undefined)[];
  readonly tick: number;
  markTable(t: Table): void;
}

const NO_COLUMNS = Object.freeze({});
const RETIRED = -2; // the epoch of a view the world dropped (refresh() throws); the core's are u32
/** log2 of the element size by type code (f32 f64 i8 u8 i16 u16 i32 u32 eid). */
const SHIFT = [2, 3, 0, 0, 1, 1, 2, 2, 2];

/** Whether a component named N is among the read terms R (a union of components). */
type IsRead<N extends string, R> = string extends N
  ? false
  : [Extract<R, { readonly name: N }>] extends [never]
    ? false
    : true;

/** What `columns(C)` returns in a table yielded by a query whose read terms are R: read-only views for those. */
export type ColumnsIn<S extends Schema, N extends string, R> =
  IsRead<N, R> extends true ? ReadonlyColumns<S> : Columns<S>;

/**
 * One archetype table. `R` is the read terms of the query that yielded it (type only):
 * their `columns()` are typed read-only.
 */
export class Table<R = never> {
  readonly id: TableId;
  /**
   * Rows in the table when it was yielded by an iteration (or last refreshed). In a
   * table yielded by a filtered query: the rows that match, which are its first rows.
   */
  count = 0;
  /**
   * For a table yielded by a filtered query (added / changed / sparse terms): the
   * indices of the rows that match, ascending, which are 0 .. count - 1. Undefined otherwise.
   */
  rows: Uint32Array | undefined = undefined;
  /** @internal The table this one is a window of (itself for the table). */
  readonly owner: Table;
  /** @internal While yielded by a query with read terms: their mask (write() refuses them). */
  readTerms: Uint32Array | undefined = undefined;
  /** @internal Per component id: the tick of the last whole-table write not yet in the row stamps. */
  marks: (number | undefined)[] = [];
  private marked = false;
  private readonly changes: WriteMarks;
  private readonly ticksOf: readonly (number | undefined)[];
  /** @internal JS-side columns of "object" fields, each row-aligned with the table (length === rows). */
  readonly objects: unknown[][] = [];
  /** @internal Component ids of the table that have "object" fields. */
  readonly objectComponents: number[] = [];
  /** Per component id: index in `objects` of its first object field. */
  private readonly objectFirst: number[] = [];
  /** @internal Component ids of the table, ascending. */
  readonly componentIds: readonly number[];
  /** @internal Mask words (32 bits each) as the core had them when the table was found. */
  readonly mask: Uint32Array;
  /** @internal The core record's creation number (-1 for a recycled record): a reused id is another table. */
  readonly seq: number;
  /** @internal Relation pairs of this sub-table: relation id, target, relation id, target, ... ascending. */
  pairs: Uint32Array;
  private readonly core: Core;
  private readonly ids: readonly number[];
  /** @internal Every component of the world, by id. */
  readonly components: readonly Component[];
  /** First column index of each component id present (tags have none). */
  private readonly firstColumn: number[] = [];
  private cache: (object | undefined)[] = [];
  private bases: (number[] | undefined)[] = []; // per component id: each field's index in the whole-memory view
  private entityView: Uint32Array | undefined;
  private epoch = -1;
  private version = -1;
  private viewCount = -1;
  private rec = 0;
  private fresh = false; // T_BLOCK_FRESH at the last epoch change (every new block moves the epoch)
  private checked = -1; // the call version `entities` last checked the entity column at
  private limit = -1; // a window: its first `limit` rows are the view's rows (-1: every row)
  private windowView: Table | undefined = undefined;
  private retiredWhy = ""; // why the world dropped this view, for refresh() to throw ("": a restore)

  /** @internal Made by the world when it finds a new core table; with `of`, the window of table `of` (its JS-side columns and write marks shared). */
  constructor(
    core: Core,
    id: number,
    ids: readonly number[],
    components: readonly Component[],
    changes: WriteMarks,
    of?: Table,
  ) {
    this.owner = of ?? this;
    if (of !== undefined) {
      this.objects = of.objects;
      this.objectComponents = of.objectComponents;
      this.objectFirst = of.objectFirst;
    }
    this.core = core;
    this.changes = changes;
    this.ticksOf = changes.ticksOf; // one load less in columns(), whose size decides what V8 inlines around it
    this.id = id as TableId;
    this.ids = ids;
    this.components = components;
    const u32 = core.u32;
    const rec = core.tableRec(id);
    const n = u32[rec + T_STATE] === TS_LIVE ? u32[rec + T_NCOMPS] : 0; // a free record names none
    const comps = u32[rec + T_COMPS] >>> 2;
    const list: number[] = [];
    let col = 1;
    for (let k = 0; k < n; k++) {
      const c = u32[comps + k];
      list.push(c);
      this.firstColumn[c] = col;
      col += components[c].fields.length;
      const objectFields = components[c].objectFields.length;
      if (objectFields > 0 && of === undefined) {
        this.objectComponents.push(c);
        this.objectFirst[c] = this.objects.length;
        for (let f = 0; f < objectFields; f++) this.objects.push([]);
      }
    }
    this.componentIds = list;
    const at = core.maskAt(id);
    this.mask = u32.slice(at, at + core.maskWords * 2);
    const live = u32[rec + T_STATE] === TS_LIVE;
    this.seq = live ? u32[rec + T_SEQ] : -1;
    const np = live ? u32[rec + T_NPAIRS] : 0;
    const pairs = new Uint32Array(np * 2);
    const p = u32[rec + T_PAIRS] >>> 2;
    for (let i = 0; i < np; i++) {
      pairs[2 * i] = u32[p + i * P_STRIDE + P_REL];
      pairs[2 * i + 1] = u32[p + i * P_STRIDE + P_TARGET];
    }
    this.pairs = pairs;
  }

  /** The target of relation r shared by every entity of this table (its first one for a non-exclusive relation holding several), or undefined when the table lacks r. */
  target(r: Component): Entity | undefined {
    this.core.check();
    notLinked(r, "target");
    const id = this.ids[r?.[KEY]] ?? notComponent(r);
    const pairs = this.pairs;
    for (let i = 0; i < pairs.length; i += 2) if (pairs[i] === id) return pairs[i + 1] as Entity;
    return undefined;
  }

  /** Every target of relation r in this table (empty when it lacks r). */
  targets(r: Component): Entity[] {
    this.core.check();
    notLinked(r, "targets");
    const id = this.ids[r?.[KEY]] ?? notComponent(r);
    const out: Entity[] = [];
    const pairs = this.pairs;
    for (let i = 0; i < pairs.length; i += 2) if (pairs[i] === id) out.push(pairs[i + 1] as Entity);
    return out;
  }

  /** @internal Whether this table holds the pair (relation id, target). */
  hasPair(rel: number, target: number): boolean {
    const pairs = this.pairs;
    for (let i = 0; i < pairs.length; i += 2) if (pairs[i] === rel && pairs[i + 1] === target) return true;
    return false;
  }

  /** Reads the row count from memory; drops cached views when anything moved. Small: V8 inlines it in loops. */
  refresh(): number {
    return this.core.version === this.version ? this.count : this.refreshNow(); // no core call since the last look
  }

  /** refresh() after a core call: the record, the epoch and the row count read again. */
  private refreshNow(): number {
    const core = this.core;
    core.checkLive(); // a dead world moved the version on to come here
    if (core.epoch !== this.epoch) {
      if (this.epoch === RETIRED) throw new ArgumentError(this.retiredWhy || tableRetired(this.describe()));
      this.epoch = core.epoch;
      this.bases = [];
      this.rec = core.tableRec(this.id);
      this.fresh = core.freshBlock(this.id);
      this.viewCount = -1;
    }
    this.version = core.version;
    let n = core.u32[this.rec + T_COUNT];
    if (this.limit >= 0 && this.limit < n) n = this.limit;
    if (n !== this.viewCount) {
      this.viewCount = n;
      if (this.cache.length > 0) this.cache.length = 0;
      this.entityView = undefined;
    }
    this.count = n;
    return n;
  }

  /**
   * @internal The world dropped this view (a restore; a record recycled for another table, named
   * while it has its components). No components, rows or pairs; views throw ArgumentError.
   */
  retire(byRestore: boolean): void {
    if (this.epoch !== RETIRED) this.retiredWhy = byRestore ? "" : tableRecycled(this.describe());
    this.pairs = this.mask.fill(0).subarray(0, 0); // no component bits, no pairs
    this.count = 0;
    this.epoch = RETIRED;
    this.version = -1; // the next refresh() comes to the epoch test
    this.windowView?.retire(byRestore);
  }

  /** @internal This table's window (created on first use). */
  window(): Table {
    this.windowView ??= new Table(this.core, this.id, this.ids, this.components, this.changes, this);
    return this.windowView;
  }

  /** @internal A window shows its first k rows from now on (-1: every row); returns what it showed before. */
  showFirst(k: number): number {
    const before = this.limit;
    this.limit = k;
    this.version = -1;
    this.refresh();
    return before;
  }

  /** Whether the table's entities have component c. */
  has(c: Component): boolean {
    const id = this.ids[c?.[KEY]] ?? notComponent(c);
    return id !== undefined && (this.mask[id >>> 5] & (1 << (id & 31))) !== 0;
  }

  /** @internal has() by component id. */
  hasId(id: number): boolean {
    return ((this.mask[id >>> 5] ?? 0) & (1 << (id & 31))) !== 0;
  }

  /**
   * Views onto c's columns for reading and writing: one typed array per field, `count`
   * rows long (`count * n` for `[type, n]` fields). Same as write(c): when c's changes
   * are tracked, every row of c here counts as changed. Throws MissingComponentError
   * when the table lacks c, UnknownComponentError when c is not registered.
   */
  columns<S extends Schema, N extends string>(c: Component<S, N>): ColumnsIn<S, N, R> {
    this.refresh();
    const id = this.ids[c?.[KEY]];
    if (this.ticksOf[id] !== undefined) this.markWrite(id, c, false);
    const v = this.cache[id];
    if (v !== undefined) return v as ColumnsIn<S, N, R>;
    return this.build(c, id) as ColumnsIn<S, N, R>;
  }

  /** Views onto c's columns typed read-only; reading marks nothing as changed. */
  read<S extends Schema, N extends string>(c: Component<S, N>): ReadonlyColumns<S> {
    this.refresh();
    const id = this.ids[c?.[KEY]];
    const v = this.cache[id];
    if (v !== undefined) return v as ReadonlyColumns<S>;
    return this.build(c, id) as ReadonlyColumns<S>;
  }

  /**
   * Views onto c's columns for writing: when c's changes are tracked, every row of c in
   * this table counts as changed now (one store, whatever the row count). In a query
   * with read terms, a read term cannot be written (ArgumentError).
   */
  write<S extends Schema, N extends string>(c: Component<S, N>): Columns<S> {
    this.refresh();
    const id = this.ids[c?.[KEY]];
    if (id !== undefined) this.markWrite(id, c, true);
    const v = this.cache[id];
    if (v !== undefined) return v as Columns<S>;
    return this.build(c, id) as Columns<S>;
  }

  /** @internal write(c)'s change mark without building views (kernels take column pointers). */
  markWritten(c: Component): void {
    const id = this.ids[c[KEY]];
    if (id !== undefined) this.markWrite(id, c, true);
  }

  private markWrite(id: number, c: Component, strict: boolean): void {
    const ro = this.readTerms;
    if (ro !== undefined && ((ro[id >>> 5] ?? 0) & (1 << (id & 31))) !== 0) {
      if (strict) throw new ArgumentError(writeReadTerm(c.name));
      return;
    }
    // Only a table that holds C's stamps can be marked (not one that lacks C: write() then throws).
    const k = this.changes.ticksOf[id];
    if (k === undefined || !this.hasId(k)) return;
    // A window marks its table: marks are whole-table, and queries read the table's.
    const t = this.owner as Table;
    const tick = this.changes.tick;
    if (t.marks[id] === tick) return;
    t.marks[id] = tick;
    if (!t.marked) {
      t.marked = true;
      this.changes.markTable(t);
    }
  }

  /** @internal The marks were copied into the row stamps. */
  clearMarks(): void {
    this.marks = [];
    this.marked = false;
  }

  /** Like columns(), but undefined when the table lacks c (for `optional` terms). */
  tryColumns<S extends Schema, N extends string>(c: Component<S, N>): ColumnsIn<S, N, R> | undefined {
    return this.has(c) ? this.columns(c) : undefined;
  }

  /** The table's entities, row-aligned with every column. */
  get entities(): EntityList {
    this.refresh();
    if (!this.fresh && this.checked !== this.version) this.checked = this.core.mendEntities(this.id); // once a call
    if (this.entityView === undefined) {
      this.core.show(this.id);
      this.entityView = new Uint32Array(this.core.buffer, this.columnPtr(0), this.count);
    }
    return this.entityView as EntityList;
  }

  /** Names of the table's components (for messages and inspection); hidden ones are left out. */
  describe(): string {
    return `(${this.componentNames().join(", ")})`;
  }

  /** Names of the table's components, hidden ones left out; a relation as its pairs, `ChildOf(12)`. */
  componentNames(): string[] {
    const names: string[] = [];
    for (const id of this.componentIds) {
      const c = this.components[id];
      if (c.hidden) continue;
      if (!c.isRelation) {
        names.push(c.name);
        continue;
      }
      for (let i = 0; i < this.pairs.length; i += 2)
        if (this.pairs[i] === id) names.push(`${c.name}(${this.pairs[i + 1]})`);
    }
    return names;
  }

  /**
   * @internal Element index of row 0 of each field of component id (which the table
   * has) in the whole-memory view of the field's type: row r, element k of field f is
   * at bases[f] + r * length + k. Valid until the layout epoch moves (columns move
   * only then; a dead world moves it too, so refresh() meets its check).
   */
  fieldBases(id: number, c: Component): number[] {
    if (this.core.epoch !== this.epoch) this.refresh();
    let b = this.bases[id];
    if (b === undefined) {
      const first = this.firstColumn[id] as number;
      b = c.fields.map((f) => this.columnPtr(first + f.index) >>> SHIFT[f.code]);
      this.bases[id] = b;
    }
    return b;
  }

  /** @internal The JS array of object field `index` of component id, or undefined when the table lacks it. */
  objectColumn(id: number, index: number): unknown[] | undefined {
    const first = this.objectFirst[id];
    return first === undefined ? undefined : this.objects[first + index];
  }

  /** @internal First column index of component id, or undefined. */
  columnOf(id: number): number | undefined {
    return this.firstColumn[id];
  }

  /** @internal Byte address of column j (fresh read: valid until the next core call). */
  columnPtr(j: number): number {
    return this.core.columnPtr(this.id, j);
  }

  private build(c: Component, id: number | undefined): object {
    if (id === undefined) throw notComponent(c) ?? new UnknownComponentError(c.name);
    const first = this.firstColumn[id];
    if (first === undefined && !this.componentIds.includes(id)) {
      throw new MissingComponentError(tableSubject(this.describe()), c.name, "view the columns of");
    }
    let views: Record<string, TypedArray | unknown[]> | object = NO_COLUMNS;
    if (c.fields.length > 0 || c.objectFields.length > 0) {
      const out: Record<string, TypedArray | unknown[]> = {};
      const buffer = this.core.buffer;
      this.core.show(this.id);
      for (const f of c.fields) {
        out[f.name] = new f.ctor(buffer, this.columnPtr(first + f.index), this.count * f.length);
      }
      // A window that shows fewer rows than the table: its first `count` values, live.
      const part = this.owner !== this && this.count < this.owner.refresh();
      for (const o of c.objectFields) {
        const col = this.objectColumn(id, o.index) as unknown[];
        out[o.name] = part ? firstOf(col, this.count) : col;
      }
      views = out;
    }
    this.cache[id] = views;
    return views;
  }
}

/** ArgumentError for a non-fragmenting relation: its targets are per entity, not per table. */
/** Undefined for a component this world lacks; throws ArgumentError for anything else (null, a pair, ...). */
function notComponent(c: unknown): undefined {
  if (!(c instanceof Component)) throw new ArgumentError(notAComponent(c));
  return undefined;
}

function notLinked(r: Component, method: string): void {
  if ((r as { fragmenting?: boolean } | null)?.fragmenting === false)
    throw new ArgumentError(nonFragmentingTarget(r.name, method));
}
