// snapshot_1m: world.snapshot() and world.restore(bytes) of 1,000,000 entities with
// Position { x, y: f32 } and Velocity { x, y: f32 } (four f32 fields, 16 MB of field
// data). Budget (docs/design.md): memory-copy speed, under 20 ms each (20 ns per entity).
// snapshot_size_1m reports the snapshot's size against the raw field bytes.
import { component, createWorld, type Query, type World } from "wasm-ecs";
import { expectEqual, sumOf } from "../check.js";
import type { PhaseBench, PhaseImplementation } from "../types.js";

const N = 1_000_000;

const Position = component("Position", { x: "f32", y: "f32" });
const Velocity = component("Velocity", { x: "f32", y: "f32" });

interface State {
  readonly world: World;
  readonly moving: Query;
  bytes: Uint8Array;
}

export async function populated(): Promise<State> {
  const world = await createWorld({ components: [Position, Velocity], initialEntities: N });
  world.spawnMany(N, Position.with({ x: 1, y: 2 }), Velocity.with({ x: 3, y: 4 }));
  return { world, moving: world.query({ all: [Position, Velocity] }), bytes: new Uint8Array(0) };
}

function snapshot(s: State): void {
  s.bytes = s.world.snapshot();
}

function restore(s: State): void {
  s.world.restore(s.bytes);
}

const wasmEcs: PhaseImplementation<State> = {
  setup: populated,
  check(s) {
    snapshot(s);
    s.world.destroyMany(s.moving);
    expectEqual("snapshot_1m", "entities after destroying them all", s.world.entityCount, 0);
    restore(s);
    expectEqual("snapshot_1m", "entities after restore", s.moving.count(), N);
    expectEqual(
      "snapshot_1m",
      "sum of Velocity.y after restore",
      sumOf(s.moving, (t) => t.columns(Velocity).y),
      4 * N,
    );
  },
  phases: [
    { name: "snapshot", per: N, unit: "entity", run: snapshot },
    { name: "restore", per: N, unit: "entity", run: restore },
  ],
};

export const bench: PhaseBench = {
  kind: "phases",
  name: "snapshot_1m",
  group: "micro",
  description: "world.snapshot() / world.restore() of 1M entities with 4 f32 fields; ns per entity (20 ns = 20 ms)",
  implementations: { "wasm-ecs": wasmEcs },
};
