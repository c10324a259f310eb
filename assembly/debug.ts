// checkInvariants(): walks the whole core and aborts, naming the broken rule, when
// any invariant of docs/design.md fails. The debug target runs it after every structural
// operation of a world created with `debug: true`; the release target compiles it out.
// Each message names its invariant: 1-4 are docs/design.md's; 6 is the relation invariant
// (target-index.ts, cascade.ts); "invariant:" alone marks a bookkeeping count (free
// lists, live counts) that no numbered rule covers.
import {
  C_OFFSET, C_PTR, FLAG_EXCLUSIVE, H_ALIVE, H_FREE_COUNT, H_FREE_HEAD, H_FREE_TABLES, H_LIVE_TABLES, H_PLAN_ARMED,
  H_EARLY_TAKES, H_TARGET_SLOTS, H_SLOT_COUNT, P_NEXT_PAIR, P_NEXT_TABLE, P_REL, P_TARGET, REC_FREE, T_CAPACITY,
  T_COMPS, T_COUNT, T_EDGE_CAP, T_EDGES, T_MARK, T_NCOLS, T_NCOMPS, T_NPAIRS, T_PAIRS, T_ROW_BYTES, T_SEQ,
} from "./constants";
import { findTable, isLive, pairsEqual, tableCount } from "./archetype-map";
import { isAlive, makeEntity, recGen, recRow, recTable, slotOf } from "./entity-index";
import { hget } from "./header";
import { maskBytes, maskClear, maskCount, maskEquals, maskHas, maskSet, maskWords, tableMask, tmpMask } from "./mask";
import { companionOf, flagsOf, isRelation } from "./registry";
import { blockOf, cget, colDesc, columnStart, entityAt, tget } from "./table";
import { findHead, isTargetSlot, tablePair } from "./target-index";

export function checkInvariants(): void {
  const n = tableCount();
  let total: u32 = 0, live: u32 = 0;
  for (let t: u32 = 0; t < n; t++) {
    if (!isLive(t)) continue;
    live++;
    checkTable(t);
    checkPairs(t);
    total += tget(t, T_COUNT);
  }
  assert(total == hget(H_ALIVE), "invariant: table counts add up to the live entity count");
  assert(live == hget(H_LIVE_TABLES), "invariant: the live table count is right");
  let free: u32 = 0;
  for (let f = hget(H_FREE_TABLES); f != 0; f = tget(f - 1, T_SEQ)) {
    assert(f - 1 < n && !isLive(f - 1) && tget(f - 1, T_COUNT) == 0, "invariant: the table free list holds recycled, empty records");
    free++;
    assert(free <= n, "invariant: the table free list ends");
  }
  assert(free + live == n, "invariant: every table record is live or on the free list");
  checkIndex(n);
  checkChains();
}

/** Relation pairs: ascending, alive targets, bits match, exclusive ones single, no plan marks left. */
function checkPairs(t: u32): void {
  assert(tget(t, T_MARK) == 0 || hget(H_PLAN_ARMED) != 0, "invariant: no destroy plan is left over between calls");
  const np = tget(t, T_NPAIRS);
  const m = tableMask(t);
  for (let i: u32 = 0; i < np; i++) {
    const q = tablePair(t, i);
    const r = load<u32>(q, P_REL << 2), x = load<u32>(q, P_TARGET << 2);
    assert(isRelation(r) && maskHas(m, r), "invariant 6: a pair's relation is a relation in the table's mask");
    assert(isAlive(x), "invariant 6: a pair names a live target");
    if (i > 0) {
      const p = tablePair(t, i - 1);
      const pr = load<u32>(p, P_REL << 2), px = load<u32>(p, P_TARGET << 2);
      assert(pr < r || (pr == r && px < x), "invariant 6: pairs ascend by (relation, target)");
      assert(pr != r || (flagsOf(r) & FLAG_EXCLUSIVE) == 0, "invariant 6: an exclusive relation has one target");
    }
    // The pair is on its target's chain.
    const head = findHead(slotOf(x));
    assert(head != 0, "invariant 6: a pair's target has a chain");
    let ct = load<u32>(head);
    let cp = load<u32>(head, 4);
    let found = false;
    while (ct != 0) {
      if (ct - 1 == t && cp == i) { found = true; break; }
      const z = tablePair(ct - 1, cp);
      ct = load<u32>(z, P_NEXT_TABLE << 2);
      cp = load<u32>(z, P_NEXT_PAIR << 2);
    }
    assert(found, "invariant 6: every pair is on its target's chain");
  }
  // A relation bit without a pair is not allowed.
  const ncomps = tget(t, T_NCOMPS);
  const comps = <usize>tget(t, T_COMPS);
  for (let k: u32 = 0; k < ncomps; k++) {
    const c = load<u32>(comps + (<usize>k << 2));
    if (!isRelation(c)) continue;
    let held = false;
    for (let i: u32 = 0; i < np; i++) if (load<u32>(tablePair(t, i), P_REL << 2) == c) held = true;
    assert(held, "invariant 6: a relation in the mask has a pair");
  }
}

/** Every chain link is a live table's pair naming that slot's live entity. */
function checkChains(): void {
  const slots = hget(H_SLOT_COUNT);
  let targets: u32 = 0;
  for (let s: u32 = 1; s < slots; s++) {
    const head = findHead(s);
    assert(isTargetSlot(s) == (head != 0), "invariant 6: a slot's target bit says whether the target map has it");
    if (head == 0) continue;
    targets++;
    let ct = load<u32>(head);
    let cp = load<u32>(head, 4);
    assert(ct != 0, "invariant 6: the target map holds only non-empty chains");
    let steps: u32 = 0;
    while (ct != 0) {
      assert(ct - 1 < tableCount() && isLive(ct - 1) && cp < tget(ct - 1, T_NPAIRS), "invariant 6: a chain links live pairs");
      const z = tablePair(ct - 1, cp);
      assert(slotOf(load<u32>(z, P_TARGET << 2)) == s && recTable(s) != REC_FREE, "invariant 6: a chain names its slot's live entity");
      ct = load<u32>(z, P_NEXT_TABLE << 2);
      cp = load<u32>(z, P_NEXT_PAIR << 2);
      steps++;
      assert(steps < 1 << 26, "invariant 6: a chain ends");
    }
  }
  assert(targets == hget(H_TARGET_SLOTS), "invariant 6: H_TARGET_SLOTS counts the slots with a chain");
}

function checkTable(t: u32): void {
  const count = tget(t, T_COUNT), cap = tget(t, T_CAPACITY);
  assert(count <= cap, "invariant 2: count <= capacity");
  const block = blockOf(t), rowBytes = tget(t, T_ROW_BYTES);
  const ncols = tget(t, T_NCOLS);
  for (let j: u32 = 0; j < ncols; j++) {
    const d = colDesc(t, j);
    assert(cap == 0 || <usize>cget(d, C_PTR) == block + columnStart(cap, cget(d, C_OFFSET), rowBytes),
      "invariant 2: every column lies inside its table's block");
  }
  for (let row: u32 = 0; row < count; row++) {
    const e = entityAt(t, row);
    assert(isAlive(e), "invariant 1: every row holds a live entity");
    const slot = slotOf(e);
    assert(recTable(slot) == t && recRow(slot) == row, "invariant 1: the record of entities[row] points at that row");
  }
  const m = tableMask(t);
  const words = maskWords();
  const ncomps = tget(t, T_NCOMPS);
  assert(maskCount(m, words) == ncomps, "invariant 3: a table's mask has one bit per component");
  const comps = <usize>tget(t, T_COMPS);
  for (let k: u32 = 0; k < ncomps; k++) {
    const c = load<u32>(comps + (<usize>k << 2));
    assert(maskHas(m, c), "invariant 3: the mask holds every component of the table");
    assert(k == 0 || load<u32>(comps + (<usize>(k - 1) << 2)) < c, "invariant 3: components ascend");
  }
  assert(findTable(m, <usize>tget(t, T_PAIRS), tget(t, T_NPAIRS)) == <i32>t,
    "invariant 3: keys (mask and pairs) are unique and the map finds each table");
  checkEdges(t, m);
}

function checkEdges(t: u32, m: usize): void {
  const cap = tget(t, T_EDGE_CAP);
  const edges = <usize>tget(t, T_EDGES);
  const tmp = tmpMask();
  const words = maskWords();
  for (let c: u32 = 0; c < cap; c++) {
    for (let dir: u32 = 0; dir < 2; dir++) {
      const to = load<u32>(edges + ((<usize>c * 2 + dir) << 2));
      if (to == 0) continue;
      memory.copy(tmp, m, maskBytes());
      const k = companionOf(c);
      if (dir == 0) maskSet(tmp, c);
      else maskClear(tmp, c);
      if (k >= 0 && dir == 0) maskSet(tmp, <u32>k);
      if (k >= 0 && dir == 1) maskClear(tmp, <u32>k);
      assert(!isRelation(c), "invariant 4: no edge is cached for a relation");
      assert(pairsEqual(to - 1, <usize>tget(t, T_PAIRS), tget(t, T_NPAIRS)), "invariant 4: a cached edge keeps the table's pairs");
      assert(to - 1 < tableCount() && isLive(to - 1) && maskEquals(tableMask(to - 1), tmp, words),
        "invariant 4: a cached edge leads to the table with that component (and its companion) added or removed");
    }
  }
}

function checkIndex(n: u32): void {
  const slots = hget(H_SLOT_COUNT);
  let live: u32 = 0;
  for (let s: u32 = 1; s < slots; s++) {
    const t = recTable(s);
    if (t == REC_FREE) continue;
    live++;
    assert(t < n && isLive(t) && recRow(s) < tget(t, T_COUNT), "invariant 1: a live record points inside a table");
    assert(entityAt(t, recRow(s)) == makeEntity(s, recGen(s)), "invariant 1: the row a record points at holds that entity");
  }
  assert(live == hget(H_ALIVE), "invariant: live records equal the live entity count");
  let free: u32 = 0;
  let s = hget(H_FREE_HEAD);
  while (s != 0) {
    assert(recTable(s) == REC_FREE, "invariant: every slot on the free list is free");
    free++;
    assert(free <= slots, "invariant: the free list ends");
    s = recRow(s);
  }
  assert(free == hget(H_FREE_COUNT), "invariant: the free list holds every free slot");
  assert(free + live + 1 == slots, "invariant: every slot is live, free or the reserved slot 0");
  assert(hget(H_EARLY_TAKES) == 0, "invariant: no early reuse is left over between calls");
}
