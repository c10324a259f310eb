// Component shapes and the read helper of the picoes implementations (read() only, never a
// timed system): the callback-less form of world.each, an array of entities.
import type { Entity, World } from "picoes";

export interface Value {
  value: number;
}

export interface Vec2 {
  x: number;
  y: number;
}

/** Sum of `<name>.value` over the entities having component `name`, and their number. */
export function sumValue(world: World, name: string): { sum: number; count: number } {
  let sum = 0;
  let count = 0;
  for (const e of world.each(name)) {
    sum += e.get<Value>(name)!.value;
    count++;
  }
  return { sum, count };
}

/** Sum of `<name>.<field>` over the given entities (each has component `name`). */
export function sumVec2(entities: readonly Entity[], name: string, field: "x" | "y"): number {
  let sum = 0;
  for (const e of entities) sum += e.get<Vec2>(name)![field];
  return sum;
}
