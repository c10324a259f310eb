// The command buffer (bindings/ops/commands.ts): deferred commands kept in order in flat
// columns, runs that apply as one batch grouped for the flush, and the values a command
// carries copied into one number stream. Run from the sources.
import { describe, expect, it } from "vitest";
import { component } from "../../../bindings/component.js";
import { ArgumentError } from "../../../bindings/errors.js";
import { ADD, DESTROY, DESTROY_MANY, OBJECT, REMOVE, SPAWN } from "../../../bindings/ops/command-kinds.js";
import { CommandBuffer } from "../../../bindings/ops/commands.js";
import { ComponentSets, Resolved } from "../../../bindings/store/component-sets.js";
import { Registry } from "../../../bindings/store/registry.js";

const Pos = component("Pos", { x: "f32", y: "f32" });
const Mat = component("Mat", { m: ["f32", 4], label: "object" });
const unknown = (c: unknown): never => {
  throw new ArgumentError(`Expected a component, got ${String(c)}`);
};

describe("command buffer", () => {
  it("records consecutive spawns of one set as one run, and groups adds or removes of one component and destroys", () => {
    const buf = new CommandBuffer();
    const r = new Registry();
    r.add(Pos, 1);
    r.add(Mat, 2);
    const sets = new ComponentSets();
    const setA = sets.resolve(r, [Pos], false, 1, false, new ArrayBuffer(8), unknown, new Resolved());
    const setB = sets.resolve(r, [Mat], false, 1, false, new ArrayBuffer(8), unknown, new Resolved());
    const runA = buf.spawnRun(setA, sets, r);
    runA.stage([Pos.with({ x: 1, y: 2 })], false);
    runA.commit(11);
    expect(buf.spawnRun(setA, sets, r)).toBe(runA); // the same run grows
    runA.stage([Pos], false);
    runA.commit(12);
    expect(buf.soloRun(Pos)).toBe(runA); // spawns of Pos alone: spawnOne's way to the run
    expect(buf.soloRun(Mat)).toBeUndefined();
    const runB = buf.spawnRun(setB, sets, r);
    runB.commit(13);
    expect(buf.soloRun(Pos)).toBeUndefined(); // no longer the last command
    buf.push(ADD, 1, 2, 0);
    buf.push(ADD, 2, 2, 0);
    buf.push(REMOVE, 2, 2, 0);
    buf.destroy(1);
    buf.destroy(4); // the same DESTROY command
    buf.push(DESTROY_MANY, 0, 0, 0, Uint32Array.of(2, 3));
    buf.destroy(5); // a new one after another command
    expect(buf.size).toBe(8);
    expect([buf.runEnd(0), buf.runEnd(1), buf.runEnd(2), buf.runEnd(4), buf.runEnd(5)]).toEqual([1, 2, 4, 5, 8]);
    expect([buf.kind[5], buf.kind[7]]).toEqual([DESTROY, DESTROY]);
    expect([...buf.destroyed(5), ...buf.destroyed(7)]).toEqual([1, 4, 5]);
    expect(buf.kind[0]).toBe(SPAWN);
    expect(buf.payload(0)).toEqual({ set: setA, rows: runA, solo: Pos });
    expect(Array.from(runA.ids.subarray(0, runA.n))).toEqual([11, 12]);
    expect(buf.payload(2)).toBeUndefined();
    expect(buf.payload(6)).toEqual(Uint32Array.of(2, 3));
    expect(buf.spawnRun(setA, sets, r)).not.toBe(runA); // a command came between: a new run
    buf.clear();
    expect([runA.n, runB.n]).toEqual([0, 0]); // emptied, and kept by their sets for the next flush
    expect(setB.spare).toContain(runB);
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
      buf.push(ADD, i + 1, 3, 0);
      buf.values(Pos, 1, { x: i });
    }
    expect(buf.size).toBe(1000);
    expect(buf.entity[999]).toBe(1000);
    expect(buf.vals[buf.v0[999] + 2]).toBe(999);
    expect(buf.runEnd(0)).toBe(1000);
    for (let i = 0; i < 1000; i++) buf.destroy(i + 1);
    expect(buf.size).toBe(1001); // one command, its entities past the initial room
    expect(buf.destroyed(1000)).toEqual(Uint32Array.from({ length: 1000 }, (_, i) => i + 1));
    buf.clear();
    expect(buf.size).toBe(0);
    buf.destroy(9);
    expect(buf.destroyed(0)).toEqual(Uint32Array.of(9)); // the entities were forgotten too
    buf.clear();
    expect(buf.anyValues).toBe(false);
    buf.push(ADD, 7, 3, 0);
    buf.pushPlain(ADD, 8, 3);
    expect(buf.payload(0)).toBeUndefined();
    expect([buf.hasValues(0), buf.hasValues(1)]).toEqual([false, false]);
    expect([buf.kind[1], buf.entity[1], buf.a[1]]).toEqual([ADD, 8, 3]);
    expect(buf.runEnd(0)).toBe(2);
  });
});
