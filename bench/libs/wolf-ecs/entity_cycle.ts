// entity_cycle in WolfECS: createEntity + addComponent(B) per id of the A query (B.value =
// A.value), then destroyEntity on each id of the B query, archetypes and ids backwards.
import { all, ECS } from "wolf-ecs";
import { N, type Readout } from "../../scenarios/entity_cycle.js";
import type { Implementation } from "../../spec.js";
import { countOf, everything, type I32, i32, type Query, sumOf } from "./stores.js";

interface State {
  readonly ecs: ECS;
  readonly A: I32;
  readonly B: I32;
  readonly qa: Query;
  readonly qb: Query;
  readonly everything: Query;
}

function spawnBs(s: State): void {
  const ecs = s.ecs;
  const av = s.A.value;
  const B = s.B;
  const bv = B.value;
  const archetypes = s.qa.a;
  for (let a = 0; a < archetypes.length; a++) {
    const ids = archetypes[a].e;
    for (let i = ids.length - 1; i >= 0; i--) {
      const e = ecs.createEntity();
      ecs.addComponent(e, B);
      bv[e] = av[ids[i]];
    }
  }
}

function destroyBs(s: State): void {
  const ecs = s.ecs;
  const archetypes = s.qb.a;
  for (let a = archetypes.length - 1; a >= 0; a--) {
    const ids = archetypes[a].e;
    for (let i = ids.length - 1; i >= 0; i--) ecs.destroyEntity(ids[i]);
  }
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    const ecs = new ECS(2 * N);
    const A = i32(ecs);
    const B = i32(ecs);
    const qa = ecs.createQuery(all(A));
    const s: State = { ecs, A, B, qa, qb: ecs.createQuery(all(B)), everything: everything(ecs, A) };
    for (let i = 0; i < N; i++) {
      const e = ecs.createEntity();
      ecs.addComponent(e, A);
      A.value[e] = i;
    }
    return s;
  },
  step(s) {
    spawnBs(s);
    destroyBs(s);
  },
  stages: [spawnBs, destroyBs],
  read: (s) => ({
    entities: countOf(s.everything),
    countA: countOf(s.qa),
    countB: countOf(s.qb),
    sumA: sumOf(s.qa, s.A.value),
    sumB: sumOf(s.qb, s.B.value),
  }),
};
