// simple_iter: 1,000 entities each of (A,B), (A,B,C), (A,B,C,D), (A,B,C,E), all { value: i32 }.
// One op: 3 systems swapping the values of (A,B), then (C,D), then (C,E).
import { type Component, component, createWorld, type Query, type World } from "wasm-ecs";
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
  readonly ab: Query;
  readonly cd: Query;
  readonly ce: Query;
}

function swapAB(q: Query): void {
  for (const t of q) {
    const a = t.columns(A).value;
    const b = t.columns(B).value;
    for (let i = 0, n = a.length; i < n; i++) {
      const x = a[i];
      a[i] = b[i];
      b[i] = x;
    }
  }
}

function swapCD(q: Query): void {
  for (const t of q) {
    const c = t.columns(C).value;
    const d = t.columns(D).value;
    for (let i = 0, n = c.length; i < n; i++) {
      const x = c[i];
      c[i] = d[i];
      d[i] = x;
    }
  }
}

function swapCE(q: Query): void {
  for (const t of q) {
    const c = t.columns(C).value;
    const e = t.columns(E).value;
    for (let i = 0, n = c.length; i < n; i++) {
      const x = c[i];
      c[i] = e[i];
      e[i] = x;
    }
  }
}

function step(s: State): void {
  swapAB(s.ab);
  swapCD(s.cd);
  swapCE(s.ce);
}

const wasmEcs: StepImplementation<State> = {
  async setup() {
    const world = await createWorld({ components: [A, B, C, D, E], initialEntities: 4 * N });
    const a = A.withEach({ value: 1 });
    const b = B.withEach({ value: 2 });
    const c = C.withEach({ value: 3 });
    world.spawnMany(N, a, b);
    world.spawnMany(N, a, b, c);
    world.spawnMany(N, a, b, c, D.withEach({ value: 4 }));
    world.spawnMany(N, a, b, c, E.withEach({ value: 5 }));
    return {
      world,
      ab: world.query({ all: [A, B] }),
      cd: world.query({ all: [C, D] }),
      ce: world.query({ all: [C, E] }),
    };
  },
  step,
  check(s) {
    step(s);
    const sum = (q: Query, c: Component<{ readonly value: "i32" }>): number => sumOf(q, (t) => t.columns(c).value);
    const w = s.world;
    expectEqual("simple_iter", "entity count", w.entityCount, 4 * N);
    expectEqual("simple_iter", "(A,B) entities", s.ab.count(), 4 * N);
    expectEqual("simple_iter", "sum of A.value after one step", sum(s.ab, A), 4 * N * 2);
    expectEqual("simple_iter", "sum of B.value after one step", sum(s.ab, B), 4 * N * 1);
    expectEqual("simple_iter", "sum of C.value after one step", sum(w.query({ all: [C] }), C), N * (3 + 4 + 5));
    expectEqual("simple_iter", "sum of D.value after one step", sum(s.cd, D), N * 3);
    expectEqual("simple_iter", "sum of E.value after one step", sum(s.ce, E), N * 3);
  },
};

export const bench: StepBench = {
  kind: "steps",
  name: "simple_iter",
  group: "standard",
  description: "1,000 each of (A,B), (A,B,C), (A,B,C,D), (A,B,C,E); 3 systems swapping (A,B), (C,D), (C,E)",
  implementations: { "wasm-ecs": wasmEcs },
};
