// packed_5 in perform-ecs: five systems, each a view over one component doubling that
// component's field on the entity objects; the step is ecs.update().
import { type ECS, EntityViewFactory, System } from "perform-ecs";
import { N, type Readout } from "../../scenarios/packed_5.js";
import type { Implementation } from "../../spec.js";
import { A, B, C, D, E, ecsWith, register, sumOver, update } from "./components.js";

class DoubleA extends System {
  view = EntityViewFactory.createView({ components: [A] });
  override update(): void {
    const es = this.view.entities;
    for (let i = 0; i < es.length; i++) es[i].a *= 2;
  }
}
class DoubleB extends System {
  view = EntityViewFactory.createView({ components: [B] });
  override update(): void {
    const es = this.view.entities;
    for (let i = 0; i < es.length; i++) es[i].b *= 2;
  }
}
class DoubleC extends System {
  view = EntityViewFactory.createView({ components: [C] });
  override update(): void {
    const es = this.view.entities;
    for (let i = 0; i < es.length; i++) es[i].c *= 2;
  }
}
class DoubleD extends System {
  view = EntityViewFactory.createView({ components: [D] });
  override update(): void {
    const es = this.view.entities;
    for (let i = 0; i < es.length; i++) es[i].d *= 2;
  }
}
class DoubleE extends System {
  view = EntityViewFactory.createView({ components: [E] });
  override update(): void {
    const es = this.view.entities;
    for (let i = 0; i < es.length; i++) es[i].e *= 2;
  }
}

interface State {
  readonly ecs: ECS;
  readonly a: DoubleA;
  readonly b: DoubleB;
  readonly c: DoubleC;
  readonly d: DoubleD;
  readonly e: DoubleE;
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    register(A, B, C, D, E);
    const state = { a: new DoubleA(), b: new DoubleB(), c: new DoubleC(), d: new DoubleD(), e: new DoubleE() };
    const ecs = ecsWith(state.a, state.b, state.c, state.d, state.e);
    for (let i = 0; i < N; i++) {
      ecs.createEntity([
        { component: A, args: [1] },
        { component: B, args: [1] },
        { component: C, args: [1] },
        { component: D, args: [1] },
        { component: E, args: [1] },
      ]);
    }
    return { ecs, ...state };
  },
  step: update,
  stages: [(s) => s.a.update(), (s) => s.b.update(), (s) => s.c.update(), (s) => s.d.update(), (s) => s.e.update()],
  read: (s) => ({
    // Every entity has A: A's view holds them all.
    entities: s.a.view.entities.length,
    countA: s.a.view.entities.length,
    countB: s.b.view.entities.length,
    countC: s.c.view.entities.length,
    countD: s.d.view.entities.length,
    countE: s.e.view.entities.length,
    sumA: sumOver(s.a.view.entities, (e) => e.a),
    sumB: sumOver(s.b.view.entities, (e) => e.b),
    sumC: sumOver(s.c.view.entities, (e) => e.c),
    sumD: sumOver(s.d.view.entities, (e) => e.d),
    sumE: sumOver(s.e.view.entities, (e) => e.e),
  }),
};
