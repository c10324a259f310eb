// random_access_100k: 100,000 entities with Position { x, y: f32 }; one read of x and one
// write of x + 1 per entity through the accessor, as random_access's accessor row does, in
// two phases: over the entities in spawn order, then over random_access's seeded random
// picks. Reports ns per access. Spawn order against random order separates what the code
// costs from what the cache misses cost (a record, then the column it names, per access).
// world.get / world.set are random_access's own row: as a third phase here, after the
// accessor's, they measured 152 ns per access once and 87 as the first phase (not profiled).
import { type Access, component, createWorld, type Query } from "wasm-ecs";
import { expectEqual, sumOf } from "../check.js";
import { picks } from "../scenarios/random_access.js";
import type { PhaseBench, PhaseImplementation } from "../types.js";

const N = 100_000;

const Position = component("Position", { x: "f32", y: "f32" });

interface State {
  readonly pos: Access<typeof Position.schema>;
  readonly ordered: Uint32Array;
  readonly random: Uint32Array;
  readonly all: Query;
}

function touch(pos: Access<typeof Position.schema>, targets: Uint32Array): void {
  for (let i = 0; i < targets.length; i++) {
    const e = targets[i];
    pos.setX(e, pos.x(e) + 1);
  }
}

function inOrder(s: State): void {
  touch(s.pos, s.ordered);
}

function atRandom(s: State): void {
  touch(s.pos, s.random);
}

const wasmEcs: PhaseImplementation<State> = {
  async setup() {
    const world = await createWorld({ components: [Position], initialEntities: N });
    const ordered = world.spawnMany(N, Position);
    const random = picks().map((i) => ordered[i]);
    return { pos: world.access(Position), ordered, random, all: world.query({ all: [Position] }) };
  },
  check(s) {
    const sumX = () => sumOf(s.all, (t) => t.columns(Position).x);
    const before = sumX();
    for (const [phase, run] of [
      ["in spawn order", inOrder],
      ["at random", atRandom],
    ] as const) {
      const start = sumX();
      run(s);
      expectEqual("random_access_100k", `sum of Position.x after a pass ${phase}`, sumX(), start + N);
    }
    expectEqual("random_access_100k", "entities with Position", s.all.count(), N);
    expectEqual("random_access_100k", "sum of Position.x after the two passes", sumX(), before + 2 * N);
  },
  phases: [
    { name: "accessor, spawn order", per: N, unit: "access", run: inOrder },
    { name: "accessor, random order", per: N, unit: "access", run: atRandom },
  ],
};

export const bench: PhaseBench = {
  kind: "phases",
  name: "random_access_100k",
  group: "micro",
  description:
    "pos.setX(e, pos.x(e) + 1) over 100k entities, in spawn order and in random_access's random order (ns per access)",
  implementations: { "wasm-ecs": wasmEcs },
};
