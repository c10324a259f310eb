// frag_iter in miniplex: a for...of over the data query, then over z's, doubling the
// component's value in place. The letters are the properties a..z.
import { type Query, type With, World } from "miniplex";
import { LETTERS, PER_TYPE, type Readout } from "../../scenarios/frag_iter.js";
import type { Implementation } from "../../spec.js";
import { sumOver, type Value } from "./entities.js";

/** The letters' property names, "a" .. "z". */
type Chars<S extends string> = S extends `${infer C}${infer R}` ? C | Chars<R> : never;
type Letter = Lowercase<Chars<typeof LETTERS>>;
type Frag = { [K in Letter]?: Value } & { data?: Value };
const LETTER_KEYS = LETTERS.toLowerCase().split("") as Letter[];

interface State {
  readonly world: World<Frag>;
  readonly data: Query<With<Frag, "data">>;
  readonly z: Query<With<Frag, "z">>;
  readonly y: Query<With<Frag, "y">>;
}

function doubleData(s: State): void {
  for (const e of s.data) e.data.value *= 2;
}

function doubleZ(s: State): void {
  for (const e of s.z) e.z.value *= 2;
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    const world = new World<Frag>();
    const s: State = { world, data: world.with("data"), z: world.with("z"), y: world.with("y") };
    for (const letter of LETTER_KEYS) {
      for (let i = 0; i < PER_TYPE; i++) {
        const entity: Frag = {};
        entity[letter] = { value: 1 };
        entity.data = { value: 1 };
        world.add(entity);
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
    entities: s.world.size,
    countData: s.data.size,
    sumData: sumOver(s.data, (e) => e.data.value),
    sumZ: sumOver(s.z, (e) => e.z.value),
    sumY: sumOver(s.y, (e) => e.y.value),
  }),
};
