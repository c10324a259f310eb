// frag_iter in tick-knock: 26 letter component classes, each entity (Letter, Data); one
// system loops over the Data query doubling Data.value, one over the Z query doubling Z.value.
import { Engine, Entity, type Query } from "tick-knock";
import { PER_TYPE, type Readout, TYPES } from "../../scenarios/frag_iter.js";
import type { Implementation } from "../../spec.js";
import { Data, letterClass, query, sumValue } from "./components.js";

const LETTERS = Array.from({ length: TYPES }, letterClass);
const Z = LETTERS[25];

interface State {
  readonly engine: Engine;
  readonly data: Query;
  readonly z: Query;
}

function doubleData(s: State): void {
  const es = s.data.entities;
  for (let i = 0; i < es.length; i++) es[i].get(Data)!.value *= 2;
}
function doubleZ(s: State): void {
  const es = s.z.entities;
  for (let i = 0; i < es.length; i++) es[i].get(Z)!.value *= 2;
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    const engine = new Engine();
    const state = { engine, data: query(engine, Data), z: query(engine, Z) };
    for (const Letter of LETTERS) {
      for (let i = 0; i < PER_TYPE; i++) engine.addEntity(new Entity().add(new Letter(1)).add(new Data(1)));
    }
    return state;
  },
  step(s) {
    doubleData(s);
    doubleZ(s);
  },
  stages: [doubleData, doubleZ],
  read: (s) => ({
    entities: s.engine.entities.length,
    countData: s.data.length,
    sumData: sumValue(s.engine, Data).sum,
    sumZ: sumValue(s.engine, Z).sum,
    sumY: sumValue(s.engine, LETTERS[24]).sum,
  }),
};
