// random_access in perform-ecs: per pick, read the entity object's x and write x + 1 (the
// entity object carries the fields). AllPositions' view serves read() only.
import { type ECS, EntityViewFactory, System } from "perform-ecs";
import { N, picks, type Readout } from "../../scenarios/random_access.js";
import type { Implementation } from "../../spec.js";
import { ecsWith, Position, register, sumOver } from "./components.js";

/** Registered for read() only. */
class AllPositions extends System {
  view = EntityViewFactory.createView({ components: [Position] });
}

interface Positioned {
  x: number;
}

interface State {
  readonly ecs: ECS;
  readonly all: AllPositions;
  readonly targets: readonly Positioned[];
}

function touch(s: State): void {
  const targets = s.targets;
  for (let i = 0; i < targets.length; i++) {
    const e = targets[i];
    const x = e.x;
    e.x = x + 1;
  }
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    register(Position);
    const all = new AllPositions();
    const ecs = ecsWith(all);
    const spawned: Positioned[] = [];
    for (let i = 0; i < N; i++) spawned.push(ecs.createEntity([{ component: Position, args: [0, 0] }]));
    return { ecs, all, targets: Array.from(picks(), (i) => spawned[i]) };
  },
  step: touch,
  stages: [touch],
  read(s) {
    const es = s.all.view.entities;
    return { count: es.length, sumX: sumOver(es, (e) => e.x) };
  },
};
