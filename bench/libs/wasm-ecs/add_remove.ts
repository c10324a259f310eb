// add_remove in wasm-ecs, per entity as the README writes it: world.add(e, B) for each row
// inside the loop over the A query, then world.remove(e, B) for each row inside the loop over
// the B query (both deferred until the loop ends; real migrations between tables). Other
// forms: add_remove.batch.ts, add_remove.sparse.ts, add_remove.sparse-batch.ts.
import { createWorld, type Query, tag, type World } from "wasm-ecs";
import { N, type Readout } from "../../scenarios/add_remove.js";
import type { Implementation } from "../../spec.js";

const A = tag("A");
const B = tag("B");

interface State {
  readonly world: World;
  readonly qa: Query;
  readonly qb: Query;
}

function addB(s: State): void {
  const world = s.world;
  for (const t of s.qa) {
    const entities = t.entities;
    for (let i = 0; i < t.count; i++) world.add(entities[i], B);
  }
}

function removeB(s: State): void {
  const world = s.world;
  for (const t of s.qb) {
    const entities = t.entities;
    for (let i = 0; i < t.count; i++) world.remove(entities[i], B);
  }
}

export const implementation: Implementation<State, Readout> = {
  async setup() {
    const world = await createWorld({ components: [A, B], initialEntities: N });
    world.spawnMany(N, A);
    return { world, qa: world.query({ all: [A] }), qb: world.query({ all: [B] }) };
  },
  step(s) {
    addB(s);
    removeB(s);
  },
  stages: [addB, removeB],
  read: (s) => ({ entities: s.world.entityCount, countA: s.qa.count(), countB: s.qb.count() }),
};
