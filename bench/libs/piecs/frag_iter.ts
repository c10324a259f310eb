// frag_iter in piecs: an entity system over Data and one over Z, each doubling its typed array
// over the archetype's entities; the step is world.update().
import { createEntitySystem, type System, World } from "piecs";
import { PER_TYPE, type Readout, TYPES } from "../../scenarios/frag_iter.js";
import type { Implementation } from "../../spec.js";
import { countOf, entityCount, runSystem, sumOf, update } from "./systems.js";

interface State {
  readonly world: World;
  readonly data: System;
  readonly z: System;
  readonly dataValue: Int32Array;
  readonly letterValues: readonly Int32Array[];
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    const world = new World();
    const letters = Array.from({ length: TYPES }, () => world.createComponentId());
    const Data = world.createComponentId();
    const letterValues = letters.map(() => new Int32Array(TYPES * PER_TYPE));
    const dataValue = new Int32Array(TYPES * PER_TYPE);
    const zValue = letterValues[25];
    const data = createEntitySystem(
      function doubleData(entities) {
        const v = dataValue;
        for (let i = 0, l = entities.length; i < l; i++) v[entities[i]] *= 2;
      },
      (q) => q.every(Data),
    );
    const z = createEntitySystem(
      function doubleZ(entities) {
        const v = zValue;
        for (let i = 0, l = entities.length; i < l; i++) v[entities[i]] *= 2;
      },
      (q) => q.every(letters[25]),
    );
    world.registerSystem(data).registerSystem(z);
    const prefabs = letters.map((letter) => world.prefabricate([letter, Data]));
    world.initialize();
    prefabs.forEach((prefab, k) => {
      for (let i = 0; i < PER_TYPE; i++) {
        const id = world.createEntity(prefab);
        letterValues[k][id] = 1;
        dataValue[id] = 1;
      }
    });
    return { world, data, z, dataValue, letterValues };
  },
  step: update,
  stages: [(s) => runSystem(s.data, s.world), (s) => runSystem(s.z, s.world)],
  read(s) {
    // Entities without Y keep Y.value 0, so the whole array sums the Y entities.
    const y = s.letterValues[24].reduce((sum, v) => sum + v, 0);
    return {
      entities: entityCount(s.world, TYPES * PER_TYPE),
      countData: countOf(s.data),
      sumData: sumOf(s.data, s.dataValue),
      sumZ: sumOf(s.z, s.letterValues[25]),
      sumY: y,
      archetypes: s.data.query.archetypes.length,
    };
  },
};
