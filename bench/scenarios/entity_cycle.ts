// entity_cycle: 1,000 entities with A { value: i32 }. One op: for each A entity spawn one
// with B { value: A.value }, then destroy every B entity. This file uses the batch shape
// the API is built for (the documented fast path): the A iteration only reads the values,
// then one `spawnMany(n, B.withEach({ value }))` spawns the Bs and one
// `destroyMany(query)` empties the B tables. entity_cycle_deferred.ts makes the same
// batches inside the iterations; entity_cycle_single.ts spawns and destroys one by one.
import { component, createWorld, type Query, type World } from "wasm-ecs";
import { expectEqual, sumOf } from "../check.js";
import type { StepBench, StepImplementation } from "../types.js";

const N = 1000;

const A = component("A", { value: "i32" });
const B = component("B", { value: "i32" });

interface State {
  readonly world: World;
  readonly qa: Query;
  readonly qb: Query;
  /** A's values, gathered by the spawn system before it spawns. */
  readonly values: Int32Array;
}

function spawnBs(s: State): void {
  let n = 0;
  for (const t of s.qa) {
    s.values.set(t.columns(A).value, n);
    n += t.count;
  }
  s.world.spawnMany(n, B.withEach({ value: s.values.subarray(0, n) }));
}

function destroyBs(s: State): void {
  s.world.destroyMany(s.qb);
}

function step(s: State): void {
  spawnBs(s);
  destroyBs(s);
}

const wasmEcs: StepImplementation<State> = {
  async setup() {
    const world = await createWorld({ components: [A, B], initialEntities: 2 * N });
    world.spawnMany(N, A.withEach({ value: Int32Array.from({ length: N }, (_, i) => i) }));
    return { world, qa: world.query({ all: [A] }), qb: world.query({ all: [B] }), values: new Int32Array(N) };
  },
  step,
  check(s) {
    const sumA = (N * (N - 1)) / 2;
    for (let round = 1; round <= 3; round++) {
      const what = (thing: string): string => `${thing} in round ${round}`;
      spawnBs(s);
      expectEqual("entity_cycle", what("B entities after the spawn system"), s.qb.count(), N);
      expectEqual("entity_cycle", what("entities after the spawn system"), s.world.entityCount, 2 * N);
      expectEqual(
        "entity_cycle",
        what("sum of B.value"),
        sumOf(s.qb, (t) => t.columns(B).value),
        sumA,
      );
      destroyBs(s);
      expectEqual("entity_cycle", what("B entities after the destroy system"), s.qb.count(), 0);
      expectEqual("entity_cycle", what("entities after the destroy system"), s.world.entityCount, N);
      expectEqual(
        "entity_cycle",
        what("sum of A.value"),
        sumOf(s.qa, (t) => t.columns(A).value),
        sumA,
      );
    }
  },
};

export const bench: StepBench = {
  kind: "steps",
  name: "entity_cycle",
  group: "standard",
  description:
    "1,000 A; spawn one B { value: A.value } per A (one spawnMany), then destroy every B (destroyMany on the query)",
  implementations: { "wasm-ecs": wasmEcs },
};
