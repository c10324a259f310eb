// iterate_1m in ape-ecs: one system adding entity.c.velocity to entity.c.position over a
// persisted (Position, Velocity) query; the step is world.runSystems("frame") then
// world.tick().
import type { Query } from "ape-ecs";
import { N, type Readout, VX, VY } from "../../scenarios/iterate_1m.js";
import type { Implementation } from "../../spec.js";
import { frame, Position, System, Velocity, World } from "./world.js";

class Move extends System {
  declare q: Query;
  override init(): void {
    this.q = this.createQuery().fromAll("Position", "Velocity").persist();
  }
  override update(): void {
    for (const e of this.q.execute()) {
      const c = e.c;
      const p = c.position as Position;
      const v = c.velocity as Velocity;
      p.x += v.x;
      p.y += v.y;
    }
  }
}

interface State {
  readonly world: World;
  readonly moving: Query;
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    const world = new World({ entityPool: N });
    world.registerComponent(Position, N);
    world.registerComponent(Velocity, N);
    const move: InstanceType<typeof Move> = world.registerSystem("frame", Move);
    for (let i = 0; i < N; i++) {
      world.createEntity({
        c: { position: { type: "Position", x: 0, y: 0 }, velocity: { type: "Velocity", x: VX, y: VY } },
      });
    }
    return { world, moving: move.q };
  },
  step: frame,
  stages: [frame],
  read(s) {
    s.world.updateIndexes();
    let moving = 0;
    let sumX = 0;
    let sumY = 0;
    for (const e of s.moving.execute()) {
      const p = e.c.position as Position;
      moving++;
      sumX += p.x;
      sumY += p.y;
    }
    return { moving, sumX, sumY };
  },
};
