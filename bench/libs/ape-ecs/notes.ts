// ape-ecs 1.3: the fast path its docs give, and what it cannot do.
import type { LibraryNotes } from "../../spec.js";

export const notes: LibraryNotes = {
  name: "ape-ecs",
  packageName: "ape-ecs",
  fastPath:
    "Components are classes with static properties, tags are registered strings (world.registerTags), systems " +
    'are System subclasses with persisted queries (createQuery().fromAll(...).persist(), "an index ... that ' +
    'automatically stays up to date"), run by world.runSystems(group) followed by world.tick() (docs/World.md: ' +
    '"Once you\'ve run through all of your Systems you should world.tick()"). Components are created with a ' +
    "key (c: { position: {...} }) so a system reaches them as entity.c.position, the direct property the docs " +
    "recommend over getOne() for single components; values are mutated in place (no change events are " +
    "subscribed). Entity and component pools are spun up to the scenario's size (World entityPool, " +
    "registerComponent's pool size), as documented.",
  cannot: {
    hierarchy_10k: "no relations (EntityRef / EntitySet properties only)",
    reparent_10k: "no relations (EntityRef / EntitySet properties only)",
  },
};
