// add_remove in tick-knock: tags (strings) A and B; one system adds tag B to each entity of
// the A query, one removes it from each entity of the B query.
import { Engine, Entity, type Query } from "tick-knock";
import { N, type Readout } from "../../scenarios/add_remove.js";
import type { Implementation } from "../../spec.js";
import { countTag, query } from "./components.js";

const TAG_A = "A";
const TAG_B = "B";

interface State {
  readonly engine: Engine;
  readonly qa: Query;
  readonly qb: Query;
}

function addB(s: State): void {
  const es = s.qa.entities;
  for (let i = 0; i < es.length; i++) es[i].add(TAG_B);
}

function removeB(s: State): void {
  // Entities leave the B query as the tag goes; take from its front (measured faster than
  // the end: the query's indexOf finds the entity at once).
  const es = s.qb.entities;
  while (es.length > 0) es[0].remove(TAG_B);
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    const engine = new Engine();
    const state = { engine, qa: query(engine, TAG_A), qb: query(engine, TAG_B) };
    for (let i = 0; i < N; i++) engine.addEntity(new Entity().add(TAG_A));
    return state;
  },
  step(s) {
    addB(s);
    removeB(s);
  },
  stages: [addB, removeB],
  read: (s) => ({
    entities: s.engine.entities.length,
    countA: countTag(s.engine, TAG_A),
    countB: countTag(s.engine, TAG_B),
  }),
};
