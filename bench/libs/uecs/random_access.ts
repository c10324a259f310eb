// random_access in uecs: for each seeded pick, world.get(entity, Position) and write x + 1
// into the component.
import { type Entity, World } from "uecs";
import { N, picks, type Readout } from "../../scenarios/random_access.js";
import type { Implementation } from "../../spec.js";
import { Position } from "./components.js";

interface State {
  readonly world: World;
  readonly targets: Uint32Array;
}

function touch(s: State): void {
  const { world, targets } = s;
  for (let i = 0; i < targets.length; i++) {
    const p = world.get(targets[i], Position)!;
    const x = p.x;
    p.x = x + 1;
  }
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    const world = new World();
    const ids: Entity[] = [];
    for (let i = 0; i < N; i++) ids.push(world.create(new Position(0, 0)));
    return { world, targets: picks().map((i) => ids[i]) };
  },
  step: touch,
  stages: [touch],
  read(s) {
    let count = 0;
    let sum = 0;
    for (const e of s.world.all()) {
      const p = s.world.get(e, Position);
      if (p === undefined) continue;
      count++;
      sum += p.x;
    }
    return { count, sumX: sum };
  },
};
