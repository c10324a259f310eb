// entity_cycle in perform-ecs: a system over A creates one entity with B { value: a } per
// entity of its view, one over B removes each (ecs.removeEntity, taking from the front of
// the shrinking view); the step is ecs.update().
import { type ECS, EntityViewFactory, System } from "perform-ecs";
import { N, type Readout } from "../../scenarios/entity_cycle.js";
import type { Implementation } from "../../spec.js";
import { A, B, ecsWith, register, sumOver, update } from "./components.js";

class SpawnBs extends System {
  view = EntityViewFactory.createView({ components: [A] });
  override update(): void {
    const ecs = this.ecs;
    const es = this.view.entities;
    for (let i = 0; i < es.length; i++) ecs.createEntity([{ component: B, args: [es[i].a] }]);
  }
}
class DestroyBs extends System {
  view = EntityViewFactory.createView({ components: [B] });
  override update(): void {
    const ecs = this.ecs;
    // The view's list shrinks as entities go. Taking from its front measured faster here
    // (indexOf finds the entity at once; splice shifts a 1,000-long list).
    const es = this.view.entities;
    while (es.length > 0) ecs.removeEntity(es[0]);
  }
}

interface State {
  readonly ecs: ECS;
  readonly spawn: SpawnBs;
  readonly destroy: DestroyBs;
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    register(A, B);
    const state = { spawn: new SpawnBs(), destroy: new DestroyBs() };
    const ecs = ecsWith(state.spawn, state.destroy);
    for (let i = 0; i < N; i++) ecs.createEntity([{ component: A, args: [i] }]);
    return { ecs, ...state };
  },
  step: update,
  stages: [(s) => s.spawn.update(), (s) => s.destroy.update()],
  read(s) {
    // Every entity has A or B: the two views hold them all.
    const as = s.spawn.view.entities;
    const bs = s.destroy.view.entities;
    return {
      entities: as.length + bs.length,
      countA: as.length,
      countB: bs.length,
      sumA: sumOver(as, (e) => e.a),
      sumB: sumOver(bs, (e) => e.b),
    };
  },
};
