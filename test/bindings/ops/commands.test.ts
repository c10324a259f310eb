// The command buffer (bindings/ops/commands.ts): deferred commands kept in order in flat
// columns, runs that apply as one batch grouped for the flush, and the values a command
// carries copied into one number stream. Run from the sources.
import { describe, expect, it } from "vitest";
import { component } from "../../../bindings/component.js";
import { ArgumentError } from "../../../bindings/errors.js";
import {
  ADD,
  ADD_RUN,
  DESTROY,
  DESTROY_MANY,
  OBJECT,
  REMOVE,
  REMOVE_RUN,
  SPAWN,
} from "../../../bindings/ops/command-kinds.js";
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
    expect([...buf.listed(5), ...buf.listed(7)]).toEqual([1, 4, 5]);
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
    expect(buf.listed(1000)).toEqual(Uint32Array.from({ length: 1000 }, (_, i) => i + 1));
    buf.clear();
    expect(buf.size).toBe(0);
    buf.destroy(9);
    expect(buf.listed(0)).toEqual(Uint32Array.of(9)); // the entities were forgotten too
    buf.clear();
    expect(buf.anyValues).toBe(false);
    buf.push(ADD, 7, 3, 0);
    buf.run(ADD_RUN, 8, 3);
    expect(buf.payload(0)).toBeUndefined();
    expect([buf.hasValues(0), buf.hasValues(1)]).toEqual([false, false]);
    expect([buf.kind[1], buf.a[1], [...buf.listed(1)]]).toEqual([ADD_RUN, 3, [8]]);
    expect(buf.runEnd(0)).toBe(1);
  });

  it("records adds and removes without values as runs, one command per run of one kind and component, grown past the initial room", () => {
    const buf = new CommandBuffer();
    for (let i = 0; i < 100; i++) buf.run(ADD_RUN, i + 1, 3);
    buf.run(ADD_RUN, 200, 4); // another component: a new run
    buf.run(REMOVE_RUN, 201, 4); // another kind: a new run
    buf.run(REMOVE_RUN, 202, 4);
    expect(buf.size).toBe(3);
    expect([...buf.listed(0)]).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    expect([...buf.listed(1), ...buf.listed(2)]).toEqual([200, 201, 202]); // the last one still open
    buf.destroy(5); // ends the run; its entities follow in the same list
    buf.run(REMOVE_RUN, 203, 4); // after another command: a new run
    expect([buf.kind[0], buf.kind[1], buf.kind[2], buf.kind[3], buf.kind[4]]).toEqual([
      ADD_RUN,
      ADD_RUN,
      REMOVE_RUN,
      DESTROY,
      REMOVE_RUN,
    ]);
    expect([...buf.listed(2), ...buf.listed(3), ...buf.listed(4)]).toEqual([201, 202, 5, 203]);
    expect([buf.runEnd(0), buf.runEnd(2)]).toEqual([1, 3]);
    buf.clear();
    buf.run(REMOVE_RUN, 7, 4); // the open run was forgotten: a new command
    expect([buf.size, [...buf.listed(0)]]).toEqual([1, [7]]);
  });
});
