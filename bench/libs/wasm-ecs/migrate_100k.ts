// migrate_100k in wasm-ecs per entity, as the peers write it and the README shows it: in a
// loop over the entities without Velocity, world.add(e, Velocity, { x: 1, y: 1 }) per row;
// in a loop over those with it, world.remove(e, Velocity) per row. Both are deferred by the
// world until the loop ends. The batch form is migrate_100k.batch.ts.
import { component, createWorld, type Query, type World } from "wasm-ecs";
import { sumOf } from "../../check.js";
import { N, type Readout } from "../../scenarios/migrate_100k.js";
import type { Implementation } from "../../spec.js";

const Position = component("Position", { x: "f32", y: "f32" });
export const Velocity = component("Velocity", { x: "f32", y: "f32" });

export interface State {
  readonly world: World;
  readonly still: Query;
  readonly moving: Query;
}

function addVelocity(s: State): void {
  const world = s.world;
  for (const t of s.still) {
    const entities = t.entities;
    for (let i = 0; i < t.count; i++) world.add(entities[i], Velocity, { x: 1, y: 1 });
  }
}

function removeVelocity(s: State): void {
  const world = s.world;
  for (const t of s.moving) {
    const entities = t.entities;
    for (let i = 0; i < t.count; i++) world.remove(entities[i], Velocity);
  }
}

export const implementation: Implementation<State, Readout> = {
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
