// packed_5 in tiny-ecs: five systems, each a plain loop over its indexed query
// (manager.queryComponents([X]), the same live array every time) doubling entity.x.value.
import tinyEcs, { type EntityManager } from "tiny-ecs";
import { N, type Readout } from "../../scenarios/packed_5.js";
import type { Implementation } from "../../spec.js";
import { A, B, C, D, E, sumOver, type WithA, type WithB, type WithC, type WithD, type WithE } from "./components.js";

interface State {
  readonly manager: EntityManager;
  readonly qa: WithA[];
  readonly qb: WithB[];
  readonly qc: WithC[];
  readonly qd: WithD[];
  readonly qe: WithE[];
}

function doubleA(s: State): void {
  const es = s.qa;
  for (let i = 0; i < es.length; i++) es[i].a.value *= 2;
}
function doubleB(s: State): void {
  const es = s.qb;
  for (let i = 0; i < es.length; i++) es[i].b.value *= 2;
}
function doubleC(s: State): void {
  const es = s.qc;
  for (let i = 0; i < es.length; i++) es[i].c.value *= 2;
}
function doubleD(s: State): void {
  const es = s.qd;
  for (let i = 0; i < es.length; i++) es[i].d.value *= 2;
}
function doubleE(s: State): void {
  const es = s.qe;
  for (let i = 0; i < es.length; i++) es[i].e.value *= 2;
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    const manager = new tinyEcs.EntityManager();
    for (let i = 0; i < N; i++) {
      const e = manager
        .createEntity<WithA & WithB & WithC & WithD & WithE>()
        .addComponent(A)
        .addComponent(B)
        .addComponent(C)
        .addComponent(D)
        .addComponent(E);
      e.a.value = 1;
      e.b.value = 1;
      e.c.value = 1;
      e.d.value = 1;
      e.e.value = 1;
    }
    return {
      manager,
      qa: manager.queryComponents<WithA>([A]),
      qb: manager.queryComponents<WithB>([B]),
      qc: manager.queryComponents<WithC>([C]),
      qd: manager.queryComponents<WithD>([D]),
      qe: manager.queryComponents<WithE>([E]),
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
  read: (s) => ({
    entities: s.manager.count(),
    countA: s.qa.length,
    countB: s.qb.length,
    countC: s.qc.length,
    countD: s.qd.length,
    countE: s.qe.length,
    sumA: sumOver(s.qa, (e) => e.a),
    sumB: sumOver(s.qb, (e) => e.b),
    sumC: sumOver(s.qc, (e) => e.c),
    sumD: sumOver(s.qd, (e) => e.d),
    sumE: sumOver(s.qe, (e) => e.e),
  }),
};
