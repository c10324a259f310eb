// packed_5 (standard): N entities, each with A, B, C, D, E { value: i32 } = 1 (one archetype).
// One step: 5 systems, one per component, each doubling `value` on every entity having it.
import type { Spec, Stage } from "../spec.js";

export const N = 1000;

/** entities: live entities; countX: entities having X; sumX: sum of X.value over them. */
export type Readout = {
  entities: number;
  countA: number;
  countB: number;
  countC: number;
  countD: number;
  countE: number;
  sumA: number;
  sumB: number;
  sumC: number;
  sumD: number;
  sumE: number;
};

function double(key: "sumA" | "sumB" | "sumC" | "sumD" | "sumE"): Stage<Readout> {
  return { name: `double${key.slice(3)}`, next: (r) => ({ ...r, [key]: r[key] * 2 }) };
}

export const spec: Spec<Readout, Readout> = {
  name: "packed_5",
  group: "standard",
  description: "1,000 entities with A..E { value: i32 }; 5 systems doubling one component each",
  stages: [double("sumA"), double("sumB"), double("sumC"), double("sumD"), double("sumE")],
  initial: () => ({
    entities: N,
    countA: N,
    countB: N,
    countC: N,
    countD: N,
    countE: N,
    sumA: N,
    sumB: N,
    sumC: N,
    sumD: N,
    sumE: N,
  }),
  readout: (r) => r,
};
