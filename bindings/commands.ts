// The command buffer: structural changes made while a query is iterated (or inside
// world.defer) wait here and are applied in order when the outermost scope ends.
// Spawns already hold a live id (parked in the empty table 0); their components
// arrive when the buffer is applied. A command whose entity died earlier in the same
// buffer is dropped, not an error.
import type { Component, ComponentArg } from "./component.js";

export const SPAWN = 0;
export const SPAWN_MANY = 1;
export const ADD = 2;
export const REMOVE = 3;
export const DESTROY = 4;
export const DESTROY_MANY = 5;

/** One deferred change; a single shape for every kind keeps the apply loop monomorphic. */
export class Command {
  constructor(
    readonly kind: number,
    /** The entity (0 for batch kinds). */
    readonly e: number,
    /** spawn: destination table; add/remove: component id. */
    readonly target: number,
    readonly ids: Uint32Array | undefined,
    readonly inits: readonly ComponentArg[] | undefined,
    readonly component: Component | undefined,
    readonly values: object | undefined,
  ) {}
}

export class CommandBuffer {
  private list: Command[] = [];

  get size(): number {
    return this.list.length;
  }

  spawn(e: number, table: number, inits: readonly ComponentArg[]): void {
    this.list.push(new Command(SPAWN, e, table, undefined, inits, undefined, undefined));
  }
  spawnMany(ids: Uint32Array, table: number, inits: readonly ComponentArg[]): void {
    this.list.push(new Command(SPAWN_MANY, 0, table, ids, inits, undefined, undefined));
  }
  add(e: number, id: number, c: Component, values: object | undefined): void {
    this.list.push(new Command(ADD, e, id, undefined, undefined, c, values));
  }
  remove(e: number, id: number): void {
    this.list.push(new Command(REMOVE, e, id, undefined, undefined, undefined, undefined));
  }
  destroy(e: number): void {
    this.list.push(new Command(DESTROY, e, 0, undefined, undefined, undefined, undefined));
  }
  destroyMany(ids: Uint32Array): void {
    this.list.push(new Command(DESTROY_MANY, 0, 0, ids, undefined, undefined, undefined));
  }

  /** Hands over every pending command and empties the buffer. */
  take(): Command[] {
    const list = this.list;
    this.list = [];
    return list;
  }
}
