// picoes 1.0 ships no type declarations. This ambient module types the part of its API the
// picoes implementations use (from the package README, its reference docs and src/), no
// more. It lives in a global declaration file because TypeScript refuses a `declare module`
// for an untyped package inside a module file (TS2665).
declare module "picoes" {
  /** An entity: components live in `data`, keyed by component name. */
  export class Entity {
    readonly id: number;
    readonly data: Readonly<Record<string, unknown>>;
    has(name: string): boolean;
    /** `data[name]`: the component object, typed by the caller. */
    get<T>(name: string): T | undefined;
    /** Sets a component: an unregistered name stores `args[0]` (or `{}` without args). */
    set(name: string, ...args: unknown[]): this;
    remove(...names: string[]): this;
    destroy(): void;
    valid(): boolean;
  }

  /** Callback of `world.each`: the entity's `data` (typed by the caller) and the entity. */
  export type EachCallback<D> = (data: D, entity: Entity) => unknown;

  export class World {
    constructor(options?: { components?: Record<string, new (...args: never[]) => object> });
    entity(): Entity;
    /** Calls `callback` for each entity having all the named components. */
    each<D>(c1: string, callback: EachCallback<D>): void;
    each<D>(c1: string, c2: string, callback: EachCallback<D>): void;
    /** Without a callback: an array of the entities having all the named components. */
    each(...componentNames: string[]): Entity[];
  }
}
