// The snapshot checksum: CRC-64/MS, a cyclic redundancy check whose guarantees can be
// proved rather than hoped for (docs/snapshot-format.md says why this polynomial).
//
//   width 64, polynomial 0x259C84CBA6426349, reflected input and output,
//   init 0xFFFFFFFFFFFFFFFF, xorout 0; check value (CRC of "123456789") 0x75D4B74F024ECEEA
//
// The polynomial factors as (x + 1)^2 times irreducible factors of degrees 7, 24 and 31,
// and its order is about 2^59.8: every error with an odd number of flipped bits, every
// two-bit error in a message shorter than 2^59 bits (every snapshot: wasm memory is at
// most 2^35 bits) and every burst of up to 64 bits changes the CRC.
//
// JS has no u64 arithmetic on plain numbers, so the 64-bit state is kept as two u32
// halves (lo, hi). Table-driven, eight bytes a step ("slicing by 8"): table k maps a
// byte to the CRC of that byte followed by k zero bytes.
// Invariant: crc64() of the same bytes is the same however they are split into calls.

const POLY_LO = 0xa6426349;
const POLY_HI = 0x259c84cb;

/** TL[k * 256 + b], TH[...]: low and high halves of table k's entry for byte b. */
const TL = new Uint32Array(8 * 256);
const TH = new Uint32Array(8 * 256);

function reflect32(v: number): number {
  let r = 0;
  for (let i = 0; i < 32; i++) r |= ((v >>> i) & 1) << (31 - i);
  return r >>> 0;
}

function buildTables(): void {
  // The reflected polynomial: bit i of the 64-bit value moves to bit 63 - i.
  const rlo = reflect32(POLY_HI);
  const rhi = reflect32(POLY_LO);
  for (let b = 0; b < 256; b++) {
    let lo = b;
    let hi = 0;
    for (let k = 0; k < 8; k++) {
      const carry = lo & 1;
      lo = (lo >>> 1) | ((hi & 1) << 31);
      hi >>>= 1;
      if (carry !== 0) {
        lo ^= rlo;
        hi ^= rhi;
      }
    }
    TL[b] = lo >>> 0;
    TH[b] = hi >>> 0;
  }
  for (let k = 1; k < 8; k++) {
    for (let b = 0; b < 256; b++) {
      const lo = TL[(k - 1) * 256 + b];
      const hi = TH[(k - 1) * 256 + b];
      const i = lo & 0xff;
      TL[k * 256 + b] = (((lo >>> 8) | (hi << 24)) ^ TL[i]) >>> 0;
      TH[k * 256 + b] = ((hi >>> 8) ^ TH[i]) >>> 0;
    }
  }
}
buildTables();

/** A CRC in progress (the register, not yet finished), or a finished one. */
export interface Crc64 {
  lo: number;
  hi: number;
}

/** A fresh CRC register. */
export function crcStart(): Crc64 {
  return { lo: 0xffffffff, hi: 0xffffffff };
}

/** Feeds `bytes` into the register `crc` (in place) and returns it. */
export function crcUpdate(crc: Crc64, bytes: Uint8Array): Crc64 {
  let lo = crc.lo;
  let hi = crc.hi;
  let i = 0;
  const n = bytes.length;
  // Bytes one at a time up to a 4-byte boundary, then 8 at a time through u32 words
  // (little-endian, as every engine that runs wasm), then the tail.
  while (i < n && (bytes.byteOffset + i) % 4 !== 0) {
    const x = (lo ^ bytes[i++]) & 0xff;
    lo = ((lo >>> 8) | (hi << 24)) ^ TL[x];
    hi = (hi >>> 8) ^ TH[x];
  }
  const pairs = (n - i) >>> 3;
  if (pairs > 0) {
    const w = new Uint32Array(bytes.buffer, bytes.byteOffset + i, pairs * 2);
    for (let k = 0; k < w.length; k += 2) {
      const a = lo ^ w[k];
      const b = hi ^ w[k + 1];
      lo =
        TL[1792 + (a & 0xff)] ^
        TL[1536 + ((a >>> 8) & 0xff)] ^
        TL[1280 + ((a >>> 16) & 0xff)] ^
        TL[1024 + (a >>> 24)] ^
        TL[768 + (b & 0xff)] ^
        TL[512 + ((b >>> 8) & 0xff)] ^
        TL[256 + ((b >>> 16) & 0xff)] ^
        TL[b >>> 24];
      hi =
        TH[1792 + (a & 0xff)] ^
        TH[1536 + ((a >>> 8) & 0xff)] ^
        TH[1280 + ((a >>> 16) & 0xff)] ^
        TH[1024 + (a >>> 24)] ^
        TH[768 + (b & 0xff)] ^
        TH[512 + ((b >>> 8) & 0xff)] ^
        TH[256 + ((b >>> 16) & 0xff)] ^
        TH[b >>> 24];
    }
    i += pairs * 8;
  }
  while (i < n) {
    const x = (lo ^ bytes[i++]) & 0xff;
    lo = ((lo >>> 8) | (hi << 24)) ^ TL[x];
    hi = (hi >>> 8) ^ TH[x];
  }
  crc.lo = lo >>> 0;
  crc.hi = hi >>> 0;
  return crc;
}

/** CRC-64/MS of `bytes` (xorout is 0, so the register is the result). */
export function crc64(bytes: Uint8Array): Crc64 {
  return crcUpdate(crcStart(), bytes);
}

/** A CRC as 16 hex digits, high half first (how messages and the format document write it). */
export function crcHex(crc: Crc64): string {
  return `0x${crc.hi.toString(16).padStart(8, "0")}${crc.lo.toString(16).padStart(8, "0")}`;
}
