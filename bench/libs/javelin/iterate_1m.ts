// iterate_1m in javelin: one system iterating the (Position, Velocity) query's records and
// adding each velocity to its position in place; the step is world.tick().
import { query } from "@javelin/ecs";
import { N, type Readout, VX, VY } from "../../scenarios/iterate_1m.js";
import type { Implementation } from "../../spec.js";
import { count, countAndSum, Position, populated, readX, readY, tick, Velocity, type WorldState } from "./world.js";

const qMoving = query(Position, Velocity);
const qPosition = query(Position);

function move(): void {
  for (const [entities, [p, v]] of qMoving) {
    for (let i = 0; i < entities.length; i++) {
      const pi = p[i];
      const vi = v[i];
      pi.x += vi.x;
      pi.y += vi.y;
    }
  }
}

export const implementation: Implementation<WorldState, Readout> = {
  setup() {
    const world = populated(N, (w) => {
      for (let i = 0; i < N; i++) w.spawn(w.component(Position, 0, 0), w.component(Velocity, VX, VY));
    });
    world.addSystem(move);
    return { world };
  },
  step: tick,
  read: () => ({
    moving: count(qMoving),
    sumX: countAndSum(qPosition, readX)[1],
    sumY: countAndSum(qPosition, readY)[1],
  }),
};
