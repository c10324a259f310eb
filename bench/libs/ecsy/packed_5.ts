// packed_5 in ecsy: five systems, each over one component's query results doubling
// getMutableComponent(X).value; the step is world.execute().
import { System, World } from "ecsy";
import { N, type Readout } from "../../scenarios/packed_5.js";
import type { Implementation } from "../../spec.js";
import { A, B, C, D, E, execute, only, resultsOf, sumValues } from "./world.js";

class DoubleA extends System {
  static override queries = { q: { components: [A] } };
  execute(): void {
    const r = this.queries.q.results;
    for (let i = 0; i < r.length; i++) r[i].getMutableComponent(A)!.value *= 2;
  }
}
class DoubleB extends System {
  static override queries = { q: { components: [B] } };
  execute(): void {
    const r = this.queries.q.results;
    for (let i = 0; i < r.length; i++) r[i].getMutableComponent(B)!.value *= 2;
  }
}
class DoubleC extends System {
  static override queries = { q: { components: [C] } };
  execute(): void {
    const r = this.queries.q.results;
    for (let i = 0; i < r.length; i++) r[i].getMutableComponent(C)!.value *= 2;
  }
}
class DoubleD extends System {
  static override queries = { q: { components: [D] } };
  execute(): void {
    const r = this.queries.q.results;
    for (let i = 0; i < r.length; i++) r[i].getMutableComponent(D)!.value *= 2;
  }
}
class DoubleE extends System {
  static override queries = { q: { components: [E] } };
  execute(): void {
    const r = this.queries.q.results;
    for (let i = 0; i < r.length; i++) r[i].getMutableComponent(E)!.value *= 2;
  }
}

interface State {
  readonly world: World;
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    const world = new World({ entityPoolSize: N });
    for (const type of [A, B, C, D, E]) world.registerComponent(type);
    for (const system of [DoubleA, DoubleB, DoubleC, DoubleD, DoubleE]) world.registerSystem(system);
    for (let i = 0; i < N; i++) {
      world
        .createEntity()
        .addComponent(A, { value: 1 })
        .addComponent(B, { value: 1 })
        .addComponent(C, { value: 1 })
        .addComponent(D, { value: 1 })
        .addComponent(E, { value: 1 });
    }
    return { world };
  },
  step: execute,
  stages: [only(DoubleA), only(DoubleB), only(DoubleC), only(DoubleD), only(DoubleE)],
  read(s) {
    const [a, b, c, d, e] = [DoubleA, DoubleB, DoubleC, DoubleD, DoubleE].map((t) => resultsOf(s.world, t, "q"));
    return {
      // Every entity has A: the A query holds every entity (ecsy's typings expose no count).
      entities: a.length,
      countA: a.length,
      countB: b.length,
      countC: c.length,
      countD: d.length,
      countE: e.length,
      sumA: sumValues(a, A),
      sumB: sumValues(b, B),
      sumC: sumValues(c, C),
      sumD: sumValues(d, D),
      sumE: sumValues(e, E),
    };
  },
};
