// iterate_1m in picoes: one system, world.each over position and velocity with a callback
// adding the velocity to the position.
import { World } from "picoes";
import { N, type Readout, VX, VY } from "../../scenarios/iterate_1m.js";
import type { Implementation } from "../../spec.js";
import { sumVec2, type Vec2 } from "./read.js";

interface State {
  readonly world: World;
}

function moveEach({ position, velocity }: { position: Vec2; velocity: Vec2 }): void {
  position.x += velocity.x;
  position.y += velocity.y;
}

function move(s: State): void {
  s.world.each("position", "velocity", moveEach);
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    const world = new World();
    for (let i = 0; i < N; i++) {
      world.entity().set("position", { x: 0, y: 0 }).set("velocity", { x: VX, y: VY });
    }
    return { world };
  },
  step: move,
  stages: [move],
  read(s) {
    const moving = s.world.each("position", "velocity");
    return {
      moving: moving.length,
      sumX: sumVec2(moving, "position", "x"),
      sumY: sumVec2(moving, "position", "y"),
    };
  },
};
