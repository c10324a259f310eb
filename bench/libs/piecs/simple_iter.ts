// simple_iter in piecs: three entity systems swapping two typed arrays over the archetype's
// entities; the step is world.update().
import { type Archetype, createEntitySystem, type System, World } from "piecs";
import { N, type Readout } from "../../scenarios/simple_iter.js";
import type { Implementation } from "../../spec.js";
import { countOf, entityCount, runSystem, sumOf, update } from "./systems.js";

interface State {
  readonly world: World;
  readonly ab: System;
  readonly cd: System;
  readonly ce: System;
  readonly a: Int32Array;
  readonly b: Int32Array;
  readonly cv: Int32Array;
  readonly d: Int32Array;
  readonly e: Int32Array;
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    const world = new World();
    const [A, B, C, D, E] = [0, 1, 2, 3, 4].map(() => world.createComponentId());
    const [a, b, cv, d, e] = [0, 1, 2, 3, 4].map(() => new Int32Array(4 * N));
    const ab = createEntitySystem(
      function swapAB(entities) {
        const x = a;
        const y = b;
        for (let i = 0, l = entities.length; i < l; i++) {
          const id = entities[i];
          const t = x[id];
          x[id] = y[id];
          y[id] = t;
        }
      },
      (q) => q.every(A, B),
    );
    const cd = createEntitySystem(
      function swapCD(entities) {
        const x = cv;
        const y = d;
        for (let i = 0, l = entities.length; i < l; i++) {
          const id = entities[i];
          const t = x[id];
          x[id] = y[id];
          y[id] = t;
        }
      },
      (q) => q.every(C, D),
    );
    const ce = createEntitySystem(
      function swapCE(entities) {
        const x = cv;
        const y = e;
        for (let i = 0, l = entities.length; i < l; i++) {
          const id = entities[i];
          const t = x[id];
          x[id] = y[id];
          y[id] = t;
        }
      },
      (q) => q.every(C, E),
    );
    world.registerSystem(ab).registerSystem(cd).registerSystem(ce);
    const prefabs: [Archetype, Int32Array | null][] = [
      [world.prefabricate([A, B]), null],
      [world.prefabricate([A, B, C]), null],
      [world.prefabricate([A, B, C, D]), d],
      [world.prefabricate([A, B, C, E]), e],
    ];
    world.initialize();
    prefabs.forEach(([prefab, extra], k) => {
      for (let i = 0; i < N; i++) {
        const id = world.createEntity(prefab);
        a[id] = 1;
        b[id] = 2;
        if (k > 0) cv[id] = 3;
        if (extra !== null) extra[id] = extra === d ? 4 : 5;
      }
    });
    return { world, ab, cd, ce, a, b, cv, d, e };
  },
  step: update,
  stages: [(s) => runSystem(s.ab, s.world), (s) => runSystem(s.cd, s.world), (s) => runSystem(s.ce, s.world)],
  read(s) {
    // Entities without C keep C.value 0, so the whole array sums the C entities.
    let sumC = 0;
    for (let i = 0; i < s.cv.length; i++) sumC += s.cv[i];
    return {
      entities: entityCount(s.world, 4 * N),
      countAB: countOf(s.ab),
      sumA: sumOf(s.ab, s.a),
      sumB: sumOf(s.ab, s.b),
      sumC,
      sumD: sumOf(s.cd, s.d),
      sumE: sumOf(s.ce, s.e),
    };
  },
};
