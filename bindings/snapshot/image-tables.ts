// The tables of a snapshot's image (see image.ts): the table records and their free
// list, each live table's mask, components, column layout, block and rows, the archetype
// map (every live table found where the core probes for it, keys unique) and the cached
// add / remove edges (each leads to the table with that component added or removed and
// is cached in both directions, so recycling a table can forget every edge to it).
// Invariant: reads only; throws SnapshotError at the first broken rule.
import {
  C_COMP,
  C_DEFAULT,
  C_ELEM,
  C_FIELD,
  C_KEY,
  C_OFFSET,
  C_PTR,
  C_ROW_BYTES,
  C_STRIDE,
  ENTITY_COLUMN_COMP,
  FIELD_BITS,
  FLAG_RELATION,
  H_FREE_TABLES,
  H_LIVE_TABLES,
  H_MAP,
  H_MAP_CAP,
  H_MASK_WORDS,
  H_MASKS,
  H_TABLE_CAP,
  H_TABLE_COUNT,
  H_TABLE_SEQ,
  H_TABLES,
  H_TMP_MASK,
  P_REL,
  P_STRIDE,
  P_TARGET,
  SLOT_BITS,
  SLOT_MASK,
  T_BLOCK,
  T_CAPACITY,
  T_COLS,
  T_COMPS,
  T_COUNT,
  T_EDGE_CAP,
  T_EDGES,
  T_MARK,
  T_NCOLS,
  T_NCOMPS,
  T_NPAIRS,
  T_PAIRS,
  T_PENDING,
  T_ROW_BYTES,
  T_SEQ,
  T_STATE,
  T_STRIDE,
  TS_FREE,
  TS_LIVE,
} from "../core/constants.generated.js";
import { columnStart } from "../core/records.js";
import { image as fault } from "../messages.js";
import { keyHash, maskHash, probesReach } from "./image-hash.js";
import {
  type ImageReader,
  type IndexFacts,
  type RegistryFacts,
  slotGen,
  slotRow,
  slotTable,
  type TableFacts,
} from "./image-reader.js";

/** A key (mask words as u32, pairs flattened) as text: equal keys, equal text. */
export function keyText(mask: ArrayLike<number>, pairs: readonly number[]): string {
  return `${Array.prototype.join.call(mask, ",")}|${pairs.join(",")}`;
}

/** Checks the tables; returns what the later checks need. */
export function checkTables(r: ImageReader, registry: RegistryFacts, index: IndexFacts): TableFacts {
  const n = r.h(H_TABLE_COUNT);
  const cap = r.h(H_TABLE_CAP);
  if (!(n >= 1 && n <= cap)) throw r.broken("the table count", fault.range(n, "past the capacity (or no table 0)"));
  const words = r.h(H_MASK_WORDS);
  const wantWords = Math.max(1, Math.ceil(registry.count / 64));
  if (!(words === wantWords)) throw r.broken("the mask width", fault.count(words, wantWords));
  const recs = r.claim(r.h(H_TABLES), cap * T_STRIDE * 4, "the table records") >>> 2;
  const masks = r.claim(r.h(H_MASKS), cap * words * 8, "the mask pool") >>> 2;
  r.claim(r.h(H_TMP_MASK), words * 8, "the scratch mask");
  const facts = {
    n,
    live: new Uint8Array(n),
    count: new Uint32Array(n),
    seq: new Uint32Array(n),
    entities: new Uint32Array(n),
    words,
    masks,
    pairs: [] as number[][],
    comps: [] as number[][],
    byKey: new Map<string, number>(),
  };
  let live = 0;
  for (let t = 0; t < n; t++) {
    const state = r.u32[recs + t * T_STRIDE + T_STATE];
    if (!(state === TS_LIVE || state === TS_FREE))
      throw r.broken(`table ${t}'s state`, fault.range(state, "neither live nor free"));
    if (state === TS_LIVE) {
      facts.live[t] = 1;
      live++;
    }
  }
  checkFreeTables(r, recs, n, live, facts.live);
  for (let t = 0; t < n; t++)
    if (facts.live[t] === 0) checkFreeRecord(r, recs + t * T_STRIDE, masks + t * words * 2, words, t);
  // Creation numbers must not wrap (a wrapped counter would hand out numbers live tables
  // hold): an image whose counter is past 2^31 is refused, though the core gets there
  // itself only after 2^31 table creations.
  const nextSeq = r.h(H_TABLE_SEQ);
  if (nextSeq >= 2 ** 31) throw r.broken("the table creation counter", fault.range(nextSeq, "past 2^31"));
  if (!(facts.live[0] === 1)) throw r.broken("table 0", fault.range(0, "but the empty archetype is always live"));
  const seqs = new Set<number>();
  for (let t = 0; t < n; t++) {
    facts.pairs.push([]);
    facts.comps.push([]);
    if (facts.live[t] === 0) continue;
    const seq = r.u32[recs + t * T_STRIDE + T_SEQ];
    if (!(seq < r.h(H_TABLE_SEQ) && !seqs.has(seq)))
      throw r.broken(`table ${t}'s creation number`, fault.range(seq, "not unique"));
    seqs.add(seq);
    facts.seq[t] = seq;
    checkTable(r, registry, index, facts, recs + t * T_STRIDE, t);
  }
  const empty = facts.comps[0].length === 0 && facts.pairs[0].length === 0;
  if (!empty) throw r.broken("table 0", fault.range(0, "but it is the empty archetype"));
  checkMap(r, facts, live);
  checkEdges(r, registry, facts, recs);
  return facts;
}

/** The free list of table records holds exactly the free records, each once. */
function checkFreeTables(r: ImageReader, recs: number, n: number, live: number, isLive: Uint8Array): void {
  const what = "the free list of table records";
  if (!(live === r.h(H_LIVE_TABLES))) throw r.broken("H_LIVE_TABLES", fault.count(r.h(H_LIVE_TABLES), live));
  const seen = new Uint8Array(n);
  let free = 0;
  for (let f = r.h(H_FREE_TABLES); f !== 0; f = r.u32[recs + (f - 1) * T_STRIDE + T_SEQ]) {
    if (!(f - 1 < n && isLive[f - 1] === 0)) throw r.broken(what, fault.freeEntry(f - 1));
    if (!(seen[f - 1] === 0)) throw r.broken(what, fault.loops());
    seen[f - 1] = 1;
    free++;
  }
  if (!(free + live === n)) throw r.broken(what, fault.count(free, n - live));
}

/**
 * A free table record is all zeros but its state and free-list link, and so is its mask,
 * as the core leaves a recycled record (assembly/archetype-map.ts): the views of every
 * record read its components, which a free one must not name.
 */
function checkFreeRecord(r: ImageReader, rec: number, mask: number, words: number, t: number): void {
  for (let k = 0; k < T_STRIDE; k++)
    if (k !== T_SEQ && k !== T_STATE && r.u32[rec + k] !== 0)
      throw r.broken(
        `free table record ${t}`,
        fault.range(r.u32[rec + k], `in its word ${k}, which a free record leaves 0`),
      );
  for (let w = 0; w < words * 2; w++)
    if (r.u32[mask + w] !== 0) throw r.broken(`free table record ${t}'s mask`, fault.range(r.u32[mask + w], "not 0"));
}

/** One live table: mask and components, column layout, block, rows, edges and pairs blocks. */
function checkTable(
  r: ImageReader,
  registry: RegistryFacts,
  index: IndexFacts,
  facts: TableFacts,
  rec: number,
  t: number,
) {
  const { u32 } = r;
  const what = `table ${t}`;
  const count = u32[rec + T_COUNT];
  const cap = u32[rec + T_CAPACITY];
  if (!(count <= cap && cap % 8 === 0))
    throw r.broken(`${what}'s row count`, fault.range(count, `past its capacity ${cap}`));
  if (!(u32[rec + T_PENDING] === 0 && u32[rec + T_MARK] === 0))
    throw r.broken(what, fault.range(0, "mid-call bookkeeping"));
  // Mask bits, which give the components, ascending.
  const comps = facts.comps[t] as number[];
  const at = facts.masks + t * facts.words * 2;
  for (let w = 0; w < facts.words * 2; w++) {
    let bits = u32[at + w];
    while (bits !== 0) {
      comps.push(w * 32 + (31 - Math.clz32(bits & -bits)));
      bits &= bits - 1;
    }
  }
  const last = comps.length === 0 ? -1 : comps[comps.length - 1];
  if (!(last < registry.count)) throw r.broken(`${what}'s mask`, fault.range(last, "an unknown component"));
  for (const c of comps)
    if (registry.maskless[c] === 1)
      throw r.broken(`${what}'s mask`, fault.range(c, "a component no mask holds (sparse, or stamps not linked yet)"));
  if (!(u32[rec + T_NCOMPS] === comps.length))
    throw r.broken(`${what}'s component count`, fault.count(u32[rec + T_NCOMPS], comps.length));
  // A tracked component's rows travel with their stamps (ops/tracking.ts), and stamps with what they track.
  for (const c of comps) {
    const k = registry.companion[c];
    if (k >= 0 && count > 0 && !comps.includes(k))
      throw r.broken(`${what}'s components`, fault.range(c, "without its stamps"));
    const of = registry.tracker[c];
    if (of >= 0 && !comps.includes(of))
      throw r.broken(`${what}'s components`, fault.range(c, "stamps without what they track"));
  }
  const list = r.claim(u32[rec + T_COMPS], Math.max(comps.length, 1) * 4, `${what}'s components`) >>> 2;
  for (let k = 0; k < comps.length; k++)
    if (!(u32[list + k] === comps[k])) throw r.broken(`${what}'s components`, fault.differs("its mask"));
  const ncols = checkColumns(r, registry, rec, t, comps, cap);
  const entities = u32[u32[rec + T_COLS] >>> 2] >>> 2; // column 0 (checked above)
  facts.entities[t] = entities;
  facts.count[t] = count;
  for (let row = 0; row < count; row++) {
    const e = u32[entities + row];
    const slot = e & SLOT_MASK;
    const ok =
      slot !== 0 &&
      slot < index.slotCount &&
      slotGen(r, index, slot) === e >>> SLOT_BITS &&
      slotTable(r, index, slot) === t &&
      slotRow(r, index, slot) === row;
    if (!ok) throw r.broken(`${what}'s row ${row}`, fault.range(e, "an entity whose record points elsewhere"));
  }
  const edgeCap = u32[rec + T_EDGE_CAP];
  if (edgeCap > 0) r.claim(u32[rec + T_EDGES], edgeCap * 8, `${what}'s edges`);
  else r.claimOrNull(u32[rec + T_EDGES], 0, `${what}'s edges`);
  const np = u32[rec + T_NPAIRS];
  const pairs = facts.pairs[t] as number[];
  if (np > 0) {
    const p = r.claim(u32[rec + T_PAIRS], np * P_STRIDE * 4, `${what}'s pairs`) >>> 2;
    for (let i = 0; i < np; i++) pairs.push(u32[p + i * P_STRIDE + P_REL], u32[p + i * P_STRIDE + P_TARGET]);
  } else {
    if (!(u32[rec + T_PAIRS] === 0))
      throw r.broken(`${what}'s pairs`, fault.range(u32[rec + T_PAIRS], "without pairs"));
  }
  const key = keyText(u32.subarray(at, at + facts.words * 2), pairs);
  if (facts.byKey.has(key))
    throw r.broken(`${what}'s key`, fault.range(facts.byKey.get(key) ?? 0, "another table's too"));
  (facts.byKey as Map<string, number>).set(key, t);
  return ncols;
}

/**
 * The column descriptors are exactly what the core's layoutColumns gives for these
 * components (entity column first, fields by component; placed largest element first),
 * each starting where the core's columnStart puts it, and the block holds `cap` rows of them.
 */
function checkColumns(r: ImageReader, registry: RegistryFacts, rec: number, t: number, comps: number[], cap: number) {
  const { u32 } = r;
  // [comp, field, elem, row bytes, default] of each column, in logical order.
  const cols: number[][] = [[ENTITY_COLUMN_COMP, 0, 4, 4, 0]];
  for (const c of comps) {
    const f = registry.fields[c];
    for (let i = 0; i < f.length / 4; i++) {
      cols.push([c, i, f[4 * i + 2] / f[4 * i + 1], f[4 * i + 2], f[4 * i + 3]]);
    }
  }
  const ncols = cols.length;
  if (!(u32[rec + T_NCOLS] === ncols))
    throw r.broken(`table ${t}'s column count`, fault.count(u32[rec + T_NCOLS], ncols));
  const desc = r.claim(u32[rec + T_COLS], ncols * C_STRIDE * 4, `table ${t}'s columns`) >>> 2;
  const offsets = new Array<number>(ncols).fill(0);
  let rowBytes = 0;
  for (let elem = 8; elem >= 1; elem >>= 1) {
    for (let j = 0; j < ncols; j++) {
      if (cols[j][2] !== elem) continue;
      offsets[j] = rowBytes;
      rowBytes += cols[j][3];
    }
  }
  if (!(u32[rec + T_ROW_BYTES] === rowBytes))
    throw r.broken(`table ${t}'s row bytes`, fault.count(u32[rec + T_ROW_BYTES], rowBytes));
  let blockBytes = 0;
  for (let j = 0; j < ncols; j++)
    blockBytes = Math.max(blockBytes, columnStart(cap, offsets[j], rowBytes) + cap * cols[j][3]);
  const block = cap > 0 ? r.claim(u32[rec + T_BLOCK], blockBytes, `table ${t}'s block`, true) : 0;
  if (cap === 0)
    if (!(u32[rec + T_BLOCK] === 0))
      throw r.broken(`table ${t}'s block`, fault.range(u32[rec + T_BLOCK], "without rows"));
  for (let j = 0; j < ncols; j++) {
    const d = desc + j * C_STRIDE;
    const [comp, field, elem, rb, def] = cols[j];
    const ok =
      u32[d + C_PTR] === (cap === 0 ? 0 : block + columnStart(cap, offsets[j], rowBytes)) &&
      u32[d + C_ROW_BYTES] === rb &&
      u32[d + C_OFFSET] === offsets[j] &&
      u32[d + C_COMP] === comp >>> 0 &&
      u32[d + C_FIELD] === field &&
      u32[d + C_DEFAULT] === def &&
      u32[d + C_ELEM] === elem &&
      u32[d + C_KEY] === (j === 0 ? 0 : ((comp << FIELD_BITS) | field) >>> 0);
    if (!ok) throw r.broken(`table ${t}'s column ${j}`, fault.layout(t, j));
  }
  return ncols;
}

/** The archetype map: each live table once, found from its key's home, with room to spare. */
function checkMap(r: ImageReader, facts: TableFacts, live: number): void {
  const cap = r.h(H_MAP_CAP);
  const what = "the archetype map";
  if (!(cap > 0 && (cap & (cap - 1)) === 0 && live * 2 <= cap))
    throw r.broken(what, fault.range(cap, "not a power of two twice the tables"));
  const map = r.claim(r.h(H_MAP), cap * 4, what) >>> 2;
  const home = new Int32Array(cap).fill(-1);
  const seen = new Uint8Array(facts.n);
  let found = 0;
  for (let i = 0; i < cap; i++) {
    const k = r.u32[map + i];
    if (k === 0) continue;
    const t = k - 1;
    if (!(t < facts.n && facts.live[t] === 1 && seen[t] === 0)) throw r.broken(what, fault.freeEntry(k));
    seen[t] = 1;
    found++;
    const at = facts.masks + t * facts.words * 2;
    home[i] = keyHash(maskHash(r.u32, at, facts.words), facts.pairs[t]) & (cap - 1);
  }
  if (!(found === live)) throw r.broken(what, fault.count(found, live));
  if (!probesReach(cap, (i) => home[i])) throw r.broken(what, fault.range(cap, "with a key its probe does not reach"));
}

/**
 * Every cached edge: add c / remove c of table t leads to the live table whose mask is
 * t's with c (and c's companion) set or cleared, with t's pairs; the way back is cached too.
 */
function checkEdges(r: ImageReader, registry: RegistryFacts, facts: TableFacts, recs: number): void {
  const { u32 } = r;
  const w2 = facts.words * 2;
  const samePairs = (a: number[], b: number[]) => a.length === b.length && a.every((v, i) => v === b[i]);
  for (let t = 0; t < facts.n; t++) {
    if (facts.live[t] === 0) continue;
    const rec = recs + t * T_STRIDE;
    const cap = u32[rec + T_EDGE_CAP];
    const edges = u32[rec + T_EDGES] >>> 2;
    const mt = facts.masks + t * w2;
    for (let e = 0; e < cap * 2; e++) {
      const to = u32[edges + e];
      if (to === 0) continue;
      const c = e >>> 1;
      const add = (e & 1) === 0;
      const what = `table ${t}'s ${add ? "add" : "remove"} edge of component ${c}`;
      const ok =
        c < registry.count && (registry.flags[c] & FLAG_RELATION) === 0 && to - 1 < facts.n && facts.live[to - 1] === 1;
      if (!ok) throw r.broken(what, fault.range(to - 1, "no live table for a plain component"));
      const d = to - 1;
      const k = registry.companion[c];
      const md = facts.masks + d * w2;
      for (let w = 0; w < w2; w++) {
        let want = u32[mt + w];
        for (const bit of k < 0 ? [c] : [c, k]) {
          if (bit >>> 5 !== w) continue;
          want = add ? want | (1 << (bit & 31)) : want & ~(1 << (bit & 31));
        }
        if (!(u32[md + w] === want >>> 0)) throw r.broken(what, fault.differs("the mask it should lead to"));
      }
      if (!samePairs(facts.pairs[t], facts.pairs[d])) throw r.broken(what, fault.differs("its table's pairs"));
      const back = recs + d * T_STRIDE;
      const ok2 = c < u32[back + T_EDGE_CAP] && u32[(u32[back + T_EDGES] >>> 2) + (e ^ 1)] === t + 1;
      if (!ok2) throw r.broken(what, fault.range(d, "a table that does not lead back"));
    }
  }
}
