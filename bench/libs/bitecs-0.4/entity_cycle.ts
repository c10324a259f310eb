// entity_cycle in bitECS 0.4: addEntity(world, B) per A id of query(world, [A]), then
// removeEntity per B id (deferred from queries until the next query() call). Ids are
// recycled, so stores of 2N ids cover the cycle.
import { addEntity, createWorld, getAllEntities, type QueryTerm, query, removeEntity, type World } from "bitecs";
import { N, type Readout } from "../../scenarios/entity_cycle.js";
import type { Implementation } from "../../spec.js";
import { type I32, i32, sumOver } from "./stores.js";

interface State {
  readonly world: World;
  readonly A: I32;
  readonly B: I32;
  readonly qa: QueryTerm[];
  readonly qb: QueryTerm[];
}

function spawnBs(s: State): void {
  const world = s.world;
  const a = s.A.value;
  const B = s.B;
  const b = B.value;
  const ids = query(world, s.qa);
  for (let i = 0; i < ids.length; i++) {
    const e = addEntity(world, B);
    b[e] = a[ids[i]];
  }
}

function destroyBs(s: State): void {
  const world = s.world;
  const ids = query(world, s.qb);
  for (let i = 0; i < ids.length; i++) removeEntity(world, ids[i]);
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    const world = createWorld();
    const A = i32(2 * N);
    const B = i32(2 * N);
    for (let i = 0; i < N; i++) {
      const e = addEntity(world, A);
      A.value[e] = i;
    }
    return { world, A, B, qa: [A], qb: [B] };
  },
  step(s) {
    spawnBs(s);
    destroyBs(s);
  },
  stages: [spawnBs, destroyBs],
  read(s) {
    const as = query(s.world, s.qa);
    const bs = query(s.world, s.qb);
    const entities = getAllEntities(s.world).length;
    return {
      entities,
      countA: as.length,
      countB: bs.length,
      sumA: sumOver(as, s.A.value),
      sumB: sumOver(bs, s.B.value),
    };
  },
};
