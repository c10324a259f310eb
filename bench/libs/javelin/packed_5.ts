// packed_5 in javelin: five systems, each iterating its query's records and doubling the
// column's components in place; the step is world.tick().
import { query } from "@javelin/ecs";
import { N, type Readout } from "../../scenarios/packed_5.js";
import type { Implementation } from "../../spec.js";
import { A, B, C, countAndSum, D, E, liveEntities, populated, readValue, tick, type WorldState } from "./world.js";

const qA = query(A);
const qB = query(B);
const qC = query(C);
const qD = query(D);
const qE = query(E);

function doubleA(): void {
  for (const [entities, [a]] of qA) for (let i = 0; i < entities.length; i++) a[i].value *= 2;
}
function doubleB(): void {
  for (const [entities, [b]] of qB) for (let i = 0; i < entities.length; i++) b[i].value *= 2;
}
function doubleC(): void {
  for (const [entities, [c]] of qC) for (let i = 0; i < entities.length; i++) c[i].value *= 2;
}
function doubleD(): void {
  for (const [entities, [d]] of qD) for (let i = 0; i < entities.length; i++) d[i].value *= 2;
}
function doubleE(): void {
  for (const [entities, [e]] of qE) for (let i = 0; i < entities.length; i++) e[i].value *= 2;
}

export const implementation: Implementation<WorldState, Readout> = {
  setup() {
    const world = populated(N, (w) => {
      for (let i = 0; i < N; i++) {
        w.spawn(w.component(A, 1), w.component(B, 1), w.component(C, 1), w.component(D, 1), w.component(E, 1));
      }
    });
    for (const system of [doubleA, doubleB, doubleC, doubleD, doubleE]) world.addSystem(system);
    return { world };
  },
  step: tick,
  read(s) {
    const [countA, sumA] = countAndSum(qA, readValue);
    const [countB, sumB] = countAndSum(qB, readValue);
    const [countC, sumC] = countAndSum(qC, readValue);
    const [countD, sumD] = countAndSum(qD, readValue);
    const [countE, sumE] = countAndSum(qE, readValue);
    return { entities: liveEntities(s.world), countA, countB, countC, countD, countE, sumA, sumB, sumC, sumD, sumE };
  },
};
