// Copies of the typed arrays a caller hands in (id lists, snapshot and kernel bytes, array
// values), made by their internal slots: a subclass's slice(), constructor or getters are
// not asked, so what is checked is what is used. A typed array whose buffer was detached
// (transferred by postMessage or structuredClone) or shrunk out of its view has nothing
// to copy: the callers name that in their own typed error.

/** %TypedArray%, what every typed array class extends. */
const TYPED_ARRAY = Object.getPrototypeOf(Uint8Array) as typeof Uint8Array;

/** A getter of %TypedArray%.prototype, which reads the internal slot (0 or undefined when detached). */
function intrinsic<T>(key: PropertyKey): (this: unknown) => T {
  return Object.getOwnPropertyDescriptor(TYPED_ARRAY.prototype, key)?.get as (this: unknown) => T;
}

const lengthOf = intrinsic<number>("length");
const kindOf = intrinsic<string | undefined>(Symbol.toStringTag);

type Kind = new (source: ArrayLike<number> | ArrayLike<bigint>) => ArrayBufferView;

/**
 * Each typed array class of this runtime by the name its internal slot holds, taken at
 * load (later changes to globalThis do not count); Float16Array where the runtime has it.
 */
const KINDS = new Map<string, Kind>();
for (const name of [
  "Int8Array",
  "Uint8Array",
  "Uint8ClampedArray",
  "Int16Array",
  "Uint16Array",
  "Int32Array",
  "Uint32Array",
  "Float16Array",
  "Float32Array",
  "Float64Array",
  "BigInt64Array",
  "BigUint64Array",
]) {
  const kind = (globalThis as Record<string, unknown>)[name];
  if (typeof kind === "function") KINDS.set(name, kind as Kind);
}

/** Whether v looks like a typed array (its prototype chain has %TypedArray%) without being one: a Proxy of one, say. */
export function isTypedStandIn(v: unknown): boolean {
  return !ArrayBuffer.isView(v) && v instanceof TYPED_ARRAY;
}

/**
 * The class name in v's internal slot ("Uint32Array" for a subclass of it too) when v is
 * a typed array itself; undefined for anything else (a Proxy of one, a DataView).
 */
export function typedKind(v: unknown): string | undefined {
  return kindOf.call(v);
}

/**
 * A copy of typed array v, of its own base class (a Uint32Array subclass gives a
 * Uint32Array); undefined when its buffer is detached or shrunk so that v lies outside it.
 */
export function copyTyped<T extends ArrayBufferView>(v: T): T | undefined {
  const Kind = KINDS.get(kindOf.call(v) as string);
  // A kind this module does not know (a later addition to the language): read as it is.
  if (Kind === undefined) return v;
  try {
    return new Kind(v as unknown as ArrayLike<number>) as T;
  } catch (error) {
    // Only a view with no bytes to read throws here (a copy's allocation aside).
    if (lengthOf.call(v) === 0) return undefined;
    throw error;
  }
}

/** Whether v is a typed array with no bytes to read: its buffer detached, or shrunk so that v lies outside it. */
export function isGone(v: unknown): boolean {
  return kindOf.call(v) !== undefined && lengthOf.call(v) === 0 && copyTyped(v as ArrayBufferView) === undefined;
}

/** The byteLength getters of ArrayBuffer and SharedArrayBuffer, which refuse anything else (any realm's buffers pass). */
const BUFFER_LENGTHS = [ArrayBuffer, globalThis.SharedArrayBuffer]
  .map((kind) => (kind === undefined ? undefined : Object.getOwnPropertyDescriptor(kind.prototype, "byteLength")?.get))
  .filter((get) => get !== undefined);

/** Whether v is an ArrayBuffer or SharedArrayBuffer itself, of any realm (not a Proxy of one). */
export function isBuffer(v: unknown): v is ArrayBuffer {
  return BUFFER_LENGTHS.some((get) => {
    try {
      get.call(v);
      return true;
    } catch {
      return false;
    }
  });
}
