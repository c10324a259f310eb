// Reading a snapshot's memory image without trusting it: every read is checked against
// the image's own bounds, and every pointer the core would follow must be the start of
// a live block of the image's heap, big enough, and claimed by one owner only (so no two
// structures overlap and a write through one never lands in another).
// The heap's blocks are found by walking it from its first block to the heap top
// (blocks tile it, alloc.ts), and the free lists are walked with step limits, so nothing
// here can loop longer than the image's size allows.
// Invariant: a method either returns a value the image really holds at a place it really
// has, or throws SnapshotError; it never reads past the image and never hangs.
//
//   block: [ size | kind | next free | pad ][ payload: size bytes ]     (A_HEADER = 16)
import {
  A_COLUMN_CLASSES,
  A_COLUMN_STEP_BITS,
  A_HEADER,
  A_KIND_COLUMNS,
  A_KIND_FREE,
  A_KIND_HELD,
  A_KIND_LARGE,
  A_KIND_SMALL,
  A_MAX_CLASS,
  A_MIN_CLASS,
  H_COLUMN_FREE,
  H_COLUMN_UNMERGED,
  H_HEAP_TOP,
  H_QUARANTINE,
  H_SIZE,
  H_USED_BYTES,
  REC_FREE,
  REC_ROW,
  REC_STRIDE,
  REC_TABLE_BITS,
  REC_TABLE_MASK,
} from "../core/constants.generated.js";
import { SnapshotError } from "../errors.js";
import { image as fault, snap } from "../messages.js";

/** Where the core build that reads the image keeps its allocator (allocatorStatic()). */
export interface AllocatorStatics {
  /** Address of the heap's first block header. */
  readonly heapStart: number;
  /** Address of the small free-list heads: one u32 per class 0 .. A_MAX_CLASS. */
  readonly smallHeads: number;
  /** Address of the large free-list head (one u32 in a 16-byte cell). */
  readonly largeHead: number;
  /** Address of the column free-list heads: one u32 per column class (assembly/column-heap.ts). */
  readonly columnHeads: number;
}

/** What a component's core record must say: its flags and its fields' (type code, length). */
export interface ComponentLayout {
  readonly flags: number;
  readonly fields: readonly (readonly [number, number])[];
  /** Per field: its default's bytes, or undefined when it has none (ops/components.ts defaultBytes). */
  readonly defaults: readonly (Uint8Array | undefined)[];
  /** In no table's mask: a sparse tag or a non-fragmenting relation (a bitset holds them), or stamps not linked yet. */
  readonly maskless: boolean;
}

/** Facts about the registry the later checks use. */
export interface RegistryFacts {
  readonly count: number;
  readonly flags: Uint32Array;
  readonly companion: Int32Array;
  /** Per companion: the component it travels with (-1: none). */
  readonly tracker: Int32Array;
  /** Per component: [type code, length, row bytes, default ptr] of each field, flattened. */
  readonly fields: readonly number[][];
  /** Per component: 1 when no table's mask may hold it (ComponentLayout.maskless). */
  readonly maskless: Uint8Array;
}

/** Facts about the entity index the later checks use (u32 indexes into the image). */
export interface IndexFacts {
  readonly slotCount: number;
  readonly slotCap: number;
  /** The slot records, REC_STRIDE u32 each (assembly/constants.ts draws one). */
  readonly recs: number;
  readonly bits: number;
}

/** Table of slot s (below slotCap) as its record says, -1 when the slot is free. */
export function slotTable(r: ImageReader, x: IndexFacts, s: number): number {
  const t = r.u32[x.recs + s * REC_STRIDE] & REC_TABLE_MASK;
  return t === REC_FREE ? -1 : t;
}

/** Generation of slot s (below slotCap). */
export function slotGen(r: ImageReader, x: IndexFacts, s: number): number {
  return r.u32[x.recs + s * REC_STRIDE] >>> REC_TABLE_BITS;
}

/** Row of slot s (below slotCap), or the next free slot when it is free. */
export function slotRow(r: ImageReader, x: IndexFacts, s: number): number {
  return r.u32[x.recs + s * REC_STRIDE + REC_ROW];
}

/** Facts about the tables the later checks use (by table id). */
export interface TableFacts {
  readonly n: number;
  /** 1 for a live table record. */
  readonly live: Uint8Array;
  readonly count: Uint32Array;
  readonly seq: Uint32Array;
  /** u32 index of each table's entity column (0 without rows). */
  readonly entities: Uint32Array;
  /** u64 words per mask, and the u32 index of the mask pool. */
  readonly words: number;
  readonly masks: number;
  /** Per live table: its (relation, target) pairs, flattened, and its component ids. */
  readonly pairs: readonly number[][];
  readonly comps: readonly number[][];
  /** Each live table's key (mask and pairs) as text, and the table of each key. */
  readonly byKey: ReadonlyMap<string, number>;
}

const LIVE = 1;
const FREE = 2;
/** A live table's column block (A_KIND_COLUMNS). */
const COLUMNS = 3;
const SMALL_MAX = 2 ** A_MAX_CLASS;

/** Least bytes of a block on column free list c (assembly/column-heap.ts classBytes). */
function columnClassBytes(c: number): number {
  if (c <= A_MAX_CLASS) return 2 ** c;
  const i = c - A_MAX_CLASS - 1;
  const e = A_MAX_CLASS + Math.floor(i / 2 ** A_COLUMN_STEP_BITS);
  return 2 ** e + ((i % 2 ** A_COLUMN_STEP_BITS) + 1) * 2 ** (e - A_COLUMN_STEP_BITS);
}

export class ImageReader {
  readonly len: number;
  readonly u8: Uint8Array;
  readonly u16: Uint16Array;
  readonly u32: Uint32Array;
  readonly i32: Int32Array;
  /** u32 index of the core header. */
  readonly hdr: number;
  /** Per 16-byte cell: LIVE, COLUMNS or FREE where a block's payload starts there, else 0. */
  private readonly starts: Uint8Array;
  /** Per 16-byte cell: 1 once an owner claimed the block starting there. */
  private readonly claimed: Uint8Array;

  constructor(memory: Uint8Array, corePtr: number) {
    const len = memory.length;
    if (len % 16 !== 0 || memory.byteOffset % 8 !== 0) throw fail(fault.size(len));
    this.len = len;
    const { buffer, byteOffset } = memory;
    this.u8 = memory;
    this.u16 = new Uint16Array(buffer, byteOffset, len >>> 1);
    this.u32 = new Uint32Array(buffer, byteOffset, len >>> 2);
    this.i32 = new Int32Array(buffer, byteOffset, len >>> 2);
    if (corePtr % 16 !== 0 || corePtr + H_SIZE * 4 > len) throw fail(fault.header(corePtr));
    this.hdr = corePtr >>> 2;
    this.starts = new Uint8Array(len >>> 4);
    this.claimed = new Uint8Array(len >>> 4);
  }

  /** Header slot `slot`. */
  h(slot: number): number {
    return this.u32[this.hdr + slot];
  }

  /** The u32 at byte address `addr` (4-aligned, inside the image). */
  word(addr: number): number {
    if (!(addr % 4 === 0 && addr >= 0 && addr + 4 <= this.len)) throw fail(fault.read(addr));
    return this.u32[addr >>> 2];
  }

  /** Payload bytes of the block at ptr (precondition: ptr is a block start). */
  blockSize(ptr: number): number {
    return this.u32[(ptr - A_HEADER) >>> 2];
  }

  /**
   * Claims the live block at `ptr` for `what`, which needs `bytes` of it; throws unless
   * it is a live block that big that no one claimed before, a column block exactly when
   * `columns` (a table's block: the only memory views are handed out of). Returns ptr.
   */
  claim(ptr: number, bytes: number, what: string, columns = false): number {
    const start = ptr % 16 === 0 && ptr >= A_HEADER && ptr < this.len ? this.starts[ptr >>> 4] : 0;
    if (!(start === LIVE || start === COLUMNS)) throw fail(fault.notBlock(what, ptr));
    if (!(start === (columns ? COLUMNS : LIVE))) throw fail(fault.columnBlock(what, ptr, columns));
    if (this.blockSize(ptr) < bytes) throw fail(fault.tooSmall(what, ptr, this.blockSize(ptr), bytes));
    if (this.claimed[ptr >>> 4] !== 0) throw fail(fault.shared(what, ptr));
    this.claimed[ptr >>> 4] = 1;
    return ptr;
  }

  /** claim() unless ptr is 0, which `what` may be when it holds nothing. */
  claimOrNull(ptr: number, bytes: number, what: string): number {
    return ptr === 0 ? 0 : this.claim(ptr, bytes, what);
  }

  /** The SnapshotError naming `what` and the rule it breaks (callers build it only on failure). */
  broken(what: string, rule: string): SnapshotError {
    return fail(fault.rule(what, rule));
  }

  /**
   * Checks the static data below the heap against the reading build's own (`live`: its
   * memory), except the header and the free-list heads, which are state; then walks the
   * heap's blocks and free lists.
   */
  checkHeap(statics: AllocatorStatics, live: Uint8Array): void {
    const { heapStart, smallHeads, largeHead, columnHeads } = statics;
    const top = this.h(H_HEAP_TOP);
    if (!(top === this.len)) throw this.broken("the heap top", fault.atEnd(top, this.len));
    if (!(heapStart <= top && live.length >= heapStart))
      throw this.broken("the heap start", fault.atEnd(heapStart, top));
    const skip = [
      [this.hdr * 4, this.hdr * 4 + H_SIZE * 4],
      [smallHeads, smallHeads + (A_MAX_CLASS + 1) * 4],
      [largeHead, largeHead + 16],
      [columnHeads, columnHeads + A_COLUMN_CLASSES * 4],
    ];
    for (let a = 0; a < heapStart; a++) {
      if (this.u8[a] === live[a]) continue;
      if (!skip.some(([from, to]) => a >= from && a < to)) throw fail(fault.staticData(a));
    }
    let used = 0;
    let free = 0;
    let columnFree = 0;
    for (let p = heapStart; p < top; ) {
      if (!(p + A_HEADER <= top && p % 16 === 0)) throw this.broken(`the block at ${p}`, fault.tiles());
      const size = this.u32[p >>> 2];
      const kind = this.u32[(p >>> 2) + 1];
      // Held (debug core): only the quarantine's own ring, in use and not counted as used.
      const held = (kind & A_KIND_HELD) !== 0;
      if (held && !((kind & A_KIND_FREE) === 0 && p + A_HEADER === this.h(H_QUARANTINE)))
        throw this.broken(`the block at ${p}`, fault.kind(kind));
      const base = kind & ~(A_KIND_FREE | A_KIND_HELD);
      const small = base === A_KIND_SMALL;
      const columns = base === A_KIND_COLUMNS;
      if (!(small || columns || base === A_KIND_LARGE)) throw this.broken(`the block at ${p}`, fault.kind(kind));
      const ok = small
        ? size >= 2 ** A_MIN_CLASS && size <= SMALL_MAX && (size & (size - 1)) === 0
        : size > 0 && size % 16 === 0;
      if (!(ok && p + A_HEADER + size <= top)) throw this.broken(`the block at ${p}`, fault.blockSize(size));
      const isFree = (kind & A_KIND_FREE) !== 0;
      this.starts[(p + A_HEADER) >>> 4] = isFree ? FREE : columns ? COLUMNS : LIVE;
      if (isFree) free++;
      else if (!held) used += size + A_HEADER;
      if (isFree && columns) columnFree += size + A_HEADER;
      p += A_HEADER + size;
    }
    if (!(used === this.h(H_USED_BYTES))) throw this.broken("H_USED_BYTES", fault.count(this.h(H_USED_BYTES), used));
    if (!(columnFree === this.h(H_COLUMN_FREE)))
      throw this.broken("H_COLUMN_FREE", fault.count(this.h(H_COLUMN_FREE), columnFree));
    if (!(this.h(H_COLUMN_UNMERGED) <= columnFree))
      throw this.broken("H_COLUMN_UNMERGED", fault.range(this.h(H_COLUMN_UNMERGED), `but it is at most ${columnFree}`));
    if (!(this.freeLists(smallHeads, largeHead, columnHeads) === free))
      throw this.broken("the free lists", fault.freeLists());
  }

  /** Walks every free list (each block once, at most); returns how many blocks they hold. */
  private freeLists(smallHeads: number, largeHead: number, columnHeads: number): number {
    const seen = new Uint8Array(this.starts.length);
    let total = 0;
    const visit = (ptr: number, base: number, what: string): void => {
      const cell = ptr >>> 4;
      const kind = this.u32[(ptr - A_HEADER + 4) >>> 2];
      const want = base | A_KIND_FREE;
      if (!(ptr % 16 === 0 && ptr < this.len && this.starts[cell] === FREE && kind >>> 0 === want >>> 0))
        throw this.broken(what, fault.freeEntry(ptr));
      if (!(seen[cell] === 0)) throw this.broken(what, fault.loops());
      seen[cell] = 1;
      total++;
    };
    for (let cls = 0; cls <= A_MAX_CLASS; cls++) {
      const what = `the free list of ${2 ** cls}-byte blocks`;
      let ptr = this.word(smallHeads + cls * 4);
      if (!(cls >= A_MIN_CLASS || ptr === 0)) throw this.broken(what, fault.freeEntry(ptr));
      while (ptr !== 0) {
        visit(ptr, A_KIND_SMALL, what);
        if (!(this.blockSize(ptr) === 2 ** cls)) throw this.broken(what, fault.blockSize(this.blockSize(ptr)));
        ptr = this.u32[((ptr - A_HEADER) >>> 2) + 2];
      }
    }
    let ptr = this.word(largeHead);
    let last = 0;
    while (ptr !== 0) {
      visit(ptr, A_KIND_LARGE, "the large free list");
      if (!(ptr > last)) throw this.broken("the large free list", fault.ascending());
      last = ptr;
      ptr = this.u32[((ptr - A_HEADER) >>> 2) + 2];
    }
    for (let c = 0; c < A_COLUMN_CLASSES; c++) {
      const [least, below] = [columnClassBytes(c), columnClassBytes(c + 1)];
      const what = `the free list of ${least}-byte column blocks`;
      ptr = this.word(columnHeads + c * 4);
      if (!(c >= A_MIN_CLASS || ptr === 0)) throw this.broken(what, fault.freeEntry(ptr));
      while (ptr !== 0) {
        visit(ptr, A_KIND_COLUMNS, what);
        const size = this.blockSize(ptr);
        if (!(size >= least && size < below)) throw this.broken(what, fault.blockSize(size));
        ptr = this.u32[((ptr - A_HEADER) >>> 2) + 2];
      }
    }
    return total;
  }
}

/** The SnapshotError for an image that breaks a rule (`why`: an `image` message). */
export function fail(why: string): SnapshotError {
  return new SnapshotError(snap.image(why));
}
