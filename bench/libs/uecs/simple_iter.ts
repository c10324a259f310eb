// simple_iter in uecs: three systems, each its cached world.view(X, Y).each with its own
// callback swapping the two values.
import { type Entity, type View, World } from "uecs";
import { N, type Readout } from "../../scenarios/simple_iter.js";
import type { Implementation } from "../../spec.js";
import { A, B, C, countWith, D, E, sumValue } from "./components.js";

interface State {
  readonly world: World;
  readonly ab: View<[typeof A, typeof B]>;
  readonly cd: View<[typeof C, typeof D]>;
  readonly ce: View<[typeof C, typeof E]>;
}

function swapABEach(_: Entity, a: A, b: B): void {
  const x = a.value;
  a.value = b.value;
  b.value = x;
}
function swapCDEach(_: Entity, c: C, d: D): void {
  const x = c.value;
  c.value = d.value;
  d.value = x;
}
function swapCEEach(_: Entity, c: C, e: E): void {
  const x = c.value;
  c.value = e.value;
  e.value = x;
}

function swapAB(s: State): void {
  s.ab.each(swapABEach);
}

function swapCD(s: State): void {
  s.cd.each(swapCDEach);
}

function swapCE(s: State): void {
  s.ce.each(swapCEEach);
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    const world = new World();
    for (let i = 0; i < N; i++) world.create(new A(1), new B(2));
    for (let i = 0; i < N; i++) world.create(new A(1), new B(2), new C(3));
    for (let i = 0; i < N; i++) world.create(new A(1), new B(2), new C(3), new D(4));
    for (let i = 0; i < N; i++) world.create(new A(1), new B(2), new C(3), new E(5));
    return { world, ab: world.view(A, B), cd: world.view(C, D), ce: world.view(C, E) };
  },
  step(s) {
    swapAB(s);
    swapCD(s);
    swapCE(s);
  },
  stages: [swapAB, swapCD, swapCE],
  read: (s) => ({
    entities: s.world.size(),
    countAB: countWith(s.world, A, B),
    sumA: sumValue(s.world, A).sum,
    sumB: sumValue(s.world, B).sum,
    sumC: sumValue(s.world, C).sum,
    sumD: sumValue(s.world, D).sum,
    sumE: sumValue(s.world, E).sum,
  }),
};
