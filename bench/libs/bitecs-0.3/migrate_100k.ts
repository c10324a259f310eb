// migrate_100k in bitECS 0.3: addComponent(world, Velocity, e) plus the store writes per id of
// the (Position, Not(Velocity)) query, then removeComponent per id of the (Position, Velocity)
// query (removeComponent zeroes the store, the 0.3 default).
import { N, type Readout } from "../../scenarios/migrate_100k.js";
import type { Implementation } from "../../spec.js";
import { bitecs03, type Query03, sumOver, type Vec2, vec2, type World03 } from "./stores.js";

const { addComponent, addEntity, createWorld, defineQuery, Not, removeComponent } = bitecs03;

interface State {
  readonly world: World03;
  readonly Position: Vec2;
  readonly Velocity: Vec2;
  readonly still: Query03;
  readonly moving: Query03;
}

function addVelocity(s: State): void {
  const world = s.world;
  const Velocity = s.Velocity;
  const vx = Velocity.x;
  const vy = Velocity.y;
  const ids = s.still(world);
  for (let i = 0; i < ids.length; i++) {
    const e = ids[i];
    addComponent(world, Velocity, e);
    vx[e] = 1;
    vy[e] = 1;
  }
}

function removeVelocity(s: State): void {
  const world = s.world;
  const Velocity = s.Velocity;
  const ids = s.moving(world);
  for (let i = 0; i < ids.length; i++) removeComponent(world, Velocity, ids[i]);
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    const world = createWorld(N + 1);
    const Position = vec2(N + 1);
    const Velocity = vec2(N + 1);
    for (let i = 0; i < N; i++) {
      const e = addEntity(world);
      addComponent(world, Position, e);
      Position.x[e] = 1;
    }
    const still = defineQuery([Position, Not(Velocity)]);
    return { world, Position, Velocity, still, moving: defineQuery([Position, Velocity]) };
  },
  step(s) {
    addVelocity(s);
    removeVelocity(s);
  },
  stages: [addVelocity, removeVelocity],
  read(s) {
    const moving = s.moving(s.world);
    const still = s.still(s.world);
    const px = s.Position.x;
    const sumPx = sumOver(still, px) + sumOver(moving, px);
    return { moving: moving.length, still: still.length, sumVx: sumOver(moving, s.Velocity.x), sumPx };
  },
};
