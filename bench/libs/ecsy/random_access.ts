// random_access in ecsy: per pick read Position.x with getComponent and write x + 1 through
// getMutableComponent. ecsy entities are objects: the spawned list holds the entity handles
// createEntity() returned.
import { type Entity, World } from "ecsy";
import { N, picks, type Readout } from "../../scenarios/random_access.js";
import type { Implementation } from "../../spec.js";
import { Position } from "./world.js";

interface State {
  readonly spawned: readonly Entity[];
  readonly targets: readonly Entity[];
}

function touch(s: State): void {
  const targets = s.targets;
  for (let i = 0; i < targets.length; i++) {
    const e = targets[i];
    const x = e.getComponent(Position)!.x;
    e.getMutableComponent(Position)!.x = x + 1;
  }
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    const world = new World({ entityPoolSize: N });
    world.registerComponent(Position);
    const spawned: Entity[] = [];
    for (let i = 0; i < N; i++) spawned.push(world.createEntity().addComponent(Position, { x: 0, y: 0 }));
    return { spawned, targets: Array.from(picks(), (i) => spawned[i]) };
  },
  step: touch,
  stages: [touch],
  read(s) {
    // No system, so no query: the count is a per-entity test over the entities handed out.
    let count = 0;
    let sumX = 0;
    for (const e of s.spawned) {
      if (!e.hasComponent(Position)) continue;
      count++;
      sumX += e.getComponent(Position)!.x;
    }
    return { count, sumX };
  },
};
