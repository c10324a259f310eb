// add_remove in wasm-ecs with B a sparse tag (a bit per entity, no migration) through the
// batch API: addMany / removeMany over a query flip the bits of whole tables in one core
// call. The world keeps its 2 archetypes (the empty one and A's) throughout.
import { createWorld, type Query, tag, type World } from "wasm-ecs";
import { N, type Readout } from "../../scenarios/add_remove.js";
import type { Implementation } from "../../spec.js";

const A = tag("A");
const S = tag("S", { sparse: true });

interface State {
  readonly world: World;
  readonly withoutS: Query;
  readonly withS: Query;
  /** Every A entity (read() only). */
  readonly qa: Query;
}

function addS(s: State): void {
  s.world.addMany(s.withoutS, S);
}

function removeS(s: State): void {
  s.world.removeMany(s.withS, S);
}

export const implementation: Implementation<State, Readout & { archetypes: number }> = {
  variant: "sparse tag, batch",
  async setup() {
    const world = await createWorld({ components: [A, S], initialEntities: N });
    world.spawnMany(N, A);
    const withoutS = world.query({ all: [A], none: [S] });
    return { world, withoutS, withS: world.query({ all: [S] }), qa: world.query({ all: [A] }) };
  },
  step(s) {
    addS(s);
    removeS(s);
  },
  stages: [addS, removeS],
  read: (s) => ({
    entities: s.world.entityCount,
    countA: s.qa.count(),
    countB: s.withS.count(),
    archetypes: s.world.stats().archetypes,
  }),
  invariants: { archetypes: 2 },
};
