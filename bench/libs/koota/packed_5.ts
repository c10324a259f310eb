// packed_5 in Koota: five systems, each world.query(ref).useStores(...) over one trait,
// indexing the store by entity.id().
import { createQuery, createWorld, type Entity, trait, type World } from "koota";
import { N, type Readout } from "../../scenarios/packed_5.js";
import type { Implementation } from "../../spec.js";
import { entityCount, storesOf, sumOver, type ValueStore } from "./read.js";

const A = trait({ value: 0 });
const B = trait({ value: 0 });
const C = trait({ value: 0 });
const D = trait({ value: 0 });
const E = trait({ value: 0 });
const qa = createQuery(A);
const qb = createQuery(B);
const qc = createQuery(C);
const qd = createQuery(D);
const qe = createQuery(E);

interface State {
  readonly world: World;
}

function doubleAStores([a]: [ValueStore], entities: readonly Entity[]): void {
  const v = a.value;
  for (let i = 0; i < entities.length; i++) v[entities[i].id()] *= 2;
}

function doubleBStores([b]: [ValueStore], entities: readonly Entity[]): void {
  const v = b.value;
  for (let i = 0; i < entities.length; i++) v[entities[i].id()] *= 2;
}

function doubleCStores([c]: [ValueStore], entities: readonly Entity[]): void {
  const v = c.value;
  for (let i = 0; i < entities.length; i++) v[entities[i].id()] *= 2;
}

function doubleDStores([d]: [ValueStore], entities: readonly Entity[]): void {
  const v = d.value;
  for (let i = 0; i < entities.length; i++) v[entities[i].id()] *= 2;
}

function doubleEStores([e]: [ValueStore], entities: readonly Entity[]): void {
  const v = e.value;
  for (let i = 0; i < entities.length; i++) v[entities[i].id()] *= 2;
}

function doubleA(s: State): void {
  s.world.query(qa).useStores(doubleAStores);
}

function doubleB(s: State): void {
  s.world.query(qb).useStores(doubleBStores);
}

function doubleC(s: State): void {
  s.world.query(qc).useStores(doubleCStores);
}

function doubleD(s: State): void {
  s.world.query(qd).useStores(doubleDStores);
}

function doubleE(s: State): void {
  s.world.query(qe).useStores(doubleEStores);
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    const world = createWorld();
    for (let i = 0; i < N; i++)
      world.spawn(A({ value: 1 }), B({ value: 1 }), C({ value: 1 }), D({ value: 1 }), E({ value: 1 }));
    return { world };
  },
  step(s) {
    doubleA(s);
    doubleB(s);
    doubleC(s);
    doubleD(s);
    doubleE(s);
  },
  stages: [doubleA, doubleB, doubleC, doubleD, doubleE],
  read(s) {
    const [a, b, c, d, e] = [qa, qb, qc, qd, qe].map((q) => storesOf(s.world.query(q)));
    return {
      entities: entityCount(s.world),
      countA: a.entities.length,
      countB: b.entities.length,
      countC: c.entities.length,
      countD: d.entities.length,
      countE: e.entities.length,
      sumA: sumOver(a.entities, a.stores[0].value),
      sumB: sumOver(b.entities, b.stores[0].value),
      sumC: sumOver(c.entities, c.stores[0].value),
      sumD: sumOver(d.entities, d.stores[0].value),
      sumE: sumOver(e.entities, e.stores[0].value),
    };
  },
};
