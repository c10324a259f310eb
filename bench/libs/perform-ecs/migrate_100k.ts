// migrate_100k in perform-ecs: a system over Position adds Velocity { 1, 1 } to each entity
// (ecs.addComponentsToEntity), one over Velocity removes it (ecs.removeComponentsFromEntity,
// from the end of the shrinking view); the step is ecs.update(). Removing never takes the
// initializer out of entity.components: RemoveVelocity does (lastIndexOf + splice), and
// read() counts the initializers left for components an entity no longer has (none).
import { type ECS, EntityViewFactory, System } from "perform-ecs";
import { N, type Readout } from "../../scenarios/migrate_100k.js";
import type { Implementation } from "../../spec.js";
import { ecsWith, Position, register, sumOver, update, Velocity } from "./components.js";

/** The initializer list adding Velocity { x: 1, y: 1 } (the same for every entity). */
const ADD_VELOCITY = [{ component: Velocity, args: [1, 1] }];

class AddVelocity extends System {
  view = EntityViewFactory.createView({ components: [Position] });
  override update(): void {
    const ecs = this.ecs;
    const es = this.view.entities;
    for (let i = 0; i < es.length; i++) ecs.addComponentsToEntity(es[i], ADD_VELOCITY);
  }
}
/**
 * Views Velocity alone: adding components only offers the entity to views whose components
 * are all among the ones being added (src/ComponentGroupRegistry.ts), so a (Position,
 * Velocity) view would never see these entities.
 */
class RemoveVelocity extends System {
  view = EntityViewFactory.createView({ components: [Velocity] });
  override update(): void {
    const ecs = this.ecs;
    // The view's list shrinks as Velocity goes. Take from its end: at 1e5 a splice at the
    // front (shifting the whole list) costs more than indexOf scanning it.
    const es = this.view.entities;
    while (es.length > 0) {
      const e = es[es.length - 1];
      ecs.removeComponentsFromEntity(e, Velocity);
      // perform-ecs keeps the removed initializer in entity.components (see the top of this file).
      const list = e.components;
      list.splice(list.lastIndexOf(ADD_VELOCITY[0]), 1);
    }
  }
}

interface State {
  readonly ecs: ECS;
  readonly add: AddVelocity;
  readonly remove: RemoveVelocity;
}

export const implementation: Implementation<State, Readout & { staleInitializers: number }> = {
  setup() {
    register(Position, Velocity);
    const state = { add: new AddVelocity(), remove: new RemoveVelocity() };
    const ecs = ecsWith(state.add, state.remove);
    const p = { component: Position, args: [1, 0] };
    for (let i = 0; i < N; i++) ecs.createEntity([p]);
    return { ecs, ...state };
  },
  step: update,
  stages: [(s) => s.add.update(), (s) => s.remove.update()],
  read(s) {
    // Every entity has Position (AddVelocity's view); those with Velocity are RemoveVelocity's.
    const all = s.add.view.entities;
    const moving = s.remove.view.entities;
    return {
      moving: moving.length,
      still: all.length - moving.length,
      sumVx: sumOver(moving, (e) => e.vx),
      sumPx: sumOver(all, (e) => e.x),
      staleInitializers: sumOver(all, (e) => e.components.length) - all.length - moving.length,
    };
  },
  invariants: { staleInitializers: 0 },
};
