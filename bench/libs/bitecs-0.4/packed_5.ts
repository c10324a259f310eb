// packed_5 in bitECS 0.4: one system per component, each query(world, [X]) and a loop over
// the returned ids indexing the typed-array store.
import { addEntity, createWorld, getAllEntities, type QueryTerm, query, type World } from "bitecs";
import { N, type Readout } from "../../scenarios/packed_5.js";
import type { Implementation } from "../../spec.js";
import { type I32, i32, sumOver } from "./stores.js";

interface State {
  readonly world: World;
  readonly A: I32;
  readonly B: I32;
  readonly C: I32;
  readonly D: I32;
  readonly E: I32;
  readonly qa: QueryTerm[];
  readonly qb: QueryTerm[];
  readonly qc: QueryTerm[];
  readonly qd: QueryTerm[];
  readonly qe: QueryTerm[];
}

function doubleA(s: State): void {
  const ids = query(s.world, s.qa);
  const v = s.A.value;
  for (let i = 0; i < ids.length; i++) v[ids[i]] *= 2;
}

function doubleB(s: State): void {
  const ids = query(s.world, s.qb);
  const v = s.B.value;
  for (let i = 0; i < ids.length; i++) v[ids[i]] *= 2;
}

function doubleC(s: State): void {
  const ids = query(s.world, s.qc);
  const v = s.C.value;
  for (let i = 0; i < ids.length; i++) v[ids[i]] *= 2;
}

function doubleD(s: State): void {
  const ids = query(s.world, s.qd);
  const v = s.D.value;
  for (let i = 0; i < ids.length; i++) v[ids[i]] *= 2;
}

function doubleE(s: State): void {
  const ids = query(s.world, s.qe);
  const v = s.E.value;
  for (let i = 0; i < ids.length; i++) v[ids[i]] *= 2;
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    const world = createWorld();
    const [A, B, C, D, E] = [i32(N), i32(N), i32(N), i32(N), i32(N)];
    for (let i = 0; i < N; i++) {
      const e = addEntity(world, A, B, C, D, E);
      A.value[e] = 1;
      B.value[e] = 1;
      C.value[e] = 1;
      D.value[e] = 1;
      E.value[e] = 1;
    }
    return { world, A, B, C, D, E, qa: [A], qb: [B], qc: [C], qd: [D], qe: [E] };
  },
  step(s) {
    doubleA(s);
    doubleB(s);
    doubleC(s);
    doubleD(s);
    doubleE(s);
  },
  stages: [doubleA, doubleB, doubleC, doubleD, doubleE],
  read(s) {
    const [a, b, c, d, e] = [s.qa, s.qb, s.qc, s.qd, s.qe].map((terms) => query(s.world, terms));
    return {
      entities: getAllEntities(s.world).length,
      countA: a.length,
      countB: b.length,
      countC: c.length,
      countD: d.length,
      countE: e.length,
      sumA: sumOver(a, s.A.value),
      sumB: sumOver(b, s.B.value),
      sumC: sumOver(c, s.C.value),
      sumD: sumOver(d, s.D.value),
      sumE: sumOver(e, s.E.value),
    };
  },
};
