// simple_iter in Koota: three systems, each world.query(ref).useStores(...) over two traits
// swapping their stores' values, indexed by entity.id().
import { createQuery, createWorld, type Entity, trait, type World } from "koota";
import { N, type Readout } from "../../scenarios/simple_iter.js";
import type { Implementation } from "../../spec.js";
import { entityCount, storesOf, sumOver, type ValueStore } from "./read.js";

const A = trait({ value: 0 });
const B = trait({ value: 0 });
const C = trait({ value: 0 });
const D = trait({ value: 0 });
const E = trait({ value: 0 });
const qab = createQuery(A, B);
const qcd = createQuery(C, D);
const qce = createQuery(C, E);
const qc = createQuery(C);

interface State {
  readonly world: World;
}

function swapABStores([a, b]: [ValueStore, ValueStore], entities: readonly Entity[]): void {
  const x = a.value;
  const y = b.value;
  for (let i = 0; i < entities.length; i++) {
    const id = entities[i].id();
    const t = x[id];
    x[id] = y[id];
    y[id] = t;
  }
}

function swapCDStores([c, d]: [ValueStore, ValueStore], entities: readonly Entity[]): void {
  const x = c.value;
  const y = d.value;
  for (let i = 0; i < entities.length; i++) {
    const id = entities[i].id();
    const t = x[id];
    x[id] = y[id];
    y[id] = t;
  }
}

function swapCEStores([c, e]: [ValueStore, ValueStore], entities: readonly Entity[]): void {
  const x = c.value;
  const y = e.value;
  for (let i = 0; i < entities.length; i++) {
    const id = entities[i].id();
    const t = x[id];
    x[id] = y[id];
    y[id] = t;
  }
}

function swapAB(s: State): void {
  s.world.query(qab).useStores(swapABStores);
}

function swapCD(s: State): void {
  s.world.query(qcd).useStores(swapCDStores);
}

function swapCE(s: State): void {
  s.world.query(qce).useStores(swapCEStores);
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    const world = createWorld();
    for (let i = 0; i < N; i++) world.spawn(A({ value: 1 }), B({ value: 2 }));
    for (let i = 0; i < N; i++) world.spawn(A({ value: 1 }), B({ value: 2 }), C({ value: 3 }));
    for (let i = 0; i < N; i++) world.spawn(A({ value: 1 }), B({ value: 2 }), C({ value: 3 }), D({ value: 4 }));
    for (let i = 0; i < N; i++) world.spawn(A({ value: 1 }), B({ value: 2 }), C({ value: 3 }), E({ value: 5 }));
    return { world };
  },
  step(s) {
    swapAB(s);
    swapCD(s);
    swapCE(s);
  },
  stages: [swapAB, swapCD, swapCE],
  read(s) {
    const ab = storesOf(s.world.query(qab));
    const c = storesOf(s.world.query(qc));
    const cd = storesOf(s.world.query(qcd));
    const ce = storesOf(s.world.query(qce));
    return {
      entities: entityCount(s.world),
      countAB: ab.entities.length,
      sumA: sumOver(ab.entities, ab.stores[0].value),
      sumB: sumOver(ab.entities, ab.stores[1].value),
      sumC: sumOver(c.entities, c.stores[0].value),
      sumD: sumOver(cd.entities, cd.stores[1].value),
      sumE: sumOver(ce.entities, ce.stores[1].value),
    };
  },
};
