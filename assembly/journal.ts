// Row journal: while it is on (a world has components with JS-side "object" fields),
// every row that appears, moves or disappears is recorded here, in order, so the
// facade can move its JS-side columns exactly as the core moved the typed ones.
// The facade reads the records after each call and empties the journal.
// Invariant: each export reserves room for every record it can write before it
// changes anything, so recording never fails.
//
//   record (J_STRIDE u32):  [ kind | a | b | c | d | e ]
//   J_APPEND  t, first, n             rows [first, first + n) of t are new (defaults)
//   J_MOVE    src, row, dst, newRow   dst's row newRow takes src's row, then src's last row fills row
//   J_TAIL    src, r0, n, dst, d0     rows [r0, r0 + n) of src, its last n, go to dst from d0
//   J_REMOVE  t, row                  t's last row fills row (the row's entity is gone)
//   J_CLEAR   t                       t is empty
import { H_JOURNAL, H_JOURNAL_CAP, H_JOURNAL_LEN, J_STRIDE } from "./constants";
import { alloc, free } from "./alloc";
import { hget, hset } from "./header";

/** Turns the journal on (it stays on); false when out of memory. */
export function startJournal(): bool {
  if (hget(H_JOURNAL) != 0) return true;
  const p = alloc(64 * (<usize>J_STRIDE << 2));
  if (p == 0) return false;
  hset(H_JOURNAL, <u32>p);
  hset(H_JOURNAL_CAP, 64);
  hset(H_JOURNAL_LEN, 0);
  return true;
}

/** Whether the journal is on (the per-entity exports test this inline before reserving or recording). */
@inline export function journaling(): bool {
  return hget(H_JOURNAL) != 0;
}

/** Room for n more records (nothing to do while the journal is off); false when out of memory. */
export function reserveJournal(n: u32): bool {
  const p = <usize>hget(H_JOURNAL);
  if (p == 0) return true;
  const len = hget(H_JOURNAL_LEN), cap = hget(H_JOURNAL_CAP);
  const need = <u64>len + <u64>n;
  if (need <= <u64>cap) return true;
  if (need > 0x3ffffff) return false;
  const newCap = max<u32>(<u32>need, cap * 2);
  const q = alloc(<usize>newCap * (<usize>J_STRIDE << 2));
  if (q == 0) return false;
  memory.copy(q, p, <usize>len * (<usize>J_STRIDE << 2));
  free(p);
  hset(H_JOURNAL, <u32>q);
  hset(H_JOURNAL_CAP, newCap);
  return true;
}

/** Appends a record when the journal is on (room was reserved). */
export function record(kind: u32, a: u32, b: u32, c: u32, d: u32, e: u32): void {
  const p = <usize>hget(H_JOURNAL);
  if (p == 0) return;
  const len = hget(H_JOURNAL_LEN);
  const r = p + <usize>len * (<usize>J_STRIDE << 2);
  store<u32>(r, kind);
  store<u32>(r, a, 4);
  store<u32>(r, b, 8);
  store<u32>(r, c, 12);
  store<u32>(r, d, 16);
  store<u32>(r, e, 20);
  hset(H_JOURNAL_LEN, len + 1);
}
