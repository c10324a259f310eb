// frag_iter in wasm-ecs, as the README's first loop: for each table of the query, the view of
// t.columns(C).value, bounded by t.count taken into a local (n = t.count).
// frag_iter.count-bound.ts reads t.count in the loop condition instead.
import { component, createWorld, type Query, type World } from "wasm-ecs";
import { sumOf } from "../../check.js";
import { LETTERS, PER_TYPE, type Readout, TYPES } from "../../scenarios/frag_iter.js";
import type { Implementation } from "../../spec.js";

const Letters = Array.from(LETTERS, (name) => component(name, { value: "i32" }));
export const Data = component("Data", { value: "i32" });
export const Z = Letters[25];
const Y = Letters[24];

export interface State {
  readonly world: World;
  readonly data: Query;
  readonly z: Query;
  readonly y: Query;
}

function doubleData(s: State): void {
  for (const t of s.data) {
    const v = t.columns(Data).value;
    for (let i = 0, n = t.count; i < n; i++) v[i] *= 2;
  }
}

function doubleZ(s: State): void {
  for (const t of s.z) {
    const v = t.columns(Z).value;
    for (let i = 0, n = t.count; i < n; i++) v[i] *= 2;
  }
}

export const implementation: Implementation<State, Readout> = {
  async setup() {
    const world = await createWorld({ components: [...Letters, Data], initialEntities: TYPES * PER_TYPE });
    for (const Letter of Letters) world.spawnMany(PER_TYPE, Letter.withEach({ value: 1 }), Data.withEach({ value: 1 }));
    return { world, data: world.query({ all: [Data] }), z: world.query({ all: [Z] }), y: world.query({ all: [Y] }) };
  },
  step(s) {
    doubleData(s);
    doubleZ(s);
  },
  stages: [doubleData, doubleZ],
  read: (s) => ({
    entities: s.world.entityCount,
    countData: s.data.count(),
    sumData: sumOf(s.data, (t) => t.columns(Data).value),
    sumZ: sumOf(s.z, (t) => t.columns(Z).value),
    sumY: sumOf(s.y, (t) => t.columns(Y).value),
    archetypes: s.data.tables().length,
  }),
};
