// WolfECS 2.1: the fast path its README gives, and what it cannot do.
import type { LibraryNotes } from "../../spec.js";

export const notes: LibraryNotes = {
  name: "wolf-ecs",
  packageName: "wolf-ecs",
  fastPath:
    "Archetype ECS with typed-array component stores: defineComponent({ value: types.i32 }) gives { value: " +
    "Int32Array } sized for the ECS's entity limit (the max constructor argument), defineComponent() a tag. Fast " +
    'path per the WolfECS README ("The more performant method of iterating queries is using a manual for loop"): ' +
    "a query made once by createQuery(...) holds its archetypes in query.a, each with its entity ids in .e; loop " +
    "over the archetypes, and over each archetype's ids backwards (\"Backward iteration helps prevent double " +
    'counting entities"). addComponent / removeComponent / destroyEntity run immediately (DEFAULT_DEFER is ' +
    "false); the loops that move entities to another archetype of the same query also walk the archetypes " +
    "backwards, so an entity is never visited twice. Entity ids start at 0 and are recycled. WolfECS has no " +
    "entity count: read() counts live entities through a query made in setup that matches every archetype, " +
    "createQuery(any(c, not(c))) (the README's query helpers).",
  cannot: {
    hierarchy_10k: "no relations",
    reparent_10k: "no relations",
  },
};
