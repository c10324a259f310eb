// add_remove in bitECS 0.4: addComponent(world, e, B) per id of query(world, [A]), then
// removeComponent(world, e, B) per id of query(world, [B]) (tags are empty objects).
import {
  addComponent,
  addEntity,
  createWorld,
  getAllEntities,
  type QueryTerm,
  query,
  removeComponent,
  type World,
} from "bitecs";
import { N, type Readout } from "../../scenarios/add_remove.js";
import type { Implementation } from "../../spec.js";
import { type Tag, tag } from "./stores.js";

interface State {
  readonly world: World;
  readonly B: Tag;
  readonly qa: QueryTerm[];
  readonly qb: QueryTerm[];
}

function addB(s: State): void {
  const world = s.world;
  const B = s.B;
  const ids = query(world, s.qa);
  for (let i = 0; i < ids.length; i++) addComponent(world, ids[i], B);
}

function removeB(s: State): void {
  const world = s.world;
  const B = s.B;
  const ids = query(world, s.qb);
  for (let i = 0; i < ids.length; i++) removeComponent(world, ids[i], B);
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    const world = createWorld();
    const A = tag();
    const B = tag();
    for (let i = 0; i < N; i++) addEntity(world, A);
    return { world, B, qa: [A], qb: [B] };
  },
  step(s) {
    addB(s);
    removeB(s);
  },
  stages: [addB, removeB],
  read: (s) => ({
    entities: getAllEntities(s.world).length,
    countA: query(s.world, s.qa).length,
    countB: query(s.world, s.qb).length,
  }),
};
