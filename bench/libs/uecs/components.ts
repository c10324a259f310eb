// Component classes and the read helpers of the uecs implementations (setup and read()
// only, never a timed system). uecs keys its stores by class name: every name is distinct.
import type { World } from "uecs";

/** A component class with a numeric `value`. */
export type ValueClass = new (value?: number) => { value: number };

export class A {
  value: number;
  constructor(value = 0) {
    this.value = value;
  }
}
export class B {
  value: number;
  constructor(value = 0) {
    this.value = value;
  }
}
export class C {
  value: number;
  constructor(value = 0) {
    this.value = value;
  }
}
export class D {
  value: number;
  constructor(value = 0) {
    this.value = value;
  }
}
export class E {
  value: number;
  constructor(value = 0) {
    this.value = value;
  }
}
export class Data {
  value: number;
  constructor(value = 0) {
    this.value = value;
  }
}

export class Position {
  x: number;
  y: number;
  constructor(x = 0, y = 0) {
    this.x = x;
    this.y = y;
  }
}
export class Velocity {
  x: number;
  y: number;
  constructor(x = 0, y = 0) {
    this.x = x;
    this.y = y;
  }
}

/** Sum of `value` and number of entities over every entity having component `C`. */
export function sumValue(world: World, C: ValueClass): { sum: number; count: number } {
  let sum = 0;
  let count = 0;
  for (const e of world.all()) {
    const c = world.get(e, C);
    if (c === undefined) continue;
    sum += c.value;
    count++;
  }
  return { sum, count };
}

/** Number of entities having every one of `types`. */
export function countWith(world: World, ...types: (new () => object)[]): number {
  let count = 0;
  for (const e of world.all()) {
    if (types.every((T) => world.has(e, T))) count++;
  }
  return count;
}

/** frag_iter: a component class named `name` (uecs keys stores by class name). */
export function letterClass(name: string): typeof A {
  return {
    [name]: class {
      value: number;
      constructor(value = 0) {
        this.value = value;
      }
    },
  }[name];
}
