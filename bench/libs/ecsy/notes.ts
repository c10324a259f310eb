// ecsy 0.4: the fast path its docs and README give, and what it cannot do.
import type { LibraryNotes } from "../../spec.js";

export const notes: LibraryNotes = {
  name: "ecsy",
  packageName: "ecsy",
  fastPath:
    "Components are classes with a static schema (data components pooled by the world, the default); tags " +
    'extend TagComponent ("performance optimizations for components that do not store data"); systems are ' +
    "System subclasses with static queries, run in registration order by world.execute(). Per the ecsy docs / " +
    "README: iterate this.queries.<name>.results (a live array), read with getComponent, write through " +
    "getMutableComponent; entity and component removal is deferred to the end of execute() (the default), so " +
    "removal loops run backwards over the live result arrays. iterate_1m registers its system after spawning: " +
    "a query built over existing entities is one linear pass, while a query that exists during spawning runs " +
    "query.entities.indexOf(entity) for every matching entity (quadratic, ~5e11 steps at 1M).",
  cannot: {
    spawn_1m:
      "quadratic: entity removal and query upkeep use Array indexOf/splice per entity (10.8 s per op at 100k here, ~1000 s at 1M)",
    migrate_100k:
      "quadratic: each add/remove runs indexOf + splice on the affected queries' entity arrays (2.7 s per op at 40k here, ~17 s at 100k)",
    hierarchy_10k: "no relations",
    reparent_10k: "no relations",
  },
};
