// add_remove in miniplex: world.addComponent(e, "b", true) per entity of the a query, then
// world.removeComponent(e, "b") per entity of the b query (for...of runs backwards, so the
// current entity may leave). Tags are `true`-valued properties (the README's `poisoned?: true`).
import { type Query, type With, World } from "miniplex";
import { N, type Readout } from "../../scenarios/add_remove.js";
import type { Implementation } from "../../spec.js";

interface Tagged {
  a?: true;
  b?: true;
}

interface State {
  readonly world: World<Tagged>;
  readonly qa: Query<With<Tagged, "a">>;
  readonly qb: Query<With<Tagged, "b">>;
}

function addB(s: State): void {
  const world = s.world;
  for (const e of s.qa) world.addComponent(e, "b", true);
}

function removeB(s: State): void {
  const world = s.world;
  for (const e of s.qb) world.removeComponent(e, "b");
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    const world = new World<Tagged>();
    const s: State = { world, qa: world.with("a"), qb: world.with("b") };
    for (let i = 0; i < N; i++) world.add({ a: true });
    return s;
  },
  step(s) {
    addB(s);
    removeB(s);
  },
  stages: [addB, removeB],
  read: (s) => ({ entities: s.world.size, countA: s.qa.size, countB: s.qb.size }),
};
