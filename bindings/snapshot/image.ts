// Checks a snapshot's memory image before anything of it is used: restore() loads an
// image only once checkImage() found it to be a state the core can have made itself.
// Every header field, record, pointer, capacity, count, hash-table entry, chain and free
// list is read against the image's own bounds (image-reader.ts); every loop is bounded by
// what the image's size allows. This file checks the heap, the header, the registry, the
// entity index, the call buffers and the JS-side bitsets; image-tables.ts the tables, the
// archetype map and the edges; image-relations.ts the pairs, the target map and the pair
// edge cache.
// Invariant: checkImage() reads only; it returns when the image passed every check,
// otherwise it throws SnapshotError naming the first rule the image breaks.
import {
  CREATED_RING,
  F_DEFAULT,
  F_LEN,
  F_STRIDE,
  F_TYPE,
  GEN_MASK,
  H_ALIVE,
  H_COMPONENT_CAP,
  H_COMPONENT_COUNT,
  H_COMPONENTS,
  H_CREATED,
  H_DYING,
  H_DYING_BITS,
  H_DYING_BITS_WORDS,
  H_DYING_CAP,
  H_DYING_LEN,
  H_EARLY_TAKES,
  H_FREE_COUNT,
  H_FREE_HEAD,
  H_FREE_TAIL,
  H_FRESH_GEN,
  H_JOURNAL,
  H_JOURNAL_CAP,
  H_JOURNAL_LEN,
  H_PLAN,
  H_PLAN_ARMED,
  H_PLAN_CAP,
  H_PLAN_LEN,
  H_QUARANTINE,
  H_RECORDS,
  H_SCRATCH,
  H_SCRATCH_BYTES,
  H_SLOT_CAP,
  H_SLOT_COUNT,
  H_TGT_BITS,
  H_TMP_PAIRS,
  H_TMP_PAIRS_CAP,
  J_STRIDE,
  K_COMPANION,
  K_FIELDS,
  K_FLAGS,
  K_NFIELDS,
  K_ROW_BYTES,
  K_STRIDE,
  MAX_COMPONENTS,
  MAX_SLOTS,
  P_STRIDE,
  Q_BYTES,
  Q_CAP,
  Q_COUNT,
  Q_STALE,
  Q_WORDS,
  QE_STRIDE,
  REC_FREE,
  REC_STRIDE,
  REC_TABLE_MASK,
  SLOT_BITS,
  SLOT_MASK,
} from "../core/constants.generated.js";
import { image as fault } from "../messages.js";
import {
  type AllocatorStatics,
  type ComponentLayout,
  ImageReader,
  type IndexFacts,
  type RegistryFacts,
  slotGen,
  slotRow,
  slotTable,
  type TableFacts,
} from "./image-reader.js";
import { checkRelations } from "./image-relations.js";
import { checkTables } from "./image-tables.js";

/** What the reading world knows that the image must agree with. */
export interface ImageExpectations {
  readonly statics: AllocatorStatics;
  /** The reading core's own memory (its static data must be the image's). */
  readonly live: Uint8Array;
  /** By component id: the layout the snapshot's schema gives. */
  readonly components: readonly ComponentLayout[];
  /** Whether some component has object fields (then the core keeps its row journal). */
  readonly journal: boolean;
  /** The sparse tags' bitsets (the JSON part names them). */
  readonly sparse: readonly { readonly ptr: number; readonly words: number; readonly count: number }[];
}

const ELEMENT_BYTES = [4, 8, 1, 1, 2, 2, 4, 4, 4];

/** Throws SnapshotError unless `memory` (a snapshot's image, header at corePtr) passes every check. */
export function checkImage(memory: Uint8Array, corePtr: number, x: ImageExpectations): void {
  const r = new ImageReader(memory, corePtr);
  r.checkHeap(x.statics, x.live);
  const registry = checkRegistry(r, x.components);
  const index = checkIndexHeader(r);
  const tables = checkTables(r, registry, index);
  checkIndexRecords(r, index, tables);
  checkRelations(r, registry, index, tables);
  checkBuffers(r, x.journal, index);
  checkSparse(r, index, x.sparse);
}

/** The component records: exactly the layouts the schema gives, every pointer a block. */
function checkRegistry(r: ImageReader, expected: readonly ComponentLayout[]): RegistryFacts {
  const count = r.h(H_COMPONENT_COUNT);
  const cap = r.h(H_COMPONENT_CAP);
  if (!(count === expected.length)) throw r.broken("the component count", fault.count(count, expected.length));
  if (!(count <= cap && cap <= MAX_COMPONENTS * 2))
    throw r.broken("the component capacity", fault.range(cap, "below the count"));
  const recs = r.claim(r.h(H_COMPONENTS), cap * K_STRIDE * 4, "the component records") >>> 2;
  const flags = new Uint32Array(count);
  const companion = new Int32Array(count);
  const fields: number[][] = [];
  for (let c = 0; c < count; c++) {
    const rec = recs + c * K_STRIDE;
    const want = expected[c];
    const what = `component ${c}'s record`;
    const n = r.u32[rec + K_NFIELDS];
    if (!(r.u32[rec + K_FLAGS] === want.flags)) throw r.broken(what, fault.differs("its component's kind"));
    if (!(n === want.fields.length)) throw r.broken(what, fault.differs("its component's field count"));
    flags[c] = want.flags;
    const k = r.u32[rec + K_COMPANION];
    if (!(k <= count && k !== c + 1)) throw r.broken(what, fault.range(k, "which names no other component"));
    companion[c] = k - 1;
    const at = n === 0 ? 0 : r.claim(r.u32[rec + K_FIELDS], n * F_STRIDE * 4, `component ${c}'s fields`) >>> 2;
    const list: number[] = [];
    let rowBytes = 0;
    for (let f = 0; f < n; f++) {
      const fr = at + f * F_STRIDE;
      const [code, length] = want.fields[f];
      const rb = ELEMENT_BYTES[code] * length;
      const ok = r.u32[fr + F_TYPE] === code && r.u32[fr + F_LEN] === length && r.u32[fr + 3] === rb;
      if (!ok) throw r.broken(`component ${c}'s field ${f}`, fault.differs("its component's field"));
      const def = r.claimOrNull(r.u32[fr + F_DEFAULT], rb, `component ${c}'s field ${f}'s default`);
      // The default registration gave it (a spawn's row takes these bytes), byte for byte.
      const bytes = want.defaults[f];
      if (!(bytes === undefined ? def === 0 : def !== 0 && sameBytes(r.u8, def, bytes)))
        throw r.broken(`component ${c}'s field ${f}'s default`, fault.differs("its component's default"));
      list.push(code, length, rb, def);
      rowBytes += rb;
    }
    if (!(r.u32[rec + K_ROW_BYTES] === rowBytes)) throw r.broken(what, fault.count(r.u32[rec + K_ROW_BYTES], rowBytes));
    fields.push(list);
  }
  // A companion travels alone (it has no companion of its own) and with one component.
  const tracker = new Int32Array(count).fill(-1);
  for (let c = 0; c < count; c++) {
    const k = companion[c];
    if (!(k < 0 || (companion[k] < 0 && tracker[k] < 0)))
      throw r.broken(`component ${c}'s companion`, fault.range(k, "which has a companion or travels with another"));
    if (k >= 0) tracker[k] = c;
  }
  return { count, flags, companion, tracker, fields, maskless: Uint8Array.from(expected, (c) => (c.maskless ? 1 : 0)) };
}

/** The entity index's records and target bits: sizes within the slot bits, each a block of its own. */
function checkIndexHeader(r: ImageReader): IndexFacts {
  const slotCount = r.h(H_SLOT_COUNT);
  const slotCap = r.h(H_SLOT_CAP);
  if (!(slotCap <= MAX_SLOTS)) throw r.broken("the slot capacity", fault.range(slotCap, `past ${MAX_SLOTS} slots`));
  if (!(slotCount >= 1 && slotCount <= slotCap))
    throw r.broken("the slot count", fault.range(slotCount, "past the capacity"));
  if (!(r.h(H_FRESH_GEN) <= GEN_MASK))
    throw r.broken("the fresh generation", fault.range(r.h(H_FRESH_GEN), "past GEN_MASK"));
  const recs = r.claim(r.h(H_RECORDS), slotCap * REC_STRIDE * 4, "the slot records") >>> 2;
  const bits = r.claim(r.h(H_TGT_BITS), Math.ceil(slotCap / 32) * 4, "the target bits") >>> 2;
  const t0 = r.u32[recs] & REC_TABLE_MASK;
  if (!(t0 === REC_FREE)) throw r.broken("slot 0", fault.range(t0, "but it is never alive"));
  return { slotCount, slotCap, recs, bits };
}

/**
 * Every slot record: live ones point at a row of a live table holding that very entity
 * (the tables' side was checked row by row), free ones form the free list, which ends.
 */
function checkIndexRecords(r: ImageReader, x: IndexFacts, tables: TableFacts): void {
  let live = 0;
  for (let s = 1; s < x.slotCount; s++) {
    // The generation is the word's top GEN_BITS: any value is one. The table is REC_FREE or a live table.
    const t = slotTable(r, x, s);
    if (t === -1) continue;
    if (!(t < tables.n && tables.live[t] === 1)) throw r.broken(`slot ${s}'s table`, fault.range(t, "no live table"));
    const row = slotRow(r, x, s);
    if (!(row < tables.count[t])) throw r.broken(`slot ${s}'s row`, fault.range(row, "past its table's rows"));
    // The row holds this slot's entity: the table's side checks that each row's entity
    // points at it, which two slots pointing at one row would both pass.
    const e = r.u32[tables.entities[t] + row];
    if (!(e === ((slotGen(r, x, s) << SLOT_BITS) | s) >>> 0))
      throw r.broken(`slot ${s}'s row`, fault.range(row, "a row that holds another entity"));
    live++;
  }
  if (!(live === r.h(H_ALIVE))) throw r.broken("H_ALIVE", fault.count(r.h(H_ALIVE), live));
  // The free list: free slots only, each once, ending at H_FREE_TAIL.
  const seen = new Uint8Array(x.slotCount);
  let free = 0;
  let last = 0;
  for (let s = r.h(H_FREE_HEAD); s !== 0; s = slotRow(r, x, s)) {
    if (!(s < x.slotCount && slotTable(r, x, s) === -1)) throw r.broken("the free slot list", fault.freeEntry(s));
    if (!(seen[s] === 0)) throw r.broken("the free slot list", fault.loops());
    seen[s] = 1;
    free++;
    last = s;
  }
  if (!(free === r.h(H_FREE_COUNT))) throw r.broken("H_FREE_COUNT", fault.count(r.h(H_FREE_COUNT), free));
  if (!(last === r.h(H_FREE_TAIL))) throw r.broken("H_FREE_TAIL", fault.count(r.h(H_FREE_TAIL), last));
  // Every used slot but the reserved slot 0 is live or free (generations wrap: no slot retires),
  // and the early-reuse count of a spawn is 0 between calls (entity-index.ts).
  if (!(x.slotCount - 1 === live + free)) throw r.broken("H_SLOT_COUNT", fault.count(x.slotCount - 1, live + free));
  if (!(r.h(H_EARLY_TAKES) === 0)) throw r.broken("H_EARLY_TAKES", fault.count(r.h(H_EARLY_TAKES), 0));
}

/** The buffers calls use: scratch, journal (empty), destroy plans (none armed), key scratch. */
function checkBuffers(r: ImageReader, journal: boolean, index: IndexFacts): void {
  const scratchBytes = r.h(H_SCRATCH_BYTES);
  if (!(scratchBytes > 0)) throw r.broken("the scratch buffer", fault.range(scratchBytes, "but it is never empty"));
  r.claim(r.h(H_SCRATCH), scratchBytes, "the scratch buffer");
  r.claim(r.h(H_CREATED), CREATED_RING * 4, "the ring of created tables");
  // The debug core's quarantine ring: snapshot() empties it, so it holds nothing.
  const ring = r.h(H_QUARANTINE);
  if (ring !== 0) {
    const what = "the quarantine ring";
    r.claim(ring, Q_WORDS * 4, what);
    const cap = r.word(ring + Q_CAP * 4);
    const need = (Q_WORDS + cap * QE_STRIDE) * 4;
    if (!(r.blockSize(ring) >= need)) throw r.broken(what, fault.tooSmall(what, ring, r.blockSize(ring), need));
    for (const q of [Q_COUNT, Q_BYTES, Q_STALE])
      if (!(r.word(ring + q * 4) === 0))
        throw r.broken(what, fault.range(r.word(ring + q * 4), "but a snapshot's is empty"));
  }
  const tmpCap = r.h(H_TMP_PAIRS_CAP);
  if (tmpCap > 0) r.claim(r.h(H_TMP_PAIRS), tmpCap * P_STRIDE * 4, "the key scratch");
  else r.claimOrNull(r.h(H_TMP_PAIRS), 0, "the key scratch");
  const j = r.h(H_JOURNAL);
  if (!((j !== 0) === journal))
    throw r.broken("the row journal", fault.range(j, "but object fields need it exactly when present"));
  if (j !== 0) {
    const cap = r.h(H_JOURNAL_CAP);
    if (!(cap > 0)) throw r.broken("the row journal", fault.range(cap, "but it has room"));
    r.claim(j, cap * J_STRIDE * 4, "the row journal");
    if (!(r.h(H_JOURNAL_LEN) === 0)) throw r.broken("the row journal", fault.count(r.h(H_JOURNAL_LEN), 0));
  }
  // Destroy plans: none armed, no plan listed, the dying set empty between calls.
  if (!(r.h(H_PLAN_ARMED) === 0 && r.h(H_PLAN_LEN) === 0))
    throw r.broken("the destroy plan", fault.count(r.h(H_PLAN_LEN), 0));
  const planCap = r.h(H_PLAN_CAP);
  if (planCap > 0) r.claim(r.h(H_PLAN), planCap * 4, "the destroy plan");
  else r.claimOrNull(r.h(H_PLAN), 0, "the destroy plan");
  const dyingCap = r.h(H_DYING_CAP);
  const dyingLen = r.h(H_DYING_LEN);
  if (!(dyingLen <= dyingCap)) throw r.broken("the dying list", fault.range(dyingLen, "past its capacity"));
  const dying = dyingCap > 0 ? r.claim(r.h(H_DYING), dyingCap * 4, "the dying list") >>> 2 : 0;
  if (dyingCap === 0) r.claimOrNull(r.h(H_DYING), 0, "the dying list");
  const words = r.h(H_DYING_BITS_WORDS);
  const bits = words > 0 ? r.claim(r.h(H_DYING_BITS), words * 4, "the dying set") >>> 2 : 0;
  if (words === 0) r.claimOrNull(r.h(H_DYING_BITS), 0, "the dying set");
  for (let w = 0; w < words; w++)
    if (!(r.u32[bits + w] === 0)) throw r.broken("the dying set", fault.count(r.u32[bits + w], 0));
  // The next plan clears the bits of the listed entities: each must lie inside the set.
  for (let i = 0; i < dyingLen; i++) {
    const slot = r.u32[dying + i] & SLOT_MASK;
    if (!(slot < words * 32 && slot < index.slotCap))
      throw r.broken("the dying list", fault.range(slot, "past the dying set"));
  }
}

/** Each sparse tag's bitset: a block of its own, its count right, bits only for live entities. */
function checkSparse(r: ImageReader, index: IndexFacts, sets: ImageExpectations["sparse"]): void {
  for (const s of sets) {
    if (s.words === 0) {
      if (!(s.count === 0)) throw r.broken("an empty sparse bitset", fault.count(s.count, 0));
      continue;
    }
    const at = r.claim(s.ptr, s.words * 4, "a sparse bitset") >>> 2;
    let count = 0;
    for (let w = 0; w < s.words; w++) {
      let bits = r.u32[at + w];
      while (bits !== 0) {
        const slot = w * 32 + (31 - Math.clz32(bits & -bits));
        bits &= bits - 1;
        count++;
        const alive = slot < index.slotCount && slotTable(r, index, slot) >= 0;
        if (!alive) throw r.broken("a sparse bitset", fault.range(slot, "the slot of no live entity"));
      }
    }
    if (!(count === s.count)) throw r.broken("a sparse bitset's count", fault.count(s.count, count));
  }
}

/** Whether memory bytes at..at + bytes.length hold `bytes`. */
function sameBytes(u8: Uint8Array, at: number, bytes: Uint8Array): boolean {
  for (let i = 0; i < bytes.length; i++) if (u8[at + i] !== bytes[i]) return false;
  return true;
}
