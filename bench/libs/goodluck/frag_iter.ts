// frag_iter in goodluck: a walk over world.Signature doubling Data where the Data bit is set,
// then one doubling Z where the Z bit is set. Letter k is bit k, Data bit 26.
import { PER_TYPE, type Readout, TYPES } from "../../scenarios/frag_iter.js";
import type { Implementation } from "../../spec.js";
import { countOf, entityCount, goodluck, type Mixin, sumOf, type Value, valueField, WorldImpl } from "./world.js";

const { instantiate } = goodluck;

const HAS_DATA = 1 << 26;
const HAS_Z = 1 << 25;
const HAS_Y = 1 << 24;

class FragWorld extends WorldImpl {
  Letters: Value[][] = Array.from({ length: TYPES }, () => []);
  Data: Value[] = [];
}

function letterMixin(k: number, value: number): Mixin<FragWorld> {
  return (world, entity) => {
    world.Signature[entity] |= 1 << k;
    world.Letters[k][entity] = { value };
  };
}

function dataMixin(value: number): Mixin<FragWorld> {
  return (world, entity) => {
    world.Signature[entity] |= HAS_DATA;
    world.Data[entity] = { value };
  };
}

interface State {
  readonly world: FragWorld;
}

function doubleData(s: State): void {
  const world = s.world;
  const signature = world.Signature;
  const data = world.Data;
  for (let e = 0; e < signature.length; e++) if ((signature[e] & HAS_DATA) === HAS_DATA) data[e].value *= 2;
}

function doubleZ(s: State): void {
  const world = s.world;
  const signature = world.Signature;
  const z = world.Letters[25];
  for (let e = 0; e < signature.length; e++) if ((signature[e] & HAS_Z) === HAS_Z) z[e].value *= 2;
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    const world = new FragWorld();
    for (let k = 0; k < TYPES; k++) {
      for (let i = 0; i < PER_TYPE; i++) instantiate(world, [letterMixin(k, 1), dataMixin(1)]);
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
    return {
      entities: entityCount(w),
      countData: countOf(w, HAS_DATA),
      sumData: sumOf(w, HAS_DATA, w.Data, valueField),
      sumZ: sumOf(w, HAS_Z, w.Letters[25], valueField),
      sumY: sumOf(w, HAS_Y, w.Letters[24], valueField),
    };
  },
};
