// frag_iter in Koota: world.query(ref).useStores(...) over Data, then over Z, indexing each
// store by entity.id() (Koota queries are sets of entities, not archetype tables).
import { createQuery, createWorld, type Entity, trait, type World } from "koota";
import { PER_TYPE, type Readout, TYPES } from "../../scenarios/frag_iter.js";
import type { Implementation } from "../../spec.js";
import { entityCount, storesOf, sumOver, type ValueStore } from "./read.js";

const Letters = Array.from({ length: TYPES }, () => trait({ value: 0 }));
const Data = trait({ value: 0 });
const qData = createQuery(Data);
const qZ = createQuery(Letters[25]);
const qY = createQuery(Letters[24]);

interface State {
  readonly world: World;
}

function doubleDataStores([data]: [ValueStore], entities: readonly Entity[]): void {
  const v = data.value;
  for (let i = 0; i < entities.length; i++) v[entities[i].id()] *= 2;
}

function doubleZStores([z]: [ValueStore], entities: readonly Entity[]): void {
  const v = z.value;
  for (let i = 0; i < entities.length; i++) v[entities[i].id()] *= 2;
}

function doubleData(s: State): void {
  s.world.query(qData).useStores(doubleDataStores);
}

function doubleZ(s: State): void {
  s.world.query(qZ).useStores(doubleZStores);
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    const world = createWorld();
    for (const Letter of Letters) {
      for (let i = 0; i < PER_TYPE; i++) world.spawn(Letter({ value: 1 }), Data({ value: 1 }));
    }
    return { world };
  },
  step(s) {
    doubleData(s);
    doubleZ(s);
  },
  stages: [doubleData, doubleZ],
  read(s) {
    const data = storesOf(s.world.query(qData));
    const z = storesOf(s.world.query(qZ));
    const y = storesOf(s.world.query(qY));
    return {
      entities: entityCount(s.world),
      countData: data.entities.length,
      sumData: sumOver(data.entities, data.stores[0].value),
      sumZ: sumOver(z.entities, z.stores[0].value),
      sumY: sumOver(y.entities, y.stores[0].value),
    };
  },
};
