// fragmented_256 in perform-ecs: one system, a view over Data adding 1 to the field on the
// entity objects; the step is ecs.update(). perform-ecs has no tags: T0..T7 are components
// without fields. read() counts the entities holding T7 (half of them), as the adapter did.
import { type Component, type ECS, EntityViewFactory, System } from "perform-ecs";
import { ARCHETYPES, N, type Readout, TAGS } from "../../scenarios/fragmented_256.js";
import type { Implementation } from "../../spec.js";
import { Data, ecsWith, register, sumOver, tagComponent, update } from "./components.js";

const Tags = Array.from({ length: TAGS }, tagComponent);

class Increment extends System {
  view = EntityViewFactory.createView({ components: [Data] });
  override update(): void {
    const es = this.view.entities;
    for (let i = 0; i < es.length; i++) es[i].data += 1;
  }
}

interface State {
  readonly ecs: ECS;
  readonly increment: Increment;
}

export const implementation: Implementation<State, Readout & { withT7: number }> = {
  setup() {
    register(Data, ...Tags);
    const increment = new Increment();
    const ecs = ecsWith(increment);
    for (let i = 0; i < N; i++) {
      const k = i % ARCHETYPES;
      const components = [{ component: Data as typeof Component, args: [0] }];
      for (let bit = 0; bit < TAGS; bit++) if ((k >> bit) & 1) components.push({ component: Tags[bit], args: [] });
      ecs.createEntity(components);
    }
    return { ecs, increment };
  },
  step: update,
  stages: [(s) => s.increment.update()],
  read(s) {
    const es = s.increment.view.entities;
    const withT7 = es.filter((e) => e.components.some((c) => c.component === Tags[7])).length;
    return { visited: es.length, sumData: sumOver(es, (e) => e.data), withT7 };
  },
  invariants: { withT7: N / 2 },
};
