// migrate_100k in javelin: world.attach(e, component(Velocity, 1, 1)) per entity of
// (Position, not Velocity), world.detach(e, Velocity) per entity of (Position, Velocity).
// Ops apply at the next tick, so one op is two ticks (see notes.ts); setup runs the first
// tick (addVelocity queues the attaches), so each step applies the attaches
// (removeVelocity queues the detaches), then the detaches (addVelocity queues the next).
import { query, type World } from "@javelin/ecs";
import { N, type Readout } from "../../scenarios/migrate_100k.js";
import type { Implementation } from "../../spec.js";
import { count, countAndSum, Position, populated, readX, twoTicks, Velocity, type WorldState } from "./world.js";

const qMoving = query(Position, Velocity);
const qStill = query(Position).not(Velocity);
const qVelocity = query(Velocity);
const qPosition = query(Position);

function addVelocity(world: World<null>): void {
  for (const [entities] of qStill) {
    for (let i = 0; i < entities.length; i++) world.attach(entities[i], world.component(Velocity, 1, 1));
  }
}
function removeVelocity(world: World<null>): void {
  for (const [entities] of qMoving) {
    for (let i = 0; i < entities.length; i++) world.detach(entities[i], Velocity);
  }
}

export const implementation: Implementation<WorldState, Readout> = {
  setup() {
    const world = populated(N, (w) => {
      for (let i = 0; i < N; i++) w.spawn(w.component(Position, 1, 0));
    });
    world.addSystem(addVelocity);
    world.addSystem(removeVelocity);
    world.tick(null);
    return { world };
  },
  step: twoTicks,
  read() {
    const [moving, sumVx] = countAndSum(qVelocity, readX);
    return { moving, still: count(qStill), sumVx, sumPx: countAndSum(qPosition, readX)[1] };
  },
};
