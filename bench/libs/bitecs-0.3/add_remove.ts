// add_remove in bitECS 0.3: addComponent(world, B, e) per id of the A query, then
// removeComponent(world, B, e) per id of the B query (tags are defineComponent()).
import { N, type Readout } from "../../scenarios/add_remove.js";
import type { Implementation } from "../../spec.js";
import { bitecs03, type Query03, type Store03, tag, type World03 } from "./stores.js";

const { addComponent, addEntity, createWorld, defineQuery, getAllEntities, removeComponent } = bitecs03;

interface State {
  readonly world: World03;
  readonly B: Store03;
  readonly qa: Query03;
  readonly qb: Query03;
}

function addB(s: State): void {
  const world = s.world;
  const B = s.B;
  const ids = s.qa(world);
  for (let i = 0; i < ids.length; i++) addComponent(world, B, ids[i]);
}

function removeB(s: State): void {
  const world = s.world;
  const B = s.B;
  const ids = s.qb(world);
  for (let i = 0; i < ids.length; i++) removeComponent(world, B, ids[i]);
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    const world = createWorld();
    const A = tag();
    const B = tag();
    for (let i = 0; i < N; i++) addComponent(world, A, addEntity(world));
    return { world, B, qa: defineQuery([A]), qb: defineQuery([B]) };
  },
  step(s) {
    addB(s);
    removeB(s);
  },
  stages: [addB, removeB],
  read: (s) => ({
    entities: getAllEntities(s.world).length,
    countA: s.qa(s.world).length,
    countB: s.qb(s.world).length,
  }),
};
