// add_remove in piecs: an entity system over A adds B to each entity, one over B removes it
// (addComponent / removeComponent, backwards over the archetype); the step is world.update().
import { createEntitySystem, type System, World } from "piecs";
import { N, type Readout } from "../../scenarios/add_remove.js";
import type { Implementation } from "../../spec.js";
import { countOf, entityCount, runSystem, update } from "./systems.js";

interface State {
  readonly world: World;
  readonly add: System;
  readonly remove: System;
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    const world = new World();
    const A = world.createComponentId();
    const B = world.createComponentId();
    const add = createEntitySystem(
      function addB(entities, w) {
        for (let i = entities.length - 1; i >= 0; i--) w.addComponent(entities[i], B);
      },
      (q) => q.every(A),
    );
    const remove = createEntitySystem(
      function removeB(entities, w) {
        for (let i = entities.length - 1; i >= 0; i--) w.removeComponent(entities[i], B);
      },
      (q) => q.every(B),
    );
    world.registerSystem(add).registerSystem(remove);
    const prefab = world.prefabricate([A]);
    world.initialize();
    for (let i = 0; i < N; i++) world.createEntity(prefab);
    return { world, add, remove };
  },
  step: update,
  stages: [(s) => runSystem(s.add, s.world), (s) => runSystem(s.remove, s.world)],
  read: (s) => ({ entities: entityCount(s.world, N), countA: countOf(s.add), countB: countOf(s.remove) }),
};
