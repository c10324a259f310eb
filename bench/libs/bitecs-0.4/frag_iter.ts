// frag_iter in bitECS 0.4: query(world, [Data]) then query(world, [Z]), each a loop over the
// returned ids indexing the typed-array store (no archetype tables: one sparse set per query).
import { addEntity, createWorld, getAllEntities, type QueryTerm, query, type World } from "bitecs";
import { PER_TYPE, type Readout, TYPES } from "../../scenarios/frag_iter.js";
import type { Implementation } from "../../spec.js";
import { type I32, i32, sumOver } from "./stores.js";

interface State {
  readonly world: World;
  readonly letters: readonly I32[];
  readonly Data: I32;
  readonly Z: I32;
  readonly qData: QueryTerm[];
  readonly qZ: QueryTerm[];
}

function doubleData(s: State): void {
  const ids = query(s.world, s.qData);
  const v = s.Data.value;
  for (let i = 0; i < ids.length; i++) v[ids[i]] *= 2;
}

function doubleZ(s: State): void {
  const ids = query(s.world, s.qZ);
  const v = s.Z.value;
  for (let i = 0; i < ids.length; i++) v[ids[i]] *= 2;
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    const world = createWorld();
    const letters = Array.from({ length: TYPES }, () => i32(TYPES * PER_TYPE));
    const Data = i32(TYPES * PER_TYPE);
    for (const Letter of letters) {
      for (let i = 0; i < PER_TYPE; i++) {
        const e = addEntity(world, Letter, Data);
        Letter.value[e] = 1;
        Data.value[e] = 1;
      }
    }
    return { world, letters, Data, Z: letters[25], qData: [Data], qZ: [letters[25]] };
  },
  step(s) {
    doubleData(s);
    doubleZ(s);
  },
  stages: [doubleData, doubleZ],
  read(s) {
    const w = s.world;
    const data = query(w, s.qData);
    const Y = s.letters[24];
    return {
      entities: getAllEntities(w).length,
      countData: data.length,
      sumData: sumOver(data, s.Data.value),
      sumZ: sumOver(query(w, s.qZ), s.Z.value),
      sumY: sumOver(query(w, [Y]), Y.value),
    };
  },
};
