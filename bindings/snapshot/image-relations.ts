// The relations of a snapshot's image (see image.ts): each live table's pairs (a live
// target, a relation in the mask, ascending, one target for an exclusive relation), the
// target map (one entry per target, found from its home) and its chains (every pair on
// its target's chain exactly once, so no walk can loop), the target bits, and the pair
// edge cache (an entry the core would use leads where the core would go).
// Invariant: reads only; throws SnapshotError at the first broken rule.
import {
  FLAG_EXCLUSIVE,
  FLAG_RELATION,
  H_PAIR_EDGES,
  H_TABLE_SEQ,
  H_TABLES,
  H_TARGET_SLOTS,
  H_TGT_CAP,
  H_TGT_MAP,
  P_NEXT_PAIR,
  P_NEXT_TABLE,
  P_STRIDE,
  PAIR_EDGE_SLOTS,
  PAIR_EDGE_STRIDE,
  SLOT_BITS,
  SLOT_MASK,
  T_PAIRS,
  T_STRIDE,
  TGT_ENTRY_STRIDE,
} from "../core/constants.generated.js";
import { image as fault } from "../messages.js";
import { pairEdgeSlot, probesReach, targetHash } from "./image-hash.js";
import {
  type ImageReader,
  type IndexFacts,
  type RegistryFacts,
  slotGen,
  slotTable,
  type TableFacts,
} from "./image-reader.js";
import { keyText } from "./image-tables.js";

export function checkRelations(r: ImageReader, registry: RegistryFacts, index: IndexFacts, tables: TableFacts): void {
  const total = checkPairs(r, registry, index, tables);
  const targets = checkTargetMap(r, index, tables, total);
  for (let w = 0; w < Math.ceil(index.slotCap / 32); w++) {
    let want = 0;
    for (let b = 0; b < 32; b++) if (w * 32 + b < index.slotCount && targets[w * 32 + b] === 1) want |= 1 << b;
    if (!(r.u32[index.bits + w] === want >>> 0)) throw r.broken("the target bits", fault.differs("the target map"));
  }
  checkPairEdges(r, registry, tables);
}

/** Whether entity e is alive in the image (its index records were checked). */
function alive(r: ImageReader, index: IndexFacts, e: number): boolean {
  const slot = e & SLOT_MASK;
  return (
    slot !== 0 &&
    slot < index.slotCount &&
    slotGen(r, index, slot) === e >>> SLOT_BITS &&
    slotTable(r, index, slot) >= 0
  );
}

/** Each live table's pairs; returns how many pairs all tables hold. */
function checkPairs(r: ImageReader, registry: RegistryFacts, index: IndexFacts, tables: TableFacts): number {
  let total = 0;
  for (let t = 0; t < tables.n; t++) {
    if (tables.live[t] === 0) continue;
    const pairs = tables.pairs[t];
    const comps = tables.comps[t];
    const what = `table ${t}'s pairs`;
    for (let i = 0; i < pairs.length; i += 2) {
      const rel = pairs[i];
      const target = pairs[i + 1];
      const ok = rel < registry.count && (registry.flags[rel] & FLAG_RELATION) !== 0 && comps.includes(rel);
      if (!ok) throw r.broken(what, fault.range(rel, "no relation of the table's mask"));
      if (!alive(r, index, target)) throw r.broken(what, fault.range(target, "no live entity"));
      if (i === 0) continue;
      const [pr, px] = [pairs[i - 2], pairs[i - 1]];
      if (!(pr < rel || (pr === rel && px < target))) throw r.broken(what, fault.ascending());
      if (!(pr !== rel || (registry.flags[rel] & FLAG_EXCLUSIVE) === 0))
        throw r.broken(what, fault.range(rel, "exclusive"));
    }
    for (const c of comps) {
      if ((registry.flags[c] & FLAG_RELATION) === 0) continue;
      let held = false;
      for (let i = 0; i < pairs.length && !held; i += 2) held = pairs[i] === c;
      if (!held) throw r.broken(what, fault.range(c, "a relation of the mask without a pair"));
    }
    total += pairs.length / 2;
  }
  return total;
}

/**
 * The target map and its chains. Returns, per slot, 1 when the map has an entry for it.
 * Every pair is visited at most once, so the walk ends after `total` steps at most.
 */
function checkTargetMap(r: ImageReader, index: IndexFacts, tables: TableFacts, total: number): Uint8Array {
  const { u32 } = r;
  const has = new Uint8Array(index.slotCount);
  const cap = r.h(H_TGT_CAP);
  const slots = r.h(H_TARGET_SLOTS);
  const what = "the target map";
  if (cap === 0) {
    if (!(slots === 0 && total === 0)) throw r.broken(what, fault.count(0, Math.max(slots, total)));
    r.claimOrNull(r.h(H_TGT_MAP), 0, what);
    return has;
  }
  if (!((cap & (cap - 1)) === 0 && slots * 2 <= cap))
    throw r.broken(what, fault.range(cap, "not a power of two twice the targets"));
  const map = r.claim(r.h(H_TGT_MAP), cap * TGT_ENTRY_STRIDE * 4, what) >>> 2;
  const home = new Int32Array(cap).fill(-1);
  let found = 0;
  for (let i = 0; i < cap; i++) {
    const k = u32[map + i * TGT_ENTRY_STRIDE];
    if (k === 0) continue;
    const slot = k - 1;
    const ok = slot !== 0 && slot < index.slotCount && slotTable(r, index, slot) >= 0 && has[slot] === 0;
    if (!ok) throw r.broken(what, fault.range(slot, "a slot without a live entity, or twice"));
    has[slot] = 1;
    found++;
    home[i] = targetHash(slot) & (cap - 1);
  }
  if (!(found === slots)) throw r.broken("H_TARGET_SLOTS", fault.count(slots, found));
  if (!probesReach(cap, (i) => home[i]))
    throw r.broken(what, fault.range(cap, "with a target its probe does not reach"));
  // Chains: first pair of each target in the map, the rest through the pairs' links.
  const base = new Uint32Array(tables.n + 1);
  for (let t = 0; t < tables.n; t++) base[t + 1] = base[t] + tables.pairs[t].length / 2;
  const visited = new Uint8Array(total);
  const recs = r.h(H_TABLES) >>> 2;
  let steps = 0;
  for (let i = 0; i < cap; i++) {
    const e = map + i * TGT_ENTRY_STRIDE;
    if (u32[e] === 0) continue;
    const slot = u32[e] - 1;
    let ct = u32[e + 1];
    let cp = u32[e + 2];
    if (!(ct !== 0)) throw r.broken(what, fault.range(slot, "an entry with an empty chain"));
    while (ct !== 0) {
      const t = ct - 1;
      const ok = t < tables.n && tables.live[t] === 1 && cp < tables.pairs[t].length / 2;
      if (!ok) throw r.broken(`the chain of slot ${slot}`, fault.range(t, "a link to no pair"));
      if (!(visited[base[t] + cp] === 0)) throw r.broken(`the chain of slot ${slot}`, fault.loops());
      visited[base[t] + cp] = 1;
      steps++;
      if (!((tables.pairs[t][2 * cp + 1] & SLOT_MASK) === slot))
        throw r.broken(`the chain of slot ${slot}`, fault.differs("its pairs' target"));
      const q = (u32[recs + t * T_STRIDE + T_PAIRS] >>> 2) + cp * P_STRIDE;
      ct = u32[q + P_NEXT_TABLE];
      cp = u32[q + P_NEXT_PAIR];
    }
  }
  if (!(steps === total)) throw r.broken("the target chains", fault.count(steps, total));
  return has;
}

/**
 * The pair edge cache: an entry the core would use (found at its own slot, both tables
 * the ones it saw) must lead to the table the core would compute for that pair change.
 * An entry is stale once a table it names was recycled, and stays so: creation numbers
 * only grow, so the core wrote none at or past the next one. Such a number would match a
 * table made after the restore, and the entry come alive with a destination nobody checked.
 */
function checkPairEdges(r: ImageReader, registry: RegistryFacts, tables: TableFacts): void {
  const ptr = r.h(H_PAIR_EDGES);
  if (ptr === 0) return;
  const at = r.claim(ptr, PAIR_EDGE_SLOTS * PAIR_EDGE_STRIDE * 4, "the pair edge cache") >>> 2;
  const { u32 } = r;
  const next = r.h(H_TABLE_SEQ);
  const used = (t: number, seq: number) => t < tables.n && tables.live[t] === 1 && tables.seq[t] === seq;
  for (let i = 0; i < PAIR_EDGE_SLOTS; i++) {
    const e = at + i * PAIR_EDGE_STRIDE;
    if (u32[e] === 0) continue;
    const what = `the pair edge cache's entry ${i}`;
    for (const seq of [u32[e + 1], u32[e + 5]])
      if (!(seq < next)) throw r.broken(what, fault.range(seq, "a creation number no table had yet"));
    const [t, code, target, d] = [u32[e] - 1, u32[e + 2], u32[e + 3], u32[e + 4]];
    if (!used(t, u32[e + 1]) || !used(d, u32[e + 5]) || pairEdgeSlot(t, code, target) !== i) continue;
    const rel = code >>> 1;
    if (rel >= registry.count || (registry.flags[rel] & FLAG_RELATION) === 0)
      throw r.broken(what, fault.range(rel, "no relation"));
    const want = pairChange(r, registry, tables, t, rel, target, (code & 1) === 0);
    if (!(d === want)) throw r.broken(what, fault.range(d, `where the core goes to ${want}`));
  }
}

/** The table t becomes when it gains (adding) or loses the pair (rel, target); -1 when none exists. */
function pairChange(
  r: ImageReader,
  registry: RegistryFacts,
  tables: TableFacts,
  t: number,
  rel: number,
  target: number,
  adding: boolean,
): number {
  const pairs = tables.pairs[t];
  let held = false;
  for (let i = 0; i < pairs.length; i += 2) held ||= pairs[i] === rel && pairs[i + 1] === target;
  if (held === adding) return t;
  const exclusive = (registry.flags[rel] & FLAG_EXCLUSIVE) !== 0;
  const next: [number, number][] = [];
  for (let i = 0; i < pairs.length; i += 2) {
    const [q, x] = [pairs[i], pairs[i + 1]];
    if (q === rel && (adding ? exclusive : x === target)) continue;
    next.push([q, x]);
  }
  if (adding) next.push([rel, target]);
  next.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  // The mask: the relation's bit (and its companion's) set, or cleared when no pair of it is left.
  const w2 = tables.words * 2;
  const words = r.u32.slice(tables.masks + t * w2, tables.masks + (t + 1) * w2);
  const on = adding || next.some(([q]) => q === rel);
  const k = registry.companion[rel];
  for (const bit of k < 0 ? [rel] : [rel, k]) {
    if (on) words[bit >>> 5] |= 1 << (bit & 31);
    else words[bit >>> 5] &= ~(1 << (bit & 31));
  }
  return tables.byKey.get(keyText(words, next.flat())) ?? -1;
}
