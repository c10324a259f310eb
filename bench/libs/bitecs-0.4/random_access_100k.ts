// random_access_100k in bitECS 0.4: 100,000 entities with Position (a store of x, y arrays
// indexed by id); per access Position.x[e] = Position.x[e] + 1, in spawn order, then in
// random_access's seeded random order. A sparse-set ECS reads one array per access, at the
// id: no record to look up first, and no check that e is alive or has Position.
import { addEntity, createWorld, type QueryTerm, query, type World } from "bitecs";
import { expectEqual } from "../../check.js";
import { picks } from "../../scenarios/random_access.js";
import type { MicroImplementation } from "../../types.js";
import { sumOver, type Vec2, vec2 } from "./stores.js";

const N = 100_000;

interface State {
  readonly world: World;
  readonly Position: Vec2;
  readonly ordered: Uint32Array;
  readonly random: Uint32Array;
  readonly all: QueryTerm[];
}

function touch(px: Float32Array, targets: Uint32Array): void {
  for (let i = 0; i < targets.length; i++) {
    const e = targets[i];
    px[e] = px[e] + 1;
  }
}

export const micro: MicroImplementation = {
  kind: "phases",
  setup(): State {
    const world = createWorld();
    const Position = vec2(N);
    const ordered = new Uint32Array(N);
    for (let i = 0; i < N; i++) ordered[i] = addEntity(world, Position);
    const random = picks().map((i) => ordered[i]);
    const all = [Position];
    query(world, all);
    return { world, Position, ordered, random, all };
  },
  check(s: State) {
    const sumX = () => sumOver(query(s.world, s.all), s.Position.x);
    const before = sumX();
    touch(s.Position.x, s.ordered);
    expectEqual("random_access_100k", "sum of Position.x after a pass in spawn order", sumX(), before + N);
    touch(s.Position.x, s.random);
    expectEqual("random_access_100k", "sum of Position.x after a pass at random", sumX(), before + 2 * N);
    expectEqual("random_access_100k", "entities with Position", query(s.world, s.all).length, N);
  },
  phases: [
    { name: "accessor, spawn order", per: N, unit: "access", run: (s: State) => touch(s.Position.x, s.ordered) },
    { name: "accessor, random order", per: N, unit: "access", run: (s: State) => touch(s.Position.x, s.random) },
  ],
};
