// frag_iter in picoes: one system over data and one over Z, each world.each with its own
// callback doubling the value; components are named by the letters A..Z.
import { World } from "picoes";
import { LETTERS, PER_TYPE, type Readout } from "../../scenarios/frag_iter.js";
import type { Implementation } from "../../spec.js";
import { sumValue, type Value } from "./read.js";

interface State {
  readonly world: World;
}

function doubleDataEach({ data }: { data: Value }): void {
  data.value *= 2;
}
function doubleZEach({ Z }: { Z: Value }): void {
  Z.value *= 2;
}

function doubleData(s: State): void {
  s.world.each("data", doubleDataEach);
}

function doubleZ(s: State): void {
  s.world.each("Z", doubleZEach);
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    const world = new World();
    for (const letter of LETTERS) {
      for (let i = 0; i < PER_TYPE; i++) {
        world.entity().set(letter, { value: 1 }).set("data", { value: 1 });
      }
    }
    return { world };
  },
  step(s) {
    doubleData(s);
    doubleZ(s);
  },
  stages: [doubleData, doubleZ],
  read(s) {
    const w = s.world;
    const data = sumValue(w, "data");
    return {
      entities: w.each().length,
      countData: data.count,
      sumData: data.sum,
      sumZ: sumValue(w, "Z").sum,
      sumY: sumValue(w, "Y").sum,
    };
  },
};
