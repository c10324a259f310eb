// add_remove in ecsy: a system over TagA adding TagB to each result (addComponent), then one
// over TagB removing it (removeComponent, deferred to the end of execute(), backwards over the
// live results); tags extend TagComponent. The step is world.execute().
import { System, TagComponent, World } from "ecsy";
import { N, type Readout } from "../../scenarios/add_remove.js";
import type { Implementation } from "../../spec.js";
import { execute, only, resultsOf } from "./world.js";

class TagA extends TagComponent {}
class TagB extends TagComponent {}

class AddB extends System {
  static override queries = { q: { components: [TagA] } };
  execute(): void {
    const r = this.queries.q.results;
    for (let i = 0; i < r.length; i++) r[i].addComponent(TagB);
  }
}
class RemoveB extends System {
  static override queries = { q: { components: [TagB] } };
  execute(): void {
    const r = this.queries.q.results;
    for (let i = r.length - 1; i >= 0; i--) r[i].removeComponent(TagB);
  }
}

interface State {
  readonly world: World;
}

export const implementation: Implementation<State, Readout & { holdingLessB: number }> = {
  setup() {
    const world = new World({ entityPoolSize: N });
    world.registerComponent(TagA).registerComponent(TagB);
    world.registerSystem(AddB).registerSystem(RemoveB, { priority: 2 });
    for (let i = 0; i < N; i++) world.createEntity().addComponent(TagA);
    return { world };
  },
  step: execute,
  stages: [only(AddB), only(RemoveB)],
  read(s) {
    const as = resultsOf(s.world, AddB, "q");
    const bs = resultsOf(s.world, RemoveB, "q");
    // Every entity has TagA: the A query holds every entity (ecsy's typings expose no count).
    // The A entities holding B (hasComponent) must be as many as the B query holds.
    const holding = as.filter((e) => e.hasComponent(TagB)).length;
    return { entities: as.length, countA: as.length, countB: bs.length, holdingLessB: holding - bs.length };
  },
  invariants: { holdingLessB: 0 },
};
