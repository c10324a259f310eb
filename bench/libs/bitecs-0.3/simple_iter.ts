// simple_iter in bitECS 0.3: three systems, each a query made once by defineQuery([X, Y]) and a
// loop over the returned ids swapping the two stores' values.
import { N, type Readout } from "../../scenarios/simple_iter.js";
import type { Implementation } from "../../spec.js";
import { bitecs03, type I32, i32, type Query03, sumOver, type World03 } from "./stores.js";

const { addComponent, addEntity, createWorld, defineQuery, getAllEntities } = bitecs03;

interface State {
  readonly world: World03;
  readonly A: I32;
  readonly B: I32;
  readonly C: I32;
  readonly D: I32;
  readonly E: I32;
  readonly ab: Query03;
  readonly cd: Query03;
  readonly ce: Query03;
  /** read() only: every entity with C. */
  readonly c: Query03;
}

function swapAB(s: State): void {
  const ids = s.ab(s.world);
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
  const ids = s.cd(s.world);
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
  const ids = s.ce(s.world);
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
    const cap = 4 * N;
    const [A, B, C, D, E] = [i32(cap), i32(cap), i32(cap), i32(cap), i32(cap)];
    const initial = new Map<I32, number>([
      [A, 1],
      [B, 2],
      [C, 3],
      [D, 4],
      [E, 5],
    ]);
    for (const set of [
      [A, B],
      [A, B, C],
      [A, B, C, D],
      [A, B, C, E],
    ]) {
      for (let i = 0; i < N; i++) {
        const e = addEntity(world);
        for (const c of set) {
          addComponent(world, c, e);
          c.value[e] = initial.get(c) ?? 0;
        }
      }
    }
    const [ab, cd, ce, c] = [defineQuery([A, B]), defineQuery([C, D]), defineQuery([C, E]), defineQuery([C])];
    return { world, A, B, C, D, E, ab, cd, ce, c };
  },
  step(s) {
    swapAB(s);
    swapCD(s);
    swapCE(s);
  },
  stages: [swapAB, swapCD, swapCE],
  read(s) {
    const w = s.world;
    const ab = s.ab(w);
    return {
      entities: getAllEntities(w).length,
      countAB: ab.length,
      sumA: sumOver(ab, s.A.value),
      sumB: sumOver(ab, s.B.value),
      sumC: sumOver(s.c(w), s.C.value),
      sumD: sumOver(s.cd(w), s.D.value),
      sumE: sumOver(s.ce(w), s.E.value),
    };
  },
};
