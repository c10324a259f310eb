// simple_iter in bitECS 0.4: three systems, each query(world, [X, Y]) and a loop over the
// returned ids swapping the two stores' values.
import { addEntity, createWorld, getAllEntities, type QueryTerm, query, type World } from "bitecs";
import { N, type Readout } from "../../scenarios/simple_iter.js";
import type { Implementation } from "../../spec.js";
import { type I32, i32, sumOver } from "./stores.js";

interface State {
  readonly world: World;
  readonly A: I32;
  readonly B: I32;
  readonly C: I32;
  readonly D: I32;
  readonly E: I32;
  readonly ab: QueryTerm[];
  readonly cd: QueryTerm[];
  readonly ce: QueryTerm[];
}

function swapAB(s: State): void {
  const ids = query(s.world, s.ab);
  const a = s.A.value;
  const b = s.B.value;
  for (let i = 0; i < ids.length; i++) {
    const e = ids[i];
    const x = a[e];
    a[e] = b[e];
    b[e] = x;
  }
}

function swapCD(s: State): void {
  const ids = query(s.world, s.cd);
  const c = s.C.value;
  const d = s.D.value;
  for (let i = 0; i < ids.length; i++) {
    const e = ids[i];
    const x = c[e];
    c[e] = d[e];
    d[e] = x;
  }
}

function swapCE(s: State): void {
  const ids = query(s.world, s.ce);
  const c = s.C.value;
  const e5 = s.E.value;
  for (let i = 0; i < ids.length; i++) {
    const e = ids[i];
    const x = c[e];
    c[e] = e5[e];
    e5[e] = x;
  }
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    const world = createWorld();
    const [A, B, C, D, E] = [i32(4 * N), i32(4 * N), i32(4 * N), i32(4 * N), i32(4 * N)];
    const spawn = (extra: I32[]): void => {
      for (let i = 0; i < N; i++) {
        const e = addEntity(world, A, B, ...extra);
        A.value[e] = 1;
        B.value[e] = 2;
        if (extra.includes(C)) C.value[e] = 3;
        if (extra.includes(D)) D.value[e] = 4;
        if (extra.includes(E)) E.value[e] = 5;
      }
    };
    spawn([]);
    spawn([C]);
    spawn([C, D]);
    spawn([C, E]);
    return { world, A, B, C, D, E, ab: [A, B], cd: [C, D], ce: [C, E] };
  },
  step(s) {
    swapAB(s);
    swapCD(s);
    swapCE(s);
  },
  stages: [swapAB, swapCD, swapCE],
  read(s) {
    const w = s.world;
    const ab = query(w, s.ab);
    return {
      entities: getAllEntities(w).length,
      countAB: ab.length,
      sumA: sumOver(ab, s.A.value),
      sumB: sumOver(ab, s.B.value),
      sumC: sumOver(query(w, [s.C]), s.C.value),
      sumD: sumOver(query(w, s.cd), s.D.value),
      sumE: sumOver(query(w, s.ce), s.E.value),
    };
  },
};
