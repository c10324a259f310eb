// iterate_1m in bitECS 0.3: one system, a query made once by defineQuery([Position, Velocity])
// and a loop over the returned ids indexing the f32 stores. World and stores are sized for 1M
// ids (the default is 100,000).
import { N, type Readout, VX, VY } from "../../scenarios/iterate_1m.js";
import type { Implementation } from "../../spec.js";
import { bitecs03, type Query03, sumOver, type Vec2, vec2, type World03 } from "./stores.js";

const { addComponent, addEntity, createWorld, defineQuery } = bitecs03;

interface State {
  readonly world: World03;
  readonly Position: Vec2;
  readonly Velocity: Vec2;
  readonly moving: Query03;
}

function move(s: State): void {
  const ids = s.moving(s.world);
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
    const world = createWorld(N + 1);
    const Position = vec2(N + 1);
    const Velocity = vec2(N + 1);
    for (let i = 0; i < N; i++) {
      const e = addEntity(world);
      addComponent(world, Position, e);
      addComponent(world, Velocity, e);
      Velocity.x[e] = VX;
      Velocity.y[e] = VY;
    }
    return { world, Position, Velocity, moving: defineQuery([Position, Velocity]) };
  },
  step: move,
  stages: [move],
  read(s) {
    const ids = s.moving(s.world);
    return { moving: ids.length, sumX: sumOver(ids, s.Position.x), sumY: sumOver(ids, s.Position.y) };
  },
};
