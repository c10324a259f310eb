// entity_cycle in tiny-ecs: manager.createEntity().addComponent(B) per entity of the A
// query, setting b.value from a.value, then entity.remove() on each entity of the B query.
import tinyEcs, { type EntityManager } from "tiny-ecs";
import { N, type Readout } from "../../scenarios/entity_cycle.js";
import type { Implementation } from "../../spec.js";
import { A, B, sumOver, type WithA, type WithB } from "./components.js";

interface State {
  readonly manager: EntityManager;
  readonly qa: WithA[];
  readonly qb: WithB[];
}

function spawnBs(s: State): void {
  const manager = s.manager;
  const es = s.qa;
  for (let i = 0; i < es.length; i++) manager.createEntity<WithB>().addComponent(B).b.value = es[i].a.value;
}

function destroyBs(s: State): void {
  // The query's list shrinks as entities go; take from its end (measured faster than the
  // front here).
  const es = s.qb;
  while (es.length > 0) es[es.length - 1].remove();
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    const manager = new tinyEcs.EntityManager();
    for (let i = 0; i < N; i++) manager.createEntity<WithA>().addComponent(A).a.value = i;
    return { manager, qa: manager.queryComponents<WithA>([A]), qb: manager.queryComponents<WithB>([B]) };
  },
  step(s) {
    spawnBs(s);
    destroyBs(s);
  },
  stages: [spawnBs, destroyBs],
  read: (s) => ({
    entities: s.manager.count(),
    countA: s.qa.length,
    countB: s.qb.length,
    sumA: sumOver(s.qa, (e) => e.a),
    sumB: sumOver(s.qb, (e) => e.b),
  }),
};
