// migrate_100k in miniplex: world.addComponent(e, "velocity", { x: 1, y: 1 }) per entity of
// the (position, no velocity) query, then world.removeComponent(e, "velocity") per entity of
// the (position, velocity) query (for...of runs backwards, so the current entity may leave).
import { type Query, type With, World } from "miniplex";
import { N, type Readout } from "../../scenarios/migrate_100k.js";
import type { Implementation } from "../../spec.js";
import { type Body, sumOver } from "./entities.js";

interface State {
  readonly world: World<Body>;
  readonly still: Query<With<Body, "position">>;
  readonly moving: Query<With<Body, "position" | "velocity">>;
}

function addVelocity(s: State): void {
  const world = s.world;
  for (const e of s.still) world.addComponent(e, "velocity", { x: 1, y: 1 });
}

function removeVelocity(s: State): void {
  const world = s.world;
  for (const e of s.moving) world.removeComponent(e, "velocity");
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    const world = new World<Body>();
    const s: State = {
      world,
      still: world.with("position").without("velocity"),
      moving: world.with("position", "velocity"),
    };
    for (let i = 0; i < N; i++) world.add({ position: { x: 1, y: 0 } });
    return s;
  },
  step(s) {
    addVelocity(s);
    removeVelocity(s);
  },
  stages: [addVelocity, removeVelocity],
  read: (s) => ({
    moving: s.moving.size,
    still: s.still.size,
    sumVx: sumOver(s.moving, (e) => e.velocity.x),
    sumPx: sumOver(s.still, (e) => e.position.x) + sumOver(s.moving, (e) => e.position.x),
  }),
};
