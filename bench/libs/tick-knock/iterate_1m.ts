// iterate_1m in tick-knock, query-less (a query costs O(n^2) to fill at this size; see the
// notes): one system walks engine.entities, reads Position and Velocity with entity.get and
// adds the velocity to the position.
import { Engine, Entity } from "tick-knock";
import { N, type Readout, VX, VY } from "../../scenarios/iterate_1m.js";
import type { Implementation } from "../../spec.js";
import { Position, Velocity } from "./components.js";

interface State {
  readonly engine: Engine;
}

function move(s: State): void {
  const es = s.engine.entities;
  for (let i = 0; i < es.length; i++) {
    const e = es[i];
    const p = e.get(Position);
    const v = e.get(Velocity);
    if (p === undefined || v === undefined) continue;
    p.x += v.x;
    p.y += v.y;
  }
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    const engine = new Engine();
    for (let i = 0; i < N; i++) engine.addEntity(new Entity().add(new Position(0, 0)).add(new Velocity(VX, VY)));
    return { engine };
  },
  step: move,
  stages: [move],
  read(s) {
    let x = 0;
    let y = 0;
    let count = 0;
    for (const e of s.engine.entities) {
      const p = e.get(Position);
      if (p === undefined || !e.has(Velocity)) continue;
      x += p.x;
      y += p.y;
      count++;
    }
    return { moving: count, sumX: x, sumY: y };
  },
};
