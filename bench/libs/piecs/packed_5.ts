// packed_5 in piecs: five entity systems (createEntitySystem), one per component, each
// doubling its typed array over the archetype's entities; the step is world.update().
import { createEntitySystem, type System, World } from "piecs";
import { N, type Readout } from "../../scenarios/packed_5.js";
import type { Implementation } from "../../spec.js";
import { countOf, entityCount, runSystem, sumOf, update } from "./systems.js";

interface State {
  readonly world: World;
  readonly systems: readonly System[];
  readonly values: readonly Int32Array[];
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    const world = new World();
    const [A, B, C, D, E] = [0, 1, 2, 3, 4].map(() => world.createComponentId());
    const [a, b, c, d, e] = [0, 1, 2, 3, 4].map(() => new Int32Array(N));
    const systems = [
      createEntitySystem(
        function doubleA(entities) {
          const v = a;
          for (let i = 0, l = entities.length; i < l; i++) v[entities[i]] *= 2;
        },
        (q) => q.every(A),
      ),
      createEntitySystem(
        function doubleB(entities) {
          const v = b;
          for (let i = 0, l = entities.length; i < l; i++) v[entities[i]] *= 2;
        },
        (q) => q.every(B),
      ),
      createEntitySystem(
        function doubleC(entities) {
          const v = c;
          for (let i = 0, l = entities.length; i < l; i++) v[entities[i]] *= 2;
        },
        (q) => q.every(C),
      ),
      createEntitySystem(
        function doubleD(entities) {
          const v = d;
          for (let i = 0, l = entities.length; i < l; i++) v[entities[i]] *= 2;
        },
        (q) => q.every(D),
      ),
      createEntitySystem(
        function doubleE(entities) {
          const v = e;
          for (let i = 0, l = entities.length; i < l; i++) v[entities[i]] *= 2;
        },
        (q) => q.every(E),
      ),
    ];
    for (const system of systems) world.registerSystem(system);
    const prefab = world.prefabricate([A, B, C, D, E]);
    world.initialize();
    for (let i = 0; i < N; i++) {
      const id = world.createEntity(prefab);
      a[id] = b[id] = c[id] = d[id] = e[id] = 1;
    }
    return { world, systems, values: [a, b, c, d, e] };
  },
  step: update,
  stages: [0, 1, 2, 3, 4].map((k) => (s: State) => runSystem(s.systems[k], s.world)),
  read(s) {
    const [a, b, c, d, e] = s.systems;
    const [va, vb, vc, vd, ve] = s.values;
    return {
      entities: entityCount(s.world, N),
      countA: countOf(a),
      countB: countOf(b),
      countC: countOf(c),
      countD: countOf(d),
      countE: countOf(e),
      sumA: sumOf(a, va),
      sumB: sumOf(b, vb),
      sumC: sumOf(c, vc),
      sumD: sumOf(d, vd),
      sumE: sumOf(e, ve),
    };
  },
};
