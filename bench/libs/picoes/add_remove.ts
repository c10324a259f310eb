// add_remove in picoes: world.each over tag a setting tag b (entity.set("b") stores {}),
// then world.each over b removing it, one callback per system.
import { type Entity, World } from "picoes";
import { N, type Readout } from "../../scenarios/add_remove.js";
import type { Implementation } from "../../spec.js";

interface State {
  readonly world: World;
}

function addBEach(_: unknown, entity: Entity): void {
  entity.set("b");
}

function removeBEach(_: unknown, entity: Entity): void {
  entity.remove("b");
}

function addB(s: State): void {
  s.world.each("a", addBEach);
}

function removeB(s: State): void {
  s.world.each("b", removeBEach);
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    const world = new World();
    for (let i = 0; i < N; i++) world.entity().set("a");
    return { world };
  },
  step(s) {
    addB(s);
    removeB(s);
  },
  stages: [addB, removeB],
  read: (s) => ({
    entities: s.world.each().length,
    countA: s.world.each("a").length,
    countB: s.world.each("b").length,
  }),
};
