// simple_iter in miniplex: three systems, each a for...of over its query swapping the two
// components' values in place.
import { type Query, type With, World } from "miniplex";
import { N, type Readout } from "../../scenarios/simple_iter.js";
import type { Implementation } from "../../spec.js";
import { type Packed, sumOver } from "./entities.js";

interface State {
  readonly world: World<Packed>;
  readonly ab: Query<With<Packed, "a" | "b">>;
  readonly cd: Query<With<Packed, "c" | "d">>;
  readonly ce: Query<With<Packed, "c" | "e">>;
  readonly c: Query<With<Packed, "c">>;
}

function swapAB(s: State): void {
  for (const e of s.ab) {
    const x = e.a.value;
    e.a.value = e.b.value;
    e.b.value = x;
  }
}

function swapCD(s: State): void {
  for (const e of s.cd) {
    const x = e.c.value;
    e.c.value = e.d.value;
    e.d.value = x;
  }
}

function swapCE(s: State): void {
  for (const e of s.ce) {
    const x = e.c.value;
    e.c.value = e.e.value;
    e.e.value = x;
  }
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    const world = new World<Packed>();
    const s: State = {
      world,
      ab: world.with("a", "b"),
      cd: world.with("c", "d"),
      ce: world.with("c", "e"),
      c: world.with("c"),
    };
    for (let i = 0; i < N; i++) world.add({ a: { value: 1 }, b: { value: 2 } });
    for (let i = 0; i < N; i++) world.add({ a: { value: 1 }, b: { value: 2 }, c: { value: 3 } });
    for (let i = 0; i < N; i++) world.add({ a: { value: 1 }, b: { value: 2 }, c: { value: 3 }, d: { value: 4 } });
    for (let i = 0; i < N; i++) world.add({ a: { value: 1 }, b: { value: 2 }, c: { value: 3 }, e: { value: 5 } });
    return s;
  },
  step(s) {
    swapAB(s);
    swapCD(s);
    swapCE(s);
  },
  stages: [swapAB, swapCD, swapCE],
  read: (s) => ({
    entities: s.world.size,
    countAB: s.ab.size,
    sumA: sumOver(s.ab, (e) => e.a.value),
    sumB: sumOver(s.ab, (e) => e.b.value),
    sumC: sumOver(s.c, (e) => e.c.value),
    sumD: sumOver(s.cd, (e) => e.d.value),
    sumE: sumOver(s.ce, (e) => e.e.value),
  }),
};
