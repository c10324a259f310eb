// random_access in tick-knock: for each seeded pick, entity.get(Position) and write x + 1
// into the component.
import { Engine, Entity } from "tick-knock";
import { N, picks, type Readout } from "../../scenarios/random_access.js";
import type { Implementation } from "../../spec.js";
import { Position } from "./components.js";

interface State {
  readonly engine: Engine;
  readonly targets: readonly Entity[];
}

function touch(s: State): void {
  const targets = s.targets;
  for (let i = 0; i < targets.length; i++) {
    const p = targets[i].get(Position)!;
    const x = p.x;
    p.x = x + 1;
  }
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    const engine = new Engine();
    const spawned: Entity[] = [];
    for (let i = 0; i < N; i++) {
      const e = new Entity().add(new Position(0, 0));
      engine.addEntity(e);
      spawned.push(e);
    }
    return { engine, targets: Array.from(picks(), (i) => spawned[i]) };
  },
  step: touch,
  stages: [touch],
  read(s) {
    let count = 0;
    let sum = 0;
    for (const e of s.engine.entities) {
      const p = e.get(Position);
      if (p === undefined) continue;
      count++;
      sum += p.x;
    }
    return { count, sumX: sum };
  },
};
