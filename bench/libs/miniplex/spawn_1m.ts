// spawn_1m in miniplex: world.add({ position, velocity }) N times, then world.remove(e) per
// entity of the (position, velocity) query. Each stage ends by recording the query's size,
// as the adapter's op always did; read() reads the sizes afresh.
import { type Query, type With, World } from "miniplex";
import { N, type Readout } from "../../scenarios/spawn_1m.js";
import type { Implementation } from "../../spec.js";
import type { Body } from "./entities.js";

interface State {
  readonly world: World<Body>;
  readonly both: Query<With<Body, "position" | "velocity">>;
  /** Matching entities after creating and after destroying, recorded by the last op. */
  readonly counts: [number, number];
}

function spawnAll(s: State): void {
  const world = s.world;
  for (let i = 0; i < N; i++) world.add({ position: { x: 0, y: 0 }, velocity: { x: 0, y: 0 } });
  s.counts[0] = s.both.size;
}

function destroyAll(s: State): void {
  const world = s.world;
  for (const e of s.both) world.remove(e);
  s.counts[1] = s.both.size;
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    const world = new World<Body>();
    return { world, both: world.with("position", "velocity"), counts: [0, 0] };
  },
  step(s) {
    spawnAll(s);
    destroyAll(s);
  },
  stages: [spawnAll, destroyAll],
  read: (s) => ({ matching: s.both.size, entities: s.world.size }),
};
