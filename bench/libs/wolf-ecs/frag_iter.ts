// frag_iter in WolfECS: 26 letter components, each entity (Letter, Data); one system loops
// over the Data query's archetypes doubling Data.value, one over the Z query doubling Z.value.
import { all, ECS } from "wolf-ecs";
import { PER_TYPE, type Readout, TYPES } from "../../scenarios/frag_iter.js";
import type { Implementation } from "../../spec.js";
import { countOf, everything, type I32, i32, type Query, sumOf } from "./stores.js";

interface State {
  readonly letters: readonly I32[];
  readonly Data: I32;
  readonly Z: I32;
  readonly data: Query;
  readonly z: Query;
  readonly y: Query;
  readonly everything: Query;
}

function doubleData(s: State): void {
  const v = s.Data.value;
  const archetypes = s.data.a;
  for (let a = 0; a < archetypes.length; a++) {
    const ids = archetypes[a].e;
    for (let i = ids.length - 1; i >= 0; i--) v[ids[i]] *= 2;
  }
}

function doubleZ(s: State): void {
  const v = s.Z.value;
  const archetypes = s.z.a;
  for (let a = 0; a < archetypes.length; a++) {
    const ids = archetypes[a].e;
    for (let i = ids.length - 1; i >= 0; i--) v[ids[i]] *= 2;
  }
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    const ecs = new ECS(TYPES * PER_TYPE);
    const letters = Array.from({ length: TYPES }, () => i32(ecs));
    const Data = i32(ecs);
    const Z = letters[25];
    const s: State = {
      letters,
      Data,
      Z,
      data: ecs.createQuery(all(Data)),
      z: ecs.createQuery(all(Z)),
      y: ecs.createQuery(all(letters[24])),
      everything: everything(ecs, Data),
    };
    for (const Letter of letters) {
      for (let i = 0; i < PER_TYPE; i++) {
        const e = ecs.createEntity();
        ecs.addComponent(e, Letter).addComponent(e, Data);
        Letter.value[e] = 1;
        Data.value[e] = 1;
      }
    }
    return s;
  },
  step(s) {
    doubleData(s);
    doubleZ(s);
  },
  stages: [doubleData, doubleZ],
  read: (s) => ({
    entities: countOf(s.everything),
    countData: countOf(s.data),
    sumData: sumOf(s.data, s.Data.value),
    sumZ: sumOf(s.z, s.Z.value),
    sumY: sumOf(s.y, s.letters[24].value),
    archetypes: s.data.a.length,
  }),
};
