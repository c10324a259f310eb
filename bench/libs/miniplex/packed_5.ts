// packed_5 in miniplex: five systems, each a for...of over its query doubling the
// component's value in place.
import { type Query, type With, World } from "miniplex";
import { N, type Readout } from "../../scenarios/packed_5.js";
import type { Implementation } from "../../spec.js";
import { type Packed, sumOver } from "./entities.js";

interface State {
  readonly world: World<Packed>;
  readonly qa: Query<With<Packed, "a">>;
  readonly qb: Query<With<Packed, "b">>;
  readonly qc: Query<With<Packed, "c">>;
  readonly qd: Query<With<Packed, "d">>;
  readonly qe: Query<With<Packed, "e">>;
}

function doubleA(s: State): void {
  for (const e of s.qa) e.a.value *= 2;
}

function doubleB(s: State): void {
  for (const e of s.qb) e.b.value *= 2;
}

function doubleC(s: State): void {
  for (const e of s.qc) e.c.value *= 2;
}

function doubleD(s: State): void {
  for (const e of s.qd) e.d.value *= 2;
}

function doubleE(s: State): void {
  for (const e of s.qe) e.e.value *= 2;
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    const world = new World<Packed>();
    const s: State = {
      world,
      qa: world.with("a"),
      qb: world.with("b"),
      qc: world.with("c"),
      qd: world.with("d"),
      qe: world.with("e"),
    };
    for (let i = 0; i < N; i++) {
      world.add({ a: { value: 1 }, b: { value: 1 }, c: { value: 1 }, d: { value: 1 }, e: { value: 1 } });
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
    entities: s.world.size,
    countA: s.qa.size,
    countB: s.qb.size,
    countC: s.qc.size,
    countD: s.qd.size,
    countE: s.qe.size,
    sumA: sumOver(s.qa, (e) => e.a.value),
    sumB: sumOver(s.qb, (e) => e.b.value),
    sumC: sumOver(s.qc, (e) => e.c.value),
    sumD: sumOver(s.qd, (e) => e.d.value),
    sumE: sumOver(s.qe, (e) => e.e.value),
  }),
};
