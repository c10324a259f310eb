// random_access in picoes: for each seeded pick, entity.get("position") and write x + 1
// into the component object.
import { type Entity, World } from "picoes";
import { N, picks, type Readout } from "../../scenarios/random_access.js";
import type { Implementation } from "../../spec.js";
import { sumVec2, type Vec2 } from "./read.js";

interface State {
  readonly world: World;
  readonly targets: readonly Entity[];
}

function touch(s: State): void {
  const targets = s.targets;
  for (let i = 0; i < targets.length; i++) {
    const p = targets[i].get<Vec2>("position")!;
    const x = p.x;
    p.x = x + 1;
  }
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    const world = new World();
    const spawned: Entity[] = [];
    for (let i = 0; i < N; i++) spawned.push(world.entity().set("position", { x: 0, y: 0 }));
    return { world, targets: Array.from(picks(), (i) => spawned[i]) };
  },
  step: touch,
  stages: [touch],
  read(s) {
    const positioned = s.world.each("position");
    return { count: positioned.length, sumX: sumVec2(positioned, "position", "x") };
  },
};
