// packed_5 in WolfECS: five systems, each a manual loop over its query's archetypes (query.a)
// and each archetype's ids backwards, doubling the component's Int32Array.
import { all, ECS } from "wolf-ecs";
import { N, type Readout } from "../../scenarios/packed_5.js";
import type { Implementation } from "../../spec.js";
import { countOf, everything, type I32, i32, type Query, sumOf } from "./stores.js";

interface State {
  readonly A: I32;
  readonly B: I32;
  readonly C: I32;
  readonly D: I32;
  readonly E: I32;
  readonly qa: Query;
  readonly qb: Query;
  readonly qc: Query;
  readonly qd: Query;
  readonly qe: Query;
  readonly everything: Query;
}

function doubleA(s: State): void {
  const v = s.A.value;
  const archetypes = s.qa.a;
  for (let a = 0; a < archetypes.length; a++) {
    const ids = archetypes[a].e;
    for (let i = ids.length - 1; i >= 0; i--) v[ids[i]] *= 2;
  }
}

function doubleB(s: State): void {
  const v = s.B.value;
  const archetypes = s.qb.a;
  for (let a = 0; a < archetypes.length; a++) {
    const ids = archetypes[a].e;
    for (let i = ids.length - 1; i >= 0; i--) v[ids[i]] *= 2;
  }
}

function doubleC(s: State): void {
  const v = s.C.value;
  const archetypes = s.qc.a;
  for (let a = 0; a < archetypes.length; a++) {
    const ids = archetypes[a].e;
    for (let i = ids.length - 1; i >= 0; i--) v[ids[i]] *= 2;
  }
}

function doubleD(s: State): void {
  const v = s.D.value;
  const archetypes = s.qd.a;
  for (let a = 0; a < archetypes.length; a++) {
    const ids = archetypes[a].e;
    for (let i = ids.length - 1; i >= 0; i--) v[ids[i]] *= 2;
  }
}

function doubleE(s: State): void {
  const v = s.E.value;
  const archetypes = s.qe.a;
  for (let a = 0; a < archetypes.length; a++) {
    const ids = archetypes[a].e;
    for (let i = ids.length - 1; i >= 0; i--) v[ids[i]] *= 2;
  }
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    const ecs = new ECS(N);
    const [A, B, C, D, E] = [i32(ecs), i32(ecs), i32(ecs), i32(ecs), i32(ecs)];
    const s: State = {
      A,
      B,
      C,
      D,
      E,
      qa: ecs.createQuery(all(A)),
      qb: ecs.createQuery(all(B)),
      qc: ecs.createQuery(all(C)),
      qd: ecs.createQuery(all(D)),
      qe: ecs.createQuery(all(E)),
      everything: everything(ecs, A),
    };
    for (let i = 0; i < N; i++) {
      const e = ecs.createEntity();
      for (const c of [A, B, C, D, E]) {
        ecs.addComponent(e, c);
        c.value[e] = 1;
      }
    }
    return s;
  },
  step(s) {
    doubleA(s);
    doubleB(s);
    doubleC(s);
    doubleD(s);
    doubleE(s);
  },
  stages: [doubleA, doubleB, doubleC, doubleD, doubleE],
  read: (s) => ({
    entities: countOf(s.everything),
    countA: countOf(s.qa),
    countB: countOf(s.qb),
    countC: countOf(s.qc),
    countD: countOf(s.qd),
    countE: countOf(s.qe),
    sumA: sumOf(s.qa, s.A.value),
    sumB: sumOf(s.qb, s.B.value),
    sumC: sumOf(s.qc, s.C.value),
    sumD: sumOf(s.qd, s.D.value),
    sumE: sumOf(s.qe, s.E.value),
  }),
};
