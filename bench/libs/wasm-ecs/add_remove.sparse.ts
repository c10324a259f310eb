// add_remove in wasm-ecs with B a sparse tag (a bit per entity, no migration), per entity:
// world.add(e, S) for each row of the A query, then world.remove(e, S) for each row the S
// query keeps (a sparse term filters rows: t.rows). Sparse flips apply at once, even inside
// a loop. The world keeps its 2 archetypes (the empty one and A's) throughout.
import { createWorld, type Query, tag, type World } from "wasm-ecs";
import { N, type Readout } from "../../scenarios/add_remove.js";
import type { Implementation } from "../../spec.js";

const A = tag("A");
const S = tag("S", { sparse: true });

interface State {
  readonly world: World;
  readonly qa: Query;
  readonly qs: Query;
}

function addS(s: State): void {
  const world = s.world;
  for (const t of s.qa) {
    const entities = t.entities;
    for (let i = 0; i < t.count; i++) world.add(entities[i], S);
  }
}

function removeS(s: State): void {
  const world = s.world;
  for (const t of s.qs) {
    const entities = t.entities;
    for (const row of t.rows as Uint32Array) world.remove(entities[row], S);
  }
}

export const implementation: Implementation<State, Readout & { archetypes: number }> = {
  variant: "sparse tag",
  async setup() {
    const world = await createWorld({ components: [A, S], initialEntities: N });
    world.spawnMany(N, A);
    return { world, qa: world.query({ all: [A] }), qs: world.query({ all: [S] }) };
  },
  step(s) {
    addS(s);
    removeS(s);
  },
  stages: [addS, removeS],
  read: (s) => ({
    entities: s.world.entityCount,
    countA: s.qa.count(),
    countB: s.qs.count(),
    archetypes: s.world.stats().archetypes,
  }),
  invariants: { archetypes: 2 },
};
