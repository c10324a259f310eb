// random_access in Koota through the documented per-entity API: entity.get(Position), then
// entity.set(Position, { x: x + 1 }).
import { createQuery, createWorld, type Entity, trait, type World } from "koota";
import { N, picks, type Readout } from "../../scenarios/random_access.js";
import type { Implementation } from "../../spec.js";
import { storesOf, sumOver } from "./read.js";

const Position = trait({ x: 0, y: 0 });
const all = createQuery(Position);

interface State {
  readonly world: World;
  readonly targets: readonly Entity[];
}

function touch(s: State): void {
  const targets = s.targets;
  for (let i = 0; i < targets.length; i++) {
    const e = targets[i];
    const p = e.get(Position);
    if (p === undefined) throw new Error("random_access: a picked entity has no Position");
    e.set(Position, { x: p.x + 1 });
  }
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    const world = createWorld();
    const ids: Entity[] = [];
    for (let i = 0; i < N; i++) ids.push(world.spawn(Position));
    return { world, targets: Array.from(picks(), (i) => ids[i]) };
  },
  step: touch,
  stages: [touch],
  read(s) {
    const { stores, entities } = storesOf(s.world.query(all));
    return { count: entities.length, sumX: sumOver(entities, stores[0].x) };
  },
};
