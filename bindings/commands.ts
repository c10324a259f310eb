// The command buffer: structural changes made while a query is iterated (or inside
// world.defer) wait here and are applied in order when the outermost scope ends.
// Spawns already hold a live id (parked in the empty table 0); their components
// arrive when the buffer is applied. A command whose entity died earlier in the same
// buffer is dropped, not an error.
//
// Storage is flat (parallel arrays, no object per command) because games defer
// thousands of commands per frame; `data` holds the rare payloads (init values,
// id lists).

export const SPAWN = 0; //        e = parked entity, target = table, data = inits
export const SPAWN_MANY = 1; //   target = table, data = SpawnManyData
export const ADD = 2; //          e, target = component id, data = values or undefined
export const REMOVE = 3; //       e, target = component id
export const DESTROY = 4; //      e
export const DESTROY_MANY = 5; // data = Uint32Array of entities

export class CommandBuffer {
  kind: number[] = [];
  entity: number[] = [];
  target: number[] = [];
  data: unknown[] = [];

  get size(): number {
    return this.kind.length;
  }

  push(kind: number, e: number, target: number, data: unknown): void {
    this.kind.push(kind);
    this.entity.push(e);
    this.target.push(target);
    this.data.push(data);
  }

  /** Hands over every pending command (as a new buffer) and empties this one. */
  take(): CommandBuffer {
    const taken = new CommandBuffer();
    taken.kind = this.kind;
    taken.entity = this.entity;
    taken.target = this.target;
    taken.data = this.data;
    this.kind = [];
    this.entity = [];
    this.target = [];
    this.data = [];
    return taken;
  }

  /** End of the run starting at i that applies as one batch (same kind and target). */
  runEnd(i: number): number {
    const k = this.kind[i];
    const n = this.kind.length;
    let j = i + 1;
    if (k === DESTROY || k === DESTROY_MANY) {
      while (j < n && (this.kind[j] === DESTROY || this.kind[j] === DESTROY_MANY)) j++;
    } else if (k !== SPAWN_MANY) {
      const t = this.target[i];
      while (j < n && this.kind[j] === k && this.target[j] === t) j++;
    }
    return j;
  }
}
