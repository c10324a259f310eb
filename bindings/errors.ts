// Every error the library throws, and every message, lives here. Each message names
// the offending value and the rule it broke. All errors extend EcsError, whose
// `code` is stable across versions (match on it, not on the text).
import { GEN_BITS, SLOT_BITS, SLOT_MASK } from "./constants.js";

export class EcsError extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.code = code;
    this.name = new.target.name;
  }
}

/** Describes a handle as `Entity 4097 (slot 1, generation 1)`. */
export function describeEntity(e: number): string {
  if (!Number.isInteger(e) || e < 0 || e > 0x7fffffff) return `Entity ${String(e)}`;
  return `Entity ${e} (slot ${e & SLOT_MASK}, generation ${e >>> SLOT_BITS})`;
}

export class StaleEntityError extends EcsError {
  readonly entity: number;
  /** `slot`: the slot's state now, undefined when it was never used. */
  constructor(entity: number, slot?: { generation: number; free: boolean }) {
    const index = entity & SLOT_MASK;
    let why: string;
    if (!Number.isInteger(entity) || entity < 0 || entity > 0x7fffffff) {
      why = `is not an entity id (ids are integers from 1 to ${2 ** (SLOT_BITS + GEN_BITS) - 1})`;
    } else if (index === 0) {
      why = "is never alive: slot 0 is reserved for 'no entity'";
    } else if (slot === undefined) {
      why = `is stale: slot ${index} was never used`;
    } else if (slot.free) {
      why = `is stale: slot ${index} is free, now at generation ${slot.generation}`;
    } else {
      why = `is stale: slot ${index} is now at generation ${slot.generation}`;
    }
    super("STALE_ENTITY", `${describeEntity(entity)} ${why}`);
    this.entity = entity;
  }
}

export class MissingComponentError extends EcsError {
  /** `subject`: who lacks it, e.g. describeEntity(e) or "The table (A, B)". */
  constructor(subject: string, component: string, action: string) {
    super("MISSING_COMPONENT", `${subject} has no ${component}: cannot ${action} it`);
  }
}

export class UnknownComponentError extends EcsError {
  constructor(component: string) {
    super(
      "UNKNOWN_COMPONENT",
      `Component "${component}" is not registered in this world: pass it to createWorld({ components }) or world.register() first`,
    );
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

/** Invalid arguments that are not about schemas (negative counts, bad terms). */
export class ArgumentError extends EcsError {
  constructor(message: string) {
    super("INVALID_ARGUMENT", message);
  }
}

// ── Messages built in more than one place ────────────────────────────────────
export const messages = {
  outOfMemory: (what: string, limit: number) =>
    `Out of memory while trying to ${what}: the world may use at most ${limit} bytes (maxMemoryBytes); nothing was changed`,
  idSpace: (what: string) =>
    `Entity id space exhausted while trying to ${what}: at most ${2 ** SLOT_BITS - 1} entities can be alive at once; nothing was changed`,
  componentLimit: (name: string, max: number) => `Cannot register "${name}": a world holds at most ${max} components`,
  duplicateName: (name: string) =>
    `Another component named "${name}" is already registered in this world: component names are unique per world`,
  unknownField: (component: string, field: string, fields: readonly string[]) =>
    `${component} has no field "${field}" (its fields: ${fields.length ? fields.join(", ") : "none"})`,
  badFieldType: (component: string, field: string, type: unknown) =>
    `${component}.${field} has type ${JSON.stringify(type)}: use f32, f64, i8, u8, i16, u16, i32, u32, eid, [type, length] or "object"`,
  badValue: (component: string, field: string, value: unknown, rule: string) =>
    `${component}.${field} cannot take ${formatValue(value)}: ${rule}`,
  disposed: () => "the world was disposed",
  flushFailed: (cause: string, applied: number, dropped: number) =>
    `${cause.replace(/; nothing was changed$/, "")}, while applying deferred changes: the first ${applied} were applied; the ${dropped} from the failing one on were dropped, and the entities spawned for them destroyed`,
  bareRelation: (name: string, method: string) =>
    `${name} is a relation: ${method}() takes a pair such as ${name}.to(target)`,
  wildcardPair: (name: string, method: string) =>
    `${name}.to("*") matches any target in queries; ${method}() needs a target entity`,
  flushInIteration: () =>
    "world.flush() was called while a query is being iterated: changes are applied when the outermost iteration ends",
};

export function formatValue(value: unknown): string {
  if (typeof value === "number" || typeof value === "bigint" || typeof value === "boolean") return String(value);
  if (typeof value === "string") return JSON.stringify(value);
  if (value === null || value === undefined) return String(value);
  if (Array.isArray(value) || ArrayBuffer.isView(value))
    return `an array of length ${(value as ArrayLike<unknown>).length}`;
  return typeof value;
}
