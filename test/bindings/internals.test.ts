// Facade modules below the public API: module loading and caching, the command
// buffer, schema parsing, and the core wrapper's poisoning after a real trap.
import { describe, expect, it } from "vitest";
import { Core } from "../../bindings/core/core.js";
import { createMemory, instantiateCore as instantiateFrom, loadModule as loadFrom } from "../../bindings/core/load.js";
import { WorldPoisonedError } from "../../bindings/errors.js";
import { ADD, CommandBuffer, DESTROY, DESTROY_MANY, REMOVE, SPAWN } from "../../bindings/ops/commands.js";
import { parseField, valueProblem } from "../../bindings/schema.js";

// The facade runs from its sources here; the core from dist/.
const coreUrl = (debug: boolean): URL => new URL(`../../dist/core${debug ? ".debug" : ""}.wasm`, import.meta.url);
const loadModule = (debug: boolean) => loadFrom(debug, coreUrl(debug));
const instantiateCore = (debug: boolean, memory: WebAssembly.Memory) => instantiateFrom(debug, memory, coreUrl(debug));

describe("load", () => {
  it("compiles each build once and instantiates a fresh memory per core", async () => {
    expect(loadModule(false)).toBe(loadModule(false));
    expect(loadModule(true)).not.toBe(loadModule(false));
    const a = createMemory(2, 16);
    const b = createMemory(2, 16);
    const ca = await instantiateCore(false, a);
    const cb = await instantiateCore(false, b);
    expect(ca.memory).toBe(a);
    expect(cb.memory).toBe(b);
    expect(ca.init(16, 0)).toBe(0);
    expect(cb.init(16, 0)).toBe(0);
  });

  it("createMemory reserves the requested pages and caps growth at the maximum", () => {
    const m = createMemory(4, 8);
    expect(m.buffer.byteLength).toBe(4 * 65536);
    expect(() => m.grow(5)).toThrow(RangeError);
    m.grow(4);
    expect(m.buffer.byteLength).toBe(8 * 65536);
  });
});

describe("command buffer", () => {
  it("keeps commands in order and groups runs of the same kind and target", () => {
    const buf = new CommandBuffer();
    buf.push(SPAWN, 1, 5, []);
    buf.push(SPAWN, 2, 5, []);
    buf.push(SPAWN, 3, 6, []);
    buf.push(ADD, 1, 2, undefined);
    buf.push(ADD, 2, 2, { v: 1 });
    buf.push(REMOVE, 2, 2, undefined);
    buf.push(DESTROY, 1, 0, undefined);
    buf.push(DESTROY_MANY, 0, 0, Uint32Array.of(2, 3));
    expect([buf.runEnd(0), buf.runEnd(2), buf.runEnd(3), buf.runEnd(5), buf.runEnd(6)]).toEqual([2, 3, 5, 6, 8]);
    expect(buf.payload(3)).toBeUndefined();
    expect(buf.payload(4)).toEqual({ v: 1 });
    expect(buf.payload(7)).toEqual(Uint32Array.of(2, 3));
  });

  it("grows past its initial capacity and is empty after clear", () => {
    const buf = new CommandBuffer();
    for (let i = 0; i < 1000; i++) buf.push(DESTROY, i + 1, 0, undefined);
    expect(buf.size).toBe(1000);
    expect(buf.entity[999]).toBe(1000);
    expect(buf.runEnd(0)).toBe(1000);
    buf.clear();
    expect(buf.size).toBe(0);
    buf.push(ADD, 7, 3, undefined);
    expect(buf.payload(0)).toBeUndefined();
    expect(buf.runEnd(0)).toBe(1);
  });
});

describe("schema", () => {
  it("parses scalars and fixed-length arrays with their sizes, and rejects anything else", () => {
    const f = parseField("m", 0, ["f64", 4]);
    expect([f?.scalar, f?.length, f?.bytes, f?.isArray]).toEqual(["f64", 4, 32, true]);
    expect(parseField("e", 1, "eid")?.ctor).toBe(Uint32Array);
    for (const bad of ["f16", ["f32"], ["f32", 1.5], ["f32", 0], 3, null])
      expect(parseField("x", 0, bad)).toBeUndefined();
  });

  it("names the range rule for integers and accepts any number for floats", () => {
    const u8 = parseField("v", 0, "u8");
    const f32 = parseField("v", 0, "f32");
    if (u8 === undefined || f32 === undefined) throw new Error("parse failed");
    expect(valueProblem(u8, 256)).toMatch(/integers from 0 to 255/);
    expect(valueProblem(u8, 255)).toBeUndefined();
    expect(valueProblem(f32, Number.NaN)).toBeUndefined();
  });
});

describe("core wrapper", () => {
  it("marks the core dead after a real trap and refuses every later call", async () => {
    const memory = createMemory(2, 16);
    const core = new Core(await instantiateCore(false, memory), memory);
    expect(core.init(16, 0)).toBe(0);
    // An address beyond the memory makes the core trap (out-of-bounds access).
    expect(() => core.destroyMany(0x7fff0000, 4, 0)).toThrow(WorldPoisonedError);
    expect(() => core.check()).toThrow(/^The world refuses further calls: an internal error left it half-updated/);
    expect(core.dead).toMatch(/memory access out of bounds/);
  });
});
