// random_access in javelin: per pick, world.get(entity, Position), read x and write x + 1 on
// the component it returns.
import { query, type World } from "@javelin/ecs";
import { N, picks, type Readout } from "../../scenarios/random_access.js";
import type { Implementation } from "../../spec.js";
import { countAndSum, Position, populated, readX } from "./world.js";

const qPosition = query(Position);

interface State {
  readonly world: World<null>;
  readonly targets: Uint32Array;
}

function touch(s: State): void {
  const { world, targets } = s;
  for (let i = 0; i < targets.length; i++) {
    const p = world.get(targets[i], Position);
    const x = p.x;
    p.x = x + 1;
  }
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    const spawned: number[] = [];
    const world = populated(N, (w) => {
      for (let i = 0; i < N; i++) spawned.push(w.spawn(w.component(Position, 0, 0)));
    });
    return { world, targets: picks().map((i) => spawned[i]) };
  },
  step: touch,
  stages: [touch],
  read() {
    const [count, sumX] = countAndSum(qPosition, readX);
    return { count, sumX };
  },
};
