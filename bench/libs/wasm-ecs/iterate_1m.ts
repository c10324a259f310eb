// iterate_1m in wasm-ecs, as the README's first loop: for each table of the query, the views
// of t.columns(Position) and t.columns(Velocity), rows 0 .. t.count - 1.
import { component, createWorld, type Query } from "wasm-ecs";
import { sumOf } from "../../check.js";
import { N, type Readout, VX, VY } from "../../scenarios/iterate_1m.js";
import type { Implementation } from "../../spec.js";

const Position = component("Position", { x: "f32", y: "f32" });
const Velocity = component("Velocity", { x: "f32", y: "f32" });

interface State {
  readonly moving: Query;
}

function move(s: State): void {
  for (const t of s.moving) {
    const p = t.columns(Position);
    const v = t.columns(Velocity);
    for (let i = 0; i < t.count; i++) {
      p.x[i] += v.x[i];
      p.y[i] += v.y[i];
    }
  }
}

export const implementation: Implementation<State, Readout> = {
  async setup() {
    const world = await createWorld({ components: [Position, Velocity], initialEntities: N });
    world.spawnMany(N, Position, Velocity.with({ x: VX, y: VY }));
    return { moving: world.query({ all: [Position, Velocity] }) };
  },
  step: move,
  stages: [move],
  read: (s) => ({
    moving: s.moving.count(),
    sumX: sumOf(s.moving, (t) => t.columns(Position).x),
    sumY: sumOf(s.moving, (t) => t.columns(Position).y),
  }),
};
