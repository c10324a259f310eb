// Which rows of a table pass a query's row filter (change stamps, sparse tags and pairs
// of non-fragmenting relations), and bringing them to the front of the table for an
// iteration (store/window.ts does the moves through QueryHost.front).
// A sparse-only filter remembers, per table, how many rows it brought to the front and
// when: while no core call was made (rows move only through one) and no sparse bit
// flipped since, those rows are still exactly the matching ones, so a loop that runs
// every tick over an unchanged world tests no bit at all.
import { SLOT_MASK } from "../core/constants.generated.js";
import { newer, type TicksComponent } from "../store/changes.js";
import type { Table } from "../store/table.js";
import type { QueryHost, RowFilter } from "./host.js";

/** Identity row lists by length, shared (read-only by contract): "every row matches". */
let allRows = new Uint32Array(0);
export function everyRow(n: number): Uint32Array {
  if (allRows.length < n) {
    allRows = new Uint32Array(Math.max(n, allRows.length * 2));
    for (let i = 0; i < allRows.length; i++) allRows[i] = i;
  }
  return allRows.subarray(0, n);
}

/** filterRows()'s answer (reused: valid until its next call). */
let matching = new Uint32Array(64);
/** What filterRows finds while a change term's component is not tracked yet. */
const NO_ROWS_FOUND = new Uint32Array(0);

/** A sparse-only filter's front rows of a table: k, at core call count `version` and sparse flip count `flips`. */
interface Fronted {
  filter: RowFilter;
  version: number;
  flips: number;
  k: number;
}
const fronted = new WeakMap<Table, Fronted>();

/**
 * Brings the rows of non-empty table t that pass f (reader base tick `base`) to its
 * first rows; returns how many there are. ArgumentError when they must move while an
 * open iteration is on t (nothing moved).
 */
export function frontMatching(host: QueryHost, t: Table, f: RowFilter, base: number): number {
  const rows = filterRows(host, t, f, base);
  const k = rows.length;
  if (k === 0) return 0;
  host.front(t, rows);
  if (!f.byChange) {
    const seen = fronted.get(t);
    if (seen === undefined) fronted.set(t, { filter: f, version: host.coreVersion, flips: host.sparse.flips, k });
    else Object.assign(seen, { filter: f, version: host.coreVersion, flips: host.sparse.flips, k });
  }
  return k;
}

/**
 * The rows of non-empty table t that pass filter f for a reader whose base tick is
 * `base`, ascending; valid until the next call.
 */
export function filterRows(host: QueryHost, t: Table, f: RowFilter, base: number): Uint32Array {
  const n = t.count;
  if (!f.byChange) {
    const seen = fronted.get(t);
    if (seen?.filter === f && seen.version === host.coreVersion && seen.flips === host.sparse.flips)
      return everyRow(Math.min(seen.k, n));
  }
  const changes = host.changes;
  const u32 = host.heap;
  // Stamp columns (u32 indices) per change term; a table without stamps yet: every row counts.
  // A component not tracked yet (asked for inside a scope, which starts it at the flush, or
  // put off for lack of memory): no row counts. The flush stamps every row, and the next
  // read sees each once, as a read right after tracking began outside a scope would.
  const added: number[] = [];
  const changed: number[] = [];
  let every = true;
  for (const id of f.added) {
    const k = changes.ticksOf[id];
    if (k === undefined) return NO_ROWS_FOUND;
    if (!t.hasId(k)) continue;
    added.push(t.fieldBases(k, changes.ticksComponents[id] as TicksComponent)[0]);
    every = false;
  }
  for (const id of f.changed) {
    const k = changes.ticksOf[id];
    if (k === undefined) return NO_ROWS_FOUND;
    const mark = t.marks[id];
    if (!t.hasId(k) || (mark !== undefined && newer(mark, base))) continue;
    changed.push(t.fieldBases(k, changes.ticksComponents[id] as TicksComponent)[1]);
    every = false;
  }
  const nAll = f.sparseAll.length;
  const nNone = f.sparseNone.length;
  const links = f.links;
  const unlinks = f.unlinks;
  const pairs = links.length + unlinks.length;
  if (every && nAll === 0 && nNone === 0 && pairs === 0) return everyRow(n);
  const es = t.entities;
  if (matching.length < n) matching = new Uint32Array(Math.max(n, matching.length * 2));
  const out = matching;
  let k = 0;
  if (every && nAll === 1 && nNone === 0 && pairs === 0) {
    // The usual sparse filter, one tag in all: one bit test per row.
    const [at, words] = host.sparse.words(f.sparseAll[0]);
    for (let r = 0; r < n; r++) {
      const slot = es[r] & SLOT_MASK;
      const w = slot >>> 5;
      if (w < words && (u32[at + w] & (1 << (slot & 31))) !== 0) out[k++] = r;
    }
    return k === n ? everyRow(n) : out.subarray(0, k);
  }
  // Per sparse term: u32 index of its bitset and its word count (all terms, then none terms).
  const bits = new Int32Array(2 * (nAll + nNone));
  for (let i = 0; i < nAll + nNone; i++) {
    const [at, words] = host.sparse.words(i < nAll ? f.sparseAll[i] : f.sparseNone[i - nAll]);
    bits[2 * i] = at;
    bits[2 * i + 1] = words;
  }
  rows: for (let r = 0; r < n; r++) {
    for (let i = 0; i < added.length; i++) if (!newer(u32[added[i] + r], base)) continue rows;
    for (let i = 0; i < changed.length; i++) if (!newer(u32[changed[i] + r], base)) continue rows;
    if (bits.length > 0) {
      const slot = es[r] & SLOT_MASK;
      const w = slot >>> 5;
      const bit = 1 << (slot & 31);
      for (let i = 0; i < nAll; i++) if (w >= bits[2 * i + 1] || (u32[bits[2 * i] + w] & bit) === 0) continue rows;
      for (let i = nAll; i < nAll + nNone; i++)
        if (w < bits[2 * i + 1] && (u32[bits[2 * i] + w] & bit) !== 0) continue rows;
    }
    if (pairs > 0) {
      const e = es[r];
      for (let i = 0; i < links.length; i += 2) if (!host.links.has(links[i], e, links[i + 1])) continue rows;
      for (let i = 0; i < unlinks.length; i += 2) if (host.links.has(unlinks[i], e, unlinks[i + 1])) continue rows;
    }
    out[k++] = r;
  }
  return k === n ? everyRow(n) : out.subarray(0, k);
}
