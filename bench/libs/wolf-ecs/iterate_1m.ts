// iterate_1m in WolfECS: one system, a manual loop over the (Position, Velocity) query's
// archetypes and ids (backwards) adding the f32 velocity stores to the position stores.
import { all, ECS } from "wolf-ecs";
import { N, type Readout, VX, VY } from "../../scenarios/iterate_1m.js";
import type { Implementation } from "../../spec.js";
import { countOf, type Query, sumOf, type Vec2, vec2 } from "./stores.js";

interface State {
  readonly Position: Vec2;
  readonly Velocity: Vec2;
  readonly moving: Query;
}

function move(s: State): void {
  const px = s.Position.x;
  const py = s.Position.y;
  const vx = s.Velocity.x;
  const vy = s.Velocity.y;
  const archetypes = s.moving.a;
  for (let a = 0; a < archetypes.length; a++) {
    const ids = archetypes[a].e;
    for (let i = ids.length - 1; i >= 0; i--) {
      const e = ids[i];
      px[e] += vx[e];
      py[e] += vy[e];
    }
  }
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    const ecs = new ECS(N);
    const Position = vec2(ecs);
    const Velocity = vec2(ecs);
    const s: State = { Position, Velocity, moving: ecs.createQuery(all(Position, Velocity)) };
    for (let i = 0; i < N; i++) {
      const e = ecs.createEntity();
      ecs.addComponent(e, Position).addComponent(e, Velocity);
      Velocity.x[e] = VX;
      Velocity.y[e] = VY;
    }
    return s;
  },
  step: move,
  stages: [move],
  read: (s) => ({
    moving: countOf(s.moving),
    sumX: sumOf(s.moving, s.Position.x),
    sumY: sumOf(s.moving, s.Position.y),
  }),
};
