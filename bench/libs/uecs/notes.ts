// uecs 0.3: the fast path its docs give, and what it cannot do.
import type { LibraryNotes } from "../../spec.js";

export const notes: LibraryNotes = {
  name: "uecs",
  packageName: "uecs",
  fastPath:
    "Components are plain classes (uecs keys its stores by the constructor's name, so every component class has " +
    "a distinct name); data-less markers are Tag.for(name) constructors, emplaced as the constructor itself as " +
    'the Tag docs show (registry.create(Tag.for("Enemy"))). Systems use the documented fast path world.view(A, ' +
    "B).each((entity, a, b) => ...): a view is cached by the world and compiles its own iteration function, so " +
    "each system keeps its view in the state and passes its own callback. Per-entity access is world.get(entity, " +
    "Position). Underneath (dist/, and its .d.ts doc comments): entities are a Set of numbers that only grow (no " +
    "id reuse), each component type is an object keyed by entity id, and a view walks every entity of the world " +
    "and skips those missing a component. read() goes through world.all() and world.get rather than the timed " +
    "views, so no other callback ever reaches a view's call site.",
  cannot: {
    hierarchy_10k: "no relations",
    reparent_10k: "no relations",
  },
};
