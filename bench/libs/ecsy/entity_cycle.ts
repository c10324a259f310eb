// entity_cycle in ecsy: a system over A creating one entity with B { value: A.value } per
// result, then one over B removing each entity (entity.remove(), deferred to the end of
// execute()); the step is world.execute().
import { System, World } from "ecsy";
import { N, type Readout } from "../../scenarios/entity_cycle.js";
import type { Implementation } from "../../spec.js";
import { A, B, execute, only, resultsOf, sumValues } from "./world.js";

class SpawnBs extends System {
  static override queries = { q: { components: [A] } };
  execute(): void {
    const world = this.world;
    const r = this.queries.q.results;
    for (let i = 0; i < r.length; i++) {
      world.createEntity().addComponent(B, { value: r[i].getComponent(A)!.value });
    }
  }
}
class DestroyBs extends System {
  static override queries = { q: { components: [B] } };
  execute(): void {
    const r = this.queries.q.results;
    // remove() takes the entity out of the live result array at once: walk it backwards.
    for (let i = r.length - 1; i >= 0; i--) r[i].remove();
  }
}

interface State {
  readonly world: World;
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    const world = new World({ entityPoolSize: 2 * N });
    world.registerComponent(A).registerComponent(B);
    world.registerSystem(SpawnBs).registerSystem(DestroyBs, { priority: 2 });
    for (let i = 0; i < N; i++) world.createEntity().addComponent(A, { value: i });
    return { world };
  },
  step: execute,
  stages: [only(SpawnBs), only(DestroyBs)],
  read(s) {
    const as = resultsOf(s.world, SpawnBs, "q");
    const bs = resultsOf(s.world, DestroyBs, "q");
    return {
      // Every entity has A or B: the two queries hold every entity (ecsy's typings expose no count).
      entities: as.length + bs.length,
      countA: as.length,
      countB: bs.length,
      sumA: sumValues(as, A),
      sumB: sumValues(bs, B),
    };
  },
};
