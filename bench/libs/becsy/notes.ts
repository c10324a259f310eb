// becsy 0.16, on its performance build: the fast path its guide gives, and what it cannot do.
import type { LibraryNotes } from "../../spec.js";

export const notes: LibraryNotes = {
  name: "becsy",
  packageName: "@lastolivegames/becsy",
  fastPath:
    "The performance build: the docs (guide/deploying) say to import @lastolivegames/becsy/perf for production, " +
    '"fully API-compatible but excludes all safety checks" (in Node the file lib/perf.js: the package has no ' +
    "exports map). Components are classes with a static schema and declared fields; tags are classes without a " +
    "schema. Systems are System subclasses whose queries declare entitlements (q.current.with(A).write); they " +
    "iterate query.current and use entity.read(A) / entity.write(A), create entities with this.createEntity(...) " +
    "and delete them with entity.delete(). Storage is sparse (guide: the fastest strategy, storage for every " +
    "possible entity) and the world's buffers (maxEntities, maxLimboComponents, maxShapeChangesPerFrame) are " +
    "sized per scenario. One op is one frame, driven through a custom executor (world.createCustomExecutor, " +
    'guide/world "Custom executor": frame.begin(), frame.execute(group), frame.end(), synchronous in a ' +
    "single-threaded world) because world.execute() is async; the group holds all of the scenario's systems, so " +
    "the frame does what world.execute() would.",
  cannot: {
    hierarchy_10k: "no relations (ref fields with backrefs only)",
    reparent_10k: "no relations (ref fields with backrefs only)",
  },
};
