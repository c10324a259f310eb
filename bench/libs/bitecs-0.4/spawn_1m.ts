// spawn_1m in bitECS 0.4: addEntity(world, Position, Velocity) N times writing (0, 0) to the
// stores, then removeEntity on each. Each stage ends with a query() of (Position, Velocity):
// bitECS commits its deferred query removals there, as a system's next query would.
import { addEntity, createWorld, getAllEntities, type QueryTerm, query, removeEntity, type World } from "bitecs";
import { N, type Readout } from "../../scenarios/spawn_1m.js";
import type { Implementation } from "../../spec.js";
import { type Vec2, vec2 } from "./stores.js";

interface State {
  readonly world: World;
  readonly Position: Vec2;
  readonly Velocity: Vec2;
  readonly both: QueryTerm[];
  readonly ids: Uint32Array;
}

function create(s: State): void {
  const { world, Position, Velocity, ids } = s;
  const px = Position.x;
  const py = Position.y;
  const vx = Velocity.x;
  const vy = Velocity.y;
  for (let i = 0; i < N; i++) {
    const e = addEntity(world, Position, Velocity);
    px[e] = 0;
    py[e] = 0;
    vx[e] = 0;
    vy[e] = 0;
    ids[i] = e;
  }
  query(world, s.both);
}

function destroy(s: State): void {
  const { world, ids } = s;
  for (let i = 0; i < N; i++) removeEntity(world, ids[i]);
  query(world, s.both);
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    const world = createWorld();
    const Position = vec2(N);
    const Velocity = vec2(N);
    return { world, Position, Velocity, both: [Position, Velocity], ids: new Uint32Array(N) };
  },
  step(s) {
    create(s);
    destroy(s);
  },
  stages: [create, destroy],
  read: (s) => ({ matching: query(s.world, s.both).length, entities: getAllEntities(s.world).length }),
};
