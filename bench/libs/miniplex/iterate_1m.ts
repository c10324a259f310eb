// iterate_1m in miniplex: one system, a for...of over the (position, velocity) query adding
// velocity to position in place.
import { type Query, type With, World } from "miniplex";
import { N, type Readout, VX, VY } from "../../scenarios/iterate_1m.js";
import type { Implementation } from "../../spec.js";
import type { Body } from "./entities.js";

interface State {
  readonly moving: Query<With<Body, "position" | "velocity">>;
}

function move(s: State): void {
  for (const e of s.moving) {
    const p = e.position;
    const v = e.velocity;
    p.x += v.x;
    p.y += v.y;
  }
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    const world = new World<Body>();
    const moving = world.with("position", "velocity");
    for (let i = 0; i < N; i++) world.add({ position: { x: 0, y: 0 }, velocity: { x: VX, y: VY } });
    return { moving };
  },
  step: move,
  stages: [move],
  read(s) {
    let moving = 0;
    let sumX = 0;
    let sumY = 0;
    for (const e of s.moving) {
      moving++;
      sumX += e.position.x;
      sumY += e.position.y;
    }
    return { moving, sumX, sumY };
  },
};
