// packed_5 in uecs: five systems, each its cached world.view(X).each with its own callback
// doubling the component's value.
import { type Entity, type View, World } from "uecs";
import { N, type Readout } from "../../scenarios/packed_5.js";
import type { Implementation } from "../../spec.js";
import { A, B, C, D, E, sumValue } from "./components.js";

interface State {
  readonly world: World;
  readonly a: View<[typeof A]>;
  readonly b: View<[typeof B]>;
  readonly c: View<[typeof C]>;
  readonly d: View<[typeof D]>;
  readonly e: View<[typeof E]>;
}

function doubleAEach(_: Entity, a: A): void {
  a.value *= 2;
}
function doubleBEach(_: Entity, b: B): void {
  b.value *= 2;
}
function doubleCEach(_: Entity, c: C): void {
  c.value *= 2;
}
function doubleDEach(_: Entity, d: D): void {
  d.value *= 2;
}
function doubleEEach(_: Entity, e: E): void {
  e.value *= 2;
}

function doubleA(s: State): void {
  s.a.each(doubleAEach);
}

function doubleB(s: State): void {
  s.b.each(doubleBEach);
}

function doubleC(s: State): void {
  s.c.each(doubleCEach);
}

function doubleD(s: State): void {
  s.d.each(doubleDEach);
}

function doubleE(s: State): void {
  s.e.each(doubleEEach);
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    const world = new World();
    for (let i = 0; i < N; i++) world.create(new A(1), new B(1), new C(1), new D(1), new E(1));
    return {
      world,
      a: world.view(A),
      b: world.view(B),
      c: world.view(C),
      d: world.view(D),
      e: world.view(E),
    };
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
    const [a, b, c, d, e] = [A, B, C, D, E].map((T) => sumValue(s.world, T));
    return {
      entities: s.world.size(),
      countA: a.count,
      countB: b.count,
      countC: c.count,
      countD: d.count,
      countE: e.count,
      sumA: a.sum,
      sumB: b.sum,
      sumC: c.sum,
      sumD: d.sum,
      sumE: e.sum,
    };
  },
};
