// frag_iter in perform-ecs: a view over Data and one over Z, each doubling its field on the
// entity objects; the step is ecs.update(). Letter K writes field `letterK` on its entities;
// AllY's view serves read() only.
import { type Component, type ECS, EntityViewFactory, System } from "perform-ecs";
import { LETTERS, PER_TYPE, type Readout } from "../../scenarios/frag_iter.js";
import type { Implementation } from "../../spec.js";
import { Data, ecsWith, LetterY, LetterZ, letterComponent, register, sumOver, update } from "./components.js";

const Letters: (typeof Component)[] = [...Array.from(LETTERS.slice(0, -2), letterComponent), LetterY, LetterZ];

class DoubleData extends System {
  view = EntityViewFactory.createView({ components: [Data] });
  override update(): void {
    const es = this.view.entities;
    for (let i = 0; i < es.length; i++) es[i].data *= 2;
  }
}
class DoubleZ extends System {
  view = EntityViewFactory.createView({ components: [LetterZ] });
  override update(): void {
    const es = this.view.entities;
    for (let i = 0; i < es.length; i++) es[i].letterZ *= 2;
  }
}
/** Registered for read() only. */
class AllY extends System {
  view = EntityViewFactory.createView({ components: [LetterY] });
}

interface State {
  readonly ecs: ECS;
  readonly data: DoubleData;
  readonly z: DoubleZ;
  readonly y: AllY;
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    register(...Letters, Data);
    const state = { data: new DoubleData(), z: new DoubleZ(), y: new AllY() };
    const ecs = ecsWith(state.data, state.z, state.y);
    for (const Letter of Letters) {
      for (let i = 0; i < PER_TYPE; i++) {
        ecs.createEntity([
          { component: Letter, args: [] },
          { component: Data, args: [1] },
        ]);
      }
    }
    return { ecs, ...state };
  },
  step: update,
  stages: [(s) => s.data.update(), (s) => s.z.update()],
  read(s) {
    // Every entity has Data: Data's view holds them all.
    const data = s.data.view.entities;
    return {
      entities: data.length,
      countData: data.length,
      sumData: sumOver(data, (e) => e.data),
      sumZ: sumOver(s.z.view.entities, (e) => e.letterZ),
      sumY: sumOver(s.y.view.entities, (e) => e.letterY),
    };
  },
};
