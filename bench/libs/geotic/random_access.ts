// random_access in geotic: per pick, read x through the entity's component property
// (`entity.position`) and write x + 1, on the entity objects createEntity() returned. No
// query is created: none is needed (read() walks the spawned list).
import { Component, type Entity } from "geotic";
import { N, picks, type Readout } from "../../scenarios/random_access.js";
import type { Implementation } from "../../spec.js";
import { worldOf } from "./components.js";

class Position extends Component {
  static override properties = { x: 0, y: 0 };
  declare x: number;
  declare y: number;
}
interface HasPosition extends Entity {
  readonly position: Position;
}

interface State {
  readonly spawned: readonly HasPosition[];
  readonly targets: readonly HasPosition[];
}

function touch(s: State): void {
  const targets = s.targets;
  for (let i = 0; i < targets.length; i++) {
    const p = targets[i].position;
    const x = p.x;
    p.x = x + 1;
  }
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    const world = worldOf(Position);
    const spawned: HasPosition[] = [];
    for (let i = 0; i < N; i++) {
      const e = world.createEntity();
      e.add(Position, { x: 0, y: 0 });
      spawned.push(e as HasPosition);
    }
    return { spawned, targets: Array.from(picks(), (i) => spawned[i]) };
  },
  step: touch,
  stages: [touch],
  read(s) {
    let count = 0;
    let sumX = 0;
    for (const e of s.spawned) {
      if (e.has(Position)) count++;
      sumX += e.position.x;
    }
    return { count, sumX };
  },
};
