// entity_cycle in wasm-ecs with batches made inside the loops: in the A iteration one
// spawnMany(t.count, B.withEach({ value: t.columns(A).value })) per table, in the B iteration
// one destroyMany(t.entities) per table; both wait for the iteration's end. Setup and read()
// are entity_cycle.ts's.
import type { Readout } from "../../scenarios/entity_cycle.js";
import type { Implementation } from "../../spec.js";
import { A, B, implementation as base, type State } from "./entity_cycle.js";

function spawnBs(s: State): void {
  const world = s.world;
  for (const t of s.qa) world.spawnMany(t.count, B.withEach({ value: t.columns(A).value }));
}

function destroyBs(s: State): void {
  const world = s.world;
  for (const t of s.qb) world.destroyMany(t.entities);
}

export const implementation: Implementation<State, Readout> = {
  variant: "batch, deferred",
  setup: base.setup,
  step(s) {
    spawnBs(s);
    destroyBs(s);
  },
  stages: [spawnBs, destroyBs],
  read: base.read,
};
