// ecsy for the implementations here: the timed step (world.execute()), the check's one-system
// runs, the read helpers, and the component types several scenarios share. Only execute() is
// timed.
import { Component, type ComponentSchema, type Entity, type System, Types, type World } from "ecsy";

export const VALUE_SCHEMA: ComponentSchema = { value: { type: Types.Number } };
const VEC2_SCHEMA: ComponentSchema = { x: { type: Types.Number }, y: { type: Types.Number } };

/** The timed op of every scenario: one world.execute() running the scenario's systems. */
export function execute(s: { readonly world: World }): void {
  s.world.execute(1 / 60, 0);
}

type SystemClass = new (...args: never[]) => System;

/**
 * Stage of the check: one world.execute() with every other system stopped (System.stop() /
 * play()), so `system` runs alone as the step runs it, deferred removals processed after it.
 */
export function only(system: SystemClass): (s: { readonly world: World }) => void {
  return (s) => {
    const others = s.world.getSystems().filter((candidate): boolean => !(candidate instanceof system));
    for (const other of others) other.stop();
    execute(s);
    for (const other of others) other.play();
  };
}

/** The live result array of a system's query (what the system itself iterates). */
export function resultsOf(world: World, system: SystemClass, query: string): Entity[] {
  const instance = world.getSystems().find((candidate) => candidate instanceof system);
  if (instance === undefined) throw new Error(`system ${system.name} is not registered`);
  return instance.queries[query].results;
}

export function sumValues(
  entities: readonly Entity[],
  type: typeof A | typeof B | typeof C | typeof D | typeof E,
): number {
  let sum = 0;
  for (const e of entities) sum += e.getComponent(type)!.value;
  return sum;
}

// A..E: packed_5, simple_iter, entity_cycle. Data: frag_iter, fragmented_256.

export class A extends Component<A> {
  static override schema = VALUE_SCHEMA;
  declare value: number;
}
export class B extends Component<B> {
  static override schema = VALUE_SCHEMA;
  declare value: number;
}
export class C extends Component<C> {
  static override schema = VALUE_SCHEMA;
  declare value: number;
}
export class D extends Component<D> {
  static override schema = VALUE_SCHEMA;
  declare value: number;
}
export class E extends Component<E> {
  static override schema = VALUE_SCHEMA;
  declare value: number;
}
export class Data extends Component<Data> {
  static override schema = VALUE_SCHEMA;
  declare value: number;
}

// Scale scenarios.

export class Position extends Component<Position> {
  static override schema = VEC2_SCHEMA;
  declare x: number;
  declare y: number;
}
export class Velocity extends Component<Velocity> {
  static override schema = VEC2_SCHEMA;
  declare x: number;
  declare y: number;
}
