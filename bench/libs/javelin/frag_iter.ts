// frag_iter in javelin: a system over Data and one over Z, each iterating its query's
// records (one per archetype) and doubling the column's values; the step is world.tick().
import { query } from "@javelin/ecs";
import { PER_TYPE, type Readout, TYPES } from "../../scenarios/frag_iter.js";
import type { Implementation } from "../../spec.js";
import {
  countAndSum,
  Data,
  liveEntities,
  populated,
  readValue,
  tables,
  tick,
  valueType,
  type WorldState,
} from "./world.js";

const Letters = Array.from({ length: TYPES }, (_, i) => valueType(10 + i));
const qData = query(Data);
const qZ = query(Letters[25]);
const qY = query(Letters[24]);

function doubleData(): void {
  for (const [entities, [data]] of qData) for (let i = 0; i < entities.length; i++) data[i].value *= 2;
}
function doubleZ(): void {
  for (const [entities, [z]] of qZ) for (let i = 0; i < entities.length; i++) z[i].value *= 2;
}

export const implementation: Implementation<WorldState, Readout> = {
  setup() {
    const world = populated(TYPES * PER_TYPE, (w) => {
      for (const Letter of Letters) {
        for (let i = 0; i < PER_TYPE; i++) w.spawn(w.component(Letter, 1), w.component(Data, 1));
      }
    });
    world.addSystem(doubleData);
    world.addSystem(doubleZ);
    return { world };
  },
  step: tick,
  read(s) {
    const [countData, sumData] = countAndSum(qData, readValue);
    return {
      entities: liveEntities(s.world),
      countData,
      sumData,
      sumZ: countAndSum(qZ, readValue)[1],
      sumY: countAndSum(qY, readValue)[1],
      archetypes: tables(qData),
    };
  },
};
