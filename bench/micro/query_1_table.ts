// query_1_table: iterate a query matching 1 table of 1 entity and read one value through
// t.columns(): the fixed cost of a query iteration (iterator, deferral scope, refresh,
// view cache) with no rows to speak of.
import { component, createWorld, type Query, type World } from "wasm-ecs";
import { expectEqual } from "../check.js";
import type { StepBench, StepImplementation } from "../types.js";

const A = component("A", { value: "i32" });

interface State {
  readonly world: World;
  readonly q: Query;
}

function touchOne(s: State): void {
  for (const t of s.q) t.columns(A).value[0]++;
}

const wasmEcs: StepImplementation<State> = {
  async setup() {
    const world = await createWorld({ components: [A] });
    world.spawn(A.with({ value: 0 }));
    return { world, q: world.query({ all: [A] }) };
  },
  step: touchOne,
  check(s) {
    for (let i = 0; i < 3; i++) touchOne(s);
    let tables = 0;
    let value = 0;
    for (const t of s.q) {
      tables++;
      value = t.columns(A).value[0];
    }
    expectEqual("query_1_table", "tables visited", tables, 1);
    expectEqual("query_1_table", "value after 3 iterations", value, 3);
  },
};

export const bench: StepBench = {
  kind: "steps",
  name: "query_1_table",
  group: "micro",
  description: "one query iteration over 1 table of 1 entity, reading one value through t.columns()",
  per: { count: 1, unit: "table" },
  implementations: { "wasm-ecs": wasmEcs },
};
