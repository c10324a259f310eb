// simple_iter in goodluck: three systems, each a walk over world.Signature swapping two
// components' values where the signature has both bits (packed_5's world and mixins).
import { N, type Readout } from "../../scenarios/simple_iter.js";
import type { Implementation } from "../../spec.js";
import {
  BIT_A,
  BIT_B,
  BIT_C,
  BIT_D,
  BIT_E,
  countOf,
  entityCount,
  goodluck,
  PackedWorld,
  packedA,
  packedB,
  packedC,
  packedD,
  packedE,
  sumOf,
  valueField,
} from "./world.js";

const { instantiate } = goodluck;

const QUERY_AB = BIT_A | BIT_B;
const QUERY_CD = BIT_C | BIT_D;
const QUERY_CE = BIT_C | BIT_E;

interface State {
  readonly world: PackedWorld;
}

function swapAB(s: State): void {
  const world = s.world;
  const signature = world.Signature;
  const a = world.A;
  const b = world.B;
  for (let e = 0; e < signature.length; e++) {
    if ((signature[e] & QUERY_AB) === QUERY_AB) {
      const x = a[e];
      const y = b[e];
      const t = x.value;
      x.value = y.value;
      y.value = t;
    }
  }
}

function swapCD(s: State): void {
  const world = s.world;
  const signature = world.Signature;
  const c = world.C;
  const d = world.D;
  for (let e = 0; e < signature.length; e++) {
    if ((signature[e] & QUERY_CD) === QUERY_CD) {
      const x = c[e];
      const y = d[e];
      const t = x.value;
      x.value = y.value;
      y.value = t;
    }
  }
}

function swapCE(s: State): void {
  const world = s.world;
  const signature = world.Signature;
  const c = world.C;
  const e5 = world.E;
  for (let e = 0; e < signature.length; e++) {
    if ((signature[e] & QUERY_CE) === QUERY_CE) {
      const x = c[e];
      const y = e5[e];
      const t = x.value;
      x.value = y.value;
      y.value = t;
    }
  }
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    const world = new PackedWorld();
    for (let i = 0; i < N; i++) instantiate(world, [packedA(1), packedB(2)]);
    for (let i = 0; i < N; i++) instantiate(world, [packedA(1), packedB(2), packedC(3)]);
    for (let i = 0; i < N; i++) instantiate(world, [packedA(1), packedB(2), packedC(3), packedD(4)]);
    for (let i = 0; i < N; i++) instantiate(world, [packedA(1), packedB(2), packedC(3), packedE(5)]);
    return { world };
  },
  step(s) {
    swapAB(s);
    swapCD(s);
    swapCE(s);
  },
  stages: [swapAB, swapCD, swapCE],
  read(s) {
    const w = s.world;
    return {
      entities: entityCount(w),
      countAB: countOf(w, QUERY_AB),
      sumA: sumOf(w, QUERY_AB, w.A, valueField),
      sumB: sumOf(w, QUERY_AB, w.B, valueField),
      sumC: sumOf(w, BIT_C, w.C, valueField),
      sumD: sumOf(w, QUERY_CD, w.D, valueField),
      sumE: sumOf(w, QUERY_CE, w.E, valueField),
    };
  },
};
