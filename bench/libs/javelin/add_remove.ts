// add_remove in javelin: world.attach(e, component(TagB)) per entity of (TagA, not TagB),
// world.detach(e, TagB) per entity of TagB's query. Ops apply at the next tick, so one op is
// two ticks (see notes.ts); setup runs the first tick (addB queues the attaches), so each
// step applies the attaches (removeB queues the detaches), then the detaches (addB queues
// the next attaches). Tags are schema-less component types.
import { createComponentType, query, type World } from "@javelin/ecs";
import { N, type Readout } from "../../scenarios/add_remove.js";
import type { Implementation } from "../../spec.js";
import { count, liveEntities, populated, twoTicks, type WorldState } from "./world.js";

const TagA = createComponentType({ type: 50 });
const TagB = createComponentType({ type: 51 });
const qAWithoutB = query(TagA).not(TagB);
const qTagB = query(TagB);
const qTagA = query(TagA);

function addB(world: World<null>): void {
  for (const [entities] of qAWithoutB) {
    for (let i = 0; i < entities.length; i++) world.attach(entities[i], world.component(TagB));
  }
}
function removeB(world: World<null>): void {
  for (const [entities] of qTagB) for (let i = 0; i < entities.length; i++) world.detach(entities[i], TagB);
}

export const implementation: Implementation<WorldState, Readout> = {
  setup() {
    const world = populated(2 * N, (w) => {
      for (let i = 0; i < N; i++) w.spawn(w.component(TagA));
    });
    world.addSystem(addB);
    world.addSystem(removeB);
    world.tick(null);
    return { world };
  },
  step: twoTicks,
  read: (s) => ({ entities: liveEntities(s.world), countA: count(qTagA), countB: count(qTagB) }),
};
