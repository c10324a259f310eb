// add_remove_single: the add_remove scenario through per-entity calls (wasm-ecs only;
// the compared add_remove uses the batch API). 1,000 entities with tag A. One op: add tag B to every A entity, then remove
// B from every entity having it, one world.add / world.remove per entity inside the query
// iteration (deferred, applied when the iteration ends).
import { createWorld, type Query, tag, type World } from "wasm-ecs";
import { expectEqual } from "../check.js";
import type { StepBench, StepImplementation } from "../types.js";

const N = 1000;

const A = tag("A");
const B = tag("B");

interface State {
  readonly world: World;
  readonly qa: Query;
  readonly qb: Query;
}

function addB(s: State): void {
  const world = s.world;
  for (const t of s.qa) {
    const entities = t.entities;
    for (let i = 0; i < t.count; i++) world.add(entities[i], B);
  }
}

function removeB(s: State): void {
  const world = s.world;
  for (const t of s.qb) {
    const entities = t.entities;
    for (let i = 0; i < t.count; i++) world.remove(entities[i], B);
  }
}

function step(s: State): void {
  addB(s);
  removeB(s);
}

const wasmEcs: StepImplementation<State> = {
  async setup() {
    const world = await createWorld({ components: [A, B], initialEntities: N });
    world.spawnMany(N, A);
    return { world, qa: world.query({ all: [A] }), qb: world.query({ all: [B] }) };
  },
  step,
  check(s) {
    for (let round = 1; round <= 3; round++) {
      addB(s);
      expectEqual("add_remove_single", `entities with B after the add system in round ${round}`, s.qb.count(), N);
      expectEqual("add_remove_single", `entities with A after the add system in round ${round}`, s.qa.count(), N);
      removeB(s);
      expectEqual("add_remove_single", `entities with B after the remove system in round ${round}`, s.qb.count(), 0);
      expectEqual("add_remove_single", `entities in round ${round}`, s.world.entityCount, N);
    }
  },
};

export const bench: StepBench = {
  kind: "steps",
  name: "add_remove_single",
  group: "standard",
  description: "1,000 entities with tag A; add tag B to each, then remove B from each (per entity, deferred)",
  implementations: { "wasm-ecs": wasmEcs },
};
