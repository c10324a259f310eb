// entity_cycle in bitECS 0.3: addEntity plus addComponent(world, B, e) per id of the A query,
// then removeEntity per id of the B query (deferred from queries until the next query call).
// bitECS 0.3 reuses removed ids only once more than 1% of the global size (1,000 of 100,000)
// are waiting, so ids stay below ~4,000: the stores have the default size, 100,000.
import { N, type Readout } from "../../scenarios/entity_cycle.js";
import type { Implementation } from "../../spec.js";
import { bitecs03, type I32, i32, type Query03, sumOver, type World03 } from "./stores.js";

const { addComponent, addEntity, createWorld, defineQuery, getAllEntities, removeEntity } = bitecs03;

interface State {
  readonly world: World03;
  readonly A: I32;
  readonly B: I32;
  readonly qa: Query03;
  readonly qb: Query03;
}

function spawnBs(s: State): void {
  const world = s.world;
  const a = s.A.value;
  const B = s.B;
  const b = B.value;
  const ids = s.qa(world);
  for (let i = 0; i < ids.length; i++) {
    const e = addEntity(world);
    addComponent(world, B, e);
    b[e] = a[ids[i]];
  }
}

function destroyBs(s: State): void {
  const world = s.world;
  const ids = s.qb(world);
  for (let i = 0; i < ids.length; i++) removeEntity(world, ids[i]);
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    const world = createWorld();
    const A = i32(100_000);
    const B = i32(100_000);
    for (let i = 0; i < N; i++) {
      const e = addEntity(world);
      addComponent(world, A, e);
      A.value[e] = i;
    }
    return { world, A, B, qa: defineQuery([A]), qb: defineQuery([B]) };
  },
  step(s) {
    spawnBs(s);
    destroyBs(s);
  },
  stages: [spawnBs, destroyBs],
  read(s) {
    const as = s.qa(s.world);
    const bs = s.qb(s.world);
    return {
      entities: getAllEntities(s.world).length,
      countA: as.length,
      countB: bs.length,
      sumA: sumOver(as, s.A.value),
      sumB: sumOver(bs, s.B.value),
    };
  },
};
