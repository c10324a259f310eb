// The command buffer (bindings/ops/commands.ts): deferred commands kept in order in flat
// columns, runs that apply as one batch grouped for the flush, and the values a command
// carries copied into one number stream. Run from the sources.
import { describe, expect, it } from "vitest";
import { component } from "../../../bindings/component.js";
import { ADD, CommandBuffer, DESTROY, DESTROY_MANY, OBJECT, REMOVE, SPAWN } from "../../../bindings/ops/commands.js";

const Pos = component("Pos", { x: "f32", y: "f32" });
const Mat = component("Mat", { m: ["f32", 4], label: "object" });

describe("command buffer", () => {
  it("keeps commands in order and groups spawns of one set, adds or removes of one component and destroys", () => {
    const buf = new CommandBuffer();
    const setA = {};
    const setB = {};
    buf.push(SPAWN, 1, 0, 0, setA);
    buf.push(SPAWN, 2, 0, 0, setA);
    buf.push(SPAWN, 3, 0, 0, setB);
    buf.push(ADD, 1, 2, 0);
    buf.push(ADD, 2, 2, 0);
    buf.push(REMOVE, 2, 2, 0);
    buf.push(DESTROY, 1, 0, 0);
    buf.push(DESTROY_MANY, 0, 0, 0, Uint32Array.of(2, 3));
    expect([buf.runEnd(0), buf.runEnd(2), buf.runEnd(3), buf.runEnd(5), buf.runEnd(6)]).toEqual([2, 3, 5, 6, 8]);
    expect(buf.payload(3)).toBeUndefined();
    expect(buf.payload(2)).toBe(setB);
    expect(buf.payload(7)).toEqual(Uint32Array.of(2, 3));
  });

  it("copies a command's values into the stream: scalars, array fields (one number fills) and object values", () => {
    const buf = new CommandBuffer();
    const values = { x: 3, y: -1 };
    buf.push(ADD, 7, 4, 0);
    buf.values(Pos, 4, values);
    values.x = 99; // changed after the command was recorded: the copy keeps 3
    buf.push(ADD, 8, 5, 0);
    buf.values(Mat, 5, { m: 2, label: { k: 1 } });
    buf.push(REMOVE, 8, 4, 0);
    expect(buf.hasValues(0)).toBe(true);
    expect(buf.hasValues(2)).toBe(false);
    expect([...buf.vals.subarray(buf.v0[0], buf.v1[0])]).toEqual([4, 0, 3, 4, 1, -1]);
    expect([...buf.vals.subarray(buf.v0[1], buf.v1[1])]).toEqual([5, ~0, 2, 2, 2, 2, 5, OBJECT, 0]);
    expect(buf.objects).toEqual([{ k: 1 }]);
  });

  it("grows past its initial capacity and forgets commands, values and objects on clear", () => {
    const buf = new CommandBuffer();
    for (let i = 0; i < 1000; i++) {
      buf.push(DESTROY, i + 1, 0, 0);
      buf.values(Pos, 1, { x: i });
    }
    expect(buf.size).toBe(1000);
    expect(buf.entity[999]).toBe(1000);
    expect(buf.vals[buf.v0[999] + 2]).toBe(999);
    expect(buf.runEnd(0)).toBe(1000);
    buf.clear();
    expect(buf.size).toBe(0);
    buf.push(ADD, 7, 3, 0);
    expect(buf.payload(0)).toBeUndefined();
    expect(buf.hasValues(0)).toBe(false);
    expect(buf.runEnd(0)).toBe(1);
  });
});
