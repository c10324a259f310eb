// packed_5 in tick-knock: five systems, each a plain function looping over its query's
// entities (QueryBuilder().contains(X), added to the engine) doubling entity.get(X).value.
import { Engine, Entity, type Query } from "tick-knock";
import { N, type Readout } from "../../scenarios/packed_5.js";
import type { Implementation } from "../../spec.js";
import { A, B, C, D, E, query, sumValue } from "./components.js";

interface State {
  readonly engine: Engine;
  readonly qa: Query;
  readonly qb: Query;
  readonly qc: Query;
  readonly qd: Query;
  readonly qe: Query;
}

function doubleA(s: State): void {
  const es = s.qa.entities;
  for (let i = 0; i < es.length; i++) es[i].get(A)!.value *= 2;
}
function doubleB(s: State): void {
  const es = s.qb.entities;
  for (let i = 0; i < es.length; i++) es[i].get(B)!.value *= 2;
}
function doubleC(s: State): void {
  const es = s.qc.entities;
  for (let i = 0; i < es.length; i++) es[i].get(C)!.value *= 2;
}
function doubleD(s: State): void {
  const es = s.qd.entities;
  for (let i = 0; i < es.length; i++) es[i].get(D)!.value *= 2;
}
function doubleE(s: State): void {
  const es = s.qe.entities;
  for (let i = 0; i < es.length; i++) es[i].get(E)!.value *= 2;
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    const engine = new Engine();
    const state = {
      engine,
      qa: query(engine, A),
      qb: query(engine, B),
      qc: query(engine, C),
      qd: query(engine, D),
      qe: query(engine, E),
    };
    for (let i = 0; i < N; i++) {
      engine.addEntity(new Entity().add(new A(1)).add(new B(1)).add(new C(1)).add(new D(1)).add(new E(1)));
    }
    return state;
  },
  step(s) {
    doubleA(s);
    doubleB(s);
    doubleC(s);
    doubleD(s);
    doubleE(s);
  },
  stages: [doubleA, doubleB, doubleC, doubleD, doubleE],
  read: (s) => ({
    entities: s.engine.entities.length,
    countA: s.qa.length,
    countB: s.qb.length,
    countC: s.qc.length,
    countD: s.qd.length,
    countE: s.qe.length,
    sumA: sumValue(s.engine, A).sum,
    sumB: sumValue(s.engine, B).sum,
    sumC: sumValue(s.engine, C).sum,
    sumD: sumValue(s.engine, D).sum,
    sumE: sumValue(s.engine, E).sum,
  }),
};
