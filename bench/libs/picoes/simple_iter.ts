// simple_iter in picoes: three systems, each world.each over two components with its own
// callback swapping their values.
import { type Entity, World } from "picoes";
import { N, type Readout } from "../../scenarios/simple_iter.js";
import type { Implementation } from "../../spec.js";
import { sumValue, type Value } from "./read.js";

interface State {
  readonly world: World;
}

function swapABEach({ a, b }: { a: Value; b: Value }): void {
  const x = a.value;
  a.value = b.value;
  b.value = x;
}
function swapCDEach({ c, d }: { c: Value; d: Value }): void {
  const x = c.value;
  c.value = d.value;
  d.value = x;
}
function swapCEEach({ c, e }: { c: Value; e: Value }): void {
  const x = c.value;
  c.value = e.value;
  e.value = x;
}

function swapAB(s: State): void {
  s.world.each("a", "b", swapABEach);
}

function swapCD(s: State): void {
  s.world.each("c", "d", swapCDEach);
}

function swapCE(s: State): void {
  s.world.each("c", "e", swapCEEach);
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    const world = new World();
    const ab = (): Entity => world.entity().set("a", { value: 1 }).set("b", { value: 2 });
    for (let i = 0; i < N; i++) ab();
    for (let i = 0; i < N; i++) ab().set("c", { value: 3 });
    for (let i = 0; i < N; i++) ab().set("c", { value: 3 }).set("d", { value: 4 });
    for (let i = 0; i < N; i++) ab().set("c", { value: 3 }).set("e", { value: 5 });
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
      entities: w.each().length,
      countAB: w.each("a", "b").length,
      sumA: sumValue(w, "a").sum,
      sumB: sumValue(w, "b").sum,
      sumC: sumValue(w, "c").sum,
      sumD: sumValue(w, "d").sum,
      sumE: sumValue(w, "e").sum,
    };
  },
};
