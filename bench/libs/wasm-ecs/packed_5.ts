// packed_5 in wasm-ecs, as the README's first loop: for each table of the query, the view of
// t.columns(C).value, bounded by t.count taken into a local (n = t.count).
// packed_5.count-bound.ts reads t.count in the loop condition instead.
import { type Component, component, createWorld, type Query, type World } from "wasm-ecs";
import { sumOf } from "../../check.js";
import { N, type Readout } from "../../scenarios/packed_5.js";
import type { Implementation } from "../../spec.js";

export const A = component("A", { value: "i32" });
export const B = component("B", { value: "i32" });
export const C = component("C", { value: "i32" });
export const D = component("D", { value: "i32" });
export const E = component("E", { value: "i32" });

export interface State {
  readonly world: World;
  readonly qa: Query;
  readonly qb: Query;
  readonly qc: Query;
  readonly qd: Query;
  readonly qe: Query;
}

function doubleA(s: State): void {
  for (const t of s.qa) {
    const v = t.columns(A).value;
    for (let i = 0, n = t.count; i < n; i++) v[i] *= 2;
  }
}

function doubleB(s: State): void {
  for (const t of s.qb) {
    const v = t.columns(B).value;
    for (let i = 0, n = t.count; i < n; i++) v[i] *= 2;
  }
}

function doubleC(s: State): void {
  for (const t of s.qc) {
    const v = t.columns(C).value;
    for (let i = 0, n = t.count; i < n; i++) v[i] *= 2;
  }
}

function doubleD(s: State): void {
  for (const t of s.qd) {
    const v = t.columns(D).value;
    for (let i = 0, n = t.count; i < n; i++) v[i] *= 2;
  }
}

function doubleE(s: State): void {
  for (const t of s.qe) {
    const v = t.columns(E).value;
    for (let i = 0, n = t.count; i < n; i++) v[i] *= 2;
  }
}

export const implementation: Implementation<State, Readout> = {
  async setup() {
    const world = await createWorld({ components: [A, B, C, D, E], initialEntities: N });
    const one = { value: 1 };
    world.spawnMany(N, A.withEach(one), B.withEach(one), C.withEach(one), D.withEach(one), E.withEach(one));
    const q = (c: Component): Query => world.query({ all: [c] });
    return { world, qa: q(A), qb: q(B), qc: q(C), qd: q(D), qe: q(E) };
  },
  step(s) {
    doubleA(s);
    doubleB(s);
    doubleC(s);
    doubleD(s);
    doubleE(s);
  },
  stages: [doubleA, doubleB, doubleC, doubleD, doubleE],
  read: (s) => ({
    entities: s.world.entityCount,
    countA: s.qa.count(),
    countB: s.qb.count(),
    countC: s.qc.count(),
    countD: s.qd.count(),
    countE: s.qe.count(),
    sumA: sumOf(s.qa, (t) => t.columns(A).value),
    sumB: sumOf(s.qb, (t) => t.columns(B).value),
    sumC: sumOf(s.qc, (t) => t.columns(C).value),
    sumD: sumOf(s.qd, (t) => t.columns(D).value),
    sumE: sumOf(s.qe, (t) => t.columns(E).value),
  }),
};
