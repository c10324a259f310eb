// simple_iter in perform-ecs: three systems, each a view over two components swapping their
// fields on the entity objects; the step is ecs.update(). AllC's view serves read() only.
import { type ECS, EntityViewFactory, System } from "perform-ecs";
import { N, type Readout } from "../../scenarios/simple_iter.js";
import type { Implementation } from "../../spec.js";
import { A, B, C, D, E, ecsWith, register, sumOver, update } from "./components.js";

class SwapAB extends System {
  view = EntityViewFactory.createView({ components: [A, B] });
  override update(): void {
    const es = this.view.entities;
    for (let i = 0; i < es.length; i++) {
      const e = es[i];
      const x = e.a;
      e.a = e.b;
      e.b = x;
    }
  }
}
class SwapCD extends System {
  view = EntityViewFactory.createView({ components: [C, D] });
  override update(): void {
    const es = this.view.entities;
    for (let i = 0; i < es.length; i++) {
      const e = es[i];
      const x = e.c;
      e.c = e.d;
      e.d = x;
    }
  }
}
class SwapCE extends System {
  view = EntityViewFactory.createView({ components: [C, E] });
  override update(): void {
    const es = this.view.entities;
    for (let i = 0; i < es.length; i++) {
      const e = es[i];
      const x = e.c;
      e.c = e.e;
      e.e = x;
    }
  }
}
/** Registered for read() only (a view sees only entities created after it). */
class AllC extends System {
  view = EntityViewFactory.createView({ components: [C] });
}

interface State {
  readonly ecs: ECS;
  readonly ab: SwapAB;
  readonly cd: SwapCD;
  readonly ce: SwapCE;
  readonly c: AllC;
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    register(A, B, C, D, E);
    const state = { ab: new SwapAB(), cd: new SwapCD(), ce: new SwapCE(), c: new AllC() };
    const ecs = ecsWith(state.ab, state.cd, state.ce, state.c);
    const a = { component: A, args: [1] };
    const b = { component: B, args: [2] };
    const c = { component: C, args: [3] };
    for (let i = 0; i < N; i++) ecs.createEntity([a, b]);
    for (let i = 0; i < N; i++) ecs.createEntity([a, b, c]);
    for (let i = 0; i < N; i++) ecs.createEntity([a, b, c, { component: D, args: [4] }]);
    for (let i = 0; i < N; i++) ecs.createEntity([a, b, c, { component: E, args: [5] }]);
    return { ecs, ...state };
  },
  step: update,
  stages: [(s) => s.ab.update(), (s) => s.cd.update(), (s) => s.ce.update()],
  read(s) {
    // Every entity has A and B: (A,B)'s view holds them all.
    const ab = s.ab.view.entities;
    return {
      entities: ab.length,
      countAB: ab.length,
      sumA: sumOver(ab, (e) => e.a),
      sumB: sumOver(ab, (e) => e.b),
      sumC: sumOver(s.c.view.entities, (e) => e.c),
      sumD: sumOver(s.cd.view.entities, (e) => e.d),
      sumE: sumOver(s.ce.view.entities, (e) => e.e),
    };
  },
};
