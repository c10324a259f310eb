// The pairs of non-fragmenting relations in a snapshot (store/links.ts): the JSON part's
// "links", one { id, pairs: [source, target, ...] } per relation. checkLinks runs
// before the memory is loaded and refuses (SnapshotError) anything the store's
// invariants forbid: an id that is not such a relation, an end that is not a live
// entity of the snapshot's memory, a repeated pair, two targets of an exclusive
// relation, or sources that disagree with the relation's bitset.
import { H_RECORDS, H_SLOT_COUNT, REC_STRIDE, SLOT_MASK } from "../core/constants.generated.js";
import { recordTable } from "../core/records.js";
import { SnapshotError } from "../errors.js";
import { snap, snapLinks } from "../messages.js";
import type { Links, LinksState } from "../store/links.js";
import type { SchemaEntry, SnapshotMeta } from "./format.js";

/** At most this many numbers per relation (2^26 pairs): a bound on the work a restore does. */
const MAX_NUMBERS = 2 ** 27;

/** The JSON part with the pairs of non-fragmenting relations. */
export type LinkedMeta = SnapshotMeta & { readonly links?: readonly LinksState[] };

/** meta with the store's pairs added. */
export function withLinks(meta: SnapshotMeta, links: Links): LinkedMeta {
  return { ...meta, links: links.state() };
}

/**
 * SnapshotError unless meta.links agree with the memory part (corePtr: the core's
 * header address): see the header. `linked(entry)` tells a non-fragmenting relation.
 */
export function checkLinks(
  meta: LinkedMeta,
  memory: Uint8Array,
  corePtr: number,
  linked: (entry: SchemaEntry | undefined, id: number) => boolean,
): readonly LinksState[] {
  const bad = (what: string) => new SnapshotError(snap.malformed(what));
  const list = meta.links ?? [];
  if (!Array.isArray(list)) throw bad(snapLinks.notList());
  const u32 = new Uint32Array(memory.buffer, memory.byteOffset, memory.length >>> 2);
  const read = (i: number): number => {
    if (!(i >= 0 && i < u32.length)) throw new SnapshotError(snap.memoryShort());
    return u32[i];
  };
  const h = corePtr >>> 2;
  const slots = read(h + H_SLOT_COUNT);
  const recs = read(h + H_RECORDS) >>> 2;
  const alive = (e: unknown): e is number => {
    if (!Number.isInteger(e) || (e as number) < 0 || (e as number) > 0xffffffff) return false;
    const slot = (e as number) & SLOT_MASK;
    if (slot === 0 || slot >= slots) return false;
    return recordTable(read(recs + slot * REC_STRIDE), e as number) >= 0;
  };
  const seen = new Set<number>();
  for (const entry of list) {
    const { id, pairs } = (entry ?? {}) as Partial<LinksState>;
    if (!Number.isInteger(id) || !Array.isArray(pairs) || pairs.length % 2 !== 0) throw bad(snapLinks.notList());
    const rel = id as number;
    if (!linked(meta.schema[rel], rel) || seen.has(rel)) throw bad(snapLinks.notRelation(id));
    seen.add(rel);
    if (pairs.length > MAX_NUMBERS) throw bad(snapLinks.tooMany(rel, pairs.length, MAX_NUMBERS));
    const exclusive = meta.schema[rel].relation?.[0] === "exclusive";
    const out = new Map<number, Set<number>>();
    for (let i = 0; i < pairs.length; i += 2) {
      const e = pairs[i];
      const t = pairs[i + 1];
      if (!alive(e)) throw bad(snapLinks.deadEntity(rel, e));
      if (!alive(t)) throw bad(snapLinks.deadEntity(rel, t));
      const targets = out.get(e);
      if (targets === undefined) out.set(e, new Set([t]));
      else if (targets.has(t)) throw bad(snapLinks.repeated(rel, e, t));
      else if (exclusive) throw bad(snapLinks.twoTargets(rel, e));
      else targets.add(t);
    }
    checkBits(meta, u32, rel, out, bad);
  }
  // A relation the list leaves out holds no pair: its bitset must be empty.
  meta.schema.forEach((entry, id) => {
    if (linked(entry, id) && !seen.has(id)) checkBits(meta, u32, id, new Map(), bad);
  });
  return list;
}

/** The relation's bitset (in the memory part) has exactly the sources' bits. */
function checkBits(
  meta: SnapshotMeta,
  u32: Uint32Array,
  rel: number,
  out: ReadonlyMap<number, unknown>,
  bad: (what: string) => SnapshotError,
): void {
  const s = meta.sparse.find((x) => x?.id === rel);
  const words = s?.words ?? 0;
  const at = (s?.ptr ?? 0) >>> 2;
  if (at + words > u32.length) throw new SnapshotError(snap.memoryShort());
  let set = 0;
  for (let w = 0; w < words; w++) {
    let x = u32[at + w];
    while (x !== 0) {
      x &= x - 1;
      set++;
    }
  }
  if (set !== out.size) throw bad(snapLinks.bits(rel));
  for (const e of out.keys()) {
    const slot = e & SLOT_MASK;
    const w = slot >>> 5;
    if (w >= words || (u32[at + w] & (1 << (slot & 31))) === 0) throw bad(snapLinks.bits(rel));
  }
}
