// iterate_1m in tiny-ecs: one system, a plain loop over the (Position, Velocity) query
// (indexed once, after spawning) adding entity.velocity to entity.position.
import tinyEcs, { type EntityManager } from "tiny-ecs";
import { N, type Readout, VX, VY } from "../../scenarios/iterate_1m.js";
import type { Implementation } from "../../spec.js";
import { Position, Velocity, type WithPosition } from "./components.js";

type Moving = WithPosition & { velocity: Velocity };

interface State {
  readonly manager: EntityManager;
  readonly moving: Moving[];
}

function move(s: State): void {
  const es = s.moving;
  for (let i = 0; i < es.length; i++) {
    const e = es[i];
    const p = e.position;
    const v = e.velocity;
    p.x += v.x;
    p.y += v.y;
  }
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    const manager = new tinyEcs.EntityManager();
    for (let i = 0; i < N; i++) {
      const e = manager.createEntity<Moving>().addComponent(Position).addComponent(Velocity);
      e.velocity.x = VX;
      e.velocity.y = VY;
    }
    // Indexed once, after spawning (indexing first would scan the list on every add).
    return { manager, moving: manager.queryComponents<Moving>([Position, Velocity]) };
  },
  step: move,
  stages: [move],
  read(s) {
    let x = 0;
    let y = 0;
    for (const e of s.moving) {
      x += e.position.x;
      y += e.position.y;
    }
    return { moving: s.moving.length, sumX: x, sumY: y };
  },
};
