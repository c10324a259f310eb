// migrate_100k in tick-knock, query-less (see the notes): one system walks engine.entities
// adding new Velocity(1, 1) to each, one walks them removing Velocity.
import { Engine, Entity } from "tick-knock";
import { N, type Readout } from "../../scenarios/migrate_100k.js";
import type { Implementation } from "../../spec.js";
import { Position, Velocity } from "./components.js";

interface State {
  readonly engine: Engine;
}

function addVelocity(s: State): void {
  const es = s.engine.entities;
  for (let i = 0; i < es.length; i++) es[i].add(new Velocity(1, 1));
}

function removeVelocity(s: State): void {
  const es = s.engine.entities;
  for (let i = 0; i < es.length; i++) es[i].remove(Velocity);
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    const engine = new Engine();
    for (let i = 0; i < N; i++) engine.addEntity(new Entity().add(new Position(1, 0)));
    return { engine };
  },
  step(s) {
    addVelocity(s);
    removeVelocity(s);
  },
  stages: [addVelocity, removeVelocity],
  read(s) {
    let moving = 0;
    let still = 0;
    let vx = 0;
    let px = 0;
    for (const e of s.engine.entities) {
      const v = e.get(Velocity);
      const p = e.get(Position);
      if (v !== undefined) {
        moving++;
        vx += v.x;
      } else if (p !== undefined) still++;
      px += p?.x ?? 0;
    }
    return { moving, still, sumVx: vx, sumPx: px };
  },
};
