// Component classes, the query constructor and the read helpers of the tick-knock
// implementations (setup and read() only, never a timed system).
import { type Engine, type Query, QueryBuilder } from "tick-knock";

/** A component class with a numeric `value`. */
export type ValueClass = new (value?: number) => { value: number };

/** A fresh component class (tick-knock identifies components by class): frag_iter's letters. */
export function letterClass(): ValueClass {
  return class {
    value: number;
    constructor(value = 0) {
      this.value = value;
    }
  };
}

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

/** A query over entities having every one of `componentsOrTags`, added to the engine. */
export function query(engine: Engine, ...componentsOrTags: unknown[]): Query {
  const q = new QueryBuilder().contains(...componentsOrTags).build();
  engine.addQuery(q);
  return q;
}

/** Sum of `value` over the entities of the engine having component `C`, and their number. */
export function sumValue(engine: Engine, C: ValueClass): { sum: number; count: number } {
  let sum = 0;
  let count = 0;
  for (const e of engine.entities) {
    const c = e.get(C);
    if (c === undefined) continue;
    sum += c.value;
    count++;
  }
  return { sum, count };
}

/** Entities of the engine having `tag`. */
export function countTag(engine: Engine, tag: string): number {
  let count = 0;
  for (const e of engine.entities) if (e.hasTag(tag)) count++;
  return count;
}
