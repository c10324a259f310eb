// ape-ecs for the implementations here: the timed frame, the check's one-group stages and read
// helper, and the component types several scenarios share. Only frame() is timed.
//
// The package is CommonJS and Node's named-export detection only sees `World`, so the
// classes come from the default export (module.exports).
import ApeECS, { type Query } from "ape-ecs";

export const { World, System, Component } = ApeECS;
export type World = InstanceType<typeof World>;

/** The timed op of every scenario: run the scenario's systems, then tick. */
export function frame(s: { readonly world: World }): void {
  s.world.runSystems("frame");
  s.world.tick();
}

/**
 * Stage of the check: the group holding one of the scenario's systems (registered in it too);
 * the last stage of a step ends it with world.tick(), as frame() does.
 */
export function stage(group: string, tick = false): (s: { readonly world: World }) => void {
  return (s) => {
    s.world.runSystems(group);
    if (tick) s.world.tick();
  };
}

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

export class Position extends Component {
  static override properties = { x: 0, y: 0 };
  declare x: number;
  declare y: number;
}
export class Velocity extends Component {
  static override properties = { x: 0, y: 0 };
  declare x: number;
  declare y: number;
}

/** Sum of `value` of the component under `key` over a query's current results. */
export function sumKey(query: Query, key: string): number {
  let sum = 0;
  for (const e of query.execute()) sum += (e.c[key] as A).value;
  return sum;
}
