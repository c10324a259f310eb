// entity_cycle in Koota: world.spawn(B({ value })) per A entity inside useStores over A (a
// callback made once in setup), then entity.destroy() per entity of the B query (a query
// result is a copy, so destroying while looping over it is safe).
import { createQuery, createWorld, type Entity, trait, type World } from "koota";
import { N, type Readout } from "../../scenarios/entity_cycle.js";
import type { Implementation } from "../../spec.js";
import { entityCount, storesOf, sumOver, type ValueStore } from "./read.js";

const A = trait({ value: 0 });
const B = trait({ value: 0 });
const qa = createQuery(A);
const qb = createQuery(B);

interface State {
  readonly world: World;
  readonly spawnFromStores: (stores: [ValueStore], entities: readonly Entity[]) => void;
}

function spawnBs(s: State): void {
  s.world.query(qa).useStores(s.spawnFromStores);
}

function destroyBs(s: State): void {
  const bs = s.world.query(qb);
  for (let i = 0; i < bs.length; i++) bs[i].destroy();
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    const world = createWorld();
    for (let i = 0; i < N; i++) world.spawn(A({ value: i }));
    return {
      world,
      spawnFromStores([a], entities) {
        const v = a.value;
        for (let i = 0; i < entities.length; i++) world.spawn(B({ value: v[entities[i].id()] }));
      },
    };
  },
  step(s) {
    spawnBs(s);
    destroyBs(s);
  },
  stages: [spawnBs, destroyBs],
  read(s) {
    const a = storesOf(s.world.query(qa));
    const b = storesOf(s.world.query(qb));
    return {
      entities: entityCount(s.world),
      countA: a.entities.length,
      countB: b.entities.length,
      sumA: sumOver(a.entities, a.stores[0].value),
      sumB: sumOver(b.entities, b.stores[0].value),
    };
  },
};
