// add_remove: 1,000 entities with tag A. One op: add tag B to every A entity, then remove
// B from every entity having it, through wasm-ecs's documented fast path for this:
// addMany / removeMany over a query, which moves whole archetype tables at once (real
// migrations: rows change tables). add_remove_single does it one call per entity.
// "wasm-ecs (sparse tag)" does the same with B a sparse tag: a bit per entity, no migration.
import { createWorld, type Query, tag, type World } from "wasm-ecs";
import { expectEqual } from "../check.js";
import type { StepBench, StepImplementation } from "../types.js";

const N = 1000;

const A = tag("A");
const B = tag("B");
const S = tag("S", { sparse: true });

interface State {
  readonly world: World;
  readonly withoutB: Query;
  readonly withB: Query;
}

function addB(s: State): void {
  s.world.addMany(s.withoutB, B);
}

function removeB(s: State): void {
  s.world.removeMany(s.withB, B);
}

function step(s: State): void {
  addB(s);
  removeB(s);
}

const wasmEcs: StepImplementation<State> = {
  async setup() {
    const world = await createWorld({ components: [A, B], initialEntities: N });
    world.spawnMany(N, A);
    return { world, withoutB: world.query({ all: [A], none: [B] }), withB: world.query({ all: [B] }) };
  },
  step,
  check(s) {
    for (let round = 1; round <= 3; round++) {
      addB(s);
      expectEqual("add_remove", `entities with B after the add system in round ${round}`, s.withB.count(), N);
      expectEqual("add_remove", `entities without B after the add system in round ${round}`, s.withoutB.count(), 0);
      removeB(s);
      expectEqual("add_remove", `entities with B after the remove system in round ${round}`, s.withB.count(), 0);
      expectEqual("add_remove", `entities in round ${round}`, s.world.entityCount, N);
    }
  },
};

interface SparseState {
  readonly world: World;
  readonly withoutS: Query;
  readonly withS: Query;
}

function addS(s: SparseState): void {
  s.world.addMany(s.withoutS, S);
}

function removeS(s: SparseState): void {
  s.world.removeMany(s.withS, S);
}

const sparse: StepImplementation<SparseState> = {
  async setup() {
    const world = await createWorld({ components: [A, S], initialEntities: N });
    world.spawnMany(N, A);
    return { world, withoutS: world.query({ all: [A], none: [S] }), withS: world.query({ all: [S] }) };
  },
  step(s) {
    addS(s);
    removeS(s);
  },
  check(s) {
    for (let round = 1; round <= 3; round++) {
      addS(s);
      expectEqual("add_remove", `entities with S after adding in round ${round}`, s.withS.count(), N);
      expectEqual("add_remove", `entities without S after adding in round ${round}`, s.withoutS.count(), 0);
      removeS(s);
      expectEqual("add_remove", `entities with S after removing in round ${round}`, s.withS.count(), 0);
      expectEqual("add_remove", `archetypes in round ${round}`, s.world.stats().archetypes, 2);
    }
  },
};

export const bench: StepBench = {
  kind: "steps",
  name: "add_remove",
  group: "standard",
  description: "1,000 entities with tag A; add tag B to each, then remove it (addMany / removeMany on queries)",
  implementations: { "wasm-ecs": wasmEcs, "wasm-ecs (sparse tag)": sparse },
};
