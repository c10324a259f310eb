// entity_cycle in piecs: an entity system over A creates one entity per A straight into the B
// archetype (createEntity(prefabB)), one over B deletes each (deleteEntity, backwards over the
// archetype); the step is world.update(). Ids are recycled, so 2N cover the cycle.
import { createEntitySystem, type System, World } from "piecs";
import { N, type Readout } from "../../scenarios/entity_cycle.js";
import type { Implementation } from "../../spec.js";
import { countOf, entityCount, runSystem, sumOf, update } from "./systems.js";

interface State {
  readonly world: World;
  readonly spawn: System;
  readonly destroy: System;
  readonly a: Int32Array;
  readonly b: Int32Array;
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    const world = new World();
    const A = world.createComponentId();
    const B = world.createComponentId();
    const a = new Int32Array(2 * N);
    const b = new Int32Array(2 * N);
    const prefabA = world.prefabricate([A]);
    const prefabB = world.prefabricate([B]);
    const spawn = createEntitySystem(
      function spawnBs(entities, w) {
        const av = a;
        const bv = b;
        for (let i = 0, l = entities.length; i < l; i++) {
          const id = w.createEntity(prefabB);
          bv[id] = av[entities[i]];
        }
      },
      (q) => q.every(A),
    );
    const destroy = createEntitySystem(
      function destroyBs(entities, w) {
        for (let i = entities.length - 1; i >= 0; i--) w.deleteEntity(entities[i]);
      },
      (q) => q.every(B),
    );
    world.registerSystem(spawn).registerSystem(destroy);
    world.initialize();
    for (let i = 0; i < N; i++) a[world.createEntity(prefabA)] = i;
    return { world, spawn, destroy, a, b };
  },
  step: update,
  stages: [(s) => runSystem(s.spawn, s.world), (s) => runSystem(s.destroy, s.world)],
  read: (s) => ({
    entities: entityCount(s.world, 2 * N),
    countA: countOf(s.spawn),
    countB: countOf(s.destroy),
    sumA: sumOf(s.spawn, s.a),
    sumB: sumOf(s.destroy, s.b),
  }),
};
