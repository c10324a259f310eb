// Which rows a waiting command will drop or write over at the flush, so that a write made
// now to such a row (world.set, an accessor setter) is refused instead of lost:
//
//   drops       a remove of the component (REMOVE_RUN, REMOVE_MANY), of a pair (REMOVE_PAIR,
//               PAIR_MANY removing): the entity's row goes; an add after it starts a new one
//   writes over an add with values that the flush writes (ADD_MANY, ADD_PAIR, PAIR_MANY
//               adding): it lands after the write on a row the entity has now
//
// A plain ADD with values is not here: deferral.ts writes it at once when the entity has the
// component, as set() would, and the flush writes it only to a row it starts.
import { ADD_MANY, ADD_PAIR, PAIR_MANY, REMOVE_MANY, REMOVE_PAIR, REMOVE_RUN } from "./command-kinds.js";

/** What this reads of the command buffer (commands.ts) and of its batch payloads. */
interface Commands {
  readonly kind: Int32Array;
  readonly entity: Uint32Array;
  readonly a: Int32Array;
  readonly data: unknown[];
  readonly size: number;
  listed(i: number): Uint32Array;
  hasValues(i: number): boolean;
}
type Batch = { readonly ids: Uint32Array; readonly values: object | undefined; readonly adding?: boolean };

/** What waits for an entity's row of a component: nothing, a command that drops it, one that writes over it. */
export const KEEPS = 0;
export const DROPS = 1;
export const WRITES_OVER = 2;

export class WaitingRows {
  /**
   * marked[id] === 1: a command of component id that drops or writes over rows waits (noted
   * when it is recorded, off the per-entity record path); `of` then tells which entities.
   */
  readonly marked: number[] = [];
  private readonly ids: number[] = [];
  /** Per marked id, the entities listed so far and what waits for each (the first such command's). */
  private readonly found: (Map<number, number> | undefined)[] = [];
  /** `of` has read commands before `scanned` and the first `scannedIn` entities of command `scanned`. */
  private scanned = 0;
  private scannedIn = 0;
  /** Called when an id is first marked (the readers' fast paths look again). */
  onMark: (() => void) | undefined = undefined;

  constructor(private readonly buf: Commands) {}

  /** Notes command i (just recorded, or its values just given) when it drops or writes over rows. */
  note(i: number): void {
    const id = this.buf.a[i];
    if (this.marked[id] === 1 || this.how(i) === KEEPS) return;
    this.marked[id] = 1;
    this.ids.push(id);
    this.onMark?.();
  }

  /** What waits for e's row of component id (KEEPS, DROPS, WRITES_OVER); read incrementally: commands only grow until clear(). */
  of(id: number, e: number): number {
    if (this.marked[id] !== 1) return KEEPS;
    const buf = this.buf;
    for (let k = this.scanned; k < buf.size; k++) {
      const how = this.how(k);
      const ids = how === KEEPS ? undefined : this.entitiesOf(k);
      const from = k === this.scanned ? this.scannedIn : 0;
      if (ids !== undefined) {
        const map = (this.found[buf.a[k]] ??= new Map());
        for (let j = from; j < ids.length; j++) if (!map.has(ids[j])) map.set(ids[j], how);
      }
      // The last command may still grow (an open run, values to come): it is read again from here.
      this.scanned = k;
      this.scannedIn = ids?.length ?? 0;
    }
    return this.found[id]?.get(e) ?? KEEPS;
  }

  clear(): void {
    for (const id of this.ids) {
      this.marked[id] = 0;
      this.found[id] = undefined;
    }
    this.ids.length = 0;
    this.scanned = this.scannedIn = 0;
  }

  /** What command i does to the rows of the entities it names. */
  private how(i: number): number {
    const buf = this.buf;
    const kind = buf.kind[i];
    if (kind === REMOVE_RUN || kind === REMOVE_MANY || kind === REMOVE_PAIR) return DROPS;
    if (kind === ADD_MANY) return (buf.data[i] as Batch).values === undefined ? KEEPS : WRITES_OVER;
    if (kind === ADD_PAIR) return buf.hasValues(i) ? WRITES_OVER : KEEPS;
    if (kind !== PAIR_MANY) return KEEPS;
    const data = buf.data[i] as Batch;
    return !data.adding ? DROPS : data.values === undefined ? KEEPS : WRITES_OVER;
  }

  private entitiesOf(k: number): ArrayLike<number> {
    const buf = this.buf;
    const kind = buf.kind[k];
    if (kind === REMOVE_RUN) return buf.listed(k);
    if (kind === ADD_PAIR || kind === REMOVE_PAIR) return [buf.entity[k]];
    return (buf.data[k] as Batch).ids;
  }
}
