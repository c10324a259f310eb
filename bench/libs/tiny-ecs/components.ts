// Component classes, entity shapes and the read helper of the tiny-ecs implementations
// (setup and read() only, never a timed system). Each class defines __init(), which the
// component pool calls on a reused instance.
import type { Entity } from "tiny-ecs";

export class A {
  value = 0;
  __init(): void {
    this.value = 0;
  }
}
export class B {
  value = 0;
  __init(): void {
    this.value = 0;
  }
}
export class C {
  value = 0;
  __init(): void {
    this.value = 0;
  }
}
export class D {
  value = 0;
  __init(): void {
    this.value = 0;
  }
}
export class E {
  value = 0;
  __init(): void {
    this.value = 0;
  }
}
export class Data {
  value = 0;
  __init(): void {
    this.value = 0;
  }
}

export class Position {
  x = 0;
  y = 0;
  __init(): void {
    this.x = 0;
    this.y = 0;
  }
}
export class Velocity {
  x = 0;
  y = 0;
  __init(): void {
    this.x = 0;
    this.y = 0;
  }
}

export interface Value {
  value: number;
}

/** Entities as addComponent leaves them: one property per component, named after its class. */
export type WithA = Entity & { a: A };
export type WithB = Entity & { b: B };
export type WithC = Entity & { c: C };
export type WithD = Entity & { d: D };
export type WithE = Entity & { e: E };
export type WithData = Entity & { data: Data };
export type WithPosition = Entity & { position: Position };

/** Sum of `value` over a list of components, read through `get`. */
export function sumOver<T>(entities: readonly T[], get: (e: T) => Value): number {
  let sum = 0;
  for (const e of entities) sum += get(e).value;
  return sum;
}

/** frag_iter: a component class named `name` whose instances start at { value: 1 }. */
export function letterClass(name: string): typeof A {
  return {
    [name]: class {
      value = 1;
      __init(): void {
        this.value = 1;
      }
    },
  }[name];
}
