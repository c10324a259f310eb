// spawn_1m in WolfECS: createEntity + addComponent(Position).addComponent(Velocity) N times
// writing (0, 0) to the stores, then destroyEntity on each. Each stage ends by counting the
// (Position, Velocity) query, as the adapter always did (timed work).
import { all, ECS } from "wolf-ecs";
import { N, type Readout } from "../../scenarios/spawn_1m.js";
import type { Implementation } from "../../spec.js";
import { countOf, everything, type Query, type Vec2, vec2 } from "./stores.js";

interface State {
  readonly ecs: ECS;
  readonly Position: Vec2;
  readonly Velocity: Vec2;
  readonly both: Query;
  readonly everything: Query;
  readonly ids: Uint32Array;
  readonly counts: [number, number];
}

function create(s: State): void {
  const { ecs, Position, Velocity, ids } = s;
  const px = Position.x;
  const py = Position.y;
  const vx = Velocity.x;
  const vy = Velocity.y;
  for (let i = 0; i < N; i++) {
    const e = ecs.createEntity();
    ecs.addComponent(e, Position).addComponent(e, Velocity);
    px[e] = 0;
    py[e] = 0;
    vx[e] = 0;
    vy[e] = 0;
    ids[i] = e;
  }
  s.counts[0] = countOf(s.both);
}

function destroy(s: State): void {
  const { ecs, ids } = s;
  for (let i = 0; i < N; i++) ecs.destroyEntity(ids[i]);
  s.counts[1] = countOf(s.both);
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    const ecs = new ECS(N);
    const Position = vec2(ecs);
    const Velocity = vec2(ecs);
    const both = ecs.createQuery(all(Position, Velocity));
    const ids = new Uint32Array(N);
    return { ecs, Position, Velocity, both, everything: everything(ecs, Position), ids, counts: [-1, -1] };
  },
  step(s) {
    create(s);
    destroy(s);
  },
  stages: [create, destroy],
  read: (s) => ({ matching: countOf(s.both), entities: countOf(s.everything) }),
};
