// entity_cycle in uecs: the A view's each with a callback made once in setup creating one B
// per A (world.create(new B(a.value))), then the B view's each calling world.destroy.
import { type Entity, type View, World } from "uecs";
import { N, type Readout } from "../../scenarios/entity_cycle.js";
import type { Implementation } from "../../spec.js";
import { A, B, sumValue } from "./components.js";

interface State {
  readonly world: World;
  readonly a: View<[typeof A]>;
  readonly b: View<[typeof B]>;
  readonly spawnEach: (e: Entity, a: A) => void;
  readonly destroyEach: (e: Entity, b: B) => void;
}

function spawnBs(s: State): void {
  s.a.each(s.spawnEach);
}

function destroyBs(s: State): void {
  s.b.each(s.destroyEach);
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    const world = new World();
    for (let i = 0; i < N; i++) world.create(new A(i));
    return {
      world,
      a: world.view(A),
      b: world.view(B),
      // One callback per system; they close over the world (created once, here).
      spawnEach: (_: Entity, a: A): void => {
        world.create(new B(a.value));
      },
      destroyEach: (e: Entity): void => {
        world.destroy(e);
      },
    };
  },
  step(s) {
    spawnBs(s);
    destroyBs(s);
  },
  stages: [spawnBs, destroyBs],
  read(s) {
    const a = sumValue(s.world, A);
    const b = sumValue(s.world, B);
    return { entities: s.world.size(), countA: a.count, countB: b.count, sumA: a.sum, sumB: b.sum };
  },
};
