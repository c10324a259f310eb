// simple_iter in ecsy: three systems swapping (A,B), (C,D), (C,E) through getMutableComponent
// over their queries' results; the step is world.execute().
import { System, World } from "ecsy";
import { N, type Readout } from "../../scenarios/simple_iter.js";
import type { Implementation } from "../../spec.js";
import { A, B, C, D, E, execute, only, resultsOf, sumValues } from "./world.js";

class SwapAB extends System {
  static override queries = { q: { components: [A, B] } };
  execute(): void {
    const r = this.queries.q.results;
    for (let i = 0; i < r.length; i++) {
      const e = r[i];
      const a = e.getMutableComponent(A)!;
      const b = e.getMutableComponent(B)!;
      const x = a.value;
      a.value = b.value;
      b.value = x;
    }
  }
}
class SwapCD extends System {
  static override queries = { q: { components: [C, D] } };
  execute(): void {
    const r = this.queries.q.results;
    for (let i = 0; i < r.length; i++) {
      const e = r[i];
      const c = e.getMutableComponent(C)!;
      const d = e.getMutableComponent(D)!;
      const x = c.value;
      c.value = d.value;
      d.value = x;
    }
  }
}
class SwapCE extends System {
  static override queries = { q: { components: [C, E] } };
  execute(): void {
    const r = this.queries.q.results;
    for (let i = 0; i < r.length; i++) {
      const e = r[i];
      const c = e.getMutableComponent(C)!;
      const e5 = e.getMutableComponent(E)!;
      const x = c.value;
      c.value = e5.value;
      e5.value = x;
    }
  }
}

interface State {
  readonly world: World;
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    const world = new World({ entityPoolSize: 4 * N });
    for (const type of [A, B, C, D, E]) world.registerComponent(type);
    for (const system of [SwapAB, SwapCD, SwapCE]) world.registerSystem(system);
    for (let i = 0; i < N; i++) world.createEntity().addComponent(A, { value: 1 }).addComponent(B, { value: 2 });
    for (let i = 0; i < N; i++) {
      world.createEntity().addComponent(A, { value: 1 }).addComponent(B, { value: 2 }).addComponent(C, { value: 3 });
    }
    for (let i = 0; i < N; i++) {
      world
        .createEntity()
        .addComponent(A, { value: 1 })
        .addComponent(B, { value: 2 })
        .addComponent(C, { value: 3 })
        .addComponent(D, { value: 4 });
    }
    for (let i = 0; i < N; i++) {
      world
        .createEntity()
        .addComponent(A, { value: 1 })
        .addComponent(B, { value: 2 })
        .addComponent(C, { value: 3 })
        .addComponent(E, { value: 5 });
    }
    return { world };
  },
  step: execute,
  stages: [only(SwapAB), only(SwapCD), only(SwapCE)],
  read(s) {
    const ab = resultsOf(s.world, SwapAB, "q");
    const withC = ab.filter((e) => e.hasComponent(C));
    return {
      // Every entity has A and B: the (A,B) query holds every entity (ecsy's typings expose no count).
      entities: ab.length,
      countAB: ab.length,
      sumA: sumValues(ab, A),
      sumB: sumValues(ab, B),
      sumC: sumValues(withC, C),
      sumD: sumValues(resultsOf(s.world, SwapCD, "q"), D),
      sumE: sumValues(resultsOf(s.world, SwapCE, "q"), E),
    };
  },
};
