// iterate_1m in wasm-ecs with change detection on: Position is tracked (a `changed` filter
// exists), the system writes through t.write(Position) and reads t.read(Velocity) (the
// README's system loop), and a reader counts the changed rows each step.
import { component, createWorld, type Query } from "wasm-ecs";
import { sumOf } from "../../check.js";
import { N, type Readout, VX, VY } from "../../scenarios/iterate_1m.js";
import type { Implementation } from "../../spec.js";

const Position = component("Position", { x: "f32", y: "f32" });
const Velocity = component("Velocity", { x: "f32", y: "f32" });

interface State {
  readonly moving: Query;
  readonly changed: Query;
}

function moveTracked(s: State): void {
  for (const t of s.moving) {
    const p = t.write(Position);
    const v = t.read(Velocity);
    for (let i = 0; i < t.count; i++) {
      p.x[i] += v.x[i];
      p.y[i] += v.y[i];
    }
  }
  if (s.changed.count() !== N) throw new Error("iterate_1m (change detection): every row should be changed");
}

export const implementation: Implementation<State, Readout> = {
  variant: "change detection",
  async setup() {
    const world = await createWorld({ components: [Position, Velocity], initialEntities: N });
    world.spawnMany(N, Position, Velocity.with({ x: VX, y: VY }));
    const changed = world.query({ all: [Position], changed: [Position] });
    changed.count();
    return { moving: world.query({ all: [Position, Velocity] }), changed };
  },
  step: moveTracked,
  stages: [moveTracked],
  read: (s) => ({
    moving: s.moving.count(),
    sumX: sumOf(s.moving, (t) => t.read(Position).x),
    sumY: sumOf(s.moving, (t) => t.read(Position).y),
  }),
};
