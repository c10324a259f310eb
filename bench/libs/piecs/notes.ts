// piecs 0.4: the fast path its README and typings give, and what it cannot do.
import type { LibraryNotes } from "../../spec.js";

export const notes: LibraryNotes = {
  name: "piecs",
  packageName: "piecs",
  fastPath:
    'An archetype ECS that keeps entity ids per archetype and leaves component data to the user ("BYO ' +
    'component sets"): each component is a world.createComponentId() plus typed arrays indexed by entity id. ' +
    "Entities are created straight into an archetype made once with world.prefabricate([...]); systems are " +
    "createEntitySystem(execute, query) (execute runs once per matching archetype with its entity array), " +
    "registered with world.registerSystem and run by world.update(), the timed step wherever a scenario is made " +
    "of systems. Structural changes inside a system loop run backwards over the archetype's entity array, as the " +
    "library's own error message advises. Each system is a closure made in setup (to reach that world's typed " +
    "arrays), each with its own function body; the check runs them one by one as world.update() does.",
  cannot: {
    hierarchy_10k: "no relations",
    reparent_10k: "no relations",
  },
};
