// The error classes. Every thrown error extends EcsError, whose `code` is stable across
// versions (match on it, not on the text); the texts live in messages.ts.
import { missingComponent, staleEntity, unknownComponent } from "./messages.js";

export class EcsError extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.code = code;
    this.name = new.target.name;
  }
}

export class StaleEntityError extends EcsError {
  readonly entity: number;
  /** `slot`: the slot's state now, undefined when it was never used. */
  constructor(entity: number, slot?: { generation: number; free: boolean }) {
    super("STALE_ENTITY", staleEntity(entity, slot));
    this.entity = entity;
  }
}

export class MissingComponentError extends EcsError {
  /** `subject`: who lacks it, e.g. describeEntity(e) or "The table (A, B)". */
  constructor(subject: string, component: string, action: string) {
    super("MISSING_COMPONENT", missingComponent(subject, component, action));
  }
}

export class UnknownComponentError extends EcsError {
  constructor(component: string) {
    super("UNKNOWN_COMPONENT", unknownComponent(component));
  }
}

export class SchemaError extends EcsError {
  constructor(message: string) {
    super("SCHEMA", message);
  }
}

export class CapacityError extends EcsError {
  constructor(message: string) {
    super("CAPACITY", message);
  }
}

/** A snapshot that cannot be read into this world; `reason` says why (the world is unchanged). */
export class SnapshotError extends EcsError {
  constructor(reason: string) {
    super("SNAPSHOT", `The snapshot was refused: ${reason}`);
  }
}

export class WorldPoisonedError extends EcsError {
  constructor(reason: string) {
    super("WORLD_POISONED", `The world refuses further calls: ${reason}`);
  }
}

/** A kernel module or a kernel declaration that cannot run over a world (kernels/). */
export class KernelError extends EcsError {
  constructor(message: string) {
    super("KERNEL", message);
  }
}

/** Invalid arguments that are not about schemas (negative counts, bad terms). */
export class ArgumentError extends EcsError {
  constructor(message: string) {
    super("INVALID_ARGUMENT", message);
  }
}

/**
 * Debug worlds: a column array (`t.columns(C).f`, `t.entities`) was written after its
 * table moved its columns to a bigger block or was freed, so the write was lost.
 */
export class StaleViewError extends EcsError {
  constructor(message: string) {
    super("STALE_VIEW", message);
  }
}

/**
 * scope.close() after the scope's code threw `first` (world.defer(), a system): an error
 * of ours from it (the flush's) leaves, since it says what was applied and dropped, with
 * `first` as its `cause` (unless it has one), so neither is lost.
 */
export function closeAfter(close: () => void, first: unknown): void {
  try {
    close();
  } catch (error) {
    if (error instanceof EcsError && !Object.hasOwn(error, "cause")) {
      Object.defineProperty(error, "cause", { value: first, writable: true, configurable: true });
    }
    throw error;
  }
}
