// add_remove in uecs: tags Tag.for("A") and Tag.for("B"); the A view's each emplaces TagB on
// each entity, then the B view's each removes it (callbacks made once in setup).
import { type Entity, Tag, type View, World } from "uecs";
import { N, type Readout } from "../../scenarios/add_remove.js";
import type { Implementation } from "../../spec.js";
import { countWith } from "./components.js";

const TagA = Tag.for("A");
const TagB = Tag.for("B");

interface State {
  readonly world: World;
  readonly a: View<[typeof TagA]>;
  readonly b: View<[typeof TagB]>;
  readonly addEach: (e: Entity) => void;
  readonly removeEach: (e: Entity) => void;
}

function addB(s: State): void {
  s.a.each(s.addEach);
}

function removeB(s: State): void {
  s.b.each(s.removeEach);
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    const world = new World();
    for (let i = 0; i < N; i++) world.create(TagA);
    return {
      world,
      a: world.view(TagA),
      b: world.view(TagB),
      addEach: (e: Entity): void => {
        world.emplace(e, TagB);
      },
      removeEach: (e: Entity): void => {
        world.remove(e, TagB);
      },
    };
  },
  step(s) {
    addB(s);
    removeB(s);
  },
  stages: [addB, removeB],
  read: (s) => ({ entities: s.world.size(), countA: countWith(s.world, TagA), countB: countWith(s.world, TagB) }),
};
