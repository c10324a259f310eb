// migrate_100k in WolfECS: addComponent(Velocity) and { x: 1, y: 1 } on each id of the
// (Position, not Velocity) query, then removeComponent(Velocity) on each id of (Position,
// Velocity), archetypes and ids backwards.
import { all, ECS, not } from "wolf-ecs";
import { N, type Readout } from "../../scenarios/migrate_100k.js";
import type { Implementation } from "../../spec.js";
import { countOf, type Query, sumOf, type Vec2, vec2 } from "./stores.js";

interface State {
  readonly ecs: ECS;
  readonly Position: Vec2;
  readonly Velocity: Vec2;
  readonly still: Query;
  readonly moving: Query;
}

function addVelocity(s: State): void {
  const ecs = s.ecs;
  const Velocity = s.Velocity;
  const vx = Velocity.x;
  const vy = Velocity.y;
  const archetypes = s.still.a;
  for (let a = archetypes.length - 1; a >= 0; a--) {
    const ids = archetypes[a].e;
    for (let i = ids.length - 1; i >= 0; i--) {
      const e = ids[i];
      ecs.addComponent(e, Velocity);
      vx[e] = 1;
      vy[e] = 1;
    }
  }
}

function removeVelocity(s: State): void {
  const ecs = s.ecs;
  const Velocity = s.Velocity;
  const archetypes = s.moving.a;
  for (let a = archetypes.length - 1; a >= 0; a--) {
    const ids = archetypes[a].e;
    for (let i = ids.length - 1; i >= 0; i--) ecs.removeComponent(ids[i], Velocity);
  }
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    const ecs = new ECS(N);
    const Position = vec2(ecs);
    const Velocity = vec2(ecs);
    const still = ecs.createQuery(all(Position), not(Velocity));
    const s: State = { ecs, Position, Velocity, still, moving: ecs.createQuery(all(Position, Velocity)) };
    for (let i = 0; i < N; i++) {
      const e = ecs.createEntity();
      ecs.addComponent(e, Position);
      Position.x[e] = 1;
      Position.y[e] = 0;
    }
    return s;
  },
  step(s) {
    addVelocity(s);
    removeVelocity(s);
  },
  stages: [addVelocity, removeVelocity],
  read: (s) => ({
    moving: countOf(s.moving),
    still: countOf(s.still),
    sumVx: sumOf(s.moving, s.Velocity.x),
    sumPx: sumOf(s.still, s.Position.x) + sumOf(s.moving, s.Position.x),
  }),
};
