// fragmented_256 in piecs: one entity system over Data (256 archetypes, 16 entities each)
// adding 1 to its typed array; the step is world.update().
import { createEntitySystem, type System, World } from "piecs";
import { ARCHETYPES, N, type Readout, TAGS } from "../../scenarios/fragmented_256.js";
import type { Implementation } from "../../spec.js";
import { countOf, runSystem, sumOf, update } from "./systems.js";

interface State {
  readonly world: World;
  readonly increment: System;
  readonly value: Int32Array;
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    const world = new World();
    const Data = world.createComponentId();
    const tags = Array.from({ length: TAGS }, () => world.createComponentId());
    const value = new Int32Array(N);
    const increment = createEntitySystem(
      function incrementData(entities) {
        const v = value;
        for (let i = 0, l = entities.length; i < l; i++) v[entities[i]] += 1;
      },
      (q) => q.every(Data),
    );
    world.registerSystem(increment);
    const prefabs = Array.from({ length: ARCHETYPES }, (_, k) =>
      world.prefabricate([Data, ...tags.filter((_, bit) => (k >> bit) & 1)]),
    );
    world.initialize();
    for (let i = 0; i < N; i++) value[world.createEntity(prefabs[i % ARCHETYPES])] = 0;
    return { world, increment, value };
  },
  step: update,
  stages: [(s) => runSystem(s.increment, s.world)],
  read: (s) => ({
    visited: countOf(s.increment),
    sumData: sumOf(s.increment, s.value),
    archetypes: s.increment.query.archetypes.length,
  }),
};
