// migrate_100k in tiny-ecs: over the Position query (no Velocity query to maintain; see the
// notes), one system adds Velocity to each entity and writes { x: 1, y: 1 }, one removes it.
import tinyEcs, { type EntityManager } from "tiny-ecs";
import { N, type Readout } from "../../scenarios/migrate_100k.js";
import type { Implementation } from "../../spec.js";
import { Position, Velocity, type WithPosition } from "./components.js";

type Migrating = WithPosition & { velocity?: Velocity };

interface State {
  readonly manager: EntityManager;
  readonly still: Migrating[];
}

function addVelocity(s: State): void {
  const es = s.still;
  for (let i = 0; i < es.length; i++) {
    const v = es[i].addComponent(Velocity).velocity!;
    v.x = 1;
    v.y = 1;
  }
}

function removeVelocity(s: State): void {
  const es = s.still;
  for (let i = 0; i < es.length; i++) es[i].removeComponent(Velocity);
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    const manager = new tinyEcs.EntityManager();
    for (let i = 0; i < N; i++) manager.createEntity<WithPosition>().addComponent(Position).position.x = 1;
    return { manager, still: manager.queryComponents<Migrating>([Position]) };
  },
  step(s) {
    addVelocity(s);
    removeVelocity(s);
  },
  stages: [addVelocity, removeVelocity],
  read(s) {
    let moving = 0;
    let vx = 0;
    let px = 0;
    for (const e of s.still) {
      // Velocity counts when the entity has it or still carries the property.
      if (e.hasComponent(Velocity) || e.velocity !== undefined) {
        moving++;
        vx += e.velocity?.x ?? 0;
      }
      px += e.position.x;
    }
    return { moving, still: s.still.length - moving, sumVx: vx, sumPx: px };
  },
};
