// Reading and patching wasm binaries: the LEB128 reader the kernel checks use, and the
// one patch the package makes, which turns a module's imported memory into a shared one.
//
//   binary: "\0asm" version  section*     section: id:u8 size:leb [payload]
//   import: module:name field:name kind:u8 desc     memory desc: limits
//   limits: flags:u8 min:leb [max:leb]    flags bit 0: has max, bit 1: shared
//
// A module's memory import must match the memory it is given, shared or not. The core
// and kernels are built for an unshared import; a world whose memory is shared compiles
// them from bytes with this patch, so one build serves both kinds.

/** A cursor over a wasm binary; `fail` makes the error a malformed binary is reported with. */
export class WasmReader {
  at = 0;
  constructor(
    readonly b: Uint8Array,
    private readonly fail: (what: string) => Error,
  ) {}
  byte(): number {
    if (this.at >= this.b.length) throw this.fail("it ends in the middle of a section");
    return this.b[this.at++];
  }
  u32(): number {
    let v = 0;
    let shift = 0;
    for (;;) {
      const x = this.byte();
      v += (x & 0x7f) * 2 ** shift;
      if ((x & 0x80) === 0) return v;
      shift += 7;
    }
  }
  name(): string {
    const n = this.u32();
    const s = new TextDecoder().decode(this.b.subarray(this.at, this.at + n));
    this.at += n;
    return s;
  }
  limits(): void {
    const flags = this.byte();
    this.u32();
    if (flags & 1) this.u32();
  }
}

function leb(v: number): number[] {
  const out: number[] = [];
  do {
    let x = v % 128;
    v = Math.floor(v / 128);
    if (v > 0) x |= 0x80;
    out.push(x);
  } while (v > 0);
  return out;
}

const IMPORT_SECTION = 2;
const KIND_MEMORY = 2;
const FLAG_MAX = 1;
const FLAG_SHARED = 2;

/**
 * The module's bytes with its imported memory declared shared (maximum `maxPages`
 * when it declares none: a shared memory needs one). Bytes without a memory import,
 * or whose import is shared already, come back as they are.
 */
export function shareMemoryImport(bytes: Uint8Array, maxPages: number): Uint8Array<ArrayBuffer> {
  const r = new WasmReader(bytes, (what) => new Error(`not a valid wasm module: ${what}`));
  r.at = 8;
  while (r.at < bytes.length) {
    const sectionStart = r.at;
    const id = r.byte();
    const size = r.u32();
    const payload = r.at;
    const end = payload + size;
    if (id !== IMPORT_SECTION) {
      r.at = end;
      continue;
    }
    for (let n = r.u32(); n > 0; n--) {
      r.name();
      r.name();
      const kind = r.byte();
      if (kind !== KIND_MEMORY) {
        skipImport(r, kind);
        continue;
      }
      const limitsAt = r.at;
      const flags = r.byte();
      if (flags & FLAG_SHARED) return bytes.slice();
      const min = r.u32();
      const max = flags & FLAG_MAX ? r.u32() : maxPages;
      const limits = [FLAG_MAX | FLAG_SHARED, ...leb(min), ...leb(max)];
      const body = [...bytes.subarray(payload, limitsAt), ...limits, ...bytes.subarray(r.at, end)];
      const out = new Uint8Array(
        bytes.length + (body.length - size) + (leb(body.length).length - (payload - sectionStart - 1)),
      );
      out.set(bytes.subarray(0, sectionStart));
      let at = sectionStart;
      for (const x of [id, ...leb(body.length), ...body]) out[at++] = x;
      out.set(bytes.subarray(end), at);
      return out;
    }
    return bytes.slice();
  }
  return bytes.slice();
}

function skipImport(r: WasmReader, kind: number): void {
  if (kind === 0)
    r.u32(); // function: type index
  else if (kind === 1) {
    r.byte(); // table: element type, then limits
    r.limits();
  } else if (kind === 3) {
    r.byte(); // global: value type, mutability
    r.byte();
  } else {
    r.byte(); // tag: attribute, type index
    r.u32();
  }
}
