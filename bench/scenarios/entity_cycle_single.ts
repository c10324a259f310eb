// entity_cycle_single: entity_cycle with one call per entity, as naive user code writes it:
// inside the A iteration `world.spawn(B.with({ value }))` for each row, inside the B
// iteration `world.destroy(e)` for each row (all deferred to the iteration's end).
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
  for (const t of s.qa) {
    const value = t.columns(A).value;
    for (let i = 0; i < t.count; i++) world.spawn(B.with({ value: value[i] }));
  }
}

function destroyBs(s: State): void {
  const world = s.world;
  for (const t of s.qb) {
    const entities = t.entities;
    for (let i = 0; i < t.count; i++) world.destroy(entities[i]);
  }
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
      expectEqual("entity_cycle_single", what("B entities after the spawn system"), s.qb.count(), N);
      expectEqual("entity_cycle_single", what("entities after the spawn system"), s.world.entityCount, 2 * N);
      expectEqual(
        "entity_cycle_single",
        what("sum of B.value"),
        sumOf(s.qb, (t) => t.columns(B).value),
        sumA,
      );
      destroyBs(s);
      expectEqual("entity_cycle_single", what("B entities after the destroy system"), s.qb.count(), 0);
      expectEqual("entity_cycle_single", what("entities after the destroy system"), s.world.entityCount, N);
    }
  },
};

export const bench: StepBench = {
  kind: "steps",
  name: "entity_cycle_single",
  group: "standard",
  description: "entity_cycle with world.spawn(B.with(...)) and world.destroy(e) per entity (deferred)",
  implementations: { "wasm-ecs": wasmEcs },
};
