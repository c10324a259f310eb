// entity_cycle in wasm-ecs, per entity as the README writes it: inside the loop over the A
// query, world.spawn(B.with({ value: a[i] })) per row; inside the loop over the B query,
// world.destroy(e) per row. Both are deferred by the world until the loop ends. Batch forms:
// entity_cycle.batch.ts and entity_cycle.batch-deferred.ts.
import { component, createWorld, type Query, type World } from "wasm-ecs";
import { sumOf } from "../../check.js";
import { N, type Readout } from "../../scenarios/entity_cycle.js";
import type { Implementation } from "../../spec.js";

export const A = component("A", { value: "i32" });
export const B = component("B", { value: "i32" });

export interface State {
  readonly world: World;
  readonly qa: Query;
  readonly qb: Query;
}

function spawnBs(s: State): void {
  const world = s.world;
  for (const t of s.qa) {
    const a = t.columns(A).value;
    for (let i = 0; i < t.count; i++) world.spawn(B.with({ value: a[i] }));
  }
}

function destroyBs(s: State): void {
  const world = s.world;
  for (const t of s.qb) {
    const entities = t.entities;
    for (let i = 0; i < t.count; i++) world.destroy(entities[i]);
  }
}

export const implementation: Implementation<State, Readout> = {
  async setup() {
    const world = await createWorld({ components: [A, B], initialEntities: 2 * N });
    world.spawnMany(N, A.withEach({ value: Int32Array.from({ length: N }, (_, i) => i) }));
    return { world, qa: world.query({ all: [A] }), qb: world.query({ all: [B] }) };
  },
  step(s) {
    spawnBs(s);
    destroyBs(s);
  },
  stages: [spawnBs, destroyBs],
  read: (s) => ({
    entities: s.world.entityCount,
    countA: s.qa.count(),
    countB: s.qb.count(),
    sumA: sumOf(s.qa, (t) => t.columns(A).value),
    sumB: sumOf(s.qb, (t) => t.columns(B).value),
  }),
};
