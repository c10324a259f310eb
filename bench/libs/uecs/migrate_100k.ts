// migrate_100k in uecs: the Position view's each emplaces new Velocity(1, 1) on each entity,
// then the Velocity view's each removes it (callbacks made once in setup).
import { type Entity, type View, World } from "uecs";
import { N, type Readout } from "../../scenarios/migrate_100k.js";
import type { Implementation } from "../../spec.js";
import { Position, Velocity } from "./components.js";

interface State {
  readonly world: World;
  readonly still: View<[typeof Position]>;
  readonly moving: View<[typeof Velocity]>;
  readonly addEach: (e: Entity) => void;
  readonly removeEach: (e: Entity) => void;
}

function addVelocity(s: State): void {
  s.still.each(s.addEach);
}

function removeVelocity(s: State): void {
  s.moving.each(s.removeEach);
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    const world = new World();
    for (let i = 0; i < N; i++) world.create(new Position(1, 0));
    return {
      world,
      still: world.view(Position),
      moving: world.view(Velocity),
      addEach: (e: Entity): void => {
        world.emplace(e, new Velocity(1, 1));
      },
      removeEach: (e: Entity): void => {
        world.remove(e, Velocity);
      },
    };
  },
  step(s) {
    addVelocity(s);
    removeVelocity(s);
  },
  stages: [addVelocity, removeVelocity],
  read(s) {
    const w = s.world;
    let moving = 0;
    let still = 0;
    let vx = 0;
    let px = 0;
    for (const e of w.all()) {
      const v = w.get(e, Velocity);
      const p = w.get(e, Position);
      if (v !== undefined) {
        moving++;
        vx += v.x;
      } else if (p !== undefined) still++;
      px += p?.x ?? 0;
    }
    return { moving, still, sumVx: vx, sumPx: px };
  },
};
