// iterate_1m in bitECS 0.4: one system, query(world, [Position, Velocity]) and a loop over
// the returned ids indexing the f32 stores.
import { addEntity, createWorld, type QueryTerm, query, type World } from "bitecs";
import { N, type Readout, VX, VY } from "../../scenarios/iterate_1m.js";
import type { Implementation } from "../../spec.js";
import { sumOver, type Vec2, vec2 } from "./stores.js";

interface State {
  readonly world: World;
  readonly Position: Vec2;
  readonly Velocity: Vec2;
  readonly moving: QueryTerm[];
}

function move(s: State): void {
  const ids = query(s.world, s.moving);
  const px = s.Position.x;
  const py = s.Position.y;
  const vx = s.Velocity.x;
  const vy = s.Velocity.y;
  for (let i = 0; i < ids.length; i++) {
    const e = ids[i];
    px[e] += vx[e];
    py[e] += vy[e];
  }
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    const world = createWorld();
    const Position = vec2(N);
    const Velocity = vec2(N);
    for (let i = 0; i < N; i++) {
      const e = addEntity(world, Position, Velocity);
      Velocity.x[e] = VX;
      Velocity.y[e] = VY;
    }
    return { world, Position, Velocity, moving: [Position, Velocity] };
  },
  step: move,
  stages: [move],
  read(s) {
    const ids = query(s.world, s.moving);
    return { moving: ids.length, sumX: sumOver(ids, s.Position.x), sumY: sumOver(ids, s.Position.y) };
  },
};
