// relation_fanout (scale): one source entity; one step spawns N target entities, adds
// Likes(target) to the source for each (one add per target), reads the source's targets
// once, then destroys the targets with one batch destroy (destroying a target takes its
// pair off the source). N is the row's: 10,000 for the plain row, 1,000 and 100,000 for
// the "(1k)" / "(100k)" variants, so the three rows show how the cost grows with N.
// Compared only with libraries that document relations.
import type { Spec } from "../spec.js";

export const TARGETS = 10_000;

/**
 * entities: entities alive between steps (the source only); held: 1 when the last step's
 * targets() gave exactly its N targets (1 before any step); left: targets the source
 * holds after they were destroyed.
 */
export type Readout = { entities: number; held: number; left: number };

export const spec: Spec<null, Readout> = {
  name: "relation_fanout",
  group: "scale",
  description: "one entity gains N Likes targets one add at a time, reads them, then the targets are destroyed",
  stages: [{ name: "fanout", next: () => null }],
  initial: () => null,
  rounds: 2,
  readout: () => ({ entities: 1, held: 1, left: 0 }),
};
