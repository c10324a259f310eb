// tiny-ecs 2.0 ships no type declarations. This ambient module types the part of its API the
// tiny-ecs implementations use (from the package README and its lib/), no more. It lives
// in a global declaration file because TypeScript refuses a `declare module` for an
// untyped package inside a module file (TS2665).
declare module "tiny-ecs" {
  /**
   * A component type: any constructor. tiny-ecs pools component objects and re-initialises
   * a reused one with `__init()` when present, else by calling the constructor on it without
   * `new` (which a class refuses), so component classes here define `__init`.
   */
  export type ComponentClass = new () => object;

  /**
   * An entity. addComponent(Position) puts the component object on the entity as a property
   * named after the class, lowercased first letter (`entity.position`); the entity types
   * with those properties are declared by the caller.
   */
  export interface Entity {
    addComponent(Component: ComponentClass): this;
    removeComponent(Component: ComponentClass): this;
    hasComponent(Component: ComponentClass): boolean;
    hasAllComponents(Components: readonly ComponentClass[]): boolean;
    addTag(tag: string): this;
    removeTag(tag: string): this;
    hasTag(tag: string): boolean;
    /** Removes the entity from its manager. */
    remove(): void;
  }

  export interface EntityManager {
    /** A new (pooled) entity; `E` names the component properties the caller will add. */
    createEntity<E extends Entity = Entity>(): E;
    /** The live, indexed list of entities having all `Components` (same array every call). */
    queryComponents<E extends Entity = Entity>(Components: readonly ComponentClass[]): E[];
    /** The live list of entities having `tag`. */
    queryTag<E extends Entity = Entity>(tag: string): E[];
    /** Total number of entities. */
    count(): number;
  }

  /** The package is CommonJS: everything comes from `module.exports`. */
  const tinyEcs: {
    readonly EntityManager: new () => EntityManager;
  };
  export default tinyEcs;
}
