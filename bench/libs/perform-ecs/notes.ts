// perform-ecs 0.7: the fast path its README example and src/ give (the package has no other
// docs), and what it cannot do. Library behaviour that shapes the implementations (src/):
// - Component ids come from one global counter and a view matches by a 32-bit mask of
//   `1 << id`, so at most 32 component classes may ever be registered in a process. The
//   classes are declared in components.ts (and per scenario) but registered (`makeComponent`)
//   in the setup of the scenario that uses them, the only setup a bench process runs.
// - A view only sees entities created (or given components) after it was registered, so
//   every setup registers its systems first.
// - Removing a component only takes the entity out of views: its fields stay on the object.
// - perform-ecs keeps no list of entities: `entities` is read through views that together
//   hold every entity.
import type { LibraryNotes } from "../../spec.js";

export const notes: LibraryNotes = {
  name: "perform-ecs",
  packageName: "perform-ecs",
  fastPath:
    "A component is a `Component` subclass registered with `makeComponent` whose `reset(entity, ...args)` " +
    "writes the component's fields onto the entity object itself: an entity is one plain object carrying every " +
    "field of every component it has, so each component here owns distinct field names (A writes `a`, Position " +
    "writes `x`/`y`, Velocity `vx`/`vy`). Entities come from `ecs.createEntity([{ component, args }])`. The fast " +
    "path is a System subclass holding a view (`EntityViewFactory.createView({ components })`), registered with " +
    "`ecs.registerSystem`; its `update` loops over `this.view.entities`, and `ecs.update(dt)` runs the systems " +
    "in registration order. Per-entity access is the entity object's own fields.",
  cannot: {
    spawn_1m:
      "no bulk removal, and ecs.removeEntity is indexOf + splice on each matching view's list: destroying 1e6 entities is O(n^2), ~2.5e11 comparisons",
    hierarchy_10k: "no relations",
    reparent_10k: "no relations",
  },
};
