// Components and world helpers of the geotic implementations (setup and read() only).
import { Component, Engine, type Entity, type Query, type World } from "geotic";

export class A extends Component {
  static override properties = { value: 0 };
  declare value: number;
}
export class B extends Component {
  static override properties = { value: 0 };
  declare value: number;
}
export class C extends Component {
  static override properties = { value: 0 };
  declare value: number;
}
export class D extends Component {
  static override properties = { value: 0 };
  declare value: number;
}
export class E extends Component {
  static override properties = { value: 0 };
  declare value: number;
}
export class Data extends Component {
  static override properties = { value: 0 };
  declare value: number;
}

/**
 * An entity seen through a query: geotic attaches each component as a property named after
 * its class in camelCase (`a` for A, `data` for Data).
 */
export type Has<K extends string, T = { value: number }> = Entity & { readonly [P in K]: T };

export function worldOf(...components: (typeof Component)[]): World {
  const engine = new Engine();
  for (const type of components) engine.registerComponent(type);
  return engine.createWorld();
}

export function liveQuery(world: World, all: (typeof Component)[]): Query {
  return world.createQuery({ all, immutableResult: false });
}

/** A component class named `name`: geotic keys components by class name (camelCased). */
export function named<T extends typeof Component>(name: string, type: T): T {
  Object.defineProperty(type, "name", { value: name });
  return type;
}

/** Live entities: geotic keeps no count, so its entity iterator is walked. */
export function count(world: World): number {
  let n = 0;
  for (const _ of world.getEntities()) n++;
  return n;
}

/** Sum of `read(entity)` over a query's entities. */
export function sumOver<T extends Entity>(q: Query, read: (e: T) => number): number {
  let sum = 0;
  for (const e of q.get() as T[]) sum += read(e);
  return sum;
}
