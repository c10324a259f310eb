// Component registry: ids are dense small integers in registration order.
// Per component: flags (tag, relation, exclusive, cascade), its fields (element type,
// elements per row, default bytes), the bytes one row of it takes and its companion.
// Tags have no fields, hence no columns.
// Invariant: components 0 .. H_COMPONENT_COUNT-1 have records, and masks are wide enough
// for all of them (registerComponent reserves and commits the width in mask.ts; it never
// calls into the archetype map: index.ts rehashes the map when the width grew).
//
//   component record (K_STRIDE u32):  [ flags | nfields | fields ptr | row bytes | companion + 1 | 0 0 0 ]
//   field record     (F_STRIDE u32):  [ type  | length  | default ptr (0 = zeros) | row bytes ]
import {
  ERR_BAD_ARGUMENT, ERR_CAPACITY, ERR_COMPONENT_LIMIT, F_DEFAULT, F_LEN, F_STRIDE, F_TYPE, FIELD_BITS,
  FLAG_EXCLUSIVE, FLAG_RELATION, FLAG_TAG, H_COMPONENT_CAP, H_COMPONENT_COUNT, H_COMPONENTS, K_FIELDS, K_FLAGS, K_NFIELDS,
  K_COMPANION, K_ROW_BYTES, K_STRIDE, MAX_COMPONENTS, TYPE_COUNT,
} from "./constants";
import { alloc, free } from "./alloc";
import { hget, hset } from "./header";
import { commitMaskWidth, dropMaskWidth, reserveMaskWidth } from "./mask";

export const F_ROW_BYTES: u32 = 3;
const MAX_FIELD_LENGTH: u32 = 1 << 16;
const MAX_FIELDS: u32 = 1 << FIELD_BITS;

/** Element size in bytes of a type code: f32 f64 i8 u8 i16 u16 i32 u32 eid. */
export function typeSize(type: u32): u32 {
  switch (type) {
    case 1: return 8;
    case 2: case 3: return 1;
    case 4: case 5: return 2;
    default: return 4;
  }
}

@inline export function compRec(c: u32): usize {
  return <usize>hget(H_COMPONENTS) + <usize>c * (<usize>K_STRIDE << 2);
}
@inline export function kget(c: u32, slot: u32): u32 {
  return load<u32>(compRec(c) + (<usize>slot << 2));
}
/** Address of field f's record of component c. */
@inline export function fieldRec(c: u32, f: u32): usize {
  return <usize>kget(c, K_FIELDS) + <usize>f * (<usize>F_STRIDE << 2);
}
@inline export function componentCount(): u32 { return hget(H_COMPONENT_COUNT); }

export function initRegistry(): bool {
  const recs = alloc(16 * (<usize>K_STRIDE << 2));
  if (recs == 0) return false;
  hset(H_COMPONENTS, <u32>recs);
  hset(H_COMPONENT_CAP, 16);
  hset(H_COMPONENT_COUNT, 0);
  return true;
}

/**
 * Registers a component described at `desc`: nfields records [type, length, hasDefault, 0]
 * followed by the default bytes of each field that has one, packed in field order.
 * Returns the new id, or ERR_BAD_ARGUMENT / ERR_COMPONENT_LIMIT / ERR_CAPACITY with
 * the registry unchanged. When masks grew a word, the caller rehashes the archetype map.
 */
export function registerComponent(desc: usize, nfields: u32, flags: u32): i32 {
  const id = hget(H_COMPONENT_COUNT);
  if (id >= MAX_COMPONENTS) return ERR_COMPONENT_LIMIT;
  if (nfields >= MAX_FIELDS || ((flags & FLAG_TAG) != 0 && nfields != 0)) return ERR_BAD_ARGUMENT;
  // Relation data lives in the entity's row, one value per relation: exclusive ones only.
  if ((flags & FLAG_RELATION) != 0 && nfields != 0 && (flags & FLAG_EXCLUSIVE) == 0) return ERR_BAD_ARGUMENT;
  let rowBytes: u32 = 0;
  for (let f: u32 = 0; f < nfields; f++) {
    const r = desc + <usize>f * (<usize>F_STRIDE << 2);
    const type = load<u32>(r, F_TYPE << 2), len = load<u32>(r, F_LEN << 2);
    if (type >= TYPE_COUNT || len == 0 || len > MAX_FIELD_LENGTH) return ERR_BAD_ARGUMENT;
    rowBytes += typeSize(type) * len;
  }
  if (rowBytes > (1 << 20)) return ERR_BAD_ARGUMENT;

  // Reserve everything first: field records, defaults, a larger record array, wider masks.
  const fields = nfields > 0 ? alloc(<usize>nfields * (<usize>F_STRIDE << 2)) : 0;
  if (nfields > 0 && fields == 0) return ERR_CAPACITY;
  let ok = true;
  let src = desc + <usize>nfields * (<usize>F_STRIDE << 2);
  for (let f: u32 = 0; f < nfields; f++) {
    const r = desc + <usize>f * (<usize>F_STRIDE << 2);
    const rb = typeSize(load<u32>(r, F_TYPE << 2)) * load<u32>(r, F_LEN << 2);
    let def: usize = 0;
    if (load<u32>(r, F_DEFAULT << 2) != 0) {
      def = alloc(rb);
      if (def == 0) ok = false;
      else memory.copy(def, src, rb);
      src += rb;
    }
    const out = fields + <usize>f * (<usize>F_STRIDE << 2);
    store<u32>(out, load<u32>(r, F_TYPE << 2), F_TYPE << 2);
    store<u32>(out, load<u32>(r, F_LEN << 2), F_LEN << 2);
    store<u32>(out, <u32>def, F_DEFAULT << 2);
    store<u32>(out, rb, F_ROW_BYTES << 2);
  }
  let recs: usize = 0;
  const cap = hget(H_COMPONENT_CAP);
  if (ok && id == cap) {
    recs = alloc(<usize>cap * 2 * (<usize>K_STRIDE << 2));
    if (recs == 0) ok = false;
  }
  const words = (id + 1 + 63) >> 6;
  if (ok && !reserveMaskWidth(words)) ok = false;
  if (!ok) {
    for (let f: u32 = 0; f < nfields; f++) free(<usize>load<u32>(fields + <usize>f * (<usize>F_STRIDE << 2), F_DEFAULT << 2));
    free(fields);
    free(recs);
    dropMaskWidth();
    return ERR_CAPACITY;
  }

  // Commit.
  if (recs != 0) {
    memory.copy(recs, <usize>hget(H_COMPONENTS), <usize>cap * (<usize>K_STRIDE << 2));
    free(<usize>hget(H_COMPONENTS));
    hset(H_COMPONENTS, <u32>recs);
    hset(H_COMPONENT_CAP, cap * 2);
  }
  const rec = compRec(id);
  store<u32>(rec, flags, K_FLAGS << 2);
  store<u32>(rec, nfields, K_NFIELDS << 2);
  store<u32>(rec, <u32>fields, K_FIELDS << 2);
  store<u32>(rec, rowBytes, K_ROW_BYTES << 2);
  store<u32>(rec, 0, K_COMPANION << 2);
  hset(H_COMPONENT_COUNT, id + 1);
  commitMaskWidth();
  return <i32>id;
}

/** The companion of c (a component added and removed together with c), or -1. */
@inline export function companionOf(c: u32): i32 {
  return <i32>kget(c, K_COMPANION) - 1;
}

/**
 * Makes k travel with c from now on: every table reached by adding c has k too, and
 * removing c removes k. The caller moves the tables that have c without k.
 */
export function setCompanion(c: u32, k: u32): void {
  store<u32>(compRec(c), k + 1, K_COMPANION << 2);
}

@inline export function isRelation(c: u32): bool {
  return (kget(c, K_FLAGS) & FLAG_RELATION) != 0;
}

@inline export function flagsOf(c: u32): u32 {
  return kget(c, K_FLAGS);
}
