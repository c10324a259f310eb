// "object" fields: JS values kept in JS arrays, one per field per table, row-aligned
// with the table's typed columns. The core records every row it appends, moves or
// drops in its row journal (assembly/journal.ts); replay() repeats those moves on the
// JS arrays, in the same order, after each core call.
// Invariant: each table's object arrays have exactly as many elements as it has rows.
import { type Component, fieldOf } from "../component.js";
import {
  H_JOURNAL,
  H_JOURNAL_LEN,
  J_APPEND,
  J_CLEAR,
  J_MOVE,
  J_REMOVE,
  J_STRIDE,
  J_TAIL,
} from "../core/constants.generated.js";
import type { Core } from "../core/core.js";
import type { Table } from "./table.js";

/** The default value of object field `index` of c (its `defaults`, else undefined). */
function defaultOf(c: Component, index: number): unknown {
  return fieldOf(c.defaults, c.objectFields[index].name);
}

/** Drops row `row` of every object column of t: the last row takes its place. */
function swapRemove(t: Table, row: number): void {
  for (const col of t.objects) {
    const last = col.length - 1;
    if (row !== last) col[row] = col[last];
    col.length = last;
  }
}

/** Appends to every object column of dst the values of src's row (defaults where src lacks the field). */
function copyRow(src: Table | undefined, row: number, dst: Table, components: readonly Component[]): void {
  for (const id of dst.objectComponents) {
    const c = components[id];
    for (let i = 0; i < c.objectFields.length; i++) {
      const from = src?.objectColumn(id, i);
      (dst.objectColumn(id, i) as unknown[]).push(from === undefined ? defaultOf(c, i) : from[row]);
    }
  }
}

/** Repeats the journal's row moves on the JS columns, then empties the journal. */
export function replay(core: Core, tables: readonly Table[], components: readonly Component[]): void {
  const u32 = core.u32;
  const h = core.hdr;
  const n = u32[h + H_JOURNAL_LEN];
  let r = u32[h + H_JOURNAL] >>> 2;
  for (let k = 0; k < n; k++, r += J_STRIDE) {
    const kind = u32[r];
    const a = u32[r + 1];
    const b = u32[r + 2];
    const c = u32[r + 3];
    if (kind === J_MOVE) {
      const src = tables[a];
      const dst = tables[c];
      if (dst.objects.length > 0) copyRow(src, b, dst, components);
      if (src.objects.length > 0) swapRemove(src, b);
    } else if (kind === J_TAIL) {
      const src = tables[a];
      const dst = tables[u32[r + 4]];
      if (dst.objects.length > 0) for (let i = 0; i < c; i++) copyRow(src, b + i, dst, components);
      for (const col of src.objects) col.length = b;
    } else if (kind === J_APPEND) {
      const t = tables[a];
      if (t.objects.length > 0) for (let i = 0; i < c; i++) copyRow(undefined, 0, t, components);
    } else if (kind === J_REMOVE) {
      if (tables[a].objects.length > 0) swapRemove(tables[a], b);
    } else if (kind === J_CLEAR) {
      for (const col of tables[a].objects) col.length = 0;
    }
  }
  u32[h + H_JOURNAL_LEN] = 0;
}
