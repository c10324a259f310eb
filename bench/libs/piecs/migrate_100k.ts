// migrate_100k in piecs: an entity system over (Position, not Velocity) adds Velocity and
// writes { x: 1, y: 1 }, one over (Position, Velocity) removes it (backwards over the
// archetype); the step is world.update().
import { createEntitySystem, type System, World } from "piecs";
import { N, type Readout } from "../../scenarios/migrate_100k.js";
import type { Implementation } from "../../spec.js";
import { countOf, runSystem, sumOf, update } from "./systems.js";

interface State {
  readonly world: World;
  readonly add: System;
  readonly remove: System;
  readonly px: Float32Array;
  readonly vx: Float32Array;
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    const world = new World();
    const Position = world.createComponentId();
    const Velocity = world.createComponentId();
    const [px, py, vx, vy] = [0, 1, 2, 3].map(() => new Float32Array(N));
    const add = createEntitySystem(
      function addVelocity(entities, w) {
        const x = vx;
        const y = vy;
        for (let i = entities.length - 1; i >= 0; i--) {
          const id = entities[i];
          w.addComponent(id, Velocity);
          x[id] = 1;
          y[id] = 1;
        }
      },
      (q) => q.every(Position).not(Velocity),
    );
    const remove = createEntitySystem(
      function removeVelocity(entities, w) {
        for (let i = entities.length - 1; i >= 0; i--) w.removeComponent(entities[i], Velocity);
      },
      (q) => q.every(Position, Velocity),
    );
    world.registerSystem(add).registerSystem(remove);
    const prefab = world.prefabricate([Position]);
    world.initialize();
    for (let i = 0; i < N; i++) {
      const id = world.createEntity(prefab);
      px[id] = 1;
      py[id] = 0;
    }
    return { world, add, remove, px, vx };
  },
  step: update,
  stages: [(s) => runSystem(s.add, s.world), (s) => runSystem(s.remove, s.world)],
  read: (s) => ({
    moving: countOf(s.remove),
    still: countOf(s.add),
    sumVx: sumOf(s.remove, s.vx),
    sumPx: sumOf(s.add, s.px) + sumOf(s.remove, s.px),
  }),
};
