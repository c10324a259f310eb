// migrate_100k in picoes: world.each over position setting velocity { x: 1, y: 1 } on each
// entity, then world.each over velocity removing it, one callback per system.
import { type Entity, World } from "picoes";
import { N, type Readout } from "../../scenarios/migrate_100k.js";
import type { Implementation } from "../../spec.js";
import { sumVec2 } from "./read.js";

interface State {
  readonly world: World;
}

function addVelocityEach(_: unknown, entity: Entity): void {
  entity.set("velocity", { x: 1, y: 1 });
}

function removeVelocityEach(_: unknown, entity: Entity): void {
  entity.remove("velocity");
}

function addVelocity(s: State): void {
  s.world.each("position", addVelocityEach);
}

function removeVelocity(s: State): void {
  s.world.each("velocity", removeVelocityEach);
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    const world = new World();
    for (let i = 0; i < N; i++) world.entity().set("position", { x: 1, y: 0 });
    return { world };
  },
  step(s) {
    addVelocity(s);
    removeVelocity(s);
  },
  stages: [addVelocity, removeVelocity],
  read(s) {
    const moving = s.world.each("velocity");
    const positioned = s.world.each("position");
    return {
      moving: moving.length,
      still: positioned.filter((e) => !e.has("velocity")).length,
      sumVx: sumVec2(moving, "velocity", "x"),
      sumPx: sumVec2(positioned, "position", "x"),
    };
  },
};
