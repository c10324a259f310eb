// bitECS 0.4: the fast path its docs (README, docs/Intro.md) give, and what it cannot do.
import type { LibraryNotes } from "../../spec.js";

export const notes: LibraryNotes = {
  name: "bitecs 0.4",
  packageName: "bitecs",
  fastPath:
    "Components are structure-of-arrays objects whose fields are typed arrays indexed by entity id " +
    '("A typed SoA component (recommended for threading and eliminating memory thrash)"); tags are empty ' +
    "objects; systems are plain functions that call query(world, terms) and loop over the returned id array. " +
    "Entity removal (removeEntity, and removeComponent for a query's membership) is deferred until the next " +
    "query() call, so removing inside a query loop is safe. Entity ids start at 1, so every store has room for " +
    "max + 1 ids. Relations per the docs' Relationships section: createRelation({ exclusive: true, " +
    "autoRemoveSubject: true }), pairs added with addComponent(world, child, ChildOf(parent)) and queried as " +
    "components (query(world, [ChildOf(parent)])).",
};
