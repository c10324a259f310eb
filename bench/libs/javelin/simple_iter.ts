// simple_iter in javelin: three systems, each iterating its query's records and swapping the
// two columns' values in place; the step is world.tick(). read() sums per component over the
// one-component queries, as the adapter's check did (every entity has A and B).
import { query } from "@javelin/ecs";
import { N, type Readout } from "../../scenarios/simple_iter.js";
import type { Implementation } from "../../spec.js";
import { A, B, C, countAndSum, D, E, liveEntities, populated, readValue, tick, type WorldState } from "./world.js";

const qAB = query(A, B);
const qCD = query(C, D);
const qCE = query(C, E);
const [allA, allB, allC, allD, allE] = [A, B, C, D, E].map((T) => query(T));

function swapAB(): void {
  for (const [entities, [a, b]] of qAB) {
    for (let i = 0; i < entities.length; i++) {
      const x = a[i].value;
      a[i].value = b[i].value;
      b[i].value = x;
    }
  }
}
function swapCD(): void {
  for (const [entities, [c, d]] of qCD) {
    for (let i = 0; i < entities.length; i++) {
      const x = c[i].value;
      c[i].value = d[i].value;
      d[i].value = x;
    }
  }
}
function swapCE(): void {
  for (const [entities, [c, e]] of qCE) {
    for (let i = 0; i < entities.length; i++) {
      const x = c[i].value;
      c[i].value = e[i].value;
      e[i].value = x;
    }
  }
}

export const implementation: Implementation<WorldState, Readout> = {
  setup() {
    const world = populated(4 * N, (w) => {
      for (let i = 0; i < N; i++) w.spawn(w.component(A, 1), w.component(B, 2));
      for (let i = 0; i < N; i++) w.spawn(w.component(A, 1), w.component(B, 2), w.component(C, 3));
      for (let i = 0; i < N; i++) w.spawn(w.component(A, 1), w.component(B, 2), w.component(C, 3), w.component(D, 4));
      for (let i = 0; i < N; i++) w.spawn(w.component(A, 1), w.component(B, 2), w.component(C, 3), w.component(E, 5));
    });
    for (const system of [swapAB, swapCD, swapCE]) world.addSystem(system);
    return { world };
  },
  step: tick,
  read(s) {
    const [countAB, sumA] = countAndSum(allA, readValue);
    return {
      entities: liveEntities(s.world),
      countAB,
      sumA,
      sumB: countAndSum(allB, readValue)[1],
      sumC: countAndSum(allC, readValue)[1],
      sumD: countAndSum(allD, readValue)[1],
      sumE: countAndSum(allE, readValue)[1],
    };
  },
};
