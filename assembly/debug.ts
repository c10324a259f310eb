// checkInvariants(): walks the whole core and aborts, naming the broken rule, when
// any invariant of DESIGN.md fails. The debug target runs it after every structural
// operation of a world created with `debug: true`; the release target compiles it out.
import {
  C_OFFSET, C_PTR, H_ALIVE, H_FREE_COUNT, H_FREE_HEAD, H_RETIRED, H_SLOT_COUNT, T_BLOCK, T_CAPACITY,
  T_COMPS, T_COUNT, T_EDGE_CAP, T_EDGES, T_NCOLS, T_NCOMPS,
} from "./constants";
import { findTable, tableCount, tmpMask } from "./archetype-map";
import { isAlive, makeEntity, recGen, recRow, recTable, slotOf } from "./entity-index";
import { hget } from "./header";
import { maskBytes, maskClear, maskCount, maskEquals, maskHas, maskSet, maskWords, tableMask } from "./mask";
import { companionOf } from "./registry";
import { cget, colDesc, entityAt, tget } from "./table";

export function checkInvariants(): void {
  const n = tableCount();
  let total: u32 = 0;
  for (let t: u32 = 0; t < n; t++) {
    checkTable(t);
    total += tget(t, T_COUNT);
  }
  assert(total == hget(H_ALIVE), "invariant: table counts add up to the live entity count");
  checkIndex(n);
}

function checkTable(t: u32): void {
  const count = tget(t, T_COUNT), cap = tget(t, T_CAPACITY);
  assert(count <= cap, "invariant 2: count <= capacity");
  const block = <usize>tget(t, T_BLOCK);
  const ncols = tget(t, T_NCOLS);
  for (let j: u32 = 0; j < ncols; j++) {
    const d = colDesc(t, j);
    assert(cap == 0 || <usize>cget(d, C_PTR) == block + <usize>cap * <usize>cget(d, C_OFFSET),
      "invariant 2: every column lies inside its table's block");
  }
  for (let row: u32 = 0; row < count; row++) {
    const e = entityAt(t, row);
    assert(isAlive(e), "invariant 1: every row holds a live entity");
    const slot = slotOf(e);
    assert(<u32>recTable(slot) == t && recRow(slot) == row, "invariant 1: the record of entities[row] points at that row");
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
  assert(findTable(m) == <i32>t, "invariant 3: masks are unique and the map finds each table");
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
      assert(to - 1 < tableCount() && maskEquals(tableMask(to - 1), tmp, words),
        "invariant 4: a cached edge leads to the table with that component (and its companion) added or removed");
    }
  }
}

function checkIndex(n: u32): void {
  const slots = hget(H_SLOT_COUNT);
  let live: u32 = 0;
  for (let s: u32 = 1; s < slots; s++) {
    const t = recTable(s);
    if (t < 0) continue;
    live++;
    assert(<u32>t < n && recRow(s) < tget(<u32>t, T_COUNT), "invariant 1: a live record points inside a table");
    assert(entityAt(<u32>t, recRow(s)) == makeEntity(s, recGen(s)), "invariant 1: the row a record points at holds that entity");
  }
  assert(live == hget(H_ALIVE), "invariant: live records equal the live entity count");
  let free: u32 = 0;
  let s = hget(H_FREE_HEAD);
  while (s != 0) {
    assert(recTable(s) < 0, "invariant: every slot on the free list is free");
    free++;
    assert(free <= slots, "invariant: the free list ends");
    s = recRow(s);
  }
  assert(free == hget(H_FREE_COUNT), "invariant: the free list holds every free slot");
  assert(free + live + hget(H_RETIRED) + 1 == slots, "invariant: every slot is live, free, retired or the reserved slot 0");
}
