// tiny-ecs 2.0: the fast path its README gives, and what it cannot do.
import type { LibraryNotes } from "../../spec.js";

export const notes: LibraryNotes = {
  name: "tiny-ecs",
  packageName: "tiny-ecs",
  fastPath:
    "Components are classes; entity.addComponent(Position) takes a pooled instance and puts it on the entity as " +
    'entity.position (README "Working with Entities"), so values are set on that object after adding. Pooled ' +
    "instances are re-initialised with the class's __init() (lib/ObjectPool.js; without it the pool calls the " +
    'constructor without new, which a class refuses). Data-less markers are tiny-ecs tags (entity.addTag("b"), ' +
    'manager.queryTag("b")). Systems use the README\'s indexed query, manager.queryComponents([Position, ' +
    "Velocity]), which returns the same live array every time: each system is a plain loop over it, kept in the " +
    "state. Scale: tiny-ecs keeps every entity and every indexed query in plain arrays and uses indexOf + splice " +
    "on them: removing an entity is O(all entities), adding a component that completes an indexed query scans " +
    "that query's list (lib/EntityManager.js). So spawn_1m is out of reach (1e6 removals over a 1e6-long list), " +
    "and migrate_100k indexes only Position: Velocity is added to and removed from each entity of the Position " +
    "query with no Velocity query to maintain (one would cost O(n) per add and per removal). tiny-ecs ships no " +
    "types: tiny-ecs-module.d.ts declares what is used.",
  cannot: {
    spawn_1m:
      "removing an entity is indexOf + splice over the manager's list of all entities (removeAllEntities too), so destroying 1e6 is O(n^2), ~1e12 element steps",
    hierarchy_10k: "no relations",
    reparent_10k: "no relations",
  },
};
