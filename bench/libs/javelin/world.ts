// Component types and world helpers of the javelin implementations (setup, step, read()).
import {
  type Component,
  type ComponentType,
  createComponentType,
  createWorld,
  number,
  type Query,
  type World,
} from "@javelin/ecs";

type ValueProps = { value: number };
type Vec2Props = { x: number; y: number };

const VALUE_SCHEMA = { value: number };
const VEC2_SCHEMA = { x: number, y: number };

/** A { value } component type with id `type`; world.component(T, v) sets value = v. */
export function valueType(type: number) {
  return createComponentType({
    type,
    schema: VALUE_SCHEMA,
    initialize(component: Component<ValueProps>, value = 0) {
      component.value = value;
    },
  });
}

/** An { x, y } component type with id `type`; world.component(T, x, y) sets both. */
function vec2Type(type: number) {
  return createComponentType({
    type,
    schema: VEC2_SCHEMA,
    initialize(component: Component<Vec2Props>, x = 0, y = 0) {
      component.x = x;
      component.y = y;
    },
  });
}

export const A = valueType(1);
export const B = valueType(2);
export const C = valueType(3);
export const D = valueType(4);
export const E = valueType(5);
export const Data = valueType(40);
export const Position = vec2Type(60);
export const Velocity = vec2Type(61);

/** The world of the scenario's one process (every tick runs the scenario's systems). */
export interface WorldState {
  readonly world: World<null>;
}

export function tick(s: WorldState): void {
  s.world.tick(null);
}

export function twoTicks(s: WorldState): void {
  s.world.tick(null);
  s.world.tick(null);
}

/** Spawns, then applies the spawns with one tick before the scenario's systems exist. */
export function populated(poolSize: number, spawn: (world: World<null>) => void): World<null> {
  const world = createWorld<null>({ componentPoolSize: poolSize });
  spawn(world);
  world.tick(null);
  return world;
}

/** Number of entities a query matches and the sum of one numeric field of its first column. */
export function countAndSum<T extends ComponentType>(q: Query<[T]>, read: (c: Component) => number): [number, number] {
  let n = 0;
  let sum = 0;
  for (const [entities, [column]] of q) {
    n += entities.length;
    for (let i = 0; i < column.length; i++) sum += read(column[i]);
  }
  return [n, sum];
}

export const readValue = (c: Component): number => (c as Component<ValueProps>).value;
export const readX = (c: Component): number => (c as Component<Vec2Props>).x;
export const readY = (c: Component): number => (c as Component<Vec2Props>).y;

/** Entities a query matches. */
export function count(q: Query): number {
  let n = 0;
  for (const [entities] of q) n += entities.length;
  return n;
}

/** Archetype tables a query matches (its records). */
export function tables(q: Query): number {
  let n = 0;
  for (const _ of q) n++;
  return n;
}

/** Entities with at least one component (javelin parks destroyed ids in its empty archetype). */
export function liveEntities(world: World<null>): number {
  let n = 0;
  for (const archetype of world.storage.archetypes) if (archetype.signature.length > 0) n += archetype.entities.length;
  return n;
}
