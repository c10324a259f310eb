// iterate_1m in Koota: one system, world.query(ref).useStores(...) over (Position, Velocity),
// indexing the x / y arrays by entity.id(). Koota allows 2^20 entity ids per world: 1M fits.
import { createQuery, createWorld, type Entity, trait, type World } from "koota";
import { N, type Readout, VX, VY } from "../../scenarios/iterate_1m.js";
import type { Implementation } from "../../spec.js";
import { storesOf, sumOver, type Vec2Store } from "./read.js";

const Position = trait({ x: 0, y: 0 });
const Velocity = trait({ x: 0, y: 0 });
const moving = createQuery(Position, Velocity);

interface State {
  readonly world: World;
}

function moveStores([p, v]: [Vec2Store, Vec2Store], entities: readonly Entity[]): void {
  const px = p.x;
  const py = p.y;
  const vx = v.x;
  const vy = v.y;
  for (let i = 0; i < entities.length; i++) {
    const id = entities[i].id();
    px[id] += vx[id];
    py[id] += vy[id];
  }
}

function move(s: State): void {
  s.world.query(moving).useStores(moveStores);
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    const world = createWorld();
    const velocity = Velocity({ x: VX, y: VY });
    for (let i = 0; i < N; i++) world.spawn(Position, velocity);
    return { world };
  },
  step: move,
  stages: [move],
  read(s) {
    const { stores, entities } = storesOf(s.world.query(moving));
    return { moving: entities.length, sumX: sumOver(entities, stores[0].x), sumY: sumOver(entities, stores[0].y) };
  },
};
