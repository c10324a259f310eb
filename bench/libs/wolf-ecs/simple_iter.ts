// simple_iter in WolfECS: three systems, each a manual loop over its (X, Y) query's
// archetypes and ids (backwards) swapping the two Int32Arrays' values.
import { all, ECS } from "wolf-ecs";
import { N, type Readout } from "../../scenarios/simple_iter.js";
import type { Implementation } from "../../spec.js";
import { countOf, everything, type I32, i32, type Query, sumOf } from "./stores.js";

interface State {
  readonly A: I32;
  readonly B: I32;
  readonly C: I32;
  readonly D: I32;
  readonly E: I32;
  readonly ab: Query;
  readonly cd: Query;
  readonly ce: Query;
  readonly c: Query;
  readonly everything: Query;
}

function swapAB(s: State): void {
  const x = s.A.value;
  const y = s.B.value;
  const archetypes = s.ab.a;
  for (let a = 0; a < archetypes.length; a++) {
    const ids = archetypes[a].e;
    for (let i = ids.length - 1; i >= 0; i--) {
      const e = ids[i];
      const t = x[e];
      x[e] = y[e];
      y[e] = t;
    }
  }
}

function swapCD(s: State): void {
  const x = s.C.value;
  const y = s.D.value;
  const archetypes = s.cd.a;
  for (let a = 0; a < archetypes.length; a++) {
    const ids = archetypes[a].e;
    for (let i = ids.length - 1; i >= 0; i--) {
      const e = ids[i];
      const t = x[e];
      x[e] = y[e];
      y[e] = t;
    }
  }
}

function swapCE(s: State): void {
  const x = s.C.value;
  const y = s.E.value;
  const archetypes = s.ce.a;
  for (let a = 0; a < archetypes.length; a++) {
    const ids = archetypes[a].e;
    for (let i = ids.length - 1; i >= 0; i--) {
      const e = ids[i];
      const t = x[e];
      x[e] = y[e];
      y[e] = t;
    }
  }
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    const ecs = new ECS(4 * N);
    const [A, B, C, D, E] = [i32(ecs), i32(ecs), i32(ecs), i32(ecs), i32(ecs)];
    const s: State = {
      A,
      B,
      C,
      D,
      E,
      ab: ecs.createQuery(all(A, B)),
      cd: ecs.createQuery(all(C, D)),
      ce: ecs.createQuery(all(C, E)),
      c: ecs.createQuery(all(C)),
      everything: everything(ecs, A),
    };
    const initial = new Map<I32, number>([
      [A, 1],
      [B, 2],
      [C, 3],
      [D, 4],
      [E, 5],
    ]);
    for (const set of [
      [A, B],
      [A, B, C],
      [A, B, C, D],
      [A, B, C, E],
    ]) {
      for (let i = 0; i < N; i++) {
        const e = ecs.createEntity();
        for (const c of set) {
          ecs.addComponent(e, c);
          c.value[e] = initial.get(c) ?? 0;
        }
      }
    }
    return s;
  },
  step(s) {
    swapAB(s);
    swapCD(s);
    swapCE(s);
  },
  stages: [swapAB, swapCD, swapCE],
  read: (s) => ({
    entities: countOf(s.everything),
    countAB: countOf(s.ab),
    sumA: sumOf(s.ab, s.A.value),
    sumB: sumOf(s.ab, s.B.value),
    sumC: sumOf(s.c, s.C.value),
    sumD: sumOf(s.cd, s.D.value),
    sumE: sumOf(s.ce, s.E.value),
  }),
};
