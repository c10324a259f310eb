// Components and ECS helpers of the perform-ecs implementations (setup, step and read() only).
import { Component, ECS, makeComponent, type System } from "perform-ecs";

/** Registers component classes with perform-ecs (once each), in order. */
export function register(...classes: (typeof Component)[]): void {
  for (const C of classes) if (!Object.hasOwn(C, "id")) makeComponent(C);
}

/** An ECS with `systems` registered, in order. */
export function ecsWith(...systems: System[]): ECS {
  const ecs = new ECS();
  for (const system of systems) ecs.registerSystem(system);
  return ecs;
}

/** One op of a scenario: the ECS runs its systems in registration order. */
export function update(s: { readonly ecs: ECS }): void {
  s.ecs.update(0);
}

/** Sum of `read(entity)` over a list of entities. */
export function sumOver<T>(entities: readonly T[], read: (e: T) => number): number {
  let sum = 0;
  for (const e of entities) sum += read(e);
  return sum;
}

export class A extends Component {
  declare a: number;
  reset(entity: this, value = 1): void {
    entity.a = value;
  }
}
export class B extends Component {
  declare b: number;
  reset(entity: this, value = 1): void {
    entity.b = value;
  }
}
export class C extends Component {
  declare c: number;
  reset(entity: this, value = 1): void {
    entity.c = value;
  }
}
export class D extends Component {
  declare d: number;
  reset(entity: this, value = 1): void {
    entity.d = value;
  }
}
export class E extends Component {
  declare e: number;
  reset(entity: this, value = 1): void {
    entity.e = value;
  }
}
export class Data extends Component {
  declare data: number;
  reset(entity: this, value = 0): void {
    entity.data = value;
  }
}
export class Position extends Component {
  declare x: number;
  declare y: number;
  reset(entity: this, x = 0, y = 0): void {
    entity.x = x;
    entity.y = y;
  }
}
export class Velocity extends Component {
  declare vx: number;
  declare vy: number;
  reset(entity: this, x = 0, y = 0): void {
    entity.vx = x;
    entity.vy = y;
  }
}
/** Tags: components without fields. */
export class TagA extends Component {
  reset(): void {}
}
export class TagB extends Component {
  reset(): void {}
}
export function tagComponent(): typeof Component {
  return class extends Component {
    reset(): void {}
  };
}

/** frag_iter's letters: letter K writes field `letterK` = 1 on its entities. */
export function letterComponent(name: string): typeof Component {
  return class extends Component {
    reset(entity: this): void {
      Reflect.set(entity, `letter${name}`, 1);
    }
  };
}
export class LetterY extends Component {
  declare letterY: number;
  reset(entity: this): void {
    entity.letterY = 1;
  }
}
export class LetterZ extends Component {
  declare letterZ: number;
  reset(entity: this): void {
    entity.letterZ = 1;
  }
}
