// add_remove in wasm-ecs through the batch API: addMany / removeMany over a query, which
// move whole archetype tables at once (real migrations: rows change tables).
import { createWorld, type Query, tag, type World } from "wasm-ecs";
import { N, type Readout } from "../../scenarios/add_remove.js";
import type { Implementation } from "../../spec.js";

const A = tag("A");
const B = tag("B");

interface State {
  readonly world: World;
  readonly withoutB: Query;
  readonly withB: Query;
  /** Every A entity (read() only). */
  readonly qa: Query;
}

function addB(s: State): void {
  s.world.addMany(s.withoutB, B);
}

function removeB(s: State): void {
  s.world.removeMany(s.withB, B);
}

export const implementation: Implementation<State, Readout> = {
  variant: "batch",
  async setup() {
    const world = await createWorld({ components: [A, B], initialEntities: N });
    world.spawnMany(N, A);
    const withoutB = world.query({ all: [A], none: [B] });
    return { world, withoutB, withB: world.query({ all: [B] }), qa: world.query({ all: [A] }) };
  },
  step(s) {
    addB(s);
    removeB(s);
  },
  stages: [addB, removeB],
  read: (s) => ({ entities: s.world.entityCount, countA: s.qa.count(), countB: s.withB.count() }),
};
