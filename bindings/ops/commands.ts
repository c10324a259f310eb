// The command buffer: structural changes made while a query is iterated (or inside
// world.defer) wait here and are applied in order when the outermost scope ends.
// Spawns already hold a live id (parked in the parking table, world/deferral.ts); their
// components arrive when the buffer is applied. A command whose entity died earlier in the same
// buffer is dropped, not an error.
//
// Storage is flat (typed columns reused across flushes, no object per command)
// because games defer thousands of commands per frame; `data` holds the rare
// payloads (init values, id lists).

import type { ComponentArg } from "../component.js";

export const SPAWN = 0; //        e = parked entity, target = table, data = inits
export const SPAWN_MANY = 1; //   target = table, data = SpawnManyData
export const ADD = 2; //          e, target = component id, data = values or undefined
export const REMOVE = 3; //       e, target = component id
export const DESTROY = 4; //      e
export const DESTROY_MANY = 5; // data = Uint32Array of entities
export const ADD_MANY = 6; //     target = component id, data = ManyData
export const REMOVE_MANY = 7; //  target = component id, data = ManyData
export const ADD_PAIR = 8; //     e, target = relation id, data = PairData
export const REMOVE_PAIR = 9; //  e, target = relation id, data = PairData
export const PAIR_MANY = 10; //   target = relation id, data = PairManyData

/** Payload of a deferred pair change. */
export interface PairData {
  readonly target: number;
  readonly values: object | undefined;
}

/** Payload of a deferred pair change on a list (spawnMany with pairs, addMany / removeMany of a pair). */
export interface PairManyData {
  readonly ids: Uint32Array;
  readonly target: number;
  readonly adding: boolean;
  readonly values: object | undefined;
}

/** Payload of a deferred spawnMany: the parked entities and their init values. */
export interface SpawnManyData {
  readonly ids: Uint32Array;
  readonly inits: readonly ComponentArg[];
}

/** Payload of a deferred addMany / removeMany. */
export interface ManyData {
  readonly ids: Uint32Array;
  readonly values: object | undefined;
}

export class CommandBuffer {
  kind = new Int32Array(64);
  entity = new Int32Array(64);
  target = new Int32Array(64);
  /** Payloads by command index; most commands have none. */
  data: unknown[] = [];
  size = 0;

  push(kind: number, e: number, target: number, data: unknown): void {
    const i = this.size;
    if (i === this.kind.length) this.grow();
    this.kind[i] = kind;
    this.entity[i] = e;
    this.target[i] = target;
    if (data !== undefined || i < this.data.length) this.data[i] = data;
    this.size = i + 1;
  }

  /** Forgets every command (after they were applied, or dropped on an error). */
  clear(): void {
    this.size = 0;
    this.data.length = 0;
  }

  /** Payload of command i (undefined when it has none). */
  payload(i: number): unknown {
    return i < this.data.length ? this.data[i] : undefined;
  }

  /** End of the run starting at i that applies as one batch (same kind and target). */
  runEnd(i: number): number {
    const k = this.kind[i];
    const n = this.size;
    let j = i + 1;
    if (k === DESTROY || k === DESTROY_MANY) {
      while (j < n && (this.kind[j] === DESTROY || this.kind[j] === DESTROY_MANY)) j++;
    } else if (k !== SPAWN_MANY && k !== ADD_MANY && k !== REMOVE_MANY && k < ADD_PAIR) {
      const t = this.target[i];
      while (j < n && this.kind[j] === k && this.target[j] === t) j++;
    }
    return j;
  }

  private grow(): void {
    const cap = this.kind.length * 2;
    for (const key of ["kind", "entity", "target"] as const) {
      const next = new Int32Array(cap);
      next.set(this[key]);
      this[key] = next;
    }
  }
}
