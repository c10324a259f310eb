// Spawn's init values staged in JS columns (bindings/store/init-rows.ts): checked and
// copied when spawn is called, the defaults filling what an init leaves out, written to
// the table after the spawn (deferred: a whole run of one set at the flush). Through the
// public API, deferred and immediate.
import { describe, expect, it } from "vitest";
import { component, createWorld, SchemaError, tag } from "wasm-ecs";

const Pos = component("Pos", { x: "f32", y: "f32" }, { defaults: { y: 5 } });
const Mat = component("Mat", { m: ["i32", 3], label: "object" }, { defaults: { m: [7, 8, 9], label: "none" } });
const T = tag("T");

async function world() {
  return createWorld({ components: [Pos, Mat, T] });
}

for (const deferred of [false, true]) {
  const mode = deferred ? "deferred" : "immediate";
  const run = (w: Awaited<ReturnType<typeof world>>, fn: () => void) => (deferred ? w.defer(fn) : fn());

  describe(`spawn's init values (${mode})`, () => {
    it("land as given, in any field order, in part or not at all, with the defaults filling in", async () => {
      const w = await world();
      const es: number[] = [];
      run(w, () => {
        es.push(w.spawn(Pos, Mat)); // no init: a run whose first rows carry none
        es.push(w.spawn(Pos.with({ y: 2, x: 1 }), Mat.with({ m: [1, 2, 3] })));
        es.push(w.spawn(Pos.with({ x: 3 }), Mat.with({ label: "L", m: 4 })));
        es.push(w.spawn(Pos, Mat.with({ m: new Int8Array([-1, -2, -3]) })));
      });
      expect(es.map((e) => w.get(e, Pos))).toEqual([
        { x: 0, y: 5 },
        { x: 1, y: 2 },
        { x: 3, y: 5 },
        { x: 0, y: 5 },
      ]);
      expect(es.map((e) => w.get(e, Mat))).toEqual([
        { m: [7, 8, 9], label: "none" },
        { m: [1, 2, 3], label: "none" },
        { m: [4, 4, 4], label: "L" },
        { m: [-1, -2, -3], label: "none" },
      ]);
    });

    it("are copied at the call: changing the object or growing the memory before the spawn lands changes nothing", async () => {
      // Every core call grows the memory first: the spawn's own call detaches the view.
      const w = await createWorld({
        components: [Pos, Mat, T],
        growMemoryEachCall: true,
        sharedMemory: false,
        initialMemoryBytes: 1 << 20,
      });
      const anchor = w.spawn(Mat.with({ m: [10, 20, 30] }));
      const view = w.tableOf(anchor).columns(Mat).m; // a view on the world's memory
      const values = { x: 1, y: 2 };
      let e = 0;
      run(w, () => {
        e = w.spawn(Pos.with(values), Mat.with({ m: view.subarray(0, 3) }));
        values.x = 99;
      });
      expect(view.length).toBe(0); // detached
      expect(w.get(e, Pos)).toEqual({ x: 1, y: 2 });
      expect(w.get(e, Mat).m).toEqual([10, 20, 30]);
    });

    it("a bad value throws SchemaError naming it and spawns nothing; the run's other spawns land", async () => {
      const w = await world();
      const before = w.entityCount;
      const ok: number[] = [];
      run(w, () => {
        ok.push(w.spawn(Pos.with({ x: 1 })));
        expect(() => w.spawn(Pos.with({ x: "2" } as never))).toThrow(SchemaError);
        expect(() => w.spawn(Pos.with(null as never))).toThrow(SchemaError);
        expect(() => w.spawn(Pos.with(7 as never))).toThrow(SchemaError);
        expect(() => w.spawn(Pos, Mat.with({ m: [1, 2] }))).toThrow(/^Mat.m cannot take/);
        ok.push(w.spawn(Pos.with({ x: 3 })));
      });
      expect(w.entityCount).toBe(before + 2);
      expect(ok.map((e) => w.get(e, Pos).x)).toEqual([1, 3]);
    });

    it("land in every scalar field type, each component's own values, across a table's growth and a second table", async () => {
      // Scalar-only sets take the per-set row copy (init-rows.ts makePut) when spawned one at a time.
      const Kinds = component("Kinds", { a: "f64", b: "i8", c: "u16", d: "u32", e: "eid", f: "i32" });
      const w = await createWorld({ components: [Pos, Kinds, T], initialEntities: 4 });
      const es: number[] = [];
      run(w, () => {
        for (let i = 0; i < 40; i++) {
          const kinds = Kinds.with({ a: i + 0.25, b: 130 + i, c: -1, d: 2 ** 32 + i, e: i, f: -i });
          es.push(i % 3 === 0 ? w.spawn(Pos, kinds, T) : w.spawn(Pos.with({ x: i }), kinds));
        }
      });
      es.forEach((e, i) => {
        expect(w.get(e, Pos)).toEqual({ x: i % 3 === 0 ? 0 : i, y: 5 });
        expect(w.get(e, Kinds)).toEqual({
          a: i + 0.25,
          b: ((130 + i + 128) % 256) - 128,
          c: 65535,
          d: i,
          e: i,
          f: i === 0 ? 0 : -i,
        });
      });
    });

    it("a debug world checks integer ranges and keys that are no field when staging", async () => {
      const w = await createWorld({ components: [Pos, Mat, T], debug: true });
      run(w, () => {
        expect(() => w.spawn(Mat.with({ m: [1, 2, 2 ** 40] }))).toThrow(/^Mat.m cannot take/);
        expect(() => w.spawn(Mat.with({ m: 1.5 }))).toThrow(SchemaError);
        expect(() => w.spawn(Pos.with({ x: 1, z: 2 } as never))).toThrow(/^Pos has no field "z" \(its fields: x, y\)$/);
      });
      expect(w.entityCount).toBe(0);
    });

    it("a release world does not look at keys that are no field", async () => {
      const w = await world();
      let e = 0;
      run(w, () => {
        e = w.spawn(Pos.with({ x: 1, z: 2 } as never));
      });
      expect(w.get(e, Pos)).toEqual({ x: 1, y: 5 });
    });
  });
}
