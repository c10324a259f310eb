// iterate_1m in uecs: one system, the cached world.view(Position, Velocity).each with a
// callback adding the velocity to the position.
import { type Entity, type View, World } from "uecs";
import { N, type Readout, VX, VY } from "../../scenarios/iterate_1m.js";
import type { Implementation } from "../../spec.js";
import { Position, Velocity } from "./components.js";

interface State {
  readonly world: World;
  readonly moving: View<[typeof Position, typeof Velocity]>;
}

function moveEach(_: Entity, p: Position, v: Velocity): void {
  p.x += v.x;
  p.y += v.y;
}

function move(s: State): void {
  s.moving.each(moveEach);
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    const world = new World();
    for (let i = 0; i < N; i++) world.create(new Position(0, 0), new Velocity(VX, VY));
    return { world, moving: world.view(Position, Velocity) };
  },
  step: move,
  stages: [move],
  read(s) {
    // Position.x, .y and the entities with Position and Velocity, through world.all().
    let x = 0;
    let y = 0;
    let count = 0;
    for (const e of s.world.all()) {
      const p = s.world.get(e, Position);
      if (p === undefined || !s.world.has(e, Velocity)) continue;
      x += p.x;
      y += p.y;
      count++;
    }
    return { moving: count, sumX: x, sumY: y };
  },
};
