// bitECS 0.3 for the implementations here: the module, loaded by a specifier the compiler does
// not resolve and narrowed to the small API below (each implementation destructures the
// functions it calls into constants of its own, as the adapter did), its store constructors
// and a read helper (setup and read() only). The package's declaration file is an ambient
// `declare module 'bitecs'` (not a module, and it would shadow bitecs 0.4's types).

/** A bitECS 0.3 world: an object the library keeps its symbols on. */
export type World03 = object;
/** A component store (typed-array fields, or none for a tag). */
export type Store03 = object;
export type Query03 = (world: World03) => readonly number[];

/** The part of bitECS 0.3 these implementations use (its shipped types are not importable). */
interface Bitecs03 {
  readonly Types: { readonly i32: string; readonly f32: string };
  createWorld(size?: number): World03;
  addEntity(world: World03): number;
  removeEntity(world: World03, eid: number): void;
  defineComponent(schema?: Readonly<Record<string, string>>, size?: number): unknown;
  addComponent(world: World03, component: Store03, eid: number): void;
  removeComponent(world: World03, component: Store03, eid: number): void;
  defineQuery(components: readonly unknown[]): Query03;
  Not(component: Store03): unknown;
  getAllEntities(world: World03): readonly number[];
}

const FUNCTIONS = [
  "createWorld",
  "addEntity",
  "removeEntity",
  "defineComponent",
  "addComponent",
  "removeComponent",
  "defineQuery",
  "Not",
  "getAllEntities",
] as const;

function isBitecs03(mod: unknown): mod is Bitecs03 {
  if (typeof mod !== "object" || mod === null) return false;
  const record = mod as Record<string, unknown>;
  const types = record.Types;
  return (
    FUNCTIONS.every((name) => typeof record[name] === "function") &&
    typeof types === "object" &&
    types !== null &&
    "i32" in types &&
    "f32" in types
  );
}

/** Kept in a variable so the compiler does not resolve the package's ambient declarations. */
const SPECIFIER = "bitecs-0.3";
const loaded: unknown = await import(SPECIFIER);
if (!isBitecs03(loaded)) throw new Error(`${SPECIFIER} does not export the bitECS 0.3 API`);
/** bitECS 0.3's functions and Types. */
export const bitecs03: Bitecs03 = loaded;
const { Types, defineComponent } = loaded;

export interface I32 {
  readonly value: Int32Array;
}

export interface Vec2 {
  readonly x: Float32Array;
  readonly y: Float32Array;
}

function isI32(c: unknown): c is I32 {
  return typeof c === "object" && c !== null && "value" in c && c.value instanceof Int32Array;
}

function isVec2(c: unknown): c is Vec2 {
  return (
    typeof c === "object" &&
    c !== null &&
    "x" in c &&
    "y" in c &&
    c.x instanceof Float32Array &&
    c.y instanceof Float32Array
  );
}

/** The store itself (its identity is the component), narrowed to its typed-array field. */
export function i32(size: number): I32 {
  const c = defineComponent({ value: Types.i32 }, size);
  if (!isI32(c)) throw new Error("defineComponent({ value: Types.i32 }) did not give an Int32Array store");
  return c;
}

export function vec2(size: number): Vec2 {
  const c = defineComponent({ x: Types.f32, y: Types.f32 }, size);
  if (!isVec2(c)) throw new Error("defineComponent({ x: Types.f32, y: Types.f32 }) did not give Float32Array stores");
  return c;
}

export function tag(): Store03 {
  const c = defineComponent();
  if (typeof c !== "object" || c === null) throw new Error("defineComponent() did not give a tag store");
  return c;
}

/** Sum of one typed-array field over a query result. */
export function sumOver(ids: ArrayLike<number>, field: ArrayLike<number>): number {
  let sum = 0;
  for (let i = 0; i < ids.length; i++) sum += field[ids[i]];
  return sum;
}
