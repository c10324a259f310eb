// add_remove_100k: 100,000 entities with Position { x, y: f32 }; world.add(e, Marker) on
// each (a migration moving 2 f32 columns), then world.remove(e, Marker) on each (back).
// Single calls, no query open. Reports ns per migration for each direction. Peers' rows (a
// tag added and removed per entity through their own calls, each with its own check):
// libs/piecs/add_remove_100k.ts, libs/bitecs-0.4/add_remove_100k.ts.
import { component, createWorld, type Query, tag, type World } from "wasm-ecs";
import { expectEqual, sumOf } from "../check.js";
import type { PhaseBench, PhaseImplementation } from "../types.js";

const N = 100_000;

const Position = component("Position", { x: "f32", y: "f32" });
const Marker = tag("Marker");

interface State {
  readonly world: World;
  readonly ids: Uint32Array;
  readonly marked: Query;
}

function addEach(s: State): void {
  const { world, ids } = s;
  for (let i = 0; i < N; i++) world.add(ids[i], Marker);
}

function removeEach(s: State): void {
  const { world, ids } = s;
  for (let i = 0; i < N; i++) world.remove(ids[i], Marker);
}

const wasmEcs: PhaseImplementation<State> = {
  async setup() {
    const world = await createWorld({ components: [Position, Marker], initialEntities: N });
    const ids = world.spawnMany(N, Position.withEach({ x: 1, y: 2 }));
    return { world, ids, marked: world.query({ all: [Position, Marker] }) };
  },
  check(s) {
    const all = s.world.query({ all: [Position] });
    addEach(s);
    expectEqual("add_remove_100k", "entities with Marker after adding", s.marked.count(), N);
    expectEqual(
      "add_remove_100k",
      "sum of Position.x after adding",
      sumOf(s.marked, (t) => t.columns(Position).x),
      N,
    );
    expectEqual(
      "add_remove_100k",
      "sum of Position.y after adding",
      sumOf(s.marked, (t) => t.columns(Position).y),
      2 * N,
    );
    removeEach(s);
    expectEqual("add_remove_100k", "entities with Marker after removing", s.marked.count(), 0);
    expectEqual(
      "add_remove_100k",
      "sum of Position.x after removing",
      sumOf(all, (t) => t.columns(Position).x),
      N,
    );
  },
  phases: [
    { name: "add", per: N, unit: "migration", run: addEach },
    { name: "remove", per: N, unit: "migration", run: removeEach },
  ],
};

export const bench: PhaseBench = {
  kind: "phases",
  name: "add_remove_100k",
  group: "micro",
  description:
    "world.add(e, Marker) / world.remove(e, Marker) x 100k, each a migration moving 2 f32 columns (peers: their own per-entity calls)",
  implementations: { "wasm-ecs": wasmEcs },
};
