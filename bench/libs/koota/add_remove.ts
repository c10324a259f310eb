// add_remove in Koota: entity.add(B) per entity of the A query, then entity.remove(B) per
// entity of the B query (tags are trait()).
import { createQuery, createWorld, trait, type World } from "koota";
import { N, type Readout } from "../../scenarios/add_remove.js";
import type { Implementation } from "../../spec.js";
import { entityCount } from "./read.js";

const A = trait();
const B = trait();
const qa = createQuery(A);
const qb = createQuery(B);

interface State {
  readonly world: World;
}

function addB(s: State): void {
  const as = s.world.query(qa);
  for (let i = 0; i < as.length; i++) as[i].add(B);
}

function removeB(s: State): void {
  const bs = s.world.query(qb);
  for (let i = 0; i < bs.length; i++) bs[i].remove(B);
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    const world = createWorld();
    for (let i = 0; i < N; i++) world.spawn(A);
    return { world };
  },
  step(s) {
    addB(s);
    removeB(s);
  },
  stages: [addB, removeB],
  read: (s) => ({
    entities: entityCount(s.world),
    countA: s.world.query(qa).length,
    countB: s.world.query(qb).length,
  }),
};
