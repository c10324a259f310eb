// geotic 4.3 ships no type declarations. This ambient module types the part of its API the
// libs/geotic implementations use (from the package README and its src/), no more. It lives in a
// global declaration file because TypeScript refuses a `declare module` for an untyped
// package inside a module file (TS2665).
declare module "geotic" {
  /** Registers component classes and creates worlds. */
  export class Engine {
    registerComponent(clazz: typeof Component): void;
    createWorld(): World;
    destroyWorld(world: World): void;
  }

  /** Component data; `static properties` lists the fields and their defaults. */
  export class Component {
    static properties: Record<string, unknown>;
    static allowMultiple: boolean;
    static keyProperty: string | null;
    constructor(properties?: Record<string, unknown>);
    readonly entity: Entity;
    destroy(): void;
  }

  /**
   * An entity: each attached component is also a property named after its class in
   * camelCase (`entity.position` for `Position`), typed by the implementations.
   */
  export class Entity {
    readonly id: string;
    readonly world: World;
    readonly isDestroyed: boolean;
    add(clazz: typeof Component, properties?: Record<string, unknown>): void;
    has(clazz: typeof Component): boolean;
    remove(component: Component): void;
    destroy(): void;
  }

  export interface QueryFilters {
    any?: (typeof Component)[];
    all?: (typeof Component)[];
    none?: (typeof Component)[];
    /** README "Performance enhancement": false hands out the query's own array. */
    immutableResult?: boolean;
  }

  export class Query {
    /** The matching entities (a copy unless the query was made with immutableResult: false). */
    get(): Entity[];
    has(entity: Entity): boolean;
  }

  export class World {
    createEntity(id?: string): Entity;
    getEntity(id: string): Entity | undefined;
    getEntities(): IterableIterator<Entity>;
    destroyEntity(id: string): void;
    createQuery(filters: QueryFilters): Query;
  }
}
