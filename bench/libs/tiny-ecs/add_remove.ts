// add_remove in tiny-ecs: tags "a" and "b"; one system adds tag b to each entity of the a
// tag's list (manager.queryTag("a")), one removes it from each entity of the b tag's list.
import tinyEcs, { type Entity, type EntityManager } from "tiny-ecs";
import { N, type Readout } from "../../scenarios/add_remove.js";
import type { Implementation } from "../../spec.js";

interface State {
  readonly manager: EntityManager;
  readonly qa: Entity[];
  readonly qb: Entity[];
}

function addB(s: State): void {
  const es = s.qa;
  for (let i = 0; i < es.length; i++) es[i].addTag("b");
}

function removeB(s: State): void {
  // Entities leave the tag's list as the tag goes; take from its front (measured faster
  // than the end: indexOf finds the entity at once).
  const es = s.qb;
  while (es.length > 0) es[0].removeTag("b");
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    const manager = new tinyEcs.EntityManager();
    for (let i = 0; i < N; i++) manager.createEntity().addTag("a");
    return { manager, qa: manager.queryTag("a"), qb: manager.queryTag("b") };
  },
  step(s) {
    addB(s);
    removeB(s);
  },
  stages: [addB, removeB],
  read(s) {
    // The b tag's list, and the a entities that have the tag (the two must agree).
    const tagged = s.qa.filter((e) => e.hasTag("b")).length;
    if (tagged !== s.qb.length) throw new Error(`add_remove: ${tagged} a entities tagged b, ${s.qb.length} listed`);
    return { entities: s.manager.count(), countA: s.qa.length, countB: s.qb.length };
  },
};
