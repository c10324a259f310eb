// iterate_1m in piecs: one entity system adding the velocity arrays to the position arrays
// over the archetype's entities; the step is world.update().
import { createEntitySystem, type System, World } from "piecs";
import { N, type Readout, VX, VY } from "../../scenarios/iterate_1m.js";
import type { Implementation } from "../../spec.js";
import { countOf, runSystem, sumOf, update } from "./systems.js";

interface State {
  readonly world: World;
  readonly move: System;
  readonly px: Float32Array;
  readonly py: Float32Array;
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    const world = new World();
    const Position = world.createComponentId();
    const Velocity = world.createComponentId();
    const [px, py, vx, vy] = [0, 1, 2, 3].map(() => new Float32Array(N));
    const move = createEntitySystem(
      function movePositions(entities) {
        const x = px;
        const y = py;
        const dx = vx;
        const dy = vy;
        for (let i = 0, l = entities.length; i < l; i++) {
          const id = entities[i];
          x[id] += dx[id];
          y[id] += dy[id];
        }
      },
      (q) => q.every(Position, Velocity),
    );
    world.registerSystem(move);
    const prefab = world.prefabricate([Position, Velocity]);
    world.initialize();
    for (let i = 0; i < N; i++) {
      const id = world.createEntity(prefab);
      vx[id] = VX;
      vy[id] = VY;
    }
    return { world, move, px, py };
  },
  step: update,
  stages: [(s) => runSystem(s.move, s.world)],
  read: (s) => ({ moving: countOf(s.move), sumX: sumOf(s.move, s.px), sumY: sumOf(s.move, s.py) }),
};
