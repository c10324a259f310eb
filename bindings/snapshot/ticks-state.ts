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
  const ahead = (what: string, tick: number) => new SnapshotError(snap.disagree(snap.tickAhead(what, tick, now)));
  // A reader's tick is taken before the counter moves on: strictly older (0: never read).
  for (const [name, tick] of [...Object.entries(meta.systems), ...Object.entries(meta.queries)])
    if (tick !== 0 && !newer(now, tick)) throw ahead(`reader ${JSON.stringify(name)}`, tick);
  const schema = meta.schema;
  const u32 = new Uint32Array(memory.buffer, memory.byteOffset, memory.length >>> 2);
  const h = corePtr >>> 2;
  for (let t = 0; t < u32[h + H_TABLE_COUNT]; t++) {
    const rec = (u32[h + H_TABLES] >>> 2) + t * T_STRIDE;
    const comps = u32[rec + T_COMPS] >>> 2;
    const cols = u32[rec + T_COLS] >>> 2;
    const live = u32[rec + T_STATE] === TS_LIVE;
    // Columns: the entities, then each component's fields in the order of its list.
    for (let k = 0, col = 1; live && k < u32[rec + T_NCOMPS]; k++) {
      const entry = schema[u32[comps + k]];
      for (let f = 0; f < entry.fields.length; f++, col++) {
        const base = u32[cols + col * C_STRIDE + C_PTR] >>> 2;
        for (let r = 0; entry.tracks !== undefined && r < u32[rec + T_COUNT]; r++)
          if (newer(u32[base + r], now)) throw ahead(`row ${r} of table ${t}`, u32[base + r]);
      }
    }
  }
}
