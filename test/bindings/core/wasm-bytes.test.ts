// Patching a module's memory import to shared (bindings/core/wasm-bytes.ts): the patched
// core links against a shared memory and no longer against an unshared one, its code is
// unchanged, and modules without a memory import or with a shared one come back as they are.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { shareMemoryImport, WasmReader } from "../../../bindings/core/wasm-bytes.js";
import { coreUrl } from "../../support/sources.js";

const core = new Uint8Array(readFileSync(coreUrl(false)));

/** A module importing env.memory with the given limits bytes, and nothing else. */
function importing(limits: number[]): Uint8Array {
  const entry = [3, ..."env"].map((c) => (typeof c === "string" ? c.charCodeAt(0) : c));
  const field = [6, ..."memory"].map((c) => (typeof c === "string" ? c.charCodeAt(0) : c));
  const body = [1, ...entry, ...field, 2, ...limits];
  return new Uint8Array([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0, 2, body.length, ...body]);
}

describe("shareMemoryImport", () => {
  it("makes the core link against a shared memory, and only against one", async () => {
    const shared = new WebAssembly.Memory({ initial: 2, maximum: 16, shared: true });
    const unshared = new WebAssembly.Memory({ initial: 2, maximum: 16 });
    const patched = await WebAssembly.compile(shareMemoryImport(core, 65536));
    await WebAssembly.instantiate(patched, { env: { memory: shared } });
    await expect(WebAssembly.instantiate(patched, { env: { memory: unshared } })).rejects.toBeInstanceOf(
      WebAssembly.LinkError,
    );
    const original = await WebAssembly.compile(core);
    await expect(WebAssembly.instantiate(original, { env: { memory: shared } })).rejects.toBeInstanceOf(
      WebAssembly.LinkError,
    );
    expect(WebAssembly.Module.exports(patched)).toEqual(WebAssembly.Module.exports(original));
  });

  it("writes the limits as shared with the declared maximum, or the given one when none is declared", () => {
    const noMax = shareMemoryImport(importing([0, 2]), 300);
    expect([...noMax.subarray(-4)]).toEqual([3, 2, 0xac, 0x02]); // shared + max, min 2, max 300 (LEB128)
    expect(noMax[9]).toBe(importing([0, 2])[9] + 2); // the section's size follows
    expect(WebAssembly.validate(noMax)).toBe(true);
    const withMax = shareMemoryImport(importing([1, 1, 9]), 300);
    expect([...withMax.subarray(-3)]).toEqual([3, 1, 9]);
    const already = importing([3, 1, 9]);
    expect(shareMemoryImport(already, 300)).toEqual(already);
  });

  it("leaves a module without a memory import as it is", () => {
    const empty = new Uint8Array([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]);
    expect(shareMemoryImport(empty, 300)).toEqual(empty);
  });

  it("reads LEB128 numbers and reports a cut-off binary through its callback", () => {
    const r = new WasmReader(new Uint8Array([0xe5, 0x8e, 0x26, 0x80]), (what) => new RangeError(what));
    expect(r.u32()).toBe(624485);
    expect(() => r.u32()).toThrow(new RangeError("it ends in the middle of a section"));
  });
});
