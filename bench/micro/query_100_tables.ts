// query_100_tables: iterate a query matching 100 tables of 1 entity each (A plus a
// distinct combination of 7 tags) and read one value per table through t.columns():
// the per-table cost of iteration, with the iterator's fixed cost spread over 100 tables.
import { component, createWorld, type Query, tag, type World } from "wasm-ecs";
import { expectEqual } from "../check.js";
import type { StepBench, StepImplementation } from "../types.js";

const TABLES = 100;

const A = component("A", { value: "i32" });
const Tags = Array.from({ length: 7 }, (_, i) => tag(`T${i}`));

interface State {
  readonly world: World;
  readonly q: Query;
}

function touchEach(s: State): void {
  for (const t of s.q) t.columns(A).value[0]++;
}

const wasmEcs: StepImplementation<State> = {
  async setup() {
    const world = await createWorld({ components: [A, ...Tags] });
    for (let combo = 0; combo < TABLES; combo++) {
      world.spawn(A.with({ value: 0 }), ...Tags.filter((_, bit) => (combo >> bit) & 1));
    }
    return { world, q: world.query({ all: [A] }) };
  },
  step: touchEach,
  check(s) {
    for (let i = 0; i < 3; i++) touchEach(s);
    let tables = 0;
    let sum = 0;
    for (const t of s.q) {
      tables++;
      sum += t.columns(A).value[0];
    }
    expectEqual("query_100_tables", "tables visited", tables, TABLES);
    expectEqual("query_100_tables", "sum of values after 3 iterations", sum, 3 * TABLES);
  },
};

export const bench: StepBench = {
  kind: "steps",
  name: "query_100_tables",
  group: "micro",
  description: "one query iteration over 100 tables of 1 entity each, reading one value per table",
  per: { count: TABLES, unit: "table" },
  implementations: { "wasm-ecs": wasmEcs },
};
