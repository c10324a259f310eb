// spawn_destroy_100k in bitECS 0.4: 100,000 single addEntity(world, Position, Velocity) calls,
// each writing (0, 0) to the four store arrays (a store keeps what a removed entity left;
// wasm-ecs's spawn zeroes its row), then 100,000 single removeEntity(world, e) calls. The
// (Position, Velocity) query the check reads is registered, as a system's would be; each
// phase ends with a query() of it, where bitECS commits its deferred query removals (as in
// spawn_1m). Ids are recycled from the second cycle on.
import {
  addEntity,
  createWorld,
  entityExists,
  getAllEntities,
  type QueryTerm,
  query,
  removeEntity,
  type World,
} from "bitecs";
import { expectEqual } from "../../check.js";
import type { MicroImplementation } from "../../types.js";
import { sumOver, type Vec2, vec2 } from "./stores.js";

const N = 100_000;

interface State {
  readonly world: World;
  readonly Position: Vec2;
  readonly Velocity: Vec2;
  readonly both: QueryTerm[];
  readonly ids: Uint32Array;
}

function spawnEach(s: State): void {
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

function destroyEach(s: State): void {
  const { world, ids } = s;
  for (let i = 0; i < N; i++) removeEntity(world, ids[i]);
  query(world, s.both);
}

export const micro: MicroImplementation = {
  kind: "phases",
  setup(): State {
    const world = createWorld();
    const Position = vec2(N);
    const Velocity = vec2(N);
    const both = [Position, Velocity];
    query(world, both);
    return { world, Position, Velocity, both, ids: new Uint32Array(N) };
  },
  check(s: State) {
    // Stale values where the entities land: the sums below then show that spawning wrote (0, 0).
    for (const field of [s.Position.x, s.Position.y, s.Velocity.x, s.Velocity.y]) field.fill(1);
    spawnEach(s);
    const both = query(s.world, s.both);
    expectEqual("spawn_destroy_100k", "entities after spawning", getAllEntities(s.world).length, N);
    expectEqual("spawn_destroy_100k", "entities with Position and Velocity", both.length, N);
    const { Position: p, Velocity: v } = s;
    const sum = sumOver(both, p.x) + sumOver(both, p.y) + sumOver(both, v.x) + sumOver(both, v.y);
    expectEqual("spawn_destroy_100k", "sum of Position and Velocity fields after spawning", sum, 0);
    destroyEach(s);
    expectEqual("spawn_destroy_100k", "entities after destroying", getAllEntities(s.world).length, 0);
    expectEqual(
      "spawn_destroy_100k",
      "entities with Position and Velocity after destroying",
      query(s.world, s.both).length,
      0,
    );
    expectEqual("spawn_destroy_100k", "first destroyed entity alive (0/1)", Number(entityExists(s.world, s.ids[0])), 0);
  },
  phases: [
    { name: "spawn", per: N, unit: "entity", run: spawnEach },
    { name: "destroy", per: N, unit: "entity", run: destroyEach },
  ],
};
