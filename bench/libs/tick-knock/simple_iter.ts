// simple_iter in tick-knock: three systems, each looping over its (X, Y) query's entities
// and swapping entity.get(X).value with entity.get(Y).value.
import { Engine, Entity, type Query } from "tick-knock";
import { N, type Readout } from "../../scenarios/simple_iter.js";
import type { Implementation } from "../../spec.js";
import { A, B, C, D, E, query, sumValue } from "./components.js";

interface State {
  readonly engine: Engine;
  readonly ab: Query;
  readonly cd: Query;
  readonly ce: Query;
}

function swapAB(s: State): void {
  const es = s.ab.entities;
  for (let i = 0; i < es.length; i++) {
    const a = es[i].get(A)!;
    const b = es[i].get(B)!;
    const x = a.value;
    a.value = b.value;
    b.value = x;
  }
}
function swapCD(s: State): void {
  const es = s.cd.entities;
  for (let i = 0; i < es.length; i++) {
    const c = es[i].get(C)!;
    const d = es[i].get(D)!;
    const x = c.value;
    c.value = d.value;
    d.value = x;
  }
}
function swapCE(s: State): void {
  const es = s.ce.entities;
  for (let i = 0; i < es.length; i++) {
    const c = es[i].get(C)!;
    const e = es[i].get(E)!;
    const x = c.value;
    c.value = e.value;
    e.value = x;
  }
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    const engine = new Engine();
    const state = { engine, ab: query(engine, A, B), cd: query(engine, C, D), ce: query(engine, C, E) };
    for (let i = 0; i < N; i++) engine.addEntity(new Entity().add(new A(1)).add(new B(2)));
    for (let i = 0; i < N; i++) engine.addEntity(new Entity().add(new A(1)).add(new B(2)).add(new C(3)));
    for (let i = 0; i < N; i++) {
      engine.addEntity(new Entity().add(new A(1)).add(new B(2)).add(new C(3)).add(new D(4)));
    }
    for (let i = 0; i < N; i++) {
      engine.addEntity(new Entity().add(new A(1)).add(new B(2)).add(new C(3)).add(new E(5)));
    }
    return state;
  },
  step(s) {
    swapAB(s);
    swapCD(s);
    swapCE(s);
  },
  stages: [swapAB, swapCD, swapCE],
  read: (s) => ({
    entities: s.engine.entities.length,
    countAB: s.ab.length,
    sumA: sumValue(s.engine, A).sum,
    sumB: sumValue(s.engine, B).sum,
    sumC: sumValue(s.engine, C).sum,
    sumD: sumValue(s.engine, D).sum,
    sumE: sumValue(s.engine, E).sum,
  }),
};
