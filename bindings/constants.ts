// Mirrors assembly/constants.ts: the layout of ids, header, records and status codes
// the facade reads. A test compares both files, so they cannot drift apart.

// Entity = generation << SLOT_BITS | slot; GEN_BITS + SLOT_BITS = 9 + 22 = 31 bits.
export const SLOT_BITS = 22;
export const GEN_BITS = 9;
export const SLOT_MASK = (1 << SLOT_BITS) - 1;
export const GEN_MASK = (1 << GEN_BITS) - 1;
export const MAX_SLOTS = 1 << SLOT_BITS;
export const MAX_COMPONENTS = 8192;

export const OK = 0;
export const ERR_STALE = -1;
export const ERR_UNKNOWN_COMPONENT = -2;
export const ERR_MISSING = -3;
export const ERR_CAPACITY = -4;
export const ERR_ID_SPACE = -5;
export const ERR_BAD_ARGUMENT = -6;
export const ERR_COMPONENT_LIMIT = -7;

export const H_EPOCH = 0;
export const H_TABLE_COUNT = 1;
export const H_TABLES = 2;
export const H_MASK_WORDS = 3;
export const H_MASKS = 4;
export const H_COMPONENT_COUNT = 5;
export const H_ALIVE = 6;
export const H_SLOT_COUNT = 7;
export const H_REC_TABLE = 8;
export const H_REC_ROW = 9;
export const H_REC_GEN = 10;
export const H_USED_BYTES = 11;
export const H_HEAP_TOP = 12;
export const H_SCRATCH = 13;
export const H_SCRATCH_BYTES = 14;
export const H_COMPONENTS = 15;
export const H_SLOT_CAP = 16;
export const H_FREE_HEAD = 17;
export const H_FREE_TAIL = 18;
export const H_FREE_COUNT = 19;
export const H_TABLE_CAP = 20;
export const H_MAP = 21;
export const H_MAP_CAP = 22;
export const H_COMPONENT_CAP = 23;
export const H_TMP_MASK = 24;
export const H_MAX_PAGES = 25;
export const H_CHECKS = 26;
export const H_RESULT = 27;
export const H_RETIRED = 28;
export const H_JOURNAL = 29;
export const H_JOURNAL_LEN = 30;
export const H_JOURNAL_CAP = 31;
export const H_FREE_TABLES = 32;
export const H_TABLE_SEQ = 33;
export const H_RECYCLED = 34;
export const H_LIVE_TABLES = 35;
export const H_TGT_MAP = 36;
export const H_TMP_PAIRS = 37;
export const H_TMP_PAIRS_CAP = 38;
export const H_TARGET_MOVES = 39;
export const H_DYING = 40;
export const H_DYING_CAP = 41;
export const H_DYING_LEN = 42;
export const H_PLAN = 43;
export const H_PLAN_CAP = 44;
export const H_PLAN_LEN = 45;
export const H_DYING_BITS = 46;
export const H_DYING_BITS_WORDS = 47;
export const H_PLAN_ARMED = 48;
export const H_PAIR_EDGES = 49;
export const H_TARGET_SLOTS = 50;
export const H_TGT_CAP = 51;
export const H_TGT_BITS = 52;
export const H_CREATED = 53;
export const CREATED_RING = 256;
export const H_SIZE = 56;

export const J_APPEND = 1;
export const J_MOVE = 2;
export const J_TAIL = 3;
export const J_REMOVE = 4;
export const J_CLEAR = 5;
export const J_STRIDE = 6;

export const T_COUNT = 0;
export const T_CAPACITY = 1;
export const T_BLOCK = 2;
export const T_NCOLS = 3;
export const T_COLS = 4;
export const T_NCOMPS = 5;
export const T_COMPS = 6;
export const T_EDGES = 7;
export const T_EDGE_CAP = 8;
export const T_ROW_BYTES = 9;
export const T_PENDING = 10;
export const T_NPAIRS = 11;
export const T_PAIRS = 12;
export const T_SEQ = 13;
export const T_STATE = 14;
export const T_MARK = 15;
export const T_STRIDE = 16;
export const TS_LIVE = 0;
export const TS_FREE = 1;
export const MARK_REMOVE = 1;
export const MARK_DESTROY = 2;

export const P_REL = 0;
export const P_TARGET = 1;
export const P_NEXT_TABLE = 2;
export const P_NEXT_PAIR = 3;
export const P_STRIDE = 4;

export const C_PTR = 0;
export const C_ROW_BYTES = 1;
export const C_OFFSET = 2;
export const C_COMP = 3;
export const C_FIELD = 4;
export const C_DEFAULT = 5;
export const C_ELEM = 6;
export const C_KEY = 7;
export const C_STRIDE = 8;
export const FIELD_BITS = 12;

export const ENTITY_COLUMN_COMP = 0xffffffff;

export const K_FLAGS = 0;
export const K_NFIELDS = 1;
export const K_FIELDS = 2;
export const K_ROW_BYTES = 3;
export const K_COMPANION = 4;
export const K_STRIDE = 8;

export const TYPE_COUNT = 9;

export const F_TYPE = 0;
export const F_LEN = 1;
export const F_DEFAULT = 2;
export const F_STRIDE = 4;
export const FLAG_TAG = 1;
export const FLAG_RELATION = 2;
export const FLAG_EXCLUSIVE = 4;
export const FLAG_CASCADE = 8;
/** H_RESULT after a batch move that did not move the list as one block. */
export const NO_BLOCK = 0xffffffff;
