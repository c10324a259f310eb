// frag_iter in geotic: a loop over the Data query's own array, then over Z's, doubling the
// component property in place. The letters are component classes named A..Z (geotic keys a
// component by its class name, so Z's property on an entity is `z`).
import { Component, type Query, type World } from "geotic";
import { LETTERS, PER_TYPE, type Readout } from "../../scenarios/frag_iter.js";
import type { Implementation } from "../../spec.js";
import { count, Data, type Has, liveQuery, named, sumOver, worldOf } from "./components.js";

const Letters: (typeof Data)[] = LETTERS.split("").map((name) =>
  named(
    name,
    class extends Component {
      static override properties = { value: 0 };
      declare value: number;
    },
  ),
);

interface State {
  readonly world: World;
  readonly data: Query;
  readonly z: Query;
  readonly y: Query;
}

function doubleData(s: State): void {
  const r = s.data.get() as Has<"data">[];
  for (let i = 0; i < r.length; i++) r[i].data.value *= 2;
}

function doubleZ(s: State): void {
  const r = s.z.get() as Has<"z">[];
  for (let i = 0; i < r.length; i++) r[i].z.value *= 2;
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    const world = worldOf(...Letters, Data);
    const s: State = {
      world,
      data: liveQuery(world, [Data]),
      z: liveQuery(world, [Letters[25]]),
      y: liveQuery(world, [Letters[24]]),
    };
    for (const Letter of Letters) {
      for (let i = 0; i < PER_TYPE; i++) {
        const e = world.createEntity();
        e.add(Letter, { value: 1 });
        e.add(Data, { value: 1 });
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
    entities: count(s.world),
    countData: s.data.get().length,
    sumData: sumOver<Has<"data">>(s.data, (e) => e.data.value),
    sumZ: sumOver<Has<"z">>(s.z, (e) => e.z.value),
    sumY: sumOver<Has<"y">>(s.y, (e) => e.y.value),
  }),
};
