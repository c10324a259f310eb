// packed_5 in goodluck: five systems, each a walk over world.Signature doubling its
// component's value where (signature & HAS_X) === HAS_X.
import { N, type Readout } from "../../scenarios/packed_5.js";
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

const HAS_A = BIT_A;
const HAS_B = BIT_B;
const HAS_C = BIT_C;
const HAS_D = BIT_D;
const HAS_E = BIT_E;

interface State {
  readonly world: PackedWorld;
}

function doubleA(s: State): void {
  const world = s.world;
  const signature = world.Signature;
  const a = world.A;
  for (let e = 0; e < signature.length; e++) if ((signature[e] & HAS_A) === HAS_A) a[e].value *= 2;
}

function doubleB(s: State): void {
  const world = s.world;
  const signature = world.Signature;
  const b = world.B;
  for (let e = 0; e < signature.length; e++) if ((signature[e] & HAS_B) === HAS_B) b[e].value *= 2;
}

function doubleC(s: State): void {
  const world = s.world;
  const signature = world.Signature;
  const c = world.C;
  for (let e = 0; e < signature.length; e++) if ((signature[e] & HAS_C) === HAS_C) c[e].value *= 2;
}

function doubleD(s: State): void {
  const world = s.world;
  const signature = world.Signature;
  const d = world.D;
  for (let e = 0; e < signature.length; e++) if ((signature[e] & HAS_D) === HAS_D) d[e].value *= 2;
}

function doubleE(s: State): void {
  const world = s.world;
  const signature = world.Signature;
  const e5 = world.E;
  for (let e = 0; e < signature.length; e++) if ((signature[e] & HAS_E) === HAS_E) e5[e].value *= 2;
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    const world = new PackedWorld();
    for (let i = 0; i < N; i++) instantiate(world, [packedA(1), packedB(1), packedC(1), packedD(1), packedE(1)]);
    return { world };
  },
  step(s) {
    doubleA(s);
    doubleB(s);
    doubleC(s);
    doubleD(s);
    doubleE(s);
  },
  stages: [doubleA, doubleB, doubleC, doubleD, doubleE],
  read(s) {
    const w = s.world;
    return {
      entities: entityCount(w),
      countA: countOf(w, HAS_A),
      countB: countOf(w, HAS_B),
      countC: countOf(w, HAS_C),
      countD: countOf(w, HAS_D),
      countE: countOf(w, HAS_E),
      sumA: sumOf(w, HAS_A, w.A, valueField),
      sumB: sumOf(w, HAS_B, w.B, valueField),
      sumC: sumOf(w, HAS_C, w.C, valueField),
      sumD: sumOf(w, HAS_D, w.D, valueField),
      sumE: sumOf(w, HAS_E, w.E, valueField),
    };
  },
};
