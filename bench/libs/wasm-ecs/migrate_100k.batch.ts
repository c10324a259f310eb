// migrate_100k in wasm-ecs, batch form: addMany(query, Velocity, values) on the entities
// without Velocity, then removeMany(query, Velocity) on those with it (whole tables move at
// once). The per-entity form, as the peers write it, is migrate_100k.ts.
import { component, createWorld, type Query, type World } from "wasm-ecs";
import { sumOf } from "../../check.js";
import { N, type Readout } from "../../scenarios/migrate_100k.js";
import type { Implementation } from "../../spec.js";

const Position = component("Position", { x: "f32", y: "f32" });
const Velocity = component("Velocity", { x: "f32", y: "f32" });

interface State {
  readonly world: World;
  readonly still: Query;
  readonly moving: Query;
}

function addVelocity(s: State): void {
  s.world.addMany(s.still, Velocity, { x: 1, y: 1 });
}

function removeVelocity(s: State): void {
  s.world.removeMany(s.moving, Velocity);
}

export const implementation: Implementation<State, Readout> = {
  variant: "batch",
  async setup() {
    const world = await createWorld({ components: [Position, Velocity], initialEntities: N });
    world.spawnMany(N, Position.with({ x: 1 }));
    const still = world.query({ all: [Position], none: [Velocity] });
    return { world, still, moving: world.query({ all: [Position, Velocity] }) };
  },
  step(s) {
    addVelocity(s);
    removeVelocity(s);
  },
  stages: [addVelocity, removeVelocity],
  read: (s) => ({
    moving: s.moving.count(),
    still: s.still.count(),
    sumVx: sumOf(s.moving, (t) => t.columns(Velocity).x),
    sumPx: sumOf(s.still, (t) => t.columns(Position).x) + sumOf(s.moving, (t) => t.columns(Position).x),
  }),
};
