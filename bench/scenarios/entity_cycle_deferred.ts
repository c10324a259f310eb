// entity_cycle_deferred: the entity_cycle scenario with its batches made inside the
// iterations (wasm-ecs only): in the A iteration one
// `spawnMany(t.count, B.withEach({ value: t.columns(A).value }))` per table, in the B
// iteration one `destroyMany(t.entities)` per table; both wait for the iteration's end.
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
}

function spawnBs(s: State): void {
  const world = s.world;
  for (const t of s.qa) world.spawnMany(t.count, B.withEach({ value: t.columns(A).value }));
}

function destroyBs(s: State): void {
  const world = s.world;
  for (const t of s.qb) world.destroyMany(t.entities);
}

function step(s: State): void {
  spawnBs(s);
  destroyBs(s);
}

const wasmEcs: StepImplementation<State> = {
  async setup() {
    const world = await createWorld({ components: [A, B], initialEntities: 2 * N });
    world.spawnMany(N, A.withEach({ value: Int32Array.from({ length: N }, (_, i) => i) }));
    return { world, qa: world.query({ all: [A] }), qb: world.query({ all: [B] }) };
  },
  step,
  check(s) {
    const sumA = (N * (N - 1)) / 2;
    for (let round = 1; round <= 3; round++) {
      const what = (thing: string): string => `${thing} in round ${round}`;
      spawnBs(s);
      expectEqual("entity_cycle_deferred", what("B entities after the spawn system"), s.qb.count(), N);
      expectEqual("entity_cycle_deferred", what("entities after the spawn system"), s.world.entityCount, 2 * N);
      expectEqual(
        "entity_cycle_deferred",
        what("sum of B.value"),
        sumOf(s.qb, (t) => t.columns(B).value),
        sumA,
      );
      destroyBs(s);
      expectEqual("entity_cycle_deferred", what("B entities after the destroy system"), s.qb.count(), 0);
      expectEqual("entity_cycle_deferred", what("entities after the destroy system"), s.world.entityCount, N);
      expectEqual(
        "entity_cycle_deferred",
        what("sum of A.value"),
        sumOf(s.qa, (t) => t.columns(A).value),
        sumA,
      );
    }
  },
};

export const bench: StepBench = {
  kind: "steps",
  name: "entity_cycle_deferred",
  group: "standard",
  description: "entity_cycle with spawnMany / destroyMany called inside the iterations (deferred to their end)",
  implementations: { "wasm-ecs": wasmEcs },
};
