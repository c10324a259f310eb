// simple_iter in geotic: three systems, each a loop over its query's own array swapping the
// two component properties' values.
import type { Query, World } from "geotic";
import { N, type Readout } from "../../scenarios/simple_iter.js";
import type { Implementation } from "../../spec.js";
import { A, B, C, count, D, E, type Has, liveQuery, sumOver, worldOf } from "./components.js";

interface State {
  readonly world: World;
  readonly ab: Query;
  readonly cd: Query;
  readonly ce: Query;
  readonly c: Query;
}

function swapAB(s: State): void {
  const r = s.ab.get() as Has<"a" | "b">[];
  for (let i = 0; i < r.length; i++) {
    const a = r[i].a;
    const b = r[i].b;
    const x = a.value;
    a.value = b.value;
    b.value = x;
  }
}

function swapCD(s: State): void {
  const r = s.cd.get() as Has<"c" | "d">[];
  for (let i = 0; i < r.length; i++) {
    const c = r[i].c;
    const d = r[i].d;
    const x = c.value;
    c.value = d.value;
    d.value = x;
  }
}

function swapCE(s: State): void {
  const r = s.ce.get() as Has<"c" | "e">[];
  for (let i = 0; i < r.length; i++) {
    const c = r[i].c;
    const e = r[i].e;
    const x = c.value;
    c.value = e.value;
    e.value = x;
  }
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    const world = worldOf(A, B, C, D, E);
    const s: State = {
      world,
      ab: liveQuery(world, [A, B]),
      cd: liveQuery(world, [C, D]),
      ce: liveQuery(world, [C, E]),
      c: liveQuery(world, [C]),
    };
    const spawn = (...parts: [typeof A, number][]): void => {
      const e = world.createEntity();
      for (const [type, value] of parts) e.add(type, { value });
    };
    for (let i = 0; i < N; i++) spawn([A, 1], [B, 2]);
    for (let i = 0; i < N; i++) spawn([A, 1], [B, 2], [C, 3]);
    for (let i = 0; i < N; i++) spawn([A, 1], [B, 2], [C, 3], [D, 4]);
    for (let i = 0; i < N; i++) spawn([A, 1], [B, 2], [C, 3], [E, 5]);
    return s;
  },
  step(s) {
    swapAB(s);
    swapCD(s);
    swapCE(s);
  },
  stages: [swapAB, swapCD, swapCE],
  read: (s) => ({
    entities: count(s.world),
    countAB: s.ab.get().length,
    sumA: sumOver<Has<"a">>(s.ab, (e) => e.a.value),
    sumB: sumOver<Has<"b">>(s.ab, (e) => e.b.value),
    sumC: sumOver<Has<"c">>(s.c, (e) => e.c.value),
    sumD: sumOver<Has<"d">>(s.cd, (e) => e.d.value),
    sumE: sumOver<Has<"e">>(s.ce, (e) => e.e.value),
  }),
};
