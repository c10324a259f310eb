// Koota 0.6: the fast path its README gives, and what it cannot do.
import type { LibraryNotes } from "../../spec.js";

export const notes: LibraryNotes = {
  name: "koota",
  packageName: "koota",
  fastPath:
    "Traits with a schema (trait({ value: 0 })) are stored as structure of arrays (plain JS arrays: Koota has " +
    'no typed stores); tags are trait(). Queries are made once with createQuery(...) ("The query ref is used ' +
    'for fast array-based lookup") and bulk updates go through world.query(ref).useStores((stores, entities) => ' +
    '...) ("For performance-critical operations ... modify trait stores directly"), indexing each store by ' +
    "entity.id(). Structural changes use the entity API (world.spawn(Trait(values)), entity.add / remove / " +
    "destroy); a query result is a copy, so changing entities while looping over one is safe. random_access " +
    "uses the documented per-entity API: entity.get(Trait) and entity.set(Trait, values). Relations per the " +
    'README\'s Relations section: relation({ exclusive: true, autoDestroy: "orphan" }), pairs added with ' +
    "entity.add(ChildOf(parent)), a parent read with entity.targetFor(ChildOf), children queried with " +
    "world.query(ChildOf(parent)). Each system is its own function; systems that need the world (spawning) get a " +
    "callback made once in setup, each with its own body.",
  cannot: {
    spawn_1m:
      "destroying 1M entities a live query matches queues 1M query removals, flushed in O(n^2) by commitQueryRemovals (koota 0.6.6): one op never ends",
  },
};
