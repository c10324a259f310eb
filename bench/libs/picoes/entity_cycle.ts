// entity_cycle in picoes: world.each over a with a callback made once in setup (it closes
// over the world) creating one b entity per a, then world.each over b calling
// entity.destroy().
import { type Entity, World } from "picoes";
import { N, type Readout } from "../../scenarios/entity_cycle.js";
import type { Implementation } from "../../spec.js";
import { sumValue, type Value } from "./read.js";

interface State {
  readonly world: World;
  readonly spawnEach: (data: { a: Value }) => void;
}

function destroyEach(_: unknown, entity: Entity): void {
  entity.destroy();
}

function spawnBs(s: State): void {
  s.world.each("a", s.spawnEach);
}

function destroyBs(s: State): void {
  s.world.each("b", destroyEach);
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    const world = new World();
    for (let i = 0; i < N; i++) world.entity().set("a", { value: i });
    return {
      world,
      // The spawn system's callback closes over the world (created once, here).
      spawnEach: ({ a }: { a: Value }): void => {
        world.entity().set("b", { value: a.value });
      },
    };
  },
  step(s) {
    spawnBs(s);
    destroyBs(s);
  },
  stages: [spawnBs, destroyBs],
  read(s) {
    const a = sumValue(s.world, "a");
    const b = sumValue(s.world, "b");
    return { entities: s.world.each().length, countA: a.count, countB: b.count, sumA: a.sum, sumB: b.sum };
  },
};
