// Loading the core (bindings/core/load.ts): each build compiled once per process, a fresh
// instance and memory per world, memory reserved up front and capped at its maximum.
// The unit tests run the loader from its sources with the dist/ wasm URL; the last test
// goes through the public API.
import { describe, expect, it } from "vitest";
import { component, createWorld } from "wasm-ecs";
import {
  createMemory,
  instantiateCore as instantiateFrom,
  loadModule as loadFrom,
} from "../../../bindings/core/load.js";
import { coreUrl } from "../../support/sources.js";

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

  it("loadModule rejects a URL with no core behind it and compiles again on the next try", async () => {
    const missing = new URL("../../../dist/no-such-core.wasm", import.meta.url);
    const first = loadFrom(false, missing);
    await expect(first).rejects.toThrow(/ENOENT/);
    const second = loadFrom(false, missing);
    expect(second).not.toBe(first); // a failed compile is not cached
    await expect(second).rejects.toThrow(/ENOENT/);
  });
});

describe("load through createWorld", () => {
  const Position = component("Position", { x: "f32", y: "f32" });
  const Health = component("Health", { hp: "i32" }, { defaults: { hp: 100 } });

  it("a second world reuses the compiled module and has its own memory and ids", async () => {
    const w1 = await createWorld({ components: [Position, Health] });
    const w2 = await createWorld({ components: [Health, Position] });
    const e1 = w1.spawn(Position.with({ x: 1 }));
    const e2 = w2.spawn(Position.with({ x: 2 }));
    expect(e1).toBe(e2);
    expect(w1.get(e1, Position).x).toBe(1);
    expect(w2.get(e2, Position).x).toBe(2);
  });
});
