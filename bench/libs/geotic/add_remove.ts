// add_remove in geotic: entity.add(TagB) per entity of the A query, then
// entity.remove(entity.tagB) per entity of the B query, walking its array backwards (it
// shrinks as entities leave). Tags are components without properties (README: `IsFrozen`).
import { Component, type Entity, type Query, type World } from "geotic";
import { N, type Readout } from "../../scenarios/add_remove.js";
import type { Implementation } from "../../spec.js";
import { count, liveQuery, worldOf } from "./components.js";

class TagA extends Component {}
class TagB extends Component {}
interface HasTagB extends Entity {
  readonly tagB: TagB;
}

interface State {
  readonly world: World;
  readonly qa: Query;
  readonly qb: Query;
}

function addB(s: State): void {
  const r = s.qa.get();
  for (let i = 0; i < r.length; i++) r[i].add(TagB);
}

function removeB(s: State): void {
  const r = s.qb.get() as HasTagB[];
  for (let i = r.length - 1; i >= 0; i--) r[i].remove(r[i].tagB);
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    const world = worldOf(TagA, TagB);
    const s: State = { world, qa: liveQuery(world, [TagA]), qb: liveQuery(world, [TagB]) };
    for (let i = 0; i < N; i++) world.createEntity().add(TagA);
    return s;
  },
  step(s) {
    addB(s);
    removeB(s);
  },
  stages: [addB, removeB],
  read: (s) => ({ entities: count(s.world), countA: s.qa.get().length, countB: s.qb.get().length }),
};
