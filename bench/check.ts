// Correctness checks for bench setups: throw an Error naming the scenario, what was
// measured and both numbers. Never used inside a timed function.
import type { Query, Table } from "wasm-ecs";

/** Throws unless actual === expected. */
export function expectEqual(scenario: string, what: string, actual: number, expected: number): void {
  if (actual !== expected) {
    throw new Error(
      `${scenario}: ${what} is ${actual}, expected ${expected}; the scenario is not measuring what it claims`,
    );
  }
}

/** Sum of one column over every table the query matches: `sumOf(q, (t) => t.columns(A).value)`. */
export function sumOf(q: Query, column: (t: Table) => ArrayLike<number>): number {
  let sum = 0;
  for (const t of q) {
    const col = column(t);
    for (let i = 0; i < t.count; i++) sum += col[i];
  }
  return sum;
}
