// packed_5 in picoes: five systems, each world.each over one component with its own callback
// doubling the component's value.
import { World } from "picoes";
import { N, type Readout } from "../../scenarios/packed_5.js";
import type { Implementation } from "../../spec.js";
import { sumValue, type Value } from "./read.js";

interface State {
  readonly world: World;
}

function doubleAEach({ a }: { a: Value }): void {
  a.value *= 2;
}
function doubleBEach({ b }: { b: Value }): void {
  b.value *= 2;
}
function doubleCEach({ c }: { c: Value }): void {
  c.value *= 2;
}
function doubleDEach({ d }: { d: Value }): void {
  d.value *= 2;
}
function doubleEEach({ e }: { e: Value }): void {
  e.value *= 2;
}

function doubleA(s: State): void {
  s.world.each("a", doubleAEach);
}

function doubleB(s: State): void {
  s.world.each("b", doubleBEach);
}

function doubleC(s: State): void {
  s.world.each("c", doubleCEach);
}

function doubleD(s: State): void {
  s.world.each("d", doubleDEach);
}

function doubleE(s: State): void {
  s.world.each("e", doubleEEach);
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    const world = new World();
    for (let i = 0; i < N; i++) {
      world
        .entity()
        .set("a", { value: 1 })
        .set("b", { value: 1 })
        .set("c", { value: 1 })
        .set("d", { value: 1 })
        .set("e", { value: 1 });
    }
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
    const [a, b, c, d, e] = ["a", "b", "c", "d", "e"].map((name) => sumValue(s.world, name));
    return {
      entities: s.world.each().length,
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
