// entity_cycle in wasm-ecs through the batch API, outside the loops: the A iteration only
// gathers the values, then one spawnMany(n, B.withEach({ value })) spawns the Bs and one
// destroyMany(query) empties the B tables. Setup and read() are entity_cycle.ts's.
import { N, type Readout } from "../../scenarios/entity_cycle.js";
import type { Implementation } from "../../spec.js";
import { A, B, type State as Base, implementation as base } from "./entity_cycle.js";

interface State extends Base {
  /** A's values, gathered by the spawn system before it spawns. */
  readonly values: Int32Array;
}

function spawnBs(s: State): void {
  let n = 0;
  for (const t of s.qa) {
    s.values.set(t.columns(A).value, n);
    n += t.count;
  }
  s.world.spawnMany(n, B.withEach({ value: s.values.subarray(0, n) }));
}

function destroyBs(s: State): void {
  s.world.destroyMany(s.qb);
}

export const implementation: Implementation<State, Readout> = {
  variant: "batch",
  setup: async () => ({ ...(await base.setup()), values: new Int32Array(N) }),
  step(s) {
    spawnBs(s);
    destroyBs(s);
  },
  stages: [spawnBs, destroyBs],
  read: base.read,
};
