// miniplex 2.0: the fast path its README gives, and what it cannot do.
import type { LibraryNotes } from "../../spec.js";

export const notes: LibraryNotes = {
  name: "miniplex",
  packageName: "miniplex",
  fastPath:
    "Entities are plain objects and components are their properties; queries are buckets kept up to date by " +
    'world.add / world.remove / addComponent / removeComponent. Per the README ("Best Practices"): iterate ' +
    "queries with `for...of` (reverse order, so removing the current entity inside the loop is safe), mutate " +
    "component values in place, change composition only through addComponent / removeComponent. miniplex has " +
    "no systems: each system is a plain function over its query.",
  cannot: {
    hierarchy_10k: "no relations",
    reparent_10k: "no relations",
  },
};
