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
// JS has no u64 arithmetic on plain numbers, so the register is fed in wasm: a module of
// its own (scripts/gen-crc.mjs, 305 bytes, compiled at the first checksum) with i64 tables,
// eight bytes a step ("slicing by 8"): table k maps a byte to the CRC of that byte followed
// by k zero bytes. Bytes are copied into its memory a chunk at a time; the register is
// handed over as two u32 halves (lo, hi), so no BigInt crosses.
// Invariant: crc64() of the same bytes is the same however they are split into calls.
import { CRC_CHUNK, CRC_DATA, CRC_STATE, CRC_WASM } from "./crc64-wasm.generated.js";

const POLY_LO = 0xa6426349;
const POLY_HI = 0x259c84cb;

function reflect32(v: number): number {
  let r = 0;
  for (let i = 0; i < 32; i++) r |= ((v >>> i) & 1) << (31 - i);
  return r >>> 0;
}

/** Table k's entry for byte b, into `u32` as an i64 (low half first) at 8 * (256 k + b). */
function buildTables(u32: Uint32Array): void {
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
    u32[2 * b] = lo;
    u32[2 * b + 1] = hi;
  }
  for (let e = 256; e < 8 * 256; e++) {
    // Entry (k, b) from (k - 1, b): one more zero byte through table 0.
    const lo = u32[2 * (e - 256)];
    const hi = u32[2 * (e - 256) + 1];
    const i = 2 * (lo & 0xff);
    u32[2 * e] = ((lo >>> 8) | (hi << 24)) ^ u32[i];
    u32[2 * e + 1] = (hi >>> 8) ^ u32[i + 1];
  }
}

/** The module's update() and views over its memory (which never grows, so they stay valid). */
interface Engine {
  readonly update: (p: number, end: number) => void;
  readonly u8: Uint8Array;
  readonly u32: Uint32Array;
}

let engine: Engine | undefined;

function start(): Engine {
  const code = Uint8Array.from(atob(CRC_WASM), (c) => c.charCodeAt(0));
  const exports = new WebAssembly.Instance(new WebAssembly.Module(code)).exports;
  const buffer = (exports.memory as WebAssembly.Memory).buffer;
  const made = { update: exports.update as Engine["update"], u8: new Uint8Array(buffer), u32: new Uint32Array(buffer) };
  buildTables(made.u32);
  engine = made;
  return made;
}

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
  const { update, u8, u32 } = engine ?? start();
  u32[CRC_STATE >>> 2] = crc.lo;
  u32[(CRC_STATE >>> 2) + 1] = crc.hi;
  for (let i = 0; i < bytes.length; i += CRC_CHUNK) {
    const part = bytes.subarray(i, i + CRC_CHUNK);
    u8.set(part, CRC_DATA);
    update(CRC_DATA, CRC_DATA + part.length);
  }
  crc.lo = u32[CRC_STATE >>> 2];
  crc.hi = u32[(CRC_STATE >>> 2) + 1];
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
