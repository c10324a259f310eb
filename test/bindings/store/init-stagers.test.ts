// The literal stagers of spawn's init values (bindings/store/init-code.ts): a component
// whose fields are all scalars stages an init by reading each field by name; anything
// else falls back to the general path, which stages or refuses it exactly as before.
// Made with `new Function`: where the host forbids that, the general path does it all.
import { afterEach, describe, expect, it, vi } from "vitest";
import { component, createWorld, SchemaError, type World } from "wasm-ecs";
import { component as sourceComponent } from "../../../bindings/component.js";
import { type SoloRows, soloSpawnOf, stagerOf } from "../../../bindings/store/init-code.js";
import { expectThrows } from "../../support/errors.js";

afterEach(() => {
  vi.unstubAllGlobals();
});

const cols = () => [new Float64Array(4), new Float64Array(4)];
/** The rows a stager writes, staging row r. */
const at = (c: Float64Array[], r: number) => ({ n: r, cols: c });

describe("stagerOf", () => {
  it("stages numbers by field name, the defaults where an init leaves a field out", () => {
    const P = sourceComponent("P", { x: "f32", y: "i32" }, { defaults: { y: 7 } });
    const stage = stagerOf(P);
    if (stage === undefined) throw new Error("no stager");
    expect(stagerOf(P)).toBe(stage); // made once per component
    const c = cols();
    expect(stage({ y: 2, x: 1 }, at(c, 1), 0, 1)).toBe(true);
    expect(stage({ x: 3 }, at(c, 2), 0, 2)).toBe(true);
    expect(stage({ x: undefined, y: 5 }, at(c, 0), 0, 0)).toBe(true); // undefined: left out, as the general path takes it
    // Each field read by its name: a hidden one, an inherited one; keys that are no field are not looked at.
    expect(stage(Object.defineProperty({ y: 8 }, "x", { value: 9 }), at(c, 1), 0, 1)).toBe(true);
    expect(stage(Object.assign(Object.create({ y: 4 }), { z: 1 }), at(c, 3), 0, 3)).toBe(true);
    expect([...c[0]]).toEqual([0, 9, 3, 0]);
    expect([...c[1]]).toEqual([5, 8, 7, 4]);
  });

  it("refuses, writing nothing, what the general path must check or name", () => {
    const P = sourceComponent("P", { x: "f32", y: "f32" });
    const stage = stagerOf(P);
    if (stage === undefined) throw new Error("no stager");
    const c = cols();
    const refused = [
      { x: "1" }, // no number
      { y: 1, x: null }, // no number
      {}, // no field given: the general path takes it (or names what it is)
      { z: 1 },
      null,
      undefined,
      5,
      "xy",
      [1, 2],
    ];
    for (const values of refused) expect(stage(values, at(c, 0), 0, 0)).toBe(false);
    expect([...c[0], ...c[1]]).toEqual(new Array(8).fill(0));
  });

  it("is undefined for components with array or object fields, for tags, and where the host forbids making code", () => {
    expect(stagerOf(sourceComponent("M", { m: ["f32", 2] }))).toBeUndefined();
    expect(stagerOf(sourceComponent("O", { x: "f32", o: "object" }))).toBeUndefined();
    expect(stagerOf(sourceComponent("T", {}))).toBeUndefined();
    vi.stubGlobal("Function", () => {
      throw new EvalError("Code generation from strings disallowed for this context");
    });
    expect(stagerOf(sourceComponent("P", { x: "f32" }))).toBeUndefined();
  });
});

describe("soloSpawnOf (a whole deferred spawn of one component with values)", () => {
  /** Rows of a run with room for 4, row 1 next, values given before; claims that count from 100. */
  function target(given = 1) {
    const made: number[] = [];
    const rows = {
      n: 1,
      cap: 4,
      given: Uint8Array.of(given),
      cols: cols(),
      ids: new Uint32Array(4),
      round: 0,
      roomFor(r: number) {
        // As InitRows.roomFor: room for row r, and component 0 marked as given values.
        made.push(r);
        if (r === this.cap) {
          const cap = this.cap * 2;
          this.ids = Uint32Array.from({ length: cap }, (_, i) => this.ids[i] ?? 0);
          this.cols = this.cols.map((c) => Float64Array.from({ length: cap }, (_, i) => c[i] ?? 0));
          this.cap = cap;
        }
        this.given[0] = 1;
      },
      alone(claimed: number, now: number, round: number) {
        // As InitRows.alone: a throw when claims moved or the rows were cleared meanwhile.
        if (claimed !== now || round !== this.round) throw new Error(`alone ${claimed} ${now} ${round}`);
      },
    };
    const claims = {
      count: 0,
      claim() {
        return 100 + this.count++;
      },
    };
    return { rows: rows satisfies SoloRows, claims, made };
  }

  it("stages the values in row n, claims an id, commits the row and returns the id", () => {
    const P = sourceComponent("P", { x: "f32", y: "i32" }, { defaults: { y: 7 } });
    const spawn = soloSpawnOf(P);
    if (spawn === undefined) throw new Error("no solo spawn");
    expect(soloSpawnOf(P)).toBe(spawn); // made once per component
    const { rows, claims } = target();
    expect(spawn({ y: 2, x: 1 }, rows, claims)).toBe(100);
    expect(spawn({ x: 3 }, rows, claims)).toBe(101);
    expect([rows.n, [...rows.ids], [...rows.cols[0]], [...rows.cols[1]]]).toEqual([
      3,
      [0, 100, 101, 0],
      [0, 1, 3, 0],
      [0, 2, 7, 0],
    ]);
  });

  it("returns -1 with nothing written or claimed where the general path must act", () => {
    const P = sourceComponent("P", { x: "f32", y: "f32" });
    const spawn = soloSpawnOf(P);
    if (spawn === undefined) throw new Error("no solo spawn");
    for (const [values, given, n] of [
      [{ x: "1" }, 1, 1], // no number
      [{}, 1, 1], // no field given
      [null, 1, 1],
      [5, 1, 1],
    ] as const) {
      const { rows, claims } = target(given);
      rows.n = n;
      expect(spawn(values, rows, claims)).toBe(-1);
      expect([rows.n, claims.count, [...rows.ids], [...rows.cols[0], ...rows.cols[1]]]).toEqual([
        n,
        0,
        [0, 0, 0, 0],
        new Array(8).fill(0),
      ]);
    }
  });

  it("makes room out of line, without the values, for a run's first row with values or a full one", () => {
    const P = sourceComponent("P", { x: "f32", y: "f32" });
    const spawn = soloSpawnOf(P);
    if (spawn === undefined) throw new Error("no solo spawn");
    const first = target(0);
    expect(spawn({ x: 1, z: 2 }, first.rows, first.claims)).toBe(100); // z is no field: not looked at
    expect([first.made, first.rows.n, first.rows.cols[0][1]]).toEqual([[1], 2, 1]);
    const full = target();
    full.rows.n = 4;
    expect(spawn({ y: 3 }, full.rows, full.claims)).toBe(100);
    expect([full.made, full.rows.n, full.rows.cap, full.rows.ids[4], full.rows.cols[1][4]]).toEqual([
      [4],
      5,
      8,
      100,
      3,
    ]);
  });

  it("asks rows.alone when a getter among the values claimed an id, before writing anything", () => {
    const P = sourceComponent("P", { x: "f32" });
    const spawn = soloSpawnOf(P);
    if (spawn === undefined) throw new Error("no solo spawn");
    const { rows, claims } = target();
    const values = {
      get x() {
        claims.claim();
        return 5;
      },
    };
    expect(() => spawn(values, rows, claims)).toThrow("alone 0 1 0");
    expect([rows.n, [...rows.cols[0]]]).toEqual([1, [0, 0, 0, 0]]);
  });

  it("is undefined for components with array or object fields and where the host forbids making code", () => {
    expect(soloSpawnOf(sourceComponent("M", { m: ["f32", 2] }))).toBeUndefined();
    expect(soloSpawnOf(sourceComponent("O", { x: "f32", o: "object" }))).toBeUndefined();
    vi.stubGlobal("Function", () => {
      throw new EvalError("Code generation from strings disallowed for this context");
    });
    expect(soloSpawnOf(sourceComponent("P", { x: "f32" }))).toBeUndefined();
  });
});

for (const csp of [false, true]) {
  describe(`spawn's init values while deferring (${csp ? "no code generation" : "literal stagers"})`, () => {
    async function setup(debug = false) {
      // Fresh components: a stager is made once per component, when a world first needs it.
      const Pos = component("Pos", { x: "f32", y: "f32" }, { defaults: { y: 5 } });
      const Vel = component("Vel", { dx: "i32" });
      if (csp)
        vi.stubGlobal("Function", () => {
          throw new EvalError("Code generation from strings disallowed for this context");
        });
      const w: World = await createWorld({ components: [Pos, Vel], debug });
      return { w, Pos, Vel };
    }

    it("land as given, in any field order, inherited fields read, the defaults filling in", async () => {
      const { w, Pos, Vel } = await setup();
      const es: number[] = [];
      w.defer(() => {
        es.push(w.spawn(Pos.with({ x: 1, y: 2 })));
        es.push(w.spawn(Pos.with({ y: 4, x: 3 })));
        es.push(w.spawn(Pos.with({ x: undefined, y: 6 })));
        es.push(w.spawn(Pos.with(Object.create({ x: 7 }))));
        // Each field read by its name; a key that is no field is not looked at (a release world).
        es.push(w.spawn(Pos.with(Object.assign(Object.create({ z: 1 }), { x: 8 }))));
        es.push(w.spawn(Pos));
        es.push(w.spawn(Pos.with({ x: 9 }), Vel.with({ dx: 2.7 })));
        es.push(w.spawn(Pos.with({ x: 10, y: 11 })));
      });
      expect(es.map((e) => w.get(e, Pos))).toEqual([
        { x: 1, y: 2 },
        { x: 3, y: 4 },
        { x: 0, y: 6 },
        { x: 7, y: 5 },
        { x: 8, y: 5 },
        { x: 0, y: 5 },
        { x: 9, y: 5 },
        { x: 10, y: 11 },
      ]);
      expect(w.get(es[6], Vel)).toEqual({ dx: 2 });
    });

    it("a bad value or (debug) key throws SchemaError naming it, spawns nothing and leaves the run's other rows be", async () => {
      const { w, Pos, Vel } = await setup(true);
      const ok: number[] = [];
      w.defer(() => {
        ok.push(w.spawn(Pos.with({ x: 1 })));
        expectThrows(
          () => w.spawn(Pos.with({ x: 1, z: 2 } as never)),
          SchemaError,
          'Pos has no field "z" (its fields: x, y)',
        );
        expectThrows(() => w.spawn(Pos.with({ x: "2" } as never)), SchemaError, /^Pos\.x cannot take "2"/);
        expectThrows(() => w.spawn(Pos.with(null as never)), SchemaError, /^Values for Pos must be an object/);
        expectThrows(() => w.spawn(Pos.with(3 as never)), SchemaError, /^Values for Pos must be an object/);
        expectThrows(
          () => w.spawn(Pos.with({ x: 2 }), Vel.with({ dx: 1, dy: 2 } as never)),
          SchemaError,
          /^Vel has no field "dy"/,
        );
        ok.push(w.spawn(Pos.with({ x: 3 })));
        expect(w.entityCount).toBe(2);
      });
      expect(w.entityCount).toBe(2);
      expect(ok.map((e) => w.get(e, Pos))).toEqual([
        { x: 1, y: 5 },
        { x: 3, y: 5 },
      ]);
    });
  });
}

describe("spawn's init values, immediate (one staging row reused by every spawn of a set)", () => {
  it("takes nothing from the spawn before: a component without an init gets its defaults, object fields included", async () => {
    const Pos = component("Pos", { x: "f32", y: "f32" }, { defaults: { y: 5 } });
    const Tag = component("Tag", { label: "object", n: "i32" }, { defaults: { label: "none", n: 3 } });
    const w = await createWorld({ components: [Pos, Tag] });
    const a = w.spawn(Pos.with({ x: 1, y: 2 }), Tag.with({ label: "a", n: 9 }));
    const b = w.spawn(Pos, Tag);
    const c = w.spawn(Pos.with({ x: 4 }), Tag);
    const d = w.spawn(Pos, Tag.with({ n: 1 }));
    expect([a, b, c, d].map((e) => [w.get(e, Pos), w.get(e, Tag)])).toEqual([
      [
        { x: 1, y: 2 },
        { label: "a", n: 9 },
      ],
      [
        { x: 0, y: 5 },
        { label: "none", n: 3 },
      ],
      [
        { x: 4, y: 5 },
        { label: "none", n: 3 },
      ],
      [
        { x: 0, y: 5 },
        { label: "none", n: 1 },
      ],
    ]);
  });

  it("a bad value throws SchemaError and spawns nothing; the next spawn is not touched by it", async () => {
    const Pos = component("Pos", { x: "f32", y: "f32" });
    const Vel = component("Vel", { dx: "i32" });
    const w = await createWorld({ components: [Pos, Vel] });
    w.spawn(Pos.with({ x: 1, y: 1 }), Vel.with({ dx: 1 }));
    expectThrows(
      () => w.spawn(Pos.with({ x: 7, y: 7 }), Vel.with({ dx: "2" } as never)),
      SchemaError,
      'Vel.dx cannot take "2": values must be numbers',
    );
    expect(w.entityCount).toBe(1);
    const e = w.spawn(Pos, Vel.with({ dx: 4 }));
    expect([w.get(e, Pos), w.get(e, Vel)]).toEqual([{ x: 0, y: 0 }, { dx: 4 }]);
  });
});
