// goodluck 7: the fast path its README gives, and what it cannot do.
import type { LibraryNotes } from "../../spec.js";

export const notes: LibraryNotes = {
  name: "goodluck",
  packageName: "goodluck",
  fastPath:
    '"The minimal ECS implementation powering Goodluck" (piesku): the library is WorldImpl (a Signature array ' +
    "of component bitmasks, CreateEntity / DestroyEntity with a graveyard of ids to reuse) and " +
    "instantiate(world, blueprint); the user defines the masks, the component storage (arrays on a WorldImpl " +
    "subclass) and the mixins. Everything follows the package README: storage is one array of component " +
    "objects per component (world.Position[entity] = { x, y }), entities are made by instantiate(world, " +
    "[mixin, ...]) with mixins that set the mask bit and the data, and a system walks world.Signature testing " +
    "(signature & QUERY) === QUERY. Adding or removing a component on a live entity is what a mixin does: set " +
    "(or clear) the bit, and for a data component store a fresh object. There is no archetype or query index, " +
    "so every system scans every entity id.",
  cannot: {
    hierarchy_10k: "no relations",
    reparent_10k: "no relations",
  },
};
