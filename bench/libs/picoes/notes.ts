// picoes 1.0: the fast path its README gives, and what it cannot do.
import type { LibraryNotes } from "../../spec.js";

export const notes: LibraryNotes = {
  name: "picoes",
  packageName: "picoes",
  fastPath:
    'Components are unregistered and named by strings (README "Unregistered components and queries"): ' +
    'entity.set("a", { value: 1 }) stores the object, and entity.set("b") with no value stores {}, which ' +
    'serves as a data-less tag. Systems use the documented query world.each("a", "b", ({ a, b }, entity) => ' +
    '...), one callback function per system; per-entity access is entity.get("position"). Underneath ' +
    "(src/entity_storage.js): one Map per component name from entity id to entity; each walks the smallest of " +
    "the named Maps and keeps the entities whose data has every name, calling the callback with (entity.data, " +
    "entity). That call site inside picoes is shared by every system and by nothing the implementations can " +
    "separate. read() uses the callback-less form of each (an array of entities), never the timed callbacks. " +
    "picoes ships no types: picoes-module.d.ts declares what is used.",
  cannot: {
    hierarchy_10k: "no relations",
    reparent_10k: "no relations",
  },
};
