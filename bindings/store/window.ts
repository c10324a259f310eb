// Windows: a filtered query (sparse or change terms) yields each table with its matching
// rows brought to the front, as the table's window over its first k rows, so `t.count`,
// `t.entities` and every column view cover exactly the matching entities.
// Bringing rows to the front swaps the fewest rows: each row of the first k that does not
// match trades places with a matching row from k on (the core swaps the columns and
// patches both records; the JS-side object columns are swapped here). Rows of a table
// have no order a user may rely on, so the swaps change nothing else.
// Invariant: the rows of a table that an open iteration yielded (OpenIteration.holds) never
// move: its loop holds views whose row i must stay entity i.
import { H_SCRATCH, H_SCRATCH_BYTES } from "../core/constants.generated.js";
import { expect } from "../core/status.js";
import { ArgumentError } from "../errors.js";
import { rowsHeld } from "../messages.js";
import type { OpenIteration } from "../query/host.js";
import type { Store } from "./store.js";
import type { Table } from "./table.js";

/** Row pairs to swap: a, b, a, b, ... (reused between calls). */
let pairs = new Uint32Array(64);

/**
 * Moves the listed rows of table t (ascending, all below its count) to rows 0 .. k - 1,
 * k = rows.length. Makes no call when they are there already. Throws ArgumentError
 * (before anything moved) when rows must move but one of the `open` iterations holds t; the core
 * call it makes needs no memory, so it never grows the memory under a loop's views.
 */
export function frontRows(store: Store, t: Table, rows: Uint32Array, open: readonly OpenIteration[]): void {
  const k = rows.length;
  if (k === 0 || rows[k - 1] === k - 1) return;
  if (open.some((it) => it.holds(t))) throw new ArgumentError(rowsHeld(t.describe()));
  // m: how many listed rows lie below k; the other k - m are matching rows to bring in,
  // and as many rows below k do not match (the gaps in rows[0 .. m - 1]).
  let lo = 0;
  let hi = k;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (rows[mid] < k) lo = mid + 1;
    else hi = mid;
  }
  const m = lo;
  const n = k - m;
  if (pairs.length < 2 * n) pairs = new Uint32Array(Math.max(2 * n, pairs.length * 2));
  let at = 0;
  for (let p = 0, i = 0; at < n; p++) {
    if (i < m && rows[i] === p) {
      i++;
      continue;
    }
    pairs[2 * at] = p;
    pairs[2 * at + 1] = rows[m + at];
    at++;
  }
  swap(store, t, pairs.subarray(0, 2 * n));
}

/** Swaps the row pairs in t through the scratch buffer as it is (no memory is asked for). */
function swap(store: Store, t: Table, list: Uint32Array): void {
  const core = store.core;
  const room = Math.max(1, core.header(H_SCRATCH_BYTES) >>> 3);
  for (let i = 0; i < list.length; i += 2 * room) {
    const part = list.subarray(i, Math.min(list.length, i + 2 * room));
    const ptr = core.header(H_SCRATCH) >>> 2;
    core.u32.set(part, ptr);
    expect(store, core.swapRows(t.id, ptr << 2, part.length >>> 1), `reorder the rows of table ${t.describe()}`);
  }
  const objects = t.objects;
  if (objects.length === 0) return;
  for (let i = 0; i < list.length; i += 2) {
    const a = list[i];
    const b = list[i + 1];
    for (const col of objects) {
      const v = col[a];
      col[a] = col[b];
      col[b] = v;
    }
  }
}
