// migrate_100k in bitECS 0.4: addComponent(world, e, Velocity) plus the store writes per id
// of query(world, [Position, Not(Velocity)]), then removeComponent per id of
// query(world, [Position, Velocity]).
import { addComponent, addEntity, createWorld, Not, type QueryTerm, query, removeComponent, type World } from "bitecs";
import { N, type Readout } from "../../scenarios/migrate_100k.js";
import type { Implementation } from "../../spec.js";
import { sumOver, type Vec2, vec2 } from "./stores.js";

interface State {
  readonly world: World;
  readonly Position: Vec2;
  readonly Velocity: Vec2;
  readonly still: QueryTerm[];
  readonly moving: QueryTerm[];
}

function addVelocity(s: State): void {
  const world = s.world;
  const Velocity = s.Velocity;
  const vx = Velocity.x;
  const vy = Velocity.y;
  const ids = query(world, s.still);
  for (let i = 0; i < ids.length; i++) {
    const e = ids[i];
    addComponent(world, e, Velocity);
    vx[e] = 1;
    vy[e] = 1;
  }
}

function removeVelocity(s: State): void {
  const world = s.world;
  const Velocity = s.Velocity;
  const ids = query(world, s.moving);
  for (let i = 0; i < ids.length; i++) removeComponent(world, ids[i], Velocity);
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    const world = createWorld();
    const Position = vec2(N);
    const Velocity = vec2(N);
    for (let i = 0; i < N; i++) {
      const e = addEntity(world, Position);
      Position.x[e] = 1;
    }
    return { world, Position, Velocity, still: [Position, Not(Velocity)], moving: [Position, Velocity] };
  },
  step(s) {
    addVelocity(s);
    removeVelocity(s);
  },
  stages: [addVelocity, removeVelocity],
  read(s) {
    const moving = query(s.world, s.moving);
    const still = query(s.world, s.still);
    const px = s.Position.x;
    const sumPx = sumOver(still, px) + sumOver(moving, px);
    return { moving: moving.length, still: still.length, sumVx: sumOver(moving, s.Velocity.x), sumPx };
  },
};
