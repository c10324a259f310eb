// packed_5 in bitECS 0.3: one system per component, each a query made once by defineQuery([X])
// and a loop over the returned ids indexing the typed-array store.
import { N, type Readout } from "../../scenarios/packed_5.js";
import type { Implementation } from "../../spec.js";
import { bitecs03, type I32, i32, type Query03, sumOver, type World03 } from "./stores.js";

const { addComponent, addEntity, createWorld, defineQuery, getAllEntities } = bitecs03;

interface State {
  readonly world: World03;
  readonly A: I32;
  readonly B: I32;
  readonly C: I32;
  readonly D: I32;
  readonly E: I32;
  readonly qa: Query03;
  readonly qb: Query03;
  readonly qc: Query03;
  readonly qd: Query03;
  readonly qe: Query03;
}

function doubleA(s: State): void {
  const ids = s.qa(s.world);
  const v = s.A.value;
  for (let i = 0; i < ids.length; i++) v[ids[i]] *= 2;
}

function doubleB(s: State): void {
  const ids = s.qb(s.world);
  const v = s.B.value;
  for (let i = 0; i < ids.length; i++) v[ids[i]] *= 2;
}

function doubleC(s: State): void {
  const ids = s.qc(s.world);
  const v = s.C.value;
  for (let i = 0; i < ids.length; i++) v[ids[i]] *= 2;
}

function doubleD(s: State): void {
  const ids = s.qd(s.world);
  const v = s.D.value;
  for (let i = 0; i < ids.length; i++) v[ids[i]] *= 2;
}

function doubleE(s: State): void {
  const ids = s.qe(s.world);
  const v = s.E.value;
  for (let i = 0; i < ids.length; i++) v[ids[i]] *= 2;
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    const world = createWorld();
    const [A, B, C, D, E] = [i32(N), i32(N), i32(N), i32(N), i32(N)];
    for (let i = 0; i < N; i++) {
      const e = addEntity(world);
      for (const c of [A, B, C, D, E]) {
        addComponent(world, c, e);
        c.value[e] = 1;
      }
    }
    return {
      world,
      A,
      B,
      C,
      D,
      E,
      qa: defineQuery([A]),
      qb: defineQuery([B]),
      qc: defineQuery([C]),
      qd: defineQuery([D]),
      qe: defineQuery([E]),
    };
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
    const [a, b, c, d, e] = [s.qa, s.qb, s.qc, s.qd, s.qe].map((q) => q(s.world));
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
