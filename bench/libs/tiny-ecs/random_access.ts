// random_access in tiny-ecs: for each seeded pick, read entity.position.x and write x + 1
// into the component.
import tinyEcs, { type EntityManager } from "tiny-ecs";
import { N, picks, type Readout } from "../../scenarios/random_access.js";
import type { Implementation } from "../../spec.js";
import { Position, type WithPosition } from "./components.js";

interface State {
  readonly manager: EntityManager;
  readonly targets: readonly WithPosition[];
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
    const manager = new tinyEcs.EntityManager();
    const spawned: WithPosition[] = [];
    for (let i = 0; i < N; i++) spawned.push(manager.createEntity<WithPosition>().addComponent(Position));
    return { manager, targets: Array.from(picks(), (i) => spawned[i]) };
  },
  step: touch,
  stages: [touch],
  read(s) {
    // The (Position) query is indexed here as the adapter's check did; touch changes no structure.
    const all = s.manager.queryComponents<WithPosition>([Position]);
    let sum = 0;
    for (const e of all) sum += e.position.x;
    return { count: all.length, sumX: sum };
  },
};
