// Which rows a waiting command will drop, or which of their fields it will write over, at the
// flush, so that a write made now to them (world.set, an accessor setter, an add's values
// written at once) is refused instead of lost:
//
//   drops        a remove of the component (REMOVE_RUN, REMOVE_MANY), of a pair the entity
//                holds then, after the waiting adds before it (REMOVE_PAIR, PAIR_MANY
//                removing; an exclusive relation's add retargets): the row goes; an add
//                after it starts a new one
//   writes over  the fields an add's values carry that the flush writes (ADD_MANY, ADD_PAIR,
//                PAIR_MANY adding, an ADD_AT_FLUSH ADD): they land after the write
//   target dies  a destroy (DESTROY, DESTROY_MANY) of the target an entity's pair of an
//                exclusive relation with data has at that point: the pair and its row go
//
// A destroy of the entity itself is not here: a write to it goes with it.
//
// Fields are bits of a mask: field f of the component's `fields` is bit f, its "object" field
// o bit fields.length + o, any past 30 bit 31 (a shared bit: overlap is then assumed).
// Nothing of the core changes while commands wait, so what an entity holds now is what it
// holds at the scan.
import type { Component } from "../component.js";
import type { Store } from "../store/store.js";
import {
  ADD,
  ADD_MANY,
  ADD_PAIR,
  DESTROY,
  DESTROY_MANY,
  OBJECT,
  PAIR_MANY,
  REMOVE_MANY,
  REMOVE_PAIR,
  REMOVE_RUN,
} from "./command-kinds.js";

/** What this reads of the command buffer (commands.ts) and of its batch payloads. */
interface Commands {
  readonly kind: Int32Array;
  readonly entity: Uint32Array;
  readonly a: Int32Array;
  readonly b: Int32Array;
  readonly v0: Int32Array;
  readonly v1: Int32Array;
  readonly vals: Float64Array;
  readonly data: unknown[];
  readonly size: number;
  listed(i: number): Uint32Array;
  hasValues(i: number): boolean;
}
type Batch = {
  readonly ids: Uint32Array;
  readonly values: object | undefined;
  readonly adding?: boolean;
  readonly target?: number;
};

/**
 * An ADD's b when the entity had the component at the call but something waited for its
 * row then: its values are written at the flush, in order (b = 1: written at the call, and at
 * the flush only to a row the entity gains there; b = 0: the entity lacked the component).
 */
export const ADD_AT_FLUSH = 2;

/** What waits for an entity's row of a component: nothing, a command that drops it, one that writes over the fields asked of. */
export const KEEPS = 0;
export const DROPS = 1;
export const WRITES_OVER = 2;
/** A waiting destroy of the target of the entity's pair of an exclusive relation takes the pair (`doomedTarget` names it). */
export const TARGET_DIES = 3;

/** The mask bit of field `index` (object fields after the others). */
function bit(index: number): number {
  return 1 << Math.min(index, 31);
}

/** The mask of the fields of c that `values` gives (defined values). */
export function fieldsOf(c: Component, values: object): number {
  let mask = 0;
  const own = values as Record<string, unknown>;
  for (const name in own) {
    if (own[name] === undefined) continue;
    const f = c.fieldByName.get(name);
    const o = f === undefined ? c.objectFieldByName.get(name) : undefined;
    if (f !== undefined) mask |= bit(f.index);
    else if (o !== undefined) mask |= bit(c.fields.length + o.index);
  }
  return mask;
}

/** The mask bit of c's field called `name` (a scalar, array or "object" field). */
export function fieldBit(c: Component, name: string): number {
  const f = c.fieldByName.get(name);
  return f !== undefined ? bit(f.index) : bit(c.fields.length + (c.objectFieldByName.get(name)?.index ?? 31));
}

export class WaitingRows {
  /**
   * marked[id] === 1: a command of component id that drops or writes over rows waits (noted
   * when it is recorded, off the per-entity record path); `of` then tells which entities.
   */
  readonly marked: number[] = [];
  private readonly ids: number[] = [];
  /** Per marked id, the entities listed so far whose row a waiting command drops. */
  private readonly dropped: (Set<number> | undefined)[] = [];
  /** Per marked id, per entity listed so far, the mask of the fields waiting commands write over. */
  private readonly over: (Map<number, number> | undefined)[] = [];
  /** Pairs of non-exclusive relations waiting adds give, as `entity relation target` (a remove of one drops the row). */
  private readonly given = new Set<string>();
  /** Per `entity relation` of an exclusive relation: command index, target (-1: none) of each change read so far. */
  private readonly changes = new Map<string, number[]>();
  /** Entities a waiting destroy lists, and the index of the first such command. */
  private readonly doomed = new Map<number, number>();
  /** The target TARGET_DIES was about. */
  doomedTarget = -1;
  /** `of` has read commands before `scanned` and the first `scannedIn` entities of command `scanned`. */
  private scanned = 0;
  private scannedIn = 0;
  /** Called when an id is first marked (the readers' fast paths look again). */
  onMark: (() => void) | undefined = undefined;
  // What it reads of the world, set by readsStore() below.
  /** The world's component of id. */
  componentOf: (id: number) => Component = () => {
    throw new Error("WaitingRows.componentOf: not set");
  };
  /** Whether e holds pair (rel, target) now. */
  holdsPair: (e: number, rel: number, target: number) => boolean = () => true;
  /** e's target of exclusive relation rel now, -1 for none. */
  targetOf: (e: number, rel: number) => number = () => -1;
  /** The ids of the exclusive relations with data. */
  dataRelations: () => readonly number[] = () => [];

  constructor(private readonly buf: Commands) {}

  /** Notes command i (just recorded, or its values just given) when it may drop or write over rows. */
  note(i: number): void {
    const kind = this.buf.kind[i];
    if (kind === DESTROY || kind === DESTROY_MANY) {
      for (const rel of this.dataRelations()) this.mark(rel);
      return;
    }
    if (this.loses(i)) this.mark(this.buf.a[i]);
  }

  private mark(id: number): void {
    if (this.marked[id] === 1) return;
    this.marked[id] = 1;
    this.ids.push(id);
    this.onMark?.();
  }

  /**
   * What waits for e's row of component id, for a write of `fields` (a mask, or the values
   * given, read only when something waits): DROPS, TARGET_DIES, WRITES_OVER (of one of those
   * fields) or KEEPS. Read incrementally: commands only grow until clear().
   */
  of(id: number, e: number, fields: number | object): number {
    if (this.marked[id] !== 1) return KEEPS;
    this.scan();
    if (this.dropped[id]?.has(e) === true) return DROPS;
    if (this.doomed.size > 0 && this.targetDies(id, e)) return TARGET_DIES;
    const at = this.over[id]?.get(e);
    if (at === undefined) return KEEPS;
    const mask = typeof fields === "number" ? fields : fieldsOf(this.componentOf(id), fields);
    return (at & mask) !== 0 ? WRITES_OVER : KEEPS;
  }

  clear(): void {
    for (const id of this.ids) {
      this.marked[id] = 0;
      this.dropped[id] = this.over[id] = undefined;
    }
    this.ids.length = 0;
    this.given.clear();
    this.changes.clear();
    this.doomed.clear();
    this.scanned = this.scannedIn = 0;
  }

  /** Reads the commands recorded since the last scan. */
  private scan(): void {
    const buf = this.buf;
    for (let k = this.scanned; k < buf.size; k++) {
      const ids = this.entitiesOf(k);
      const from = k === this.scanned ? this.scannedIn : 0;
      if (ids !== undefined) for (let j = from; j < ids.length; j++) this.read(k, ids[j]);
      // The last command may still grow (an open run, values to come): it is read again from here.
      this.scanned = k;
      this.scannedIn = ids?.length ?? 0;
    }
  }

  /** Notes what command k does to entity e's row. */
  private read(k: number, e: number): void {
    const buf = this.buf;
    const kind = buf.kind[k];
    const id = buf.a[k];
    let lost = 0;
    let drops = false;
    if (kind === DESTROY || kind === DESTROY_MANY) {
      if (!this.doomed.has(e)) this.doomed.set(e, k);
      return;
    }
    if (kind === REMOVE_RUN || kind === REMOVE_MANY) drops = true;
    else if (kind === REMOVE_PAIR || kind === PAIR_MANY) {
      const batch = kind === PAIR_MANY ? (buf.data[k] as Batch) : undefined;
      const target = batch === undefined ? buf.b[k] : (batch.target as number);
      if (batch?.adding === true) {
        this.gives(k, e, id, target);
        if (batch.values !== undefined) lost = fieldsOf(this.componentOf(id), batch.values);
      } else drops = this.takes(k, e, id, target);
    } else if (kind === ADD_PAIR) {
      this.gives(k, e, id, buf.b[k]);
      lost = this.encodedFields(k);
    } else if (kind === ADD_MANY) {
      const values = (buf.data[k] as Batch).values;
      if (values !== undefined) lost = fieldsOf(this.componentOf(id), values);
    } else if (kind === ADD && buf.b[k] === ADD_AT_FLUSH) lost = this.encodedFields(k);
    if (drops) (this.dropped[id] ??= new Set()).add(e);
    if (lost === 0) return;
    const map = (this.over[id] ??= new Map());
    map.set(e, (map.get(e) ?? 0) | lost);
  }

  /** Whether e holds pair (rel, target) now. */
  private holds(e: number, rel: number, target: number): boolean {
    return this.exclusive(rel) ? this.targetOf(e, rel) === target : this.holdsPair(e, rel, target);
  }

  /** Whether relation id is exclusive (one target per entity). */
  private exclusive(id: number): boolean {
    return (this.componentOf(id) as { exclusive?: boolean }).exclusive === true;
  }

  /** A waiting add (command k) gives e the pair (rel, target); of an exclusive relation, in place of the one e had. */
  private gives(k: number, e: number, rel: number, target: number): void {
    if (this.exclusive(rel)) this.moves(k, `${e} ${rel}`, target);
    else this.given.add(`${e} ${rel} ${target}`);
  }

  /** Whether a waiting remove (command k) of the pair (rel, target) from e drops e's row: e holds it then. */
  private takes(k: number, e: number, rel: number, target: number): boolean {
    if (!this.exclusive(rel)) return this.given.has(`${e} ${rel} ${target}`) || this.holds(e, rel, target);
    const key = `${e} ${rel}`;
    const list = this.changes.get(key); // its last target is e's after the commands read so far
    const holds = list === undefined ? this.holds(e, rel, target) : list[list.length - 1] === target;
    if (holds) this.moves(k, key, -1);
    return holds;
  }

  /** Command k changes the target of `entity relation` (key) of an exclusive relation to target (-1: none). */
  private moves(k: number, key: string, target: number): void {
    const list = this.changes.get(key);
    if (list === undefined) this.changes.set(key, [k, target]);
    else list.push(k, target);
  }

  /**
   * Whether a waiting destroy takes e's pair of exclusive relation id (its row with it): one
   * of the targets e has from now to the flush dies while e has it. Sets doomedTarget.
   */
  private targetDies(id: number, e: number): boolean {
    if (!this.exclusive(id)) return false;
    const list = this.changes.get(`${e} ${id}`);
    let target = this.targetOf(e, id);
    let from = -1;
    for (let x = 0; ; x += 2) {
      const until = list !== undefined && x < list.length ? list[x] : this.buf.size;
      const k = target >= 0 ? this.doomed.get(target) : undefined;
      if (k !== undefined && k > from && k < until) {
        this.doomedTarget = target;
        return true;
      }
      if (list === undefined || x >= list.length) return false;
      from = list[x];
      target = list[x + 1];
    }
  }

  /** Whether command i can lose a write (what note() marks its component for). */
  private loses(i: number): boolean {
    const buf = this.buf;
    const kind = buf.kind[i];
    if (kind === REMOVE_RUN || kind === REMOVE_MANY || kind === REMOVE_PAIR) return true;
    if (kind === ADD_PAIR || kind === ADD) return buf.hasValues(i) && (kind === ADD_PAIR || buf.b[i] === ADD_AT_FLUSH);
    if (kind === ADD_MANY) return (buf.data[i] as Batch).values !== undefined;
    if (kind !== PAIR_MANY) return false;
    const data = buf.data[i] as Batch;
    return data.adding !== true || data.values !== undefined;
  }

  /** The entities command k names, for the kinds read(); undefined for the others. */
  private entitiesOf(k: number): ArrayLike<number> | undefined {
    const buf = this.buf;
    const kind = buf.kind[k];
    if (kind === REMOVE_RUN || kind === DESTROY) return buf.listed(k);
    if (kind === DESTROY_MANY) return buf.data[k] as Uint32Array;
    if (kind === ADD_PAIR || kind === REMOVE_PAIR || kind === ADD) return [buf.entity[k]];
    if (kind === ADD_MANY || kind === REMOVE_MANY || kind === PAIR_MANY) return (buf.data[k] as Batch).ids;
    return undefined;
  }

  /** The mask of the fields command k's encoded values give (commands.ts value stream). */
  private encodedFields(k: number): number {
    const { v0, v1, vals } = this.buf;
    const c = this.componentOf(this.buf.a[k]);
    let mask = 0;
    let i = v0[k];
    while (i < v1[k]) {
      const code = vals[i + 1];
      if (code >= OBJECT) mask |= bit(c.fields.length + code - OBJECT);
      else if (code >= 0) mask |= bit(code);
      else {
        mask |= bit(~code);
        i += 2 + c.fields[~code].length;
        continue;
      }
      i += 3;
    }
    return mask;
  }
}

/**
 * Gives `waiting` what it reads of the world (store): component definitions, the pairs an
 * entity holds now, the exclusive relations with data; a marked component makes the
 * readers' fast paths (world/access.ts) look again, by moving core.version on.
 */
export function readsStore(waiting: WaitingRows, store: Store): void {
  waiting.onMark = () => {
    store.core.version++;
  };
  waiting.componentOf = (id) => store.registry.components[id];
  waiting.holdsPair = (e, rel, target) => {
    const t = store.core.tableOf(e);
    return t >= 0 && store.tables.at(t).hasPair(rel, target);
  };
  waiting.targetOf = (e, rel) => {
    const t = store.core.tableOf(e);
    const pairs = t < 0 ? undefined : store.tables.at(t).pairs;
    if (pairs !== undefined) for (let i = 0; i < pairs.length; i += 2) if (pairs[i] === rel) return pairs[i + 1];
    return -1;
  };
  let dataRelations: number[] = [];
  let seen = -1;
  waiting.dataRelations = () => {
    const { components } = store.registry;
    if (seen !== components.length) {
      seen = components.length;
      dataRelations = [];
      for (let id = 0; id < components.length; id++) {
        const c = components[id] as Component & { exclusive?: boolean };
        if (c.isRelation && c.exclusive === true && c.fields.length > 0) dataRelations.push(id);
      }
    }
    return dataRelations;
  };
}
