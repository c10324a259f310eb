// migrate_100k in Koota: entity.add(Velocity({ x: 1, y: 1 })) then entity.remove(Velocity)
// over the Position query (every entity has Position); the Velocity argument is made once.
// No query over Velocity exists in this world: with one (a (Position, Not(Velocity)) and a
// (Position, Velocity) query) Koota 0.6.6 queues 100,000 query removals per half and
// commitQueryRemovals flushes them in O(n^2) (it reads `toRemove.dense`, a getter that
// slices the whole set, once per element): measured over 120 s per op. read() counts
// Velocity per entity (entity.has / entity.get) for the same reason.
import { createQuery, createWorld, trait, type World } from "koota";
import { N, type Readout } from "../../scenarios/migrate_100k.js";
import type { Implementation } from "../../spec.js";
import { storesOf, sumOver } from "./read.js";

const Position = trait({ x: 0, y: 0 });
const Velocity = trait({ x: 0, y: 0 });
const all = createQuery(Position);
const velocityOne = Velocity({ x: 1, y: 1 });

interface State {
  readonly world: World;
}

function addVelocity(s: State): void {
  const es = s.world.query(all);
  for (let i = 0; i < es.length; i++) es[i].add(velocityOne);
}

function removeVelocity(s: State): void {
  const es = s.world.query(all);
  for (let i = 0; i < es.length; i++) es[i].remove(Velocity);
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    const world = createWorld();
    const position = Position({ x: 1, y: 0 });
    for (let i = 0; i < N; i++) world.spawn(position);
    return { world };
  },
  step(s) {
    addVelocity(s);
    removeVelocity(s);
  },
  stages: [addVelocity, removeVelocity],
  read(s) {
    const { stores, entities } = storesOf(s.world.query(all));
    let moving = 0;
    let still = 0;
    let sumVx = 0;
    for (const e of entities) {
      if (!e.has(Velocity)) still++;
      else {
        moving++;
        sumVx += e.get(Velocity)?.x ?? Number.NaN;
      }
    }
    return { moving, still, sumVx, sumPx: sumOver(entities, stores[0].x) };
  },
};
