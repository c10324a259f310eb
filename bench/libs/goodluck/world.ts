// goodluck 7 for the implementations here (setup and read() only, never a timed system): the
// module, loaded by a specifier the compiler does not resolve (the package ships no types) and
// narrowed to the small interface below; the component bits, worlds and mixins two scenarios
// share; the signature scans read() counts and sums with.

/** The WorldImpl base class of goodluck 7 (index.cjs). */
export interface WorldBase {
  Signature: number[];
  Graveyard: number[];
  CreateEntity(): number;
  DestroyEntity(entity: number): void;
}

export type Mixin<W extends WorldBase> = (world: W, entity: number) => void;

interface Goodluck {
  readonly WorldImpl: new () => WorldBase;
  instantiate<W extends WorldBase>(world: W, blueprint: readonly Mixin<W>[]): number;
}

function isGoodluck(mod: unknown): mod is Goodluck {
  if (typeof mod !== "object" || mod === null) return false;
  const record = mod as Record<string, unknown>;
  return typeof record.WorldImpl === "function" && typeof record.instantiate === "function";
}

/** Kept in a variable so the compiler does not look for the (missing) declarations. */
const SPECIFIER = "goodluck";
const loaded: unknown = await import(SPECIFIER);
if (!isGoodluck(loaded)) throw new Error(`${SPECIFIER} does not export WorldImpl and instantiate`);
/** goodluck's API: implementations destructure instantiate into a constant of their own, as the adapter had it. */
export const goodluck: Goodluck = loaded;
export const { WorldImpl } = loaded;

export interface Value {
  value: number;
}

export interface Vec2 {
  x: number;
  y: number;
}

/** Live entities: every id handed out, less the ones waiting in the graveyard. */
export function entityCount(world: WorldBase): number {
  return world.Signature.length - world.Graveyard.length;
}

/** Entities whose signature has every bit of `mask`. */
export function countOf(world: WorldBase, mask: number): number {
  let n = 0;
  for (let e = 0; e < world.Signature.length; e++) if ((world.Signature[e] & mask) === mask) n++;
  return n;
}

/** Sum of one field over the entities having `mask`. */
export function sumOf<T>(world: WorldBase, mask: number, store: readonly T[], field: (t: T) => number): number {
  let sum = 0;
  for (let e = 0; e < world.Signature.length; e++) if ((world.Signature[e] & mask) === mask) sum += field(store[e]);
  return sum;
}

export const valueField = (v: Value): number => v.value;
export const xOf = (v: Vec2): number => v.x;
export const yOf = (v: Vec2): number => v.y;

// The component bits. A scenario's systems test same-module copies (`const HAS_A = BIT_A`):
// an imported binding is a module cell load with a hole check, measured ~1.5x slower in
// add_remove's loop than the adapter's own constants.

// A..E: packed_5, simple_iter (the world and mixins), entity_cycle, add_remove (the bits).

export const BIT_A = 1 << 0;
export const BIT_B = 1 << 1;
export const BIT_C = 1 << 2;
export const BIT_D = 1 << 3;
export const BIT_E = 1 << 4;

export class PackedWorld extends WorldImpl {
  A: Value[] = [];
  B: Value[] = [];
  C: Value[] = [];
  D: Value[] = [];
  E: Value[] = [];
}

export function packedA(value: number): Mixin<PackedWorld> {
  return (world, entity) => {
    world.Signature[entity] |= BIT_A;
    world.A[entity] = { value };
  };
}

export function packedB(value: number): Mixin<PackedWorld> {
  return (world, entity) => {
    world.Signature[entity] |= BIT_B;
    world.B[entity] = { value };
  };
}

export function packedC(value: number): Mixin<PackedWorld> {
  return (world, entity) => {
    world.Signature[entity] |= BIT_C;
    world.C[entity] = { value };
  };
}

export function packedD(value: number): Mixin<PackedWorld> {
  return (world, entity) => {
    world.Signature[entity] |= BIT_D;
    world.D[entity] = { value };
  };
}

export function packedE(value: number): Mixin<PackedWorld> {
  return (world, entity) => {
    world.Signature[entity] |= BIT_E;
    world.E[entity] = { value };
  };
}

// Position / Velocity worlds for the scale scenarios.

export const BIT_POSITION = 1 << 0;
export const BIT_VELOCITY = 1 << 1;

export class MotionWorld extends WorldImpl {
  Position: Vec2[] = [];
  Velocity: Vec2[] = [];
}

export function position(x: number, y: number): Mixin<MotionWorld> {
  return (world, entity) => {
    world.Signature[entity] |= BIT_POSITION;
    world.Position[entity] = { x, y };
  };
}

export function velocity(x: number, y: number): Mixin<MotionWorld> {
  return (world, entity) => {
    world.Signature[entity] |= BIT_VELOCITY;
    world.Velocity[entity] = { x, y };
  };
}
