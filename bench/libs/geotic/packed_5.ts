// packed_5 in geotic: five systems, each a loop over its query's own array (query.get() of
// an immutableResult: false query) doubling the component property in place.
import type { Query, World } from "geotic";
import { N, type Readout } from "../../scenarios/packed_5.js";
import type { Implementation } from "../../spec.js";
import { A, B, C, count, D, E, type Has, liveQuery, sumOver, worldOf } from "./components.js";

interface State {
  readonly world: World;
  readonly qa: Query;
  readonly qb: Query;
  readonly qc: Query;
  readonly qd: Query;
  readonly qe: Query;
}

function doubleA(s: State): void {
  const r = s.qa.get() as Has<"a">[];
  for (let i = 0; i < r.length; i++) r[i].a.value *= 2;
}

function doubleB(s: State): void {
  const r = s.qb.get() as Has<"b">[];
  for (let i = 0; i < r.length; i++) r[i].b.value *= 2;
}

function doubleC(s: State): void {
  const r = s.qc.get() as Has<"c">[];
  for (let i = 0; i < r.length; i++) r[i].c.value *= 2;
}

function doubleD(s: State): void {
  const r = s.qd.get() as Has<"d">[];
  for (let i = 0; i < r.length; i++) r[i].d.value *= 2;
}

function doubleE(s: State): void {
  const r = s.qe.get() as Has<"e">[];
  for (let i = 0; i < r.length; i++) r[i].e.value *= 2;
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    const world = worldOf(A, B, C, D, E);
    const s: State = {
      world,
      qa: liveQuery(world, [A]),
      qb: liveQuery(world, [B]),
      qc: liveQuery(world, [C]),
      qd: liveQuery(world, [D]),
      qe: liveQuery(world, [E]),
    };
    for (let i = 0; i < N; i++) {
      const e = world.createEntity();
      for (const type of [A, B, C, D, E]) e.add(type, { value: 1 });
    }
    return s;
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
    entities: count(s.world),
    countA: s.qa.get().length,
    countB: s.qb.get().length,
    countC: s.qc.get().length,
    countD: s.qd.get().length,
    countE: s.qe.get().length,
    sumA: sumOver<Has<"a">>(s.qa, (e) => e.a.value),
    sumB: sumOver<Has<"b">>(s.qb, (e) => e.b.value),
    sumC: sumOver<Has<"c">>(s.qc, (e) => e.c.value),
    sumD: sumOver<Has<"d">>(s.qd, (e) => e.d.value),
    sumE: sumOver<Has<"e">>(s.qe, (e) => e.e.value),
  }),
};
