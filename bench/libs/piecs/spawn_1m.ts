// spawn_1m in piecs: createEntity(prefab) N times straight into the (Position, Velocity)
// archetype writing (0, 0) to the arrays, then deleteEntity on each. Not a system: the op
// calls the world directly. A registered archetype system that never runs holds the
// (Position, Velocity) query; each stage ends by counting it, as the adapter always did.
import { type Archetype, createArchetypeSystem, type System, World } from "piecs";
import { N, type Readout } from "../../scenarios/spawn_1m.js";
import type { Implementation } from "../../spec.js";
import { countOf, entityCount } from "./systems.js";

interface State {
  readonly world: World;
  readonly prefab: Archetype;
  readonly both: System;
  readonly ids: Uint32Array;
  readonly px: Float32Array;
  readonly py: Float32Array;
  readonly vx: Float32Array;
  readonly vy: Float32Array;
  readonly counts: [number, number];
}

function create(s: State): void {
  const { world, prefab, ids, px, py, vx, vy } = s;
  for (let i = 0; i < N; i++) {
    const id = world.createEntity(prefab);
    px[id] = 0;
    py[id] = 0;
    vx[id] = 0;
    vy[id] = 0;
    ids[i] = id;
  }
  s.counts[0] = countOf(s.both);
}

function destroy(s: State): void {
  const { world, ids } = s;
  for (let i = 0; i < N; i++) world.deleteEntity(ids[i]);
  s.counts[1] = countOf(s.both);
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    const world = new World();
    const Position = world.createComponentId();
    const Velocity = world.createComponentId();
    const both = createArchetypeSystem(
      function countOnly() {},
      (q) => q.every(Position, Velocity),
    );
    world.registerSystem(both);
    const prefab = world.prefabricate([Position, Velocity]);
    world.initialize();
    const [px, py, vx, vy] = [0, 1, 2, 3].map(() => new Float32Array(N));
    return { world, prefab, both, ids: new Uint32Array(N), px, py, vx, vy, counts: [-1, -1] };
  },
  step(s) {
    create(s);
    destroy(s);
  },
  stages: [create, destroy],
  read: (s) => ({ matching: countOf(s.both), entities: entityCount(s.world, N) }),
};
