// random_access in ape-ecs: per pick read Position.x and write x + 1 on the entity object
// createEntity() returned, through its keyed component (entity.c.position).
import type { Entity } from "ape-ecs";
import { N, picks, type Readout } from "../../scenarios/random_access.js";
import type { Implementation } from "../../spec.js";
import { Position, World } from "./world.js";

interface State {
  readonly spawned: readonly Entity[];
  readonly targets: readonly Entity[];
}

function touch(s: State): void {
  const targets = s.targets;
  for (let i = 0; i < targets.length; i++) {
    const p = targets[i].c.position as Position;
    const x = p.x;
    p.x = x + 1;
  }
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    const world = new World({ entityPool: N });
    world.registerComponent(Position, N);
    const spawned: Entity[] = [];
    for (let i = 0; i < N; i++) {
      spawned.push(world.createEntity({ c: { position: { type: "Position", x: 0, y: 0 } } }));
    }
    world.tick();
    return { spawned, targets: Array.from(picks(), (i) => spawned[i]) };
  },
  step: touch,
  stages: [touch],
  read(s) {
    // No system, so no query: the count is a per-entity test over the entities handed out.
    let count = 0;
    let sumX = 0;
    for (const e of s.spawned) {
      if (!e.has("Position")) continue;
      count++;
      sumX += (e.c.position as Position).x;
    }
    return { count, sumX };
  },
};
