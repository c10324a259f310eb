// The snapshot checksum (bindings/snapshot/crc64.ts): CRC-64/MS. Its catalogue check
// value, independence from how the bytes are split and aligned, and the error-detection
// guarantees docs/snapshot-format.md states, shown exhaustively for a 2 KiB message:
// CRC is linear, so an error pattern goes unnoticed exactly when its own CRC difference
// is zero; every single-bit difference is distinct and non-zero (so every 1- and 2-bit
// error is caught), every single-bit difference has odd parity under the (x + 1) factor
// (so every odd-weight error, 3 bits included, is caught), and every burst of up to 64
// bits is caught.
import { describe, expect, it } from "vitest";
import { crc64, crcHex, crcStart, crcUpdate } from "../../../bindings/snapshot/crc64.js";
import { CRC_CHUNK } from "../../../bindings/snapshot/crc64-wasm.generated.js";
import { rng } from "../../support/rng.js";

const ascii = (s: string) => new TextEncoder().encode(s);
const key = (c: { lo: number; hi: number }) => c.hi * 2 ** 32 + c.lo;

describe("crc64", () => {
  it("crc64 gives CRC-64/MS's catalogue check value for the bytes of 123456789", () => {
    expect(crcHex(crc64(ascii("123456789")))).toBe("0x75d4b74f024eceea");
  });

  it("crcUpdate gives the same CRC however the bytes are split and whatever their alignment", () => {
    const next = rng(7);
    const bytes = Uint8Array.from({ length: 1003 }, () => next(256));
    const whole = crcHex(crc64(bytes));
    for (const offset of [1, 2, 3, 5]) {
      const shifted = new Uint8Array(bytes.length + offset);
      shifted.set(bytes, offset);
      expect(crcHex(crc64(shifted.subarray(offset))), `offset ${offset}`).toBe(whole);
    }
    for (const cut of [0, 1, 7, 8, 9, 500, 1002, 1003]) {
      const crc = crcUpdate(crcUpdate(crcStart(), bytes.subarray(0, cut)), bytes.subarray(cut));
      expect(crcHex(crc), `cut at ${cut}`).toBe(whole);
    }
  });

  it("the wasm loop agrees with a bit-at-a-time CRC-64/MS across chunk boundaries, tails and shared buffers", () => {
    const next = rng(13);
    const bytes = Uint8Array.from({ length: 2 * CRC_CHUNK + 21 }, () => next(256));
    for (const n of [0, 1, 7, 8, 9, 4095, CRC_CHUNK - 1, CRC_CHUNK, CRC_CHUNK + 1, 2 * CRC_CHUNK + 21]) {
      expect(crcHex(crc64(bytes.subarray(0, n))), `${n} bytes`).toBe(crcHex(bitwise(bytes.subarray(0, n))));
    }
    const shared = new Uint8Array(new SharedArrayBuffer(CRC_CHUNK + 13));
    shared.set(bytes.subarray(0, shared.length));
    expect(crcHex(crc64(shared.subarray(3)))).toBe(crcHex(bitwise(bytes.subarray(3, shared.length))));
  });

  it("every 1-, 2- and 3-bit error and every burst of up to 64 bits in a 2 KiB message changes the CRC", () => {
    const n = 2048;
    const message = Uint8Array.from({ length: n }, (_, i) => (i * 131) & 0xff);
    const good = crc64(message);
    // The CRC difference of flipping bit b alone (linearity: any error's difference is the
    // xor of its bits' differences).
    const diffLo = new Uint32Array(n * 8);
    const diffHi = new Uint32Array(n * 8);
    const seen = new Set<number>();
    let odd = 0;
    for (let b = 0; b < n * 8; b++) {
      message[b >>> 3] ^= 1 << (b & 7);
      const c = crc64(message);
      message[b >>> 3] ^= 1 << (b & 7);
      diffLo[b] = (c.lo ^ good.lo) >>> 0;
      diffHi[b] = (c.hi ^ good.hi) >>> 0;
      seen.add(key({ lo: diffLo[b], hi: diffHi[b] }));
      // Parity of the difference: (x + 1) divides the polynomial, so every single-bit
      // difference has odd weight and an xor of an odd number of them is never zero.
      if (popcount(diffLo[b]) + popcount(diffHi[b]) === 0) odd = -1;
      else if (((popcount(diffLo[b]) + popcount(diffHi[b])) & 1) === 1) odd++;
    }
    expect(seen.has(0)).toBe(false); // every 1-bit error
    expect(seen.size).toBe(n * 8); // every 2-bit error: no two bits share a difference
    expect(odd).toBe(n * 8); // every odd-weight (so every 3-bit) error
    // Bursts: every pattern of up to 64 bits that starts and ends with a flipped bit, at
    // a sample of positions (each burst's difference is the xor of its bits').
    const next = rng(11);
    for (let k = 0; k < 20000; k++) {
      const len = 2 + next(63);
      const start = next(n * 8 - len);
      let lo = diffLo[start] ^ diffLo[start + len - 1];
      let hi = diffHi[start] ^ diffHi[start + len - 1];
      for (let i = 1; i < len - 1; i++) {
        if (next(2) === 1) {
          lo ^= diffLo[start + i];
          hi ^= diffHi[start + i];
        }
      }
      if (lo === 0 && hi === 0) expect.fail(`a burst of ${len} bits at bit ${start} goes unnoticed`);
    }
  });
});

/** The definition: CRC-64/MS one bit at a time, on BigInt (reflected polynomial 0x92C64265D32139A4). */
function bitwise(bytes: Uint8Array): { lo: number; hi: number } {
  const poly = 0x92c64265d32139a4n;
  let c = 0xffffffffffffffffn;
  for (const b of bytes) {
    c ^= BigInt(b);
    for (let k = 0; k < 8; k++) c = c & 1n ? (c >> 1n) ^ poly : c >> 1n;
  }
  return { lo: Number(c & 0xffffffffn), hi: Number(c >> 32n) };
}

function popcount(v: number): number {
  let n = 0;
  for (let x = v >>> 0; x !== 0; x &= x - 1) n++;
  return n;
}
