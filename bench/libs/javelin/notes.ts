// @javelin/ecs 0.21: the fast path its typings give, and what it cannot do. World ops are
// deferred (queued during a tick, applied at the start of the next one), so add_remove and
// migrate_100k are two ticks per op: in one, the add system's attaches (queued by the tick
// before) are applied and the remove system queues the detaches; in the other, those are
// applied and the add system queues the next attaches. Each system only ever sees entities in
// the right state. Their setup runs one tick past the spawn tick, so that a step starts with
// the attaches queued and ends with the detaches applied, as the spec's readout has it.
import type { LibraryNotes } from "../../spec.js";

export const notes: LibraryNotes = {
  name: "javelin",
  packageName: "@javelin/ecs",
  fastPath:
    "Component types come from createComponentType (schema plus an initializer), component objects from " +
    "world.component() (pooled), entities are integers in archetype tables. Systems are functions registered " +
    "with world.addSystem and run by world.tick(). Queries are module-level (`query(A, B)`, `.not(C)`); per the " +
    "Query type's docs, iterate the query's records, `for (const [entities, [a, b]] of q)`, then index the " +
    'columns ("Manually iterate underlying query records. Faster than forEach"). World ops (spawn / attach / ' +
    "detach / destroy) are deferred: queued during a tick and applied at the start of the next one, so a " +
    "scenario that changes entities takes as many ticks per op as it needs for each system to see its entities " +
    "in the right state. javelin never reuses entity ids and parks destroyed entities in its empty archetype.",
  cannot: {
    entity_cycle:
      "world ops apply at the next tick: with spawns and destroys pipelined one tick per op, the previous op's 1,000 B entities are alive at every tick boundary, so a step never ends with no B as the spec's readout has it",
    spawn_1m:
      "one op (1M deferred spawns, a tick, 1M destroys, a tick) took 6-11 s here and the heap grew to ~2.5 GB: 20 samples exceed the 120 s limit",
    hierarchy_10k: "no relations",
    reparent_10k: "no relations",
  },
};
