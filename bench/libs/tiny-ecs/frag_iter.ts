// frag_iter in tiny-ecs: 26 letter classes named A..Z (the entity property is named after
// the class), each entity (Letter, Data); one system loops over the Data query doubling
// entity.data.value, one over the Z query doubling entity.z.value.
import tinyEcs, { type Entity, type EntityManager } from "tiny-ecs";
import { LETTERS, PER_TYPE, type Readout } from "../../scenarios/frag_iter.js";
import type { Implementation } from "../../spec.js";
import { Data, letterClass, sumOver, type Value, type WithData } from "./components.js";

const CLASSES = Array.from(LETTERS, letterClass);
const Z = CLASSES[25];
const Y = CLASSES[24];

type WithZ = Entity & { z: Value };
type WithY = Entity & { y: Value };

interface State {
  readonly manager: EntityManager;
  readonly data: WithData[];
  readonly z: WithZ[];
}

function doubleData(s: State): void {
  const es = s.data;
  for (let i = 0; i < es.length; i++) es[i].data.value *= 2;
}
function doubleZ(s: State): void {
  const es = s.z;
  for (let i = 0; i < es.length; i++) es[i].z.value *= 2;
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    const manager = new tinyEcs.EntityManager();
    for (const Letter of CLASSES) {
      for (let i = 0; i < PER_TYPE; i++)
        manager.createEntity<WithData>().addComponent(Letter).addComponent(Data).data.value = 1;
    }
    return {
      manager,
      data: manager.queryComponents<WithData>([Data]),
      z: manager.queryComponents<WithZ>([Z]),
    };
  },
  step(s) {
    doubleData(s);
    doubleZ(s);
  },
  stages: [doubleData, doubleZ],
  read(s) {
    // The (Y) query is indexed here as the adapter's check did; no system changes structure.
    const y = s.manager.queryComponents<WithY>([Y]);
    return {
      entities: s.manager.count(),
      countData: s.data.length,
      sumData: sumOver(s.data, (e) => e.data),
      sumZ: sumOver(s.z, (e) => e.z),
      sumY: sumOver(y, (e) => e.y),
    };
  },
};
