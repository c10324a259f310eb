// The command buffer: structural changes made while changes are deferred (a query is
// iterated, a system runs, world.defer(fn) is open) wait here and are applied in order
// when the outermost scope ends (apply-commands.ts). Recording one never calls the core
// and never allocates per command: columns are typed arrays reused across flushes, and
// the values a command carries are copied into one number stream (a caller may change
// its objects before the flush). Spawns carry ids claimed at once (store/claims.ts).
//
//   command i:  kind[i] entity[i] a[i] b[i]   values vals[v0[i] .. v1[i])   data[i] (rare payloads)
//   runs:       consecutive destroys are one DESTROY command, consecutive adds (removes)
//               of one component without values one ADD_RUN (REMOVE_RUN) command (a[i] =
//               the component): list[entity[i] .. entity[i] + b[i]), b written when the
//               next command starts (listed(i) reads the open one)
//               (b is written only for the kinds that read it; v0 = v1 = 0 for a command
//               without values: clear() zeroes them, values() sets them)
//   values:     per field [component id, field code, value ...], field code f:
//               f >= 0         scalar field f: one number
//               f < 0          array field ~f: its length in numbers
//               f >= OBJECT    "object" field f - OBJECT: the index of its value in `objects`
import type { Component, ComponentArg } from "../component.js";
import { ArgumentError } from "../errors.js";
import { addWaits, describeEntity, removeWaits, targetDestroyWaits } from "../messages.js";
import type { ComponentSet, ComponentSets } from "../store/component-sets.js";
import { InitRows } from "../store/init-rows.js";
import type { Registry } from "../store/registry.js";

import {
  ADD,
  ADD_MANY,
  ADD_PAIR,
  ADD_RUN,
  DESTROY,
  DESTROY_MANY,
  OBJECT,
  PAIR_MANY,
  REMOVE,
  REMOVE_MANY,
  REMOVE_PAIR,
  REMOVE_RUN,
  SPARSE,
  SPAWN,
  SPAWN_MANY,
} from "./command-kinds.js";
import { DROPS, TARGET_DIES, WaitingRows, WRITES_OVER } from "./waiting-rows.js";

/** Payload of SPAWN: consecutive spawns of one component set. */
export interface SpawnRun {
  readonly set: ComponentSet;
  readonly rows: InitRows;
  /** The set's component when it is the only one (what spawnOne compares). */
  readonly solo: Component | undefined;
}

/** Payload of a deferred spawnMany: its claimed ids, set and (copied) init values. */
export interface SpawnManyData {
  readonly ids: Uint32Array;
  readonly set: ComponentSet;
  readonly inits: readonly ComponentArg[];
}

/** Payload of a deferred addMany / removeMany. */
export interface ManyData {
  readonly ids: Uint32Array;
  readonly values: object | undefined;
}

/** Payload of a deferred pair change on a list (spawnMany with pairs, addMany / removeMany of a pair). */
export interface PairManyData {
  readonly ids: Uint32Array;
  readonly target: number;
  readonly adding: boolean;
  readonly values: object | undefined;
  /** The list `ids` was filtered from (cancelPairAdds), which a spawnMany's pairs name it by. */
  readonly of?: Uint32Array;
}

/** The payload of a pair or sparse-tag command a spawn brings: spawnedExtra tells them from later adds of the entity. */
export const OF_SPAWN: unknown = Object.freeze({ ofSpawn: true });

export class CommandBuffer {
  kind = new Int32Array(64);
  entity = new Uint32Array(64);
  a = new Int32Array(64);
  b = new Int32Array(64);
  v0 = new Int32Array(64);
  v1 = new Int32Array(64);
  /** Payloads by command index; most commands have none. */
  data: unknown[] = [];
  vals = new Float64Array(256);
  /** Values of "object" fields, by the index the value stream holds. */
  objects: unknown[] = [];
  /** The entities of the DESTROY, ADD_RUN and REMOVE_RUN commands, each command's in one stretch. */
  list = new Uint32Array(64);
  private listLen = 0;
  size = 0;
  /** The last command when it is an ADD_RUN or REMOVE_RUN (its b not yet written), its kind and component; -1 when not. */
  private runAt = -1;
  private runKind = -1;
  private runId = -1;
  private valsLen = 0;
  /** The last SPAWN command recorded and its index. */
  private lastRun: SpawnRun | undefined = undefined;
  private lastRunAt = -1;
  /** Every SPAWN command's run, in order (clear() gives their rows back without a pass over all commands). */
  private runs: SpawnRun[] = [];
  /** The rows a waiting command drops or writes over, which writes made now would not reach. */
  readonly waiting = new WaitingRows(this);

  /** Records a command; its values follow with values() before the next push. */
  push(kind: number, e: number, a: number, b: number, data?: unknown): void {
    if (this.runAt >= 0) this.endRun();
    const i = this.size;
    if (i === this.kind.length) this.grow();
    this.kind[i] = kind;
    this.entity[i] = e;
    this.a[i] = a;
    this.b[i] = b;
    if (data !== undefined) this.data[i] = data;
    this.size = i + 1;
    this.waiting.note(i);
  }

  /**
   * ArgumentError naming `call` when a waiting command drops e's row of component id
   * (called `name`) or writes over one of the `fields` written (a mask of waiting-rows.ts,
   * or the values): a write now would be lost at the flush.
   */
  refuseWrite(id: number, e: number, name: string, call: string, fields: number | object): void {
    const how = this.waiting.of(id, e, fields);
    if (how === DROPS) throw new ArgumentError(removeWaits(describeEntity(e), name, call));
    if (how === WRITES_OVER) throw new ArgumentError(addWaits(describeEntity(e), name, call));
    if (how === TARGET_DIES)
      throw new ArgumentError(
        targetDestroyWaits(describeEntity(e), name, describeEntity(this.waiting.doomedTarget), call),
      );
  }

  /**
   * Records an add (ADD_RUN) or a remove (REMOVE_RUN) of plain component id without
   * values, or a destroy (DESTROY, id 0): e joins the last command when it is a run of
   * the same. The record path of a loop's world.add / remove / destroy, one store.
   */
  run(kind: number, e: number, id: number): void {
    const at = this.listLen;
    if (kind === this.runKind && id === this.runId && at < this.list.length) {
      this.list[at] = e;
      this.listLen = at + 1;
      return;
    }
    this.newRun(kind, e, id);
  }

  /** run() starting a new command, or growing `list`. */
  private newRun(kind: number, e: number, id: number): void {
    const at = this.room1();
    if (kind !== this.runKind || id !== this.runId) {
      this.push(kind, at, id, 0);
      this.runAt = this.size - 1;
      this.runKind = kind;
      this.runId = id;
    }
    this.list[at] = e;
    this.listLen = at + 1;
  }

  /** The open run ends (another command follows): its count is written. */
  private endRun(): void {
    const i = this.runAt;
    this.b[i] = this.listLen - this.entity[i];
    this.runAt = this.runKind = this.runId = -1;
  }

  /** Where the next listed entity goes, `list` grown when full. */
  private room1(): number {
    const at = this.listLen;
    if (at === this.list.length) {
      const grown = new Uint32Array(at * 2);
      grown.set(this.list);
      this.list = grown;
    }
    return at;
  }

  /** Copies c's values (id: c's id) into the last command's value stream. */
  values(c: Component, id: number, values: object): void {
    const last = this.size - 1;
    if (this.v1[last] === this.v0[last]) this.v0[last] = this.v1[last] = this.valsLen;
    const own = values as Record<string, unknown>;
    for (const name in own) {
      const value = own[name];
      const o = c.objectFieldByName.get(name);
      if (o !== undefined) {
        this.put3(id, OBJECT + o.index, this.objects.length);
        this.objects.push(value);
        continue;
      }
      if (value === undefined) continue;
      const f = c.fieldByName.get(name);
      if (f === undefined) continue; // checked before: not a field
      if (!f.isArray) {
        this.put3(id, f.index, value as number);
        continue;
      }
      const at = this.room(2 + f.length);
      const vals = this.vals;
      vals[at] = id;
      vals[at + 1] = ~f.index;
      if (typeof value === "number") vals.fill(value, at + 2, at + 2 + f.length);
      else for (let k = 0; k < f.length; k++) vals[at + 2 + k] = (value as ArrayLike<number>)[k];
    }
    // A pair's add writes its values over the row the entity has now (a retarget keeps it);
    // so does an ADD whose values wait for the flush (waiting-rows.ts ADD_AT_FLUSH).
    if (this.kind[last] === ADD_PAIR || this.kind[last] === ADD) this.waiting.note(last);
  }

  /** values() of scalar fields read already (Lookup.stage): field i's value staged[i] where given[i] is 1. */
  stagedValues(id: number, given: Uint8Array, staged: Float64Array): void {
    const last = this.size - 1;
    if (this.v1[last] === this.v0[last]) this.v0[last] = this.v1[last] = this.valsLen;
    for (let i = 0; i < given.length; i++) if (given[i] !== 0) this.put3(id, i, staged[i]);
    if (this.kind[last] === ADD_PAIR || this.kind[last] === ADD) this.waiting.note(last);
  }

  /** Records a destroy of e: one more entity for the last command when it is a DESTROY (a run, as run() keeps). */
  destroy(e: number): void {
    this.run(DESTROY, e, 0);
  }

  /** The entities command i lists (DESTROY, ADD_RUN, REMOVE_RUN). */
  listed(i: number): Uint32Array {
    const start = this.entity[i];
    return this.list.subarray(start, i === this.runAt ? this.listLen : start + this.b[i]);
  }

  /** The rows of the run of spawns the last command records when it spawns c alone; undefined otherwise. */
  soloRun(c: unknown): InitRows | undefined {
    const last = this.lastRun;
    return last !== undefined && last.solo === c && this.lastRunAt === this.size - 1 ? last.rows : undefined;
  }

  /**
   * The rows of the run of spawns of `set` that the last command records, to stage one
   * more spawn in; a new run when the last command is another.
   */
  spawnRun(set: ComponentSet, sets: ComponentSets, registry: Registry): InitRows {
    const last = this.lastRun;
    if (last !== undefined && last.set === set && this.lastRunAt === this.size - 1) return last.rows;
    return this.newSpawnRun(set, sets, registry);
  }

  /** spawnRun() past the run it continues, out of line: the check above stays small enough for V8 to inline cheaply. */
  private newSpawnRun(set: ComponentSet, sets: ComponentSets, registry: Registry): InitRows {
    const rows = set.spare.pop() ?? new InitRows(sets.layoutOf(set, registry));
    const run = { set, rows, solo: set.ids.length === 1 ? registry.components[set.ids[0]] : undefined };
    this.push(SPAWN, 0, 0, 0, run);
    this.runs.push(run);
    this.lastRun = run;
    this.lastRunAt = this.size - 1;
    return rows;
  }

  /**
   * The staged row of entity e spawned by a run still waiting here, when no later
   * command touches e (then its values are exactly what the run will store); "later"
   * when one does, undefined when no run spawned e.
   */
  pendingSpawn(e: number): { rows: InitRows; row: number } | "later" | undefined {
    for (let i = this.size - 1; i >= 0; i--) {
      const kind = this.kind[i];
      // Sparse tags and pairs a spawn brings come after its run; they leave its values be.
      const one = kind === ADD || kind === REMOVE || kind === REMOVE_PAIR;
      if (one && this.entity[i] === e) return "later";
      if (this.batchHas(i, e)) return "later";
      if (this.kind[i] !== SPAWN) continue;
      const { rows } = this.data[i] as SpawnRun;
      const row = rows.rowOf(e);
      if (row >= 0) return { rows, row };
    }
    return undefined;
  }

  /** Whether batch command i (addMany, removeMany, destroyMany, a pair on a list) names e. */
  private batchHas(i: number, e: number): boolean {
    const kind = this.kind[i];
    if (kind === DESTROY || kind === ADD_RUN || kind === REMOVE_RUN) return this.listed(i).includes(e);
    if (kind === DESTROY_MANY) return (this.data[i] as Uint32Array).includes(e);
    if (kind === ADD_MANY || kind === REMOVE_MANY) return (this.data[i] as ManyData).ids.includes(e);
    if (kind === PAIR_MANY) return (this.data[i] as PairManyData).ids.includes(e);
    return false;
  }

  /**
   * A pair of a non-fragmenting relation is removed at once while deferring; an add of
   * it that waits here (target spawned in the scope, or no room for e's bit) would land
   * after that removal and bring it back. The removal comes later: the waiting add of
   * (rel, e, target) (any target when target < 0) becomes a removal, and a waiting add
   * on a list leaves e out.
   */
  cancelPairAdds(rel: number, e: number, target: number): void {
    for (let i = 0; i < this.size; i++) {
      if (this.a[i] !== rel) continue;
      const kind = this.kind[i];
      if (kind === ADD_PAIR && this.entity[i] === e && (target < 0 || this.b[i] === target)) this.kind[i] = REMOVE_PAIR;
      else if (kind === PAIR_MANY) {
        const d = this.data[i] as PairManyData;
        if (d.adding && (target < 0 || d.target === target) && d.ids.includes(e))
          this.data[i] = { ...d, ids: d.ids.filter((x) => x !== e), of: d.of ?? d.ids };
      }
    }
  }

  /** Marks the pair commands from index `from` on as a spawn's own (its pairs of non-fragmenting relations). */
  ofSpawn(from: number): void {
    for (let i = from; i < this.size; i++) if (this.kind[i] === ADD_PAIR) this.data[i] = OF_SPAWN;
  }

  /** The component ids a waiting spawn or spawnMany gives entity e, or undefined when none spawned it. */
  spawnedWith(e: number): readonly number[] | undefined {
    for (let i = this.size - 1; i >= 0; i--) {
      const kind = this.kind[i];
      if (kind === SPAWN) {
        const run = this.data[i] as SpawnRun;
        if (run.rows.rowOf(e) >= 0) return run.set.ids;
      } else if (kind === SPAWN_MANY) {
        const data = this.data[i] as SpawnManyData;
        if (data.ids.includes(e)) return data.set.ids;
      }
    }
    return undefined;
  }

  /**
   * Whether e's waiting spawn brings pair (rel, target) (kind ADD_PAIR; target < 0: any)
   * or sparse tag `a` (kind SPARSE): the commands right after the one that spawns e.
   */
  spawnedExtra(e: number, kind: number, a: number, target: number): boolean {
    for (let i = this.size - 1; i >= 0; i--) {
      const k = this.kind[i];
      const ids = k === SPAWN_MANY ? (this.data[i] as SpawnManyData).ids : undefined;
      if (k === SPAWN ? (this.data[i] as SpawnRun).rows.rowOf(e) < 0 : ids === undefined || !ids.includes(e)) continue;
      for (let j = i + 1; j < this.size; j++) {
        const kj = this.kind[j];
        const d = this.data[j] as PairManyData;
        if (kj === PAIR_MANY && (d.of ?? d.ids) === ids) {
          if (kind === ADD_PAIR && this.a[j] === a && (target < 0 || d.target === target) && d.ids.includes(e))
            return true;
        } else if (this.data[j] === OF_SPAWN && (ids?.includes(this.entity[j]) ?? this.entity[j] === e)) {
          // One of the spawn's own pairs or tags (a removed pair of it is a REMOVE_PAIR now: cancelPairAdds).
          const b = this.b[j];
          if (kj === kind && this.entity[j] === e && this.a[j] === a && (kind === SPARSE || target < 0 || b === target))
            return true;
        } else return false;
      }
      return false;
    }
    return false;
  }

  /** Whether command i carries values. */
  hasValues(i: number): boolean {
    return this.v1[i] > this.v0[i];
  }

  /** Whether any command carries values. */
  get anyValues(): boolean {
    return this.valsLen > 0;
  }

  /** Forgets every command (after they were applied, or dropped on an error). */
  clear(): void {
    const runs = this.runs;
    for (let i = 0; i < runs.length; i++) {
      const { set, rows } = runs[i];
      rows.clear();
      set.spare.push(rows);
    }
    runs.length = 0;
    this.waiting.clear();
    this.v0.fill(0, 0, this.size);
    this.v1.fill(0, 0, this.size);
    this.size = 0;
    this.valsLen = 0;
    this.listLen = 0;
    this.runAt = this.runKind = this.runId = -1;
    this.lastRun = undefined;
    this.lastRunAt = -1;
    this.data.length = 0;
    this.objects.length = 0;
  }

  /** Payload of command i (undefined when it has none). */
  payload(i: number): unknown {
    return i < this.data.length ? this.data[i] : undefined;
  }

  /** End of the run starting at i that applies as one batch. */
  runEnd(i: number): number {
    const k = this.kind[i];
    const n = this.size;
    let j = i + 1;
    if (k === DESTROY || k === DESTROY_MANY) {
      while (j < n && (this.kind[j] === DESTROY || this.kind[j] === DESTROY_MANY)) j++;
    } else if (k === ADD || k === REMOVE) {
      const a = this.a[i];
      while (j < n && this.kind[j] === k && this.a[j] === a) j++;
    }
    return j;
  }

  private put3(id: number, code: number, value: number): void {
    const at = this.room(3);
    const vals = this.vals;
    vals[at] = id;
    vals[at + 1] = code;
    vals[at + 2] = value;
  }

  /** Room for n more numbers in the value stream of the last command; their index. */
  private room(n: number): number {
    const at = this.valsLen;
    if (at + n > this.vals.length) {
      const grown = new Float64Array(Math.max(at + n, this.vals.length * 2));
      grown.set(this.vals);
      this.vals = grown;
    }
    this.valsLen = at + n;
    this.v1[this.size - 1] = at + n;
    return at;
  }

  private grow(): void {
    const cap = this.kind.length * 2;
    const next = <T extends Int32Array | Uint32Array>(old: T): T => {
      const a = new (old.constructor as new (n: number) => T)(cap);
      a.set(old);
      return a;
    };
    this.kind = next(this.kind);
    this.entity = next(this.entity);
    this.a = next(this.a);
    this.b = next(this.b);
    this.v0 = next(this.v0);
    this.v1 = next(this.v1);
  }
}
