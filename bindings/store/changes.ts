// Change detection: when each row gained a component and when it last changed.
//
// A tracked component C gets a hidden companion component `C:ticks` { added, changed }
// (u32 stamps) that the core adds and removes together with C, so the stamps move
// with their rows through every migration for free. Tracking starts when a query
// first filters on C (`added` / `changed`); an untracked component costs nothing.
//
// Stamps come from one counter, `tick`. A reader (a system, or a filtered query
// outside systems) remembers the tick it last read at and sees the rows whose stamp
// is newer; after reading, the counter moves on, so every change is seen exactly once
// by each reader, and a reader never sees its own writes. Counters are u32 and
// compared by wrapped difference: a stamp more than 2^31 ticks old reads as unchanged
// or changed arbitrarily (documented precision).
//
// `t.write(C)` (and `t.columns(C)`) mark a whole table at once: the mark lives on the
// table view (one store) and is copied into the rows' stamps before the next
// structural change, so rows that move keep it and rows that arrive do not get it.
import { Component, HIDDEN_PREFIX } from "../component.js";
import type { Core } from "../core/core.js";
import type { Table } from "./table.js";

export const TICKS_SCHEMA = { added: "u32", changed: "u32" } as const;
export type TicksComponent = Component<typeof TICKS_SCHEMA>;

/** The change tick after t: u32 ticks wrap (as stamps do), past 0, which a reader's tick reserves for "never read". */
export function nextTick(t: number): number {
  return (t + 1) >>> 0 || 1;
}

/**
 * Whether stamp a is newer than b (u32 counters, wrapped difference). 0 is no tick: a
 * stamp 0 (never stamped) is newer than nothing, and every stamp is newer than a base 0
 * (a reader that never read), however far the counter has run.
 */
export function newer(a: number, b: number): boolean {
  return a !== 0 && (b === 0 || ((a - b) | 0) > 0);
}

/** The name of the stamps component of component `name` (a snapshot's schema is checked against it). */
export function ticksName(name: string): string {
  return `${HIDDEN_PREFIX}ticks:${name}`;
}

/** The hidden companion that holds C's stamps. */
export function ticksComponent(c: Component): TicksComponent {
  const k: TicksComponent = new Component(ticksName(c.name), TICKS_SCHEMA, false, false, {});
  k.hidden = true;
  return k;
}

/** Who reads changes: a system, or the world outside systems. */
export type Reader = object;

/** The entities that lost one component, kept until every reader has seen them. */
class RemovalLog {
  /** ids[i] is entry base + i. */
  ids: number[] = [];
  base = 0;
  readonly cursors = new Map<Reader, number>();

  get end(): number {
    return this.base + this.ids.length;
  }

  /** Entries since reader last read (nothing on its first read: tracking starts then). */
  read(reader: Reader): number[] {
    const from = this.cursors.get(reader);
    const end = this.end;
    this.cursors.set(reader, end);
    const out = from === undefined ? [] : this.ids.slice(from - this.base);
    this.trim();
    return out;
  }

  /** Drops the entries every reader has seen. */
  private trim(): void {
    let min = this.end;
    for (const at of this.cursors.values()) min = Math.min(min, at);
    if (min > this.base) {
      this.ids = this.ids.slice(min - this.base);
      this.base = min;
    }
  }
}

export class Changes {
  /** The stamp a write made now gets. Starts at 1, so setup writes are newer than "never" (0). */
  tick = 1;
  /** Per component id: the id of its ticks companion when the component is tracked. */
  readonly ticksOf: (number | undefined)[] = [];
  /** Per component id: the ticks companion definition. */
  readonly ticksComponents: (TicksComponent | undefined)[] = [];
  /** Tables with whole-table marks not yet copied into row stamps. */
  readonly pending: Table[] = [];
  /** Per component id: the log of removals, once someone asked for it. */
  private readonly logs: (RemovalLog | undefined)[] = [];
  /** Component ids with a removal log. */
  logged: number[] = [];
  private readonly core: Core;

  constructor(core: Core) {
    this.core = core;
  }

  isTracked(id: number): boolean {
    return this.ticksOf[id] !== undefined;
  }

  /** Records that table t was written as a whole (t.write(C)); called by the table view. */
  markTable(t: Table): void {
    this.pending.push(t);
  }

  /**
   * Copies whole-table marks into the row stamps of each marked table. Runs before every
   * structural change: afterwards no row carries a mark it did not get.
   */
  settle(): void {
    const pending = this.pending;
    if (pending.length === 0) return;
    const u32 = this.core.u32;
    for (let p = 0; p < pending.length; p++) {
      const t = pending[p];
      const marks = t.marks;
      const n = t.refresh();
      for (let id = 0; id < marks.length; id++) {
        const mark = marks[id];
        if (mark === undefined) continue;
        const k = this.ticksOf[id] as number;
        if (!t.hasId(k)) continue;
        const base = t.fieldBases(k, this.ticksComponents[id] as TicksComponent)[1];
        for (let r = 0; r < n; r++) if (newer(mark, u32[base + r])) u32[base + r] = mark;
      }
      t.clearMarks();
    }
    pending.length = 0;
  }

  /**
   * Stamps rows of table t for component id (when tracked): `changed` always, `added` too
   * when the rows just gained it. rows: first row and count, or a list.
   */
  stamp(t: Table, id: number, first: number, n: number, added: boolean): void {
    const k = this.ticksOf[id];
    if (k === undefined || n === 0 || !t.hasId(k)) return;
    const [a, c] = t.fieldBases(k, this.ticksComponents[id] as TicksComponent);
    const u32 = this.core.u32;
    const tick = this.tick;
    if (added) u32.fill(tick, a + first, a + first + n);
    u32.fill(tick, c + first, c + first + n);
  }

  /** Stamps every tracked component of t's rows [first, first + n) as added (spawns). */
  stampSpawned(t: Table, first: number, n: number): void {
    const ids = t.componentIds;
    for (let i = 0; i < ids.length; i++) if (this.ticksOf[ids[i]] !== undefined) this.stamp(t, ids[i], first, n, true);
  }

  /** @internal Forgets table marks and removal logs, takes tracking state from a restored snapshot. */
  adopt(tick: number, tracked: readonly [number, number, TicksComponent][]): void {
    this.tick = tick;
    this.pending.length = 0;
    this.ticksOf.length = 0;
    this.ticksComponents.length = 0;
    for (const [id, k, c] of tracked) {
      this.ticksOf[id] = k;
      this.ticksComponents[id] = c;
    }
    this.logs.length = 0;
    this.logged = [];
    this.staged = [];
  }

  // ── Removals ──────────────────────────────────────────────────────────────
  /** Whether removals of component id are being logged. */
  isLogged(id: number): boolean {
    return this.logs[id] !== undefined;
  }

  /** The entities that lost component id since reader last asked (starts logging on the first ask). */
  removed(id: number, reader: Reader): number[] {
    let log = this.logs[id];
    if (log === undefined) {
      log = new RemovalLog();
      this.logs[id] = log;
      this.logged.push(id);
    }
    return log.read(reader);
  }

  /**
   * Removals staged for the operation under way: [component id, entity] pairs, logged by
   * commit() once the operation succeeded and dropped by the next stage otherwise.
   */
  private staged: number[] = [];

  /** Starts staging for a new operation (drops what a failed one left). */
  stageStart(): void {
    if (this.staged.length > 0) this.staged = [];
  }

  /** Logs the staged removals: the operation went through. */
  commit(): void {
    const s = this.staged;
    for (let i = 0; i < s.length; i += 2) (this.logs[s[i]] as RemovalLog).ids.push(s[i + 1]);
    if (s.length > 0) this.staged = [];
  }

  /** Stages that entity e loses component id (which it has). */
  logRemoval(id: number, e: number): void {
    this.staged.push(id, e);
  }

  /** Stages that every entity of t (as it is now) loses component id. */
  logTable(id: number, t: Table): void {
    const es = t.entities;
    for (let i = 0; i < es.length; i++) this.staged.push(id, es[i]);
  }

  /** Logs, for entity e about to be destroyed, every logged component its table has. */
  logDestroy(t: Table, e: number): void {
    const logged = this.logged;
    for (let i = 0; i < logged.length; i++) if (t.hasId(logged[i])) this.logRemoval(logged[i], e);
  }

  /** Logs every entity of t (about to be destroyed) for each logged component t has. */
  logDestroyTable(t: Table): void {
    const logged = this.logged;
    for (let i = 0; i < logged.length; i++) if (t.hasId(logged[i])) this.logTable(logged[i], t);
  }
}
