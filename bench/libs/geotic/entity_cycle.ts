// entity_cycle in geotic: world.createEntity().add(B, { value }) per entity of the A query,
// then entity.destroy() per entity of the B query, walking its array backwards (it shrinks
// as entities leave).
import type { Query, World } from "geotic";
import { N, type Readout } from "../../scenarios/entity_cycle.js";
import type { Implementation } from "../../spec.js";
import { A, B, count, type Has, liveQuery, sumOver, worldOf } from "./components.js";

interface State {
  readonly world: World;
  readonly qa: Query;
  readonly qb: Query;
}

function spawnBs(s: State): void {
  const world = s.world;
  const r = s.qa.get() as Has<"a">[];
  for (let i = 0; i < r.length; i++) world.createEntity().add(B, { value: r[i].a.value });
}

function destroyBs(s: State): void {
  const r = s.qb.get();
  for (let i = r.length - 1; i >= 0; i--) r[i].destroy();
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    const world = worldOf(A, B);
    const s: State = { world, qa: liveQuery(world, [A]), qb: liveQuery(world, [B]) };
    for (let i = 0; i < N; i++) world.createEntity().add(A, { value: i });
    return s;
  },
  step(s) {
    spawnBs(s);
    destroyBs(s);
  },
  stages: [spawnBs, destroyBs],
  read: (s) => ({
    entities: count(s.world),
    countA: s.qa.get().length,
    countB: s.qb.get().length,
    sumA: sumOver<Has<"a">>(s.qa, (e) => e.a.value),
    sumB: sumOver<Has<"b">>(s.qb, (e) => e.b.value),
  }),
};
