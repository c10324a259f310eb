// frag_iter in ecsy: a system doubling Data over its query's results through
// getMutableComponent, then one doubling Z; the step is world.execute().
import { Component, System, World } from "ecsy";
import { PER_TYPE, type Readout, TYPES } from "../../scenarios/frag_iter.js";
import type { Implementation } from "../../spec.js";
import { Data, execute, only, resultsOf, VALUE_SCHEMA } from "./world.js";

/** TYPES letter component classes; Z is the last one and gets a system of its own. */
const Letters: (typeof Data)[] = Array.from(
  { length: TYPES },
  () =>
    class Letter extends Component<Letter> {
      static override schema = VALUE_SCHEMA;
      declare value: number;
    },
);
const Z = Letters[25];

class DoubleData extends System {
  static override queries = { q: { components: [Data] } };
  execute(): void {
    const r = this.queries.q.results;
    for (let i = 0; i < r.length; i++) r[i].getMutableComponent(Data)!.value *= 2;
  }
}
class DoubleZ extends System {
  static override queries = { q: { components: [Z] } };
  execute(): void {
    const r = this.queries.q.results;
    for (let i = 0; i < r.length; i++) r[i].getMutableComponent(Z)!.value *= 2;
  }
}

interface State {
  readonly world: World;
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    const world = new World({ entityPoolSize: TYPES * PER_TYPE });
    for (const type of [...Letters, Data]) world.registerComponent(type);
    world.registerSystem(DoubleData).registerSystem(DoubleZ);
    for (const Letter of Letters) {
      for (let i = 0; i < PER_TYPE; i++) {
        world.createEntity().addComponent(Letter, { value: 1 }).addComponent(Data, { value: 1 });
      }
    }
    return { world };
  },
  step: execute,
  stages: [only(DoubleData), only(DoubleZ)],
  read(s) {
    const data = resultsOf(s.world, DoubleData, "q");
    const z = resultsOf(s.world, DoubleZ, "q");
    let sumData = 0;
    for (const e of data) sumData += e.getComponent(Data)!.value;
    let sumZ = 0;
    for (const e of z) sumZ += e.getComponent(Z)!.value;
    let sumY = 0;
    for (const e of data) if (e.hasComponent(Letters[24])) sumY += e.getComponent(Letters[24])!.value;
    // Every entity has Data: the Data query holds every entity (ecsy's typings expose no count).
    return { entities: data.length, countData: data.length, sumData, sumZ, sumY };
  },
};
