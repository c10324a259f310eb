// Constants shared by the core and the facade (bindings/constants.ts mirrors them):
// bit widths, status codes, header slots and record layouts.
// Every bit layout is spelled out here; nothing else shifts or masks ids by hand.
// Invariant: the facade reads every layout below as it is written here, so a change is
// a format change (snapshots store these records as they are).

// ── Entity handle ────────────────────────────────────────────────────────────
//   bits 31 30   29 ....... 22   21 ................ 0
//   [ 0  0 ]    [ generation:8 ]  [       slot:22       ]
//   GEN_BITS + SLOT_BITS = 8 + 22 = 30, so every entity is below 2^30: a small
//   integer (Smi) that V8 keeps unboxed on every platform. Slot 0 is reserved:
//   entity 0 is never alive, so 0 doubles as "no entity" (the default of an eid field).
//   Generations wrap (255 -> 0); REUSE_QUEUE keeps a slot's reuses far apart
//   (entity-index.ts states the guarantee).
export const SLOT_BITS: u32 = 22;
export const GEN_BITS: u32 = 8;
export const SLOT_MASK: u32 = (1 << SLOT_BITS) - 1;
export const GEN_MASK: u32 = (1 << GEN_BITS) - 1;
/** Slots 1 .. MAX_SLOTS-1 can hold entities. */
export const MAX_SLOTS: u32 = 1 << SLOT_BITS;
/**
 * A freed slot waits in a FIFO queue and is taken again only while at least this many
 * freed slots wait (otherwise a never-used slot is taken), so two uses of one slot are
 * at least REUSE_QUEUE id allocations apart. Costs up to REUSE_QUEUE slot records
 * (8 bytes each) per world that destroys entities; at most MAX_SLOTS - REUSE_QUEUE
 * entities are guaranteed to fit alive at once once slots are recycled.
 */
export const REUSE_QUEUE: u32 = 4096;

// ── Entity record: REC_STRIDE u32 per slot at H_RECORDS (entity-index.ts) ────
//   word REC_GEN_TABLE   bits 31 ........ 24   23 ......................... 0
//                        [ generation:8    ]  [ table:24, REC_FREE = free    ]
//   word REC_ROW         row in that table; for a free slot, the next free slot (0 = none)
//   GEN_BITS + REC_TABLE_BITS = 8 + 24 = 32. Table ids stay below MAX_TABLES (createTable
//   refuses more with ERR_CAPACITY), so REC_FREE names no table.
export const REC_TABLE_BITS: u32 = 24;
export const REC_TABLE_MASK: u32 = (1 << REC_TABLE_BITS) - 1;
export const REC_FREE: u32 = REC_TABLE_MASK;
/** Table ids are 0 .. MAX_TABLES-1. */
export const MAX_TABLES: u32 = REC_FREE;
export const REC_GEN_TABLE: u32 = 0;
export const REC_ROW: u32 = 1;
export const REC_STRIDE: u32 = 2;

/** Component ids are 0 .. MAX_COMPONENTS-1; masks are ceil(count / 64) u64 words. */
export const MAX_COMPONENTS: u32 = 8192;

// ── Status codes (negative = user mistake; a trap is always a core bug) ────
export const OK: i32 = 0;
export const ERR_STALE: i32 = -1;
export const ERR_UNKNOWN_COMPONENT: i32 = -2;
export const ERR_MISSING: i32 = -3;
export const ERR_CAPACITY: i32 = -4;
export const ERR_ID_SPACE: i32 = -5;
export const ERR_BAD_ARGUMENT: i32 = -6;
export const ERR_COMPONENT_LIMIT: i32 = -7;

// ── Header: u32 slots at a fixed address (headerPtr()) the facade reads ─────
// Each slot has one writer, named first in [brackets] (everything else only reads it);
// H_RESULT is the one out-slot two modules write. header.ts holds the block itself.
export const H_EPOCH: u32 = 0; //          [header: bumpEpoch] bumped whenever a column, array or memory moves
export const H_TABLE_COUNT: u32 = 1; //    [archetype-map]
export const H_TABLES: u32 = 2; //         [archetype-map] ptr to table records (T_STRIDE u32 each)
export const H_MASK_WORDS: u32 = 3; //     [mask] u64 words per mask
export const H_MASKS: u32 = 4; //          [mask] ptr to the mask pool (tables x words)
export const H_COMPONENT_COUNT: u32 = 5; // [registry]
export const H_ALIVE: u32 = 6; //          [entity-index] live entities
export const H_SLOT_COUNT: u32 = 7; //     [entity-index] slots ever used (1 + highest slot)
export const H_RECORDS: u32 = 8; //        [entity-index] ptr to the slot records (REC_STRIDE u32 each, below)
// Header slots 9 and 10 are unused (they held the record arrays' pointers while records were split in three).
export const H_USED_BYTES: u32 = 11; //    [alloc] bytes in live allocations, headers included
export const H_HEAP_TOP: u32 = 12; //      [alloc]
export const H_SCRATCH: u32 = 13; //       [scratch] ptr to the scratch buffer (call arguments)
export const H_SCRATCH_BYTES: u32 = 14; // [scratch]
export const H_COMPONENTS: u32 = 15; //    [registry] ptr to component records
export const H_SLOT_CAP: u32 = 16; //      [entity-index]
export const H_FREE_HEAD: u32 = 17; //     [entity-index]
export const H_FREE_TAIL: u32 = 18; //     [entity-index]
export const H_FREE_COUNT: u32 = 19; //    [entity-index]
export const H_TABLE_CAP: u32 = 20; //     [archetype-map]
export const H_MAP: u32 = 21; //           [archetype-map] ptr to u32[mapCap]: table id + 1, 0 = empty
export const H_MAP_CAP: u32 = 22; //       [archetype-map]
export const H_COMPONENT_CAP: u32 = 23; // [registry]
export const H_TMP_MASK: u32 = 24; //      [mask] ptr to the scratch mask
export const H_MAX_PAGES: u32 = 25; //     [alloc]
export const H_CHECKS: u32 = 26; //        [index] 1: run checkInvariants() after each structural op
export const H_RESULT: u32 = 27; //        [batch; subtables: tableForKey] index of the offending entity (or pair)
/** H_RESULT after a batch move that did not move the list as one block. */
export const NO_BLOCK: u32 = 0xffffffff;
export const H_EARLY_TAKES: u32 = 28; //   [entity-index] takes of the current spawn that may reuse a freed slot early (memory for new slot records ran out); was H_RETIRED
export const H_JOURNAL: u32 = 29; //       [journal] ptr to the row journal (0 = off)
export const H_JOURNAL_LEN: u32 = 30; //   [journal] records in it
export const H_JOURNAL_CAP: u32 = 31; //   [journal]
export const H_FREE_TABLES: u32 = 32; //   [archetype-map] first recycled table record + 1 (0 = none)
export const H_TABLE_SEQ: u32 = 33; //     [archetype-map] tables created so far (each table's T_SEQ is its number)
export const H_RECYCLED: u32 = 34; //      [archetype-map] tables recycled so far: queries rematch when it moves
export const H_LIVE_TABLES: u32 = 35; //   [archetype-map] tables in use (H_TABLE_COUNT minus recycled records)
export const H_TGT_MAP: u32 = 36; //       [target-index] ptr to the target map: slot -> first pair naming it
export const H_TMP_PAIRS: u32 = 37; //     [subtables] ptr to the scratch key pairs (P_STRIDE u32 each)
export const H_TMP_PAIRS_CAP: u32 = 38; // [subtables]
export const H_TARGET_MOVES: u32 = 39; //  [target-index] bumped when an entity that is a relation target moves or dies
export const H_DYING: u32 = 40; //         [cascade] ptr to u32[]: entities a planned destroy removes (planDestroy)
export const H_DYING_CAP: u32 = 41; //     [cascade]
export const H_DYING_LEN: u32 = 42; //     [cascade]
export const H_PLAN: u32 = 43; //          [cascade] ptr to u32[2 * n]: tables a planned destroy touches, with destinations
export const H_PLAN_CAP: u32 = 44; //      [cascade]
export const H_PLAN_LEN: u32 = 45; //      [cascade]
export const H_DYING_BITS: u32 = 46; //    [cascade] ptr to a bitset over slots (a planned destroy's entities)
export const H_DYING_BITS_WORDS: u32 = 47; // [cascade]
export const H_PLAN_ARMED: u32 = 48; //    [cascade] 1 between a successful planDestroy and its commitDestroy / cancelDestroy
export const H_PAIR_EDGES: u32 = 49; //    [subtables] ptr to the pair edge cache, 0 until first use
/** The pair edge cache (subtables.ts): PAIR_EDGE_SLOTS entries of PAIR_EDGE_STRIDE u32. */
export const PAIR_EDGE_SLOTS: u32 = 2048;
export const PAIR_EDGE_STRIDE: u32 = 8;
export const H_TARGET_SLOTS: u32 = 50; //  [target-index] slots whose chain is not empty (0: no entity is a target, moves skip the check)
export const H_TGT_CAP: u32 = 51; //       [target-index] entries in the target map (a power of two, or 0 before the first pair)
/** u32 per target map entry (target-index.ts): [ slot + 1 | table + 1 | pair | 0 ]. */
export const TGT_ENTRY_STRIDE: u32 = 4;
export const H_TGT_BITS: u32 = 52; //      [entity-index] ptr to a bitset over slots, grown with them (target-index sets the bits)
export const H_CREATED: u32 = 53; //       [archetype-map] ptr to u32[CREATED_RING]: id of the table with creation number n at n % CREATED_RING
export const H_FRESH_GEN: u32 = 54; //     [entity-index] generation a never-used slot starts at (moves on when claims of such slots are burned)
export const H_QUARANTINE: u32 = 55; //     [alloc] debug core: ptr to the quarantine ring (Q_* below), 0 = off
export const H_COLUMN_FREE: u32 = 56; //    [column-heap] bytes in free column blocks, headers included
export const H_COLUMN_UNMERGED: u32 = 57; // [column-heap] bytes of column blocks freed since the last merge pass (at most H_COLUMN_FREE)
export const CREATED_RING: u32 = 256;
export const H_VIEW_REACH: u32 = 58; //    [alloc] arrays kept across a restore may reach below this address: every heap top before it (the facade sets it)
export const H_SIZE: u32 = 59;

// ── Allocator blocks (heap.ts, alloc.ts, column-heap.ts) ─────────────────────
//   [ size:u32 | kind:u32 | next free:u32 | pad:u32 ][ payload: size bytes ]
// Blocks tile the heap from its start (allocatorStatic(0)) to H_HEAP_TOP.
export const A_HEADER: u32 = 16; //       bytes of the block header before each payload
export const A_MIN_CLASS: u32 = 4; //     small blocks: payload 1 << class bytes, class 4 .. 16
export const A_MAX_CLASS: u32 = 16;
export const A_KIND_SMALL: u32 = 1;
export const A_KIND_LARGE: u32 = 2;
/** A table's column block (column-heap.ts): never split, never handed to anything but a table. */
export const A_KIND_COLUMNS: u32 = 4;
/** Column free lists above A_MAX_CLASS: 1 << A_COLUMN_STEP_BITS per doubling (column-heap.ts). */
export const A_COLUMN_STEP_BITS: u32 = 3;
export const A_COLUMN_STEPS: u32 = 1 << A_COLUMN_STEP_BITS;
/** Column free lists: A_MIN_CLASS .. A_MAX_CLASS by power of two, then A_COLUMN_STEPS per doubling up to 2^32. */
export const A_COLUMN_CLASSES: u32 = A_MAX_CLASS + 1 + (32 - A_MAX_CLASS) * A_COLUMN_STEPS;
export const A_KIND_FREE: u32 = 0x80000000; // or-ed into the kind of a block on a free list
export const A_KIND_HELD: u32 = 0x40000000; // debug core: or-ed into the kind of a block the quarantine holds (H_QUARANTINE)
// ── Quarantine ring (debug core, alloc.ts): table blocks held back from reuse ────
// A table's block that was moved (growth) or freed (recycled table) waits here, filled
// with a canary, so a write through a column array kept from before is caught rather than
// lost. Q_STALE..Q_MISSED describe the first such write found, until the facade forgets it.
//   ring: [ Q_WORDS u32: counters, then the stale write ][ Q_CAP entries, QE_STRIDE u32 each ]
export const Q_CAP: u32 = 0; //        entries the ring has room for
export const Q_COUNT: u32 = 1; //      entries held now
export const Q_FIRST: u32 = 2; //      index of the oldest entry
export const Q_MAX_BYTES: u32 = 3; //  at most this many bytes held (headers included)
export const Q_BYTES: u32 = 4; //      bytes held now (headers included; not in H_USED_BYTES)
export const Q_STALE: u32 = 5; //      0, or the QS_* kind of the stale write found
export const Q_TABLE: u32 = 6; //      its table id (then), capacity, columns and components as the entry had them
export const Q_CAPACITY: u32 = 7;
export const Q_COLS: u32 = 8;
export const Q_NCOLS: u32 = 9;
export const Q_COMPS: u32 = 10;
export const Q_NCOMPS: u32 = 11;
export const Q_OFFSET: u32 = 12; //    byte offset in the block of the first byte written
export const Q_OWNED: u32 = 13; //     1: Q_COLS and Q_COMPS are the ring's to free (the table is gone)
export const Q_MISSED: u32 = 14; //    stale writes found while one was waiting to be reported
export const Q_WORDS: u32 = 16;
export const QE_BLOCK: u32 = 0; //     the block (its allocator kind has the held bit, alloc.ts)
export const QE_CAPACITY: u32 = 1; //  the table's capacity when it left the block (column starts: table.ts columnStart)
export const QE_TABLE: u32 = 2;
export const QE_COLS: u32 = 3; //      the table's column descriptors (C_STRIDE u32 each)
export const QE_NCOLS: u32 = 4;
export const QE_COMPS: u32 = 5; //     the table's component ids
export const QE_NCOMPS: u32 = 6;
export const QE_FREED: u32 = 7; //     1: the table was freed; QE_COLS and QE_COMPS go with the entry
export const QE_STRIDE: u32 = 8;
export const QS_MOVED: u32 = 1; //     the table had moved its columns to a bigger block
export const QS_FREED: u32 = 2; //     the table had been freed

// ── Row journal records (journal.ts) ─────────────────────────────────────────
export const J_APPEND: u32 = 1;
export const J_MOVE: u32 = 2;
export const J_TAIL: u32 = 3;
export const J_REMOVE: u32 = 4;
export const J_CLEAR: u32 = 5;
export const J_STRIDE: u32 = 6;

// ── Table record (u32 slots), T_STRIDE u32 per table ─────────────────────────
export const T_COUNT: u32 = 0;
export const T_CAPACITY: u32 = 1;
export const T_BLOCK: u32 = 2; //      one allocation holding every column, or-ed with T_BLOCK_FRESH and T_BLOCK_HIDDEN (table.ts)
export const T_NCOLS: u32 = 3; //      columns including the entity column (index 0)
export const T_COLS: u32 = 4; //       ptr to column descriptors (C_STRIDE u32 each)
export const T_NCOMPS: u32 = 5;
export const T_COMPS: u32 = 6; //      ptr to u32[ncomps], ascending component ids
export const T_EDGES: u32 = 7; //      ptr to u32[2 * edgeCap]: add / remove edges, table id + 1
export const T_EDGE_CAP: u32 = 8;
export const T_ROW_BYTES: u32 = 9; //  bytes per row over all columns
export const T_PENDING: u32 = 10; //   batch bookkeeping: rows a batch will move in (0 between batches)
export const T_NPAIRS: u32 = 11; //    relation pairs of this sub-table (0 for a plain archetype)
export const T_PAIRS: u32 = 12; //     ptr to pairs (P_STRIDE u32 each), ascending (relation, target)
export const T_SEQ: u32 = 13; //       creation number (H_TABLE_SEQ when it was made)
export const T_STATE: u32 = 14; //     TS_LIVE, or TS_FREE for a recycled record (then T_SEQ links the free list)
export const T_MARK: u32 = 15; //      planned destroy bookkeeping: MARK_REMOVE / MARK_DESTROY (0 between calls)
export const T_STRIDE: u32 = 16;
/** Or-ed into T_BLOCK while the block is fresh: no column block before, above H_VIEW_REACH; no old view reaches it (table.ts). */
export const T_BLOCK_FRESH: u32 = 1;
/**
 * Or-ed into T_BLOCK while no view has reached the block: set with T_BLOCK_FRESH, cleared by
 * the facade when it makes a view. Freed, such a block is the core's memory again, not a
 * column block (table.ts).
 */
export const T_BLOCK_HIDDEN: u32 = 2;
export const TS_LIVE: u32 = 0;
export const TS_FREE: u32 = 1;
export const MARK_REMOVE: u32 = 1;
export const MARK_DESTROY: u32 = 2;

// ── Relation pair (u32 slots) in a table's pair list ─────────────────────────
// A sub-table's key is its mask plus its pairs (subtables.ts); the pairs naming one target
// entity are chained from that entity's entry in the target map (H_TGT_MAP, target-index.ts)
// through P_NEXT_TABLE / P_NEXT_PAIR.
export const P_REL: u32 = 0;
export const P_TARGET: u32 = 1;
export const P_NEXT_TABLE: u32 = 2; // table + 1 of the next pair naming the same target, 0 = end
export const P_NEXT_PAIR: u32 = 3;
export const P_STRIDE: u32 = 4;

// ── Column descriptor (u32 slots) ─────────────────────────────────────────────
// Columns are listed in logical order: entity column, then components by id,
// fields in schema order. In the block they sit by element size, largest first,
// so every column start is aligned; C_OFFSET is the bytes per row of the columns
// before it, and the column starts at block + columnStart (table.ts).
export const C_PTR: u32 = 0;
export const C_ROW_BYTES: u32 = 1; // right after C_PTR: table.ts ptrAndRowBytes reads both with one u64 load
export const C_OFFSET: u32 = 2;
export const C_COMP: u32 = 3; //       0xffffffff for the entity column
export const C_FIELD: u32 = 4;
export const C_DEFAULT: u32 = 5; //    ptr to one row's default bytes, 0 = zeros
export const C_ELEM: u32 = 6; //       element size in bytes
export const C_KEY: u32 = 7; //        comp << FIELD_BITS | field: ascending along the columns
export const C_STRIDE: u32 = 8;
// A table of at least SKEW_ROWS rows whose packed block passes SKEW_BYTES shifts each
// column's start by its share of the row times SKEW_PAGE, rounded down to SKEW_LINE
// (table.ts columnStart): with capacities a power of two, the 4-byte columns would
// otherwise all start at the same address modulo 4096, and a loop that stores into one and
// then loads from another at the same row waits on the CPU's 4K-aliasing check. Other
// tables are packed: a small one gains no byte, and a block in the allocator's power-of-two
// classes (up to 2^A_MAX_CLASS bytes) is never pushed into the next class; a larger block
// grows by less than SKEW_PAGE (under 1/16).
export const SKEW_ROWS: u32 = 1024;
export const SKEW_BYTES: u32 = 1 << A_MAX_CLASS;
export const SKEW_PAGE: u32 = 4096;
export const SKEW_LINE: u32 = 64; //   a cache line; keeps every start 16-byte aligned (SIMD)
/** Fields per component are < 2^FIELD_BITS; comp (13 bits) + FIELD_BITS (12) = 25 bits of key. */
export const FIELD_BITS: u32 = 12;
export const ENTITY_COLUMN_COMP: u32 = 0xffffffff;

// ── Component record (u32 slots) ──────────────────────────────────────────────
export const K_FLAGS: u32 = 0;
export const K_NFIELDS: u32 = 1;
export const K_FIELDS: u32 = 2; //     ptr to field descriptors (F_STRIDE u32 each)
export const K_ROW_BYTES: u32 = 3;
export const K_COMPANION: u32 = 4; //  id + 1 of a component that always travels with this one, 0 = none
export const K_STRIDE: u32 = 8;
export const FLAG_TAG: u32 = 1;
export const FLAG_RELATION: u32 = 2; //   a relation: its bit is set while the entity holds pairs of it
export const FLAG_EXCLUSIVE: u32 = 4; //  at most one target per entity
export const FLAG_CASCADE: u32 = 8; //    onTargetDestroyed "destroy" (otherwise "remove")

// ── Field descriptor as the facade writes it for registerComponent ────────────
export const F_TYPE: u32 = 0;
export const F_LEN: u32 = 1; //        elements per row (1 for scalars)
export const F_DEFAULT: u32 = 2; //    in the core: ptr to default bytes or 0
export const F_STRIDE: u32 = 4;

// Element type codes: f32 f64 i8 u8 i16 u16 i32 u32 eid
export const TYPE_COUNT: u32 = 9;
