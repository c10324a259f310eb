// frag_iter in bitECS 0.3: a query over Data, then one over Z (each made once by defineQuery),
// each a loop over the returned ids indexing the typed-array store (no archetype tables).
import { PER_TYPE, type Readout, TYPES } from "../../scenarios/frag_iter.js";
import type { Implementation } from "../../spec.js";
import { bitecs03, type I32, i32, type Query03, sumOver, type World03 } from "./stores.js";

const { addComponent, addEntity, createWorld, defineQuery, getAllEntities } = bitecs03;

interface State {
  readonly world: World03;
  readonly letters: readonly I32[];
  readonly Data: I32;
  readonly Z: I32;
  readonly qData: Query03;
  readonly qZ: Query03;
  /** read() only: the Y entities. */
  readonly qY: Query03;
}

function doubleData(s: State): void {
  const ids = s.qData(s.world);
  const v = s.Data.value;
  for (let i = 0; i < ids.length; i++) v[ids[i]] *= 2;
}

function doubleZ(s: State): void {
  const ids = s.qZ(s.world);
  const v = s.Z.value;
  for (let i = 0; i < ids.length; i++) v[ids[i]] *= 2;
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    const world = createWorld();
    const cap = TYPES * PER_TYPE;
    const letters = Array.from({ length: TYPES }, () => i32(cap));
    const Data = i32(cap);
    for (const Letter of letters) {
      for (let i = 0; i < PER_TYPE; i++) {
        const e = addEntity(world);
        addComponent(world, Letter, e);
        addComponent(world, Data, e);
        Letter.value[e] = 1;
        Data.value[e] = 1;
      }
    }
    const Z = letters[25];
    return {
      world,
      letters,
      Data,
      Z,
      qData: defineQuery([Data]),
      qZ: defineQuery([Z]),
      qY: defineQuery([letters[24]]),
    };
  },
  step(s) {
    doubleData(s);
    doubleZ(s);
  },
  stages: [doubleData, doubleZ],
  read(s) {
    const w = s.world;
    const data = s.qData(w);
    return {
      entities: getAllEntities(w).length,
      countData: data.length,
      sumData: sumOver(data, s.Data.value),
      sumZ: sumOver(s.qZ(w), s.Z.value),
      sumY: sumOver(s.qY(w), s.letters[24].value),
    };
  },
};
