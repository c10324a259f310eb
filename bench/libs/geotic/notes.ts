// geotic 4.3: the fast path its README gives, and what it cannot do. Query membership is kept
// with Array indexOf/splice (src/Query.js), a linear scan per candidate entity, so building or
// churning a large query is quadratic: iterate_1m, spawn_1m and migrate_100k are out of reach.
import type { LibraryNotes } from "../../spec.js";

export const notes: LibraryNotes = {
  name: "geotic",
  packageName: "geotic",
  fastPath:
    "Components are classes with static `properties`, registered on an Engine; an attached component is a " +
    "property of its entity named after the class in camelCase (`entity.position`). Queries " +
    "(`world.createQuery({ all, none })`) are kept up to date on every add/remove/destroy. Query results are " +
    'read with `query.get()` from queries created with `immutableResult: false` ("Performance enhancement": ' +
    "the query's own array instead of a copy per call). That array changes when an entity leaves the query, " +
    "so loops that remove or destroy walk it backwards. geotic has no systems: each system is a plain function " +
    "over its query. The package ships no types; geotic-module.d.ts declares the part used here.",
  cannot: {
    iterate_1m:
      "quadratic: query membership is Array indexOf per entity (building a query over 40k entities took 0.43 s here, ~270 s at 1M)",
    spawn_1m:
      "quadratic: every add/destroy runs Array indexOf (+ splice) on each query's entity array; ~5e11 steps at 1M entities",
    migrate_100k:
      "quadratic: each add/remove runs indexOf + splice on both queries' arrays (2.2 s per op at 40k here, ~14 s at 100k)",
    hierarchy_10k: "no relations",
    reparent_10k: "no relations",
  },
};
