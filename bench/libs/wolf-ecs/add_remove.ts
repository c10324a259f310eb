// add_remove in WolfECS: tags A and B (defineComponent()); addComponent(B) on each id of the
// A query, then removeComponent(B) on each id of the B query, archetypes and ids backwards.
import { all, ECS } from "wolf-ecs";
import { N, type Readout } from "../../scenarios/add_remove.js";
import type { Implementation } from "../../spec.js";
import { countOf, everything, type Query, type Tag } from "./stores.js";

interface State {
  readonly ecs: ECS;
  readonly B: Tag;
  readonly qa: Query;
  readonly qb: Query;
  readonly everything: Query;
}

function addB(s: State): void {
  const ecs = s.ecs;
  const B = s.B;
  const archetypes = s.qa.a;
  for (let a = archetypes.length - 1; a >= 0; a--) {
    const ids = archetypes[a].e;
    for (let i = ids.length - 1; i >= 0; i--) ecs.addComponent(ids[i], B);
  }
}

function removeB(s: State): void {
  const ecs = s.ecs;
  const B = s.B;
  const archetypes = s.qb.a;
  for (let a = archetypes.length - 1; a >= 0; a--) {
    const ids = archetypes[a].e;
    for (let i = ids.length - 1; i >= 0; i--) ecs.removeComponent(ids[i], B);
  }
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    const ecs = new ECS(N);
    const A = ecs.defineComponent();
    const B = ecs.defineComponent();
    const qa = ecs.createQuery(all(A));
    const s: State = { ecs, B, qa, qb: ecs.createQuery(all(B)), everything: everything(ecs, A) };
    for (let i = 0; i < N; i++) ecs.addComponent(ecs.createEntity(), A);
    return s;
  },
  step(s) {
    addB(s);
    removeB(s);
  },
  stages: [addB, removeB],
  read: (s) => ({ entities: countOf(s.everything), countA: countOf(s.qa), countB: countOf(s.qb) }),
};
