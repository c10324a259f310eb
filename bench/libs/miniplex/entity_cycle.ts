// entity_cycle in miniplex: world.add({ b: { value } }) per entity of the a query, then
// world.remove(e) per entity of the b query (for...of runs backwards, so removing the
// current entity is safe).
import { type Query, type With, World } from "miniplex";
import { N, type Readout } from "../../scenarios/entity_cycle.js";
import type { Implementation } from "../../spec.js";
import { sumOver, type Value } from "./entities.js";

interface Cycle {
  a?: Value;
  b?: Value;
}

interface State {
  readonly world: World<Cycle>;
  readonly qa: Query<With<Cycle, "a">>;
  readonly qb: Query<With<Cycle, "b">>;
}

function spawnBs(s: State): void {
  const world = s.world;
  for (const e of s.qa) world.add({ b: { value: e.a.value } });
}

function destroyBs(s: State): void {
  const world = s.world;
  for (const e of s.qb) world.remove(e);
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    const world = new World<Cycle>();
    const s: State = { world, qa: world.with("a"), qb: world.with("b") };
    for (let i = 0; i < N; i++) world.add({ a: { value: i } });
    return s;
  },
  step(s) {
    spawnBs(s);
    destroyBs(s);
  },
  stages: [spawnBs, destroyBs],
  read: (s) => ({
    entities: s.world.size,
    countA: s.qa.size,
    countB: s.qb.size,
    sumA: sumOver(s.qa, (e) => e.a.value),
    sumB: sumOver(s.qb, (e) => e.b.value),
  }),
};
