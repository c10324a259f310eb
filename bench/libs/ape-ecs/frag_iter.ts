// frag_iter in ape-ecs: a system doubling Data over a persisted query, then one doubling Z
// (26 letter component classes named by typeName); the step is world.runSystems("frame")
// then world.tick().
import type { Query } from "ape-ecs";
import { LETTERS, PER_TYPE, type Readout, TYPES } from "../../scenarios/frag_iter.js";
import type { Implementation } from "../../spec.js";
import { Component, Data, frame, System, stage, sumKey, World } from "./world.js";

const LETTER_NAMES = LETTERS.split("");

/** A value component class named `name` (ape-ecs identifies component types by name). */
function letterComponent(name: string): typeof Data {
  return class extends Component {
    static override typeName = name;
    static override properties = { value: 0 };
    declare value: number;
  };
}

class DoubleData extends System {
  declare q: Query;
  override init(): void {
    this.q = this.createQuery().fromAll("Data").persist();
  }
  override update(): void {
    for (const e of this.q.execute()) (e.c.data as Data).value *= 2;
  }
}
class DoubleZ extends System {
  declare q: Query;
  override init(): void {
    this.q = this.createQuery().fromAll("Z").persist();
  }
  override update(): void {
    for (const e of this.q.execute()) (e.c.letter as Data).value *= 2;
  }
}

interface State {
  readonly world: World;
  readonly data: Query;
  readonly z: Query;
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    const world = new World({ entityPool: TYPES * PER_TYPE });
    world.registerComponent(Data, TYPES * PER_TYPE);
    for (const name of LETTER_NAMES) world.registerComponent(letterComponent(name), PER_TYPE);
    const data: InstanceType<typeof DoubleData> = world.registerSystem("frame", DoubleData);
    const z: InstanceType<typeof DoubleZ> = world.registerSystem("frame", DoubleZ);
    // Each system also gets a group of its own, so the check can run them one at a time.
    world.registerSystem("doubleData", data);
    world.registerSystem("doubleZ", z);
    for (const name of LETTER_NAMES) {
      for (let i = 0; i < PER_TYPE; i++) {
        world.createEntity({ c: { letter: { type: name, value: 1 }, data: { type: "Data", value: 1 } } });
      }
    }
    return { world, data: data.q, z: z.q };
  },
  step: frame,
  stages: [stage("doubleData"), stage("doubleZ", true)],
  read(s) {
    s.world.updateIndexes();
    let sumY = 0;
    for (const e of s.data.execute()) if (e.has("Y")) sumY += (e.c.letter as Data).value;
    return {
      entities: s.world.entities.size,
      countData: s.data.execute().size,
      sumData: sumKey(s.data, "data"),
      sumZ: sumKey(s.z, "letter"),
      sumY,
    };
  },
};
