// entity_cycle in tick-knock: engine.addEntity(new Entity().add(new B(value))) per entity of
// the A query, then engine.removeEntity on each entity of the B query.
import { Engine, Entity, type Query } from "tick-knock";
import { N, type Readout } from "../../scenarios/entity_cycle.js";
import type { Implementation } from "../../spec.js";
import { A, B, query, sumValue } from "./components.js";

interface State {
  readonly engine: Engine;
  readonly qa: Query;
  readonly qb: Query;
}

function spawnBs(s: State): void {
  const engine = s.engine;
  const es = s.qa.entities;
  for (let i = 0; i < es.length; i++) engine.addEntity(new Entity().add(new B(es[i].get(A)!.value)));
}

function destroyBs(s: State): void {
  const engine = s.engine;
  // The query's list shrinks as entities leave the engine; take from its end (measured
  // faster than the front here).
  const es = s.qb.entities;
  while (es.length > 0) engine.removeEntity(es[es.length - 1]);
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    const engine = new Engine();
    const state = { engine, qa: query(engine, A), qb: query(engine, B) };
    for (let i = 0; i < N; i++) engine.addEntity(new Entity().add(new A(i)));
    return state;
  },
  step(s) {
    spawnBs(s);
    destroyBs(s);
  },
  stages: [spawnBs, destroyBs],
  read: (s) => ({
    entities: s.engine.entities.length,
    countA: s.qa.length,
    countB: s.qb.length,
    sumA: sumValue(s.engine, A).sum,
    sumB: sumValue(s.engine, B).sum,
  }),
};
