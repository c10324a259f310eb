// iterate_1m in ecsy: one system adding Velocity (getComponent) to Position
// (getMutableComponent) over its query's results; the step is world.execute(). The system is
// registered after spawning: a query built over existing entities is one linear pass, while a
// query that exists during spawning runs query.entities.indexOf(entity) per matching entity.
import { System, World } from "ecsy";
import { N, type Readout, VX, VY } from "../../scenarios/iterate_1m.js";
import type { Implementation } from "../../spec.js";
import { execute, Position, resultsOf, Velocity } from "./world.js";

class Move extends System {
  static override queries = { q: { components: [Position, Velocity] } };
  execute(): void {
    const r = this.queries.q.results;
    for (let i = 0; i < r.length; i++) {
      const e = r[i];
      const p = e.getMutableComponent(Position)!;
      const v = e.getComponent(Velocity)!;
      p.x += v.x;
      p.y += v.y;
    }
  }
}

interface State {
  readonly world: World;
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    const world = new World({ entityPoolSize: N });
    world.registerComponent(Position).registerComponent(Velocity);
    for (let i = 0; i < N; i++) {
      world.createEntity().addComponent(Position, { x: 0, y: 0 }).addComponent(Velocity, { x: VX, y: VY });
    }
    world.registerSystem(Move);
    return { world };
  },
  step: execute,
  stages: [execute],
  read(s) {
    const moving = resultsOf(s.world, Move, "q");
    let sumX = 0;
    let sumY = 0;
    for (const e of moving) {
      const p = e.getComponent(Position)!;
      sumX += p.x;
      sumY += p.y;
    }
    return { moving: moving.length, sumX, sumY };
  },
};
