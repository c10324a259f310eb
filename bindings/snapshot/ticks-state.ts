// Change ticks in a snapshot checked against each other: every row stamp the image holds
// must lie at or before the snapshot's `changeTick`, and every reader's last tick
// (systems, filtered queries) before it, in the wrapped u32 order the world compares
// them in (store/changes.ts). A snapshot whose counter was moved back would otherwise
// show a row as changed at every step, which no world can reach.
// Runs after checkImage (image.ts): the table records and columns it reads are sound.
import {
  C_PTR,
  C_STRIDE,
  H_TABLE_COUNT,
  H_TABLES,
  T_COLS,
  T_COMPS,
  T_COUNT,
  T_NCOMPS,
  T_STATE,
  T_STRIDE,
  TS_LIVE,
} from "../core/constants.generated.js";
import { SnapshotError } from "../errors.js";
import { snap } from "../messages.js";
import { newer } from "../store/changes.js";
import type { SnapshotMeta } from "./format.js";

/** SnapshotError unless the snapshot's stamps and readers' ticks are not past its change tick. */
export function checkTicks(meta: SnapshotMeta, memory: Uint8Array, corePtr: number): void {
  const now = meta.changeTick;
  // `after`: 1 for a reader, whose tick is taken before the counter moves on (strictly older).
  const check = (tick: number, what: string, after = 0) => {
    if (newer(tick + after, now)) throw new SnapshotError(snap.disagree(snap.tickAhead(what, tick, now)));
  };
  for (const [name, tick] of [...Object.entries(meta.systems), ...Object.entries(meta.queries)])
    if (tick !== 0) check(tick, `reader ${JSON.stringify(name)}`, 1); // 0: never read
  const u32 = new Uint32Array(memory.buffer, memory.byteOffset, memory.length >>> 2);
  eachStamp(meta.schema, u32, corePtr, (at, t) => check(u32[at], `table ${t}`));
}

/**
 * Before a snapshot: a row stamp past the change tick (a write through a stale column
 * array landed in a stamp column: assembly/column-heap.ts) becomes the change tick, so
 * the image is one checkTicks accepts. `u32`: the world's memory.
 */
export function mendTicks(schema: SnapshotMeta["schema"], now: number, u32: Uint32Array, corePtr: number): void {
  eachStamp(schema, u32, corePtr, (at) => {
    if (newer(u32[at], now)) u32[at] = now;
  });
}

/** Calls fn with the u32 index of every row stamp of every live table (and the table). */
function eachStamp(
  schema: SnapshotMeta["schema"],
  u32: Uint32Array,
  corePtr: number,
  fn: (at: number, table: number) => void,
): void {
  const h = corePtr >>> 2;
  for (let t = 0; t < u32[h + H_TABLE_COUNT]; t++) {
    const rec = (u32[h + H_TABLES] >>> 2) + t * T_STRIDE;
    const comps = u32[rec + T_COMPS] >>> 2;
    const cols = u32[rec + T_COLS] >>> 2;
    // Columns: the entities, then each component's fields in the order of its list.
    for (let k = 0, col = 1; u32[rec + T_STATE] === TS_LIVE && k < u32[rec + T_NCOMPS]; k++) {
      const entry = schema[u32[comps + k]];
      for (let f = 0; f < entry.fields.length; f++, col++) {
        const base = u32[cols + col * C_STRIDE + C_PTR] >>> 2;
        for (let r = 0; entry.tracks !== undefined && r < u32[rec + T_COUNT]; r++) fn(base + r, t);
      }
    }
  }
}
