// tick-knock 4.0: the fast path its README gives, and what it cannot do.
import type { LibraryNotes } from "../../spec.js";

export const notes: LibraryNotes = {
  name: "tick-knock",
  packageName: "tick-knock",
  fastPath:
    'Components are plain classes, data-less markers are tick-knock tags (strings: README "Tag": "Using tags ' +
    'is much easier and consumes less memory if you do not have additional component data"). Entities are new ' +
    "Entity().add(...) handed to engine.addEntity; entity.get(Class) reads a component. The documented fast path " +
    "for systems is a Query built with new QueryBuilder().contains(...).build() and added to the engine, which " +
    '"will always contain an up-to-date list of entities"; each system is a plain function looping over ' +
    "query.entities (what ReactionSystem's README example does; IterativeSystem would route every system through " +
    "one shared updateEntities loop). Scale: a Query checks membership with Array.prototype.indexOf on every " +
    "entity added to the engine and on every component added or removed (lib/ecs/Query.js), and " +
    "engine.removeEntity does the same on the engine's entity list, so both are O(n) per entity. At 1e5-1e6 " +
    "entities a query costs O(n^2) to fill (about 2.5e11 comparisons for 1e6, minutes), so iterate_1m and " +
    "migrate_100k use the README's query-less pattern instead (loop over engine.entities and read components " +
    "with entity.get).",
  cannot: {
    spawn_1m:
      "creating 1e6 entities alone takes ~4.5 s of CPU per op (each Entity allocates 3 Signals and a Set; addEntity connects 3 handlers), and per-entity engine.removeEntity is O(n) (indexOf + splice)",
    hierarchy_10k: "no relations",
    reparent_10k: "no relations",
  },
};
