// add_remove in perform-ecs: a system over TagA adds TagB to each entity
// (ecs.addComponentsToEntity), one over TagB removes it (ecs.removeComponentsFromEntity,
// from the front of the shrinking view); the step is ecs.update(). Removing never takes the
// initializer out of entity.components: RemoveB does (lastIndexOf + splice on a 2-element
// array), and read() counts the initializers left for components an entity no longer has.
import { type ECS, EntityViewFactory, System } from "perform-ecs";
import { N, type Readout } from "../../scenarios/add_remove.js";
import type { Implementation } from "../../spec.js";
import { ecsWith, register, sumOver, TagA, TagB, update } from "./components.js";

/** The initializer list adding TagB (one constant list: it carries no per-entity data). */
const ADD_TAG_B = [{ component: TagB, args: [] }];

class AddB extends System {
  view = EntityViewFactory.createView({ components: [TagA] });
  override update(): void {
    const ecs = this.ecs;
    const es = this.view.entities;
    for (let i = 0; i < es.length; i++) ecs.addComponentsToEntity(es[i], ADD_TAG_B);
  }
}
class RemoveB extends System {
  view = EntityViewFactory.createView({ components: [TagB] });
  override update(): void {
    const ecs = this.ecs;
    // The view's list shrinks as B goes; take from its front (as in entity_cycle's DestroyBs).
    const es = this.view.entities;
    while (es.length > 0) {
      const e = es[0];
      ecs.removeComponentsFromEntity(e, TagB);
      // perform-ecs keeps the removed initializer in entity.components (see the top of this file).
      const list = e.components;
      list.splice(list.lastIndexOf(ADD_TAG_B[0]), 1);
    }
  }
}

interface State {
  readonly ecs: ECS;
  readonly add: AddB;
  readonly remove: RemoveB;
}

export const implementation: Implementation<State, Readout & { staleInitializers: number }> = {
  setup() {
    register(TagA, TagB);
    const state = { add: new AddB(), remove: new RemoveB() };
    const ecs = ecsWith(state.add, state.remove);
    for (let i = 0; i < N; i++) ecs.createEntity([{ component: TagA, args: [] }]);
    return { ecs, ...state };
  },
  step: update,
  stages: [(s) => s.add.update(), (s) => s.remove.update()],
  read(s) {
    // Every entity has TagA: its view holds them all.
    const as = s.add.view.entities;
    const bs = s.remove.view.entities;
    const staleInitializers = sumOver(as, (e) => e.components.length) - as.length - bs.length;
    return { entities: as.length, countA: as.length, countB: bs.length, staleInitializers };
  },
  invariants: { staleInitializers: 0 },
};
