// frag_iter: 26 component types A..Z, 100 entities per type, each with (Letter, Data),
// all { value: i32 }: 26 archetypes. One op: `Data.value *= 2` on all 2,600 entities,
// then `Z.value *= 2` on the 100 Z entities.
import { component, createWorld, type Query, type World } from "wasm-ecs";
import { expectEqual, sumOf } from "../check.js";
import type { StepBench, StepImplementation } from "../types.js";

const PER_TYPE = 100;
const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

const Letters = Array.from(LETTERS, (name) => component(name, { value: "i32" }));
const Data = component("Data", { value: "i32" });
const Z = Letters[25];

interface State {
  readonly world: World;
  readonly data: Query;
  readonly z: Query;
}

function doubleData(q: Query): void {
  for (const t of q) {
    const v = t.columns(Data).value;
    for (let i = 0; i < v.length; i++) v[i] *= 2;
  }
}

function doubleZ(q: Query): void {
  for (const t of q) {
    const v = t.columns(Z).value;
    for (let i = 0; i < v.length; i++) v[i] *= 2;
  }
}

function step(s: State): void {
  doubleData(s.data);
  doubleZ(s.z);
}

const wasmEcs: StepImplementation<State> = {
  async setup() {
    const world = await createWorld({ components: [...Letters, Data], initialEntities: 26 * PER_TYPE });
    for (const Letter of Letters) world.spawnMany(PER_TYPE, Letter.withEach({ value: 1 }), Data.withEach({ value: 1 }));
    return { world, data: world.query({ all: [Data] }), z: world.query({ all: [Z] }) };
  },
  step,
  check(s) {
    step(s);
    expectEqual("frag_iter", "entity count", s.world.entityCount, 26 * PER_TYPE);
    expectEqual("frag_iter", "archetypes matching Data", s.data.tables().length, 26);
    expectEqual(
      "frag_iter",
      "sum of Data.value after one step",
      sumOf(s.data, (t) => t.columns(Data).value),
      26 * PER_TYPE * 2,
    );
    expectEqual(
      "frag_iter",
      "sum of Z.value after one step",
      sumOf(s.z, (t) => t.columns(Z).value),
      PER_TYPE * 2,
    );
    const y = s.world.query({ all: [Letters[24]] });
    expectEqual(
      "frag_iter",
      "sum of Y.value after one step",
      sumOf(y, (t) => t.columns(Letters[24]).value),
      PER_TYPE,
    );
  },
};

export const bench: StepBench = {
  kind: "steps",
  name: "frag_iter",
  group: "standard",
  description: "26 archetypes (Letter, Data) of 100 entities; Data.value *= 2 on all, then Z.value *= 2",
  implementations: { "wasm-ecs": wasmEcs },
};
