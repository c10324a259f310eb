// simple_iter in wasm-ecs, as the README's first loop: for each table of the query, the views
// of t.columns(C), bounded by t.count taken into a local. simple_iter.count-bound.ts: i < t.count.
import { type Component, component, createWorld, type Query, type World } from "wasm-ecs";
import { sumOf } from "../../check.js";
import { N, type Readout } from "../../scenarios/simple_iter.js";
import type { Implementation } from "../../spec.js";

export const A = component("A", { value: "i32" });
export const B = component("B", { value: "i32" });
export const C = component("C", { value: "i32" });
export const D = component("D", { value: "i32" });
export const E = component("E", { value: "i32" });

export interface State {
  readonly world: World;
  readonly ab: Query;
  readonly cd: Query;
  readonly ce: Query;
  readonly c: Query;
}

function swapAB(s: State): void {
  for (const t of s.ab) {
    const a = t.columns(A).value;
    const b = t.columns(B).value;
    for (let i = 0, n = t.count; i < n; i++) {
      const x = a[i];
      a[i] = b[i];
      b[i] = x;
    }
  }
}

function swapCD(s: State): void {
  for (const t of s.cd) {
    const c = t.columns(C).value;
    const d = t.columns(D).value;
    for (let i = 0, n = t.count; i < n; i++) {
      const x = c[i];
      c[i] = d[i];
      d[i] = x;
    }
  }
}

function swapCE(s: State): void {
  for (const t of s.ce) {
    const c = t.columns(C).value;
    const e = t.columns(E).value;
    for (let i = 0, n = t.count; i < n; i++) {
      const x = c[i];
      c[i] = e[i];
      e[i] = x;
    }
  }
}

export const implementation: Implementation<State, Readout> = {
  async setup() {
    const world = await createWorld({ components: [A, B, C, D, E], initialEntities: 4 * N });
    const [a, b, c] = [A.withEach({ value: 1 }), B.withEach({ value: 2 }), C.withEach({ value: 3 })];
    world.spawnMany(N, a, b);
    world.spawnMany(N, a, b, c);
    world.spawnMany(N, a, b, c, D.withEach({ value: 4 }));
    world.spawnMany(N, a, b, c, E.withEach({ value: 5 }));
    const q = (...all: Component[]): Query => world.query({ all });
    return { world, ab: q(A, B), cd: q(C, D), ce: q(C, E), c: q(C) };
  },
  step(s) {
    swapAB(s);
    swapCD(s);
    swapCE(s);
  },
  stages: [swapAB, swapCD, swapCE],
  read: (s) => ({
    entities: s.world.entityCount,
    countAB: s.ab.count(),
    sumA: sumOf(s.ab, (t) => t.columns(A).value),
    sumB: sumOf(s.ab, (t) => t.columns(B).value),
    sumC: sumOf(s.c, (t) => t.columns(C).value),
    sumD: sumOf(s.cd, (t) => t.columns(D).value),
    sumE: sumOf(s.ce, (t) => t.columns(E).value),
  }),
};
