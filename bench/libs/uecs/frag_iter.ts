// frag_iter in uecs: 26 letter classes named LetterA..LetterZ (uecs keys stores by class
// name), each entity (Letter, Data); one system views Data doubling its value, one views Z.
import { type Entity, type View, World } from "uecs";
import { LETTERS, PER_TYPE, type Readout } from "../../scenarios/frag_iter.js";
import type { Implementation } from "../../spec.js";
import { Data, letterClass, sumValue } from "./components.js";

const CLASSES = Array.from(LETTERS, (name) => letterClass(`Letter${name}`));
const Z = CLASSES[25];
type ZInstance = InstanceType<typeof Z>;

interface State {
  readonly world: World;
  readonly data: View<[typeof Data]>;
  readonly z: View<[typeof Z]>;
}

function doubleDataEach(_: Entity, d: Data): void {
  d.value *= 2;
}
function doubleZEach(_: Entity, z: ZInstance): void {
  z.value *= 2;
}

function doubleData(s: State): void {
  s.data.each(doubleDataEach);
}

function doubleZ(s: State): void {
  s.z.each(doubleZEach);
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    const world = new World();
    for (const Letter of CLASSES) {
      for (let i = 0; i < PER_TYPE; i++) world.create(new Letter(1), new Data(1));
    }
    return { world, data: world.view(Data), z: world.view(Z) };
  },
  step(s) {
    doubleData(s);
    doubleZ(s);
  },
  stages: [doubleData, doubleZ],
  read(s) {
    const data = sumValue(s.world, Data);
    return {
      entities: s.world.size(),
      countData: data.count,
      sumData: data.sum,
      sumZ: sumValue(s.world, Z).sum,
      sumY: sumValue(s.world, CLASSES[24]).sum,
    };
  },
};
