// simple_iter in tiny-ecs: three systems, each a plain loop over its indexed (X, Y) query
// swapping entity.x.value with entity.y.value.
import tinyEcs, { type EntityManager } from "tiny-ecs";
import { N, type Readout } from "../../scenarios/simple_iter.js";
import type { Implementation } from "../../spec.js";
import { A, B, C, D, E, sumOver, type WithA, type WithB, type WithC, type WithD, type WithE } from "./components.js";

interface State {
  readonly manager: EntityManager;
  readonly ab: (WithA & WithB)[];
  readonly cd: (WithC & WithD)[];
  readonly ce: (WithC & WithE)[];
}

function swapAB(s: State): void {
  const es = s.ab;
  for (let i = 0; i < es.length; i++) {
    const e = es[i];
    const a = e.a;
    const b = e.b;
    const x = a.value;
    a.value = b.value;
    b.value = x;
  }
}
function swapCD(s: State): void {
  const es = s.cd;
  for (let i = 0; i < es.length; i++) {
    const e = es[i];
    const c = e.c;
    const d = e.d;
    const x = c.value;
    c.value = d.value;
    d.value = x;
  }
}
function swapCE(s: State): void {
  const es = s.ce;
  for (let i = 0; i < es.length; i++) {
    const e = es[i];
    const c = e.c;
    const v = e.e;
    const x = c.value;
    c.value = v.value;
    v.value = x;
  }
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    const manager = new tinyEcs.EntityManager();
    const ab = (): WithA & WithB & WithC & WithD & WithE => {
      const e = manager.createEntity<WithA & WithB & WithC & WithD & WithE>().addComponent(A).addComponent(B);
      e.a.value = 1;
      e.b.value = 2;
      return e;
    };
    for (let i = 0; i < N; i++) ab();
    for (let i = 0; i < N; i++) ab().addComponent(C).c.value = 3;
    for (let i = 0; i < N; i++) {
      const e = ab().addComponent(C).addComponent(D);
      e.c.value = 3;
      e.d.value = 4;
    }
    for (let i = 0; i < N; i++) {
      const e = ab().addComponent(C).addComponent(E);
      e.c.value = 3;
      e.e.value = 5;
    }
    return {
      manager,
      ab: manager.queryComponents<WithA & WithB>([A, B]),
      cd: manager.queryComponents<WithC & WithD>([C, D]),
      ce: manager.queryComponents<WithC & WithE>([C, E]),
    };
  },
  step(s) {
    swapAB(s);
    swapCD(s);
    swapCE(s);
  },
  stages: [swapAB, swapCD, swapCE],
  read(s) {
    // The (C) query is indexed here as the adapter's check did; no system changes structure.
    const withC = s.manager.queryComponents<WithC>([C]);
    return {
      entities: s.manager.count(),
      countAB: s.ab.length,
      sumA: sumOver(s.ab, (e) => e.a),
      sumB: sumOver(s.ab, (e) => e.b),
      sumC: sumOver(withC, (e) => e.c),
      sumD: sumOver(s.cd, (e) => e.d),
      sumE: sumOver(s.ce, (e) => e.e),
    };
  },
};
