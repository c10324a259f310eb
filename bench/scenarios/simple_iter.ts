// simple_iter (standard): N entities each of (A,B), (A,B,C), (A,B,C,D), (A,B,C,E), all
// { value: i32 } with A = 1, B = 2, C = 3, D = 4, E = 5. One step: 3 systems swapping the
// values of (A,B), then (C,D), then (C,E).
import type { Spec } from "../spec.js";

export const N = 1000;

/** The values, uniform within each group: every entity has A and B; C differs per group. */
interface Model {
  readonly a: number;
  readonly b: number;
  /** C on (A,B,C). */
  readonly c: number;
  readonly cd: { readonly c: number; readonly d: number };
  readonly ce: { readonly c: number; readonly e: number };
}

/** entities; countAB: entities with A and B; sumX: X.value over every entity with X. */
export type Readout = {
  entities: number;
  countAB: number;
  sumA: number;
  sumB: number;
  sumC: number;
  sumD: number;
  sumE: number;
};

export const spec: Spec<Model, Readout> = {
  name: "simple_iter",
  group: "standard",
  description: "1,000 each of (A,B), (A,B,C), (A,B,C,D), (A,B,C,E); 3 systems swapping (A,B), (C,D), (C,E)",
  stages: [
    { name: "swapAB", next: (m) => ({ ...m, a: m.b, b: m.a }) },
    { name: "swapCD", next: (m) => ({ ...m, cd: { c: m.cd.d, d: m.cd.c } }) },
    { name: "swapCE", next: (m) => ({ ...m, ce: { c: m.ce.e, e: m.ce.c } }) },
  ],
  initial: () => ({ a: 1, b: 2, c: 3, cd: { c: 3, d: 4 }, ce: { c: 3, e: 5 } }),
  readout: (m) => ({
    entities: 4 * N,
    countAB: 4 * N,
    sumA: 4 * N * m.a,
    sumB: 4 * N * m.b,
    sumC: N * (m.c + m.cd.c + m.ce.c),
    sumD: N * m.cd.d,
    sumE: N * m.ce.e,
  }),
};
