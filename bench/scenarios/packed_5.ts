// packed_5: 1,000 entities, each with A, B, C, D, E { value: i32 } (one archetype).
// Loops run to the view's length (i < v.length), which lets V8 drop the bounds checks.
// One op: 5 systems, one per component, each doubling `value` on every entity having it.
import { component, createWorld, type Query, type World } from "wasm-ecs";
import { expectEqual, sumOf } from "../check.js";
import type { StepBench, StepImplementation } from "../types.js";

const N = 1000;

const A = component("A", { value: "i32" });
const B = component("B", { value: "i32" });
const C = component("C", { value: "i32" });
const D = component("D", { value: "i32" });
const E = component("E", { value: "i32" });

interface State {
  readonly world: World;
  readonly qa: Query;
  readonly qb: Query;
  readonly qc: Query;
  readonly qd: Query;
  readonly qe: Query;
}

function doubleA(q: Query): void {
  for (const t of q) {
    const v = t.columns(A).value;
    for (let i = 0; i < v.length; i++) v[i] *= 2;
  }
}

function doubleB(q: Query): void {
  for (const t of q) {
    const v = t.columns(B).value;
    for (let i = 0; i < v.length; i++) v[i] *= 2;
  }
}

function doubleC(q: Query): void {
  for (const t of q) {
    const v = t.columns(C).value;
    for (let i = 0; i < v.length; i++) v[i] *= 2;
  }
}

function doubleD(q: Query): void {
  for (const t of q) {
    const v = t.columns(D).value;
    for (let i = 0; i < v.length; i++) v[i] *= 2;
  }
}

function doubleE(q: Query): void {
  for (const t of q) {
    const v = t.columns(E).value;
    for (let i = 0; i < v.length; i++) v[i] *= 2;
  }
}

function step(s: State): void {
  doubleA(s.qa);
  doubleB(s.qb);
  doubleC(s.qc);
  doubleD(s.qd);
  doubleE(s.qe);
}

const wasmEcs: StepImplementation<State> = {
  async setup() {
    const world = await createWorld({ components: [A, B, C, D, E], initialEntities: N });
    const one = { value: 1 };
    world.spawnMany(N, A.withEach(one), B.withEach(one), C.withEach(one), D.withEach(one), E.withEach(one));
    return {
      world,
      qa: world.query({ all: [A] }),
      qb: world.query({ all: [B] }),
      qc: world.query({ all: [C] }),
      qd: world.query({ all: [D] }),
      qe: world.query({ all: [E] }),
    };
  },
  step,
  check(s) {
    step(s);
    expectEqual("packed_5", "entity count", s.world.entityCount, N);
    expectEqual(
      "packed_5",
      "sum of A.value after one step",
      sumOf(s.qa, (t) => t.columns(A).value),
      2 * N,
    );
    expectEqual(
      "packed_5",
      "sum of B.value after one step",
      sumOf(s.qb, (t) => t.columns(B).value),
      2 * N,
    );
    expectEqual(
      "packed_5",
      "sum of C.value after one step",
      sumOf(s.qc, (t) => t.columns(C).value),
      2 * N,
    );
    expectEqual(
      "packed_5",
      "sum of D.value after one step",
      sumOf(s.qd, (t) => t.columns(D).value),
      2 * N,
    );
    expectEqual(
      "packed_5",
      "sum of E.value after one step",
      sumOf(s.qe, (t) => t.columns(E).value),
      2 * N,
    );
  },
};

export const bench: StepBench = {
  kind: "steps",
  name: "packed_5",
  group: "standard",
  description: "1,000 entities with A..E { value: i32 }; 5 systems doubling one component each",
  implementations: { "wasm-ecs": wasmEcs },
};
