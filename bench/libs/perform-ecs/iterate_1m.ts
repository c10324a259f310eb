// iterate_1m in perform-ecs: one system, a view over (Position, Velocity) adding vx / vy to
// x / y on the entity objects; the step is ecs.update().
import { type ECS, EntityViewFactory, System } from "perform-ecs";
import { N, type Readout, VX, VY } from "../../scenarios/iterate_1m.js";
import type { Implementation } from "../../spec.js";
import { ecsWith, Position, register, sumOver, update, Velocity } from "./components.js";

class Move extends System {
  view = EntityViewFactory.createView({ components: [Position, Velocity] });
  override update(): void {
    const es = this.view.entities;
    for (let i = 0; i < es.length; i++) {
      const e = es[i];
      e.x += e.vx;
      e.y += e.vy;
    }
  }
}

interface State {
  readonly ecs: ECS;
  readonly move: Move;
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    register(Position, Velocity);
    const move = new Move();
    const ecs = ecsWith(move);
    const p = { component: Position, args: [0, 0] };
    const v = { component: Velocity, args: [VX, VY] };
    for (let i = 0; i < N; i++) ecs.createEntity([p, v]);
    return { ecs, move };
  },
  step: update,
  stages: [(s) => s.move.update()],
  read(s) {
    const es = s.move.view.entities;
    return { moving: es.length, sumX: sumOver(es, (e) => e.x), sumY: sumOver(es, (e) => e.y) };
  },
};
