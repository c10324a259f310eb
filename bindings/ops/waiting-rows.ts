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
//
// Fields are bits of a mask: field f of the component's `fields` is bit f, its "object" field
// o bit fields.length + o, any past 30 bit 31 (a shared bit: overlap is then assumed).
// Nothing of the core changes while commands wait, so what an entity holds now is what it
// holds at the scan.
import type { Component } from "../component.js";
import { ADD, ADD_MANY, ADD_PAIR, OBJECT, PAIR_MANY, REMOVE_MANY, REMOVE_PAIR, REMOVE_RUN } from "./command-kinds.js";

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
  /** Per `entity relation` of an exclusive relation, its target after the waiting commands read so far (-1: none). */
  private readonly targetAt = new Map<string, number>();
  /** `of` has read commands before `scanned` and the first `scannedIn` entities of command `scanned`. */
  private scanned = 0;
  private scannedIn = 0;
  /** Called when an id is first marked (the readers' fast paths look again). */
  onMark: (() => void) | undefined = undefined;
  /** The world's components by id and whether e holds pair (rel, target) now (set by the deferral). */
  componentOf: (id: number) => Component = () => {
    throw new Error("WaitingRows.componentOf: not set");
  };
  holds: (e: number, rel: number, target: number) => boolean = () => true;

  constructor(private readonly buf: Commands) {}

  /** Notes command i (just recorded, or its values just given) when it may drop or write over rows. */
  note(i: number): void {
    const id = this.buf.a[i];
    if (this.marked[id] === 1 || !this.loses(i)) return;
    this.marked[id] = 1;
    this.ids.push(id);
    this.onMark?.();
  }

  /**
   * What waits for e's row of component id, for a write of `fields` (a mask, or the values
   * given, read only when something waits): DROPS, WRITES_OVER (of one of those fields) or
   * KEEPS. Read incrementally: commands only grow until clear().
   */
  of(id: number, e: number, fields: number | object): number {
    if (this.marked[id] !== 1) return KEEPS;
    this.scan();
    if (this.dropped[id]?.has(e) === true) return DROPS;
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
    this.targetAt.clear();
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
    if (kind === REMOVE_RUN || kind === REMOVE_MANY) drops = true;
    else if (kind === REMOVE_PAIR || kind === PAIR_MANY) {
      const batch = kind === PAIR_MANY ? (buf.data[k] as Batch) : undefined;
      const target = batch === undefined ? buf.b[k] : (batch.target as number);
      if (batch?.adding === true) {
        this.gives(e, id, target);
        if (batch.values !== undefined) lost = fieldsOf(this.componentOf(id), batch.values);
      } else drops = this.takes(e, id, target);
    } else if (kind === ADD_PAIR) {
      this.gives(e, id, buf.b[k]);
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

  /** A waiting add gives e the pair (rel, target); of an exclusive relation, in place of the one e had. */
  private gives(e: number, rel: number, target: number): void {
    if ((this.componentOf(rel) as { exclusive?: boolean }).exclusive === true) this.targetAt.set(`${e} ${rel}`, target);
    else this.given.add(`${e} ${rel} ${target}`);
  }

  /** Whether a waiting remove of the pair (rel, target) from e drops e's row: e holds it then. */
  private takes(e: number, rel: number, target: number): boolean {
    if ((this.componentOf(rel) as { exclusive?: boolean }).exclusive !== true)
      return this.given.has(`${e} ${rel} ${target}`) || this.holds(e, rel, target);
    const key = `${e} ${rel}`;
    const at = this.targetAt.get(key);
    const holds = at === undefined ? this.holds(e, rel, target) : at === target;
    if (holds) this.targetAt.set(key, -1);
    return holds;
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
    if (kind === REMOVE_RUN) return buf.listed(k);
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
