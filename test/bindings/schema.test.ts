// Schemas (bindings/schema.ts): field types parsed to typed-array constructors, element
// counts and sizes, and the range rule each integer type names. Run from the sources.
import { describe, expect, it } from "vitest";
import { parseField, valueProblem } from "../../bindings/schema.js";

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
