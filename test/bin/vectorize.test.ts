// The kernel build's vectorizer (bin/vectorize.mjs): test/kernels/vectorize-kernels.ts built
// by default (unrolled, then vectorized where the body fits), with --no-vectorize (the four
// scalar copies) and with --no-unroll (the loops as written). For random row counts
// (every remainder of four) and random column data (negative zero, infinities, denormals,
// NaN), every export must write what the other two builds write, called directly and
// through its dispatcher; f32 results may differ only in the payload of a NaN (the wasm
// spec leaves it to the engine in scalar and SIMD code alike). The loops that fit carry
// v128 stores, the others none.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Built as Build, buildKernelFile, funcText } from "../support/kernel-build.js";

const root = fileURLToPath(new URL("../../", import.meta.url));
const source = join(root, "test/kernels/vectorize-kernels.ts");

type Column = "f32" | "i32" | "f64" | "i16";
type ScalarType = "f32" | "i32";
interface Shape {
  readonly columns: readonly Column[];
  readonly scalars?: readonly ScalarType[];
}

const VECTORIZED: Record<string, Shape> = {
  move: { columns: ["f32", "f32", "f32", "f32"] },
  scale: { columns: ["f32"], scalars: ["f32"] },
  mulAdd: { columns: ["f32", "f32", "f32"], scalars: ["f32"] },
  shiftMask: { columns: ["i32"], scalars: ["i32"] },
  readWrite: { columns: ["f32", "f32"] },
  constant: { columns: ["f32", "i32"] },
  unary: { columns: ["f32", "f32"], scalars: ["f32"] },
  integers: { columns: ["i32", "i32"], scalars: ["i32"] },
  laneLocal: { columns: ["f32", "f32"], scalars: ["f32"] },
  twoTypes: { columns: ["f32", "i32"] },
};
/** Unrolled, but each leaves its four copies scalar. */
const SCALAR: Record<string, Shape> = {
  doubles: { columns: ["f64"] },
  shorts: { columns: ["i16"] },
  accumulate: { columns: ["f32", "f32"] },
  neighbourOffset: { columns: ["f32", "f32"] },
  branch: { columns: ["f32", "f32"] },
  call: { columns: ["f32"] },
  pairs: { columns: ["f32"] },
  running: { columns: ["i32"] },
  convert: { columns: ["f32", "i32"] },
  clampSign: { columns: ["f32", "i32"] },
};
/** Not even unrolled: asc sets the index in the body (i + 1 kept in it). */
const NOT_UNROLLED: Record<string, Shape> = { neighbour: { columns: ["f32", "f32"] } };
const ALL: Record<string, Shape> = { ...VECTORIZED, ...SCALAR, ...NOT_UNROLLED };

/** Each column gets its own 2 KiB from COLUMNS on, room for 140 elements of 8 bytes. */
const COLUMNS = 2048;
const REGION = 2048;
const ELEMENTS = 140;
const COUNT_AT = 16;
const BUFFER_AT = 64;

let dir = "";
const built: Record<"vector" | "scalar" | "written", Build> = {
  vector: { wasm: new Uint8Array(), wat: "" },
  scalar: { wasm: new Uint8Array(), wat: "" },
  written: { wasm: new Uint8Array(), wat: "" },
};

function build(name: string, ...flags: string[]): Build {
  return buildKernelFile(source, dir, name, ...flags);
}

/** One instance of a build with a memory of its own. */
function instance(b: Build): { memory: WebAssembly.Memory; exports: Record<string, (...a: number[]) => void> } {
  const memory = new WebAssembly.Memory({ initial: 1 });
  const exports = new WebAssembly.Instance(new WebAssembly.Module(b.wasm), { env: { memory } }).exports;
  return { memory, exports: exports as Record<string, (...a: number[]) => void> };
}

interface Case {
  readonly n: number;
  readonly data: readonly (readonly number[])[];
  readonly scalars: readonly number[];
  readonly dispatch: boolean;
}

/** Runs `name` over `c` in `inst` (memory cleared first); returns the memory after. */
function run(inst: ReturnType<typeof instance>, name: string, shape: Shape, c: Case): Uint8Array {
  const { memory, exports } = inst;
  new Uint8Array(memory.buffer).fill(0);
  const view = new DataView(memory.buffer);
  const put: Record<Column, (at: number, v: number) => void> = {
    f32: (at, v) => {
      view.setFloat32(at, v, true);
    },
    i32: (at, v) => {
      view.setInt32(at, v, true);
    },
    f64: (at, v) => {
      view.setFloat64(at, v, true);
    },
    i16: (at, v) => {
      view.setInt16(at, v, true);
    },
  };
  const size: Record<Column, number> = { f32: 4, i32: 4, f64: 8, i16: 2 };
  for (let j = 0; j < shape.columns.length; j++) {
    const type = shape.columns[j];
    for (let k = 0; k < c.data[j].length; k++) put[type](COLUMNS + j * REGION + k * size[type], c.data[j][k]);
  }
  const pointers = shape.columns.map((_, j) => COLUMNS + j * REGION);
  const scalarTypes = shape.scalars ?? [];
  if (!c.dispatch) exports[name](c.n, ...pointers, ...c.scalars);
  else {
    // One dispatcher record: slot 0 the count's address, then one 8-byte slot per argument.
    view.setInt32(COUNT_AT, c.n, true);
    const record = BUFFER_AT + 8;
    view.setInt32(record, COUNT_AT, true);
    for (let j = 0; j < pointers.length; j++) view.setInt32(record + 8 * (1 + j), pointers[j], true);
    for (let s = 0; s < c.scalars.length; s++)
      put[scalarTypes[s]](record + 8 * (1 + pointers.length + s), c.scalars[s]);
    exports[`each:${name}`](BUFFER_AT, 1);
  }
  return new Uint8Array(memory.buffer).slice();
}

/** The first byte where a and b differ, f32 columns' NaNs counting as equal whatever their bits; -1 if none. */
function firstDifference(a: Uint8Array, b: Uint8Array, shape: Shape): number {
  const x = new DataView(a.buffer);
  const y = new DataView(b.buffer);
  for (let i = 0; i < a.length; i++) {
    if (a[i] === b[i]) continue;
    const j = Math.floor((i - COLUMNS) / REGION);
    if (i >= COLUMNS && shape.columns[j] === "f32") {
      const at = i - (((i - COLUMNS) % REGION) % 4);
      if (Number.isNaN(x.getFloat32(at, true)) && Number.isNaN(y.getFloat32(at, true))) continue;
    }
    return i;
  }
  return -1;
}

const values: Record<Column, fc.Arbitrary<number>> = {
  f32: fc.float(),
  i32: fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }),
  f64: fc.double(),
  i16: fc.integer({ min: -(2 ** 15), max: 2 ** 15 - 1 }),
};
const scalarValues: Record<ScalarType, fc.Arbitrary<number>> = {
  f32: fc.float(),
  // Shift counts beyond 31 and negative ones: taken modulo 32 in both forms.
  i32: fc.integer({ min: -40, max: 40 }),
};

function cases(shape: Shape): fc.Arbitrary<Case> {
  return fc.record({
    n: fc.integer({ min: 0, max: 67 }),
    data: fc.tuple(...shape.columns.map((t) => fc.array(values[t], { minLength: ELEMENTS, maxLength: ELEMENTS }))),
    scalars: fc.tuple(...(shape.scalars ?? []).map((t) => scalarValues[t])),
    dispatch: fc.boolean(),
  });
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "wasm-ecs-vectorize-"));
  built.vector = build("vector");
  built.scalar = build("scalar", "--no-vectorize");
  built.written = build("written", "--no-unroll");
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("kernel build vectorizer", () => {
  it("stores four rows as one v128 in the loops whose every statement stores a lane-wise f32 or i32 row, and in their dispatchers", () => {
    for (const name of Object.keys(VECTORIZED)) {
      for (const f of [name, `each:${name}`]) {
        expect(funcText(built.vector.wat, f), f).toMatch(/\(loop \$\S+\$x4[\s\S]*v128\.store/);
        expect(funcText(built.scalar.wat, f), f).toMatch(/\(loop \$\S+\$x4/);
        expect(funcText(built.scalar.wat, f), f).not.toMatch(/v128|f32x4|i32x4/);
      }
    }
    // Invariants are splatted, the shift count stays a scalar.
    expect(funcText(built.vector.wat, "scale")).toMatch(/f32x4\.splat/);
    expect(funcText(built.vector.wat, "shiftMask")).toMatch(/i32x4\.shl/);
  });

  it("runs through a link to it, as npx and npm scripts start it from node_modules/.bin", () => {
    // It compared argv[1] with its own path: through the link it did nothing and exited 0.
    const dir = mkdtempSync(join(tmpdir(), "wasm-ecs-bin-"));
    try {
      const link = join(dir, "wasm-ecs-kernel");
      symlinkSync(join(root, "bin/wasm-ecs-kernel.mjs"), link);
      const help = execFileSync(process.execPath, [link, "--help"], { encoding: "utf8" });
      expect(help).toMatch(/^usage: wasm-ecs-kernel <kernel\.ts> /);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("is on by default and --help names --no-vectorize, which turns it off, as --no-simd does", () => {
    const help = execFileSync(process.execPath, [join(root, "bin/wasm-ecs-kernel.mjs"), "--help"], {
      encoding: "utf8",
    });
    expect(help).toMatch(/^usage: wasm-ecs-kernel <kernel\.ts> .*\[--no-vectorize\]/);
    expect(help).toMatch(/--no-vectorize {3}keep those four rows scalar/);
    expect(built.scalar.wat).not.toMatch(/v128/);
    // Without the SIMD feature the loops stay unrolled and scalar.
    const noSimd = build("no-simd", "--no-simd").wat;
    expect(funcText(noSimd, "move")).toMatch(/\$x4/);
    expect(noSimd).not.toMatch(/v128/);
  });

  it("leaves the four copies scalar for f64, i16, a fixed cell, a neighbour row, an if, a call, an 8-byte stride, a carried sum, a conversion, f32 max", () => {
    for (const name of Object.keys(SCALAR)) {
      expect(funcText(built.vector.wat, name), name).toMatch(/\(loop \$\S+\$x4/);
      for (const f of [name, `each:${name}`])
        expect(funcText(built.vector.wat, f), f).not.toMatch(/v128|f32x4|i32x4|f64x2|i16x8/);
    }
    for (const name of Object.keys(NOT_UNROLLED)) expect(funcText(built.vector.wat, name)).not.toMatch(/\$x4|v128/);
    expect(built.written.wat).not.toMatch(/\$x4|v128/);
  });

  for (const [name, shape] of Object.entries(ALL)) {
    it(`${name}: writes what --no-vectorize and --no-unroll write, for 0 to 67 rows of random data`, () => {
      const vector = instance(built.vector);
      const scalar = instance(built.scalar);
      const written = instance(built.written);
      fc.assert(
        fc.property(cases(shape), (c) => {
          const actual = run(vector, name, shape, c);
          const byScalar = run(scalar, name, shape, c);
          const byWritten = run(written, name, shape, c);
          expect(firstDifference(actual, byScalar, shape), "first byte differing from --no-vectorize").toBe(-1);
          expect(firstDifference(actual, byWritten, shape), "first byte differing from --no-unroll").toBe(-1);
        }),
        { numRuns: 150 },
      );
    });
  }

  it("the runs above write rows: move over 13 rows changes its first written column", () => {
    const c: Case = { n: 13, data: [[], [], Array(ELEMENTS).fill(1), []], scalars: [], dispatch: false };
    const after = new Float32Array(run(instance(built.vector), "move", VECTORIZED.move, c).buffer, COLUMNS, 14);
    expect([...after]).toEqual([...Array(13).fill(1), 0]);
  });
});

describe("kernel build vectorizer: which loop runs", () => {
  // A move over 4 rows whose px column ends 12 bytes before the end of memory: its row 3
  // is out of bounds. The scalar loop writes rows 0-2 before it traps; the v128 loop loads
  // all four rows of px first and traps before writing any. So row 0 after the trap says
  // which loop ran.
  const rowZeroAfterTrap = (b: Build, vxBelowPx: number): number => {
    const inst = instance(b);
    const f = new Float32Array(inst.memory.buffer);
    f.fill(1);
    const px = inst.memory.buffer.byteLength - 12;
    expect(() => inst.exports.move(4, px, COLUMNS, px - vxBelowPx, COLUMNS + REGION)).toThrow(WebAssembly.RuntimeError);
    return f[px / 4];
  };

  it("the v128 loop for columns 16 bytes or more apart, the scalar one for closer columns and without the vectorizer", () => {
    expect(rowZeroAfterTrap(built.vector, 4096)).toBe(1); // nothing written: v128
    expect(rowZeroAfterTrap(built.vector, 16)).toBe(1);
    expect(rowZeroAfterTrap(built.vector, 12)).toBe(2); // row 0 written: scalar rows
    expect(rowZeroAfterTrap(built.vector, 4)).toBe(2);
    expect(rowZeroAfterTrap(built.scalar, 4096)).toBe(2);
  });

  it("f32 max stays scalar: a NaN row keeps the sign V8's scalar max gives it, read back as i32 bits", () => {
    const results = (b: Build) => {
      const inst = instance(b);
      const view = new DataView(inst.memory.buffer);
      new Uint8Array(inst.memory.buffer).fill(0);
      [Number.NaN, 1, -2, Number.NaN, 3, Number.NaN, -0, 4].forEach((v, k) => {
        view.setFloat32(COLUMNS + 4 * k, v, true);
      });
      inst.exports.clampSign(8, COLUMNS, COLUMNS + REGION);
      return [...new Int32Array(inst.memory.buffer, COLUMNS + REGION, 8)];
    };
    const expected = results(built.written);
    expect(results(built.vector)).toEqual(expected);
    expect(results(built.scalar)).toEqual(expected);
    // The rows that are no NaN: max(1, 0), max(-2, 0), max(3, 0), max(-0, 0), max(4, 0), sign bits clear.
    expect([1, 2, 4, 6, 7].map((k) => expected[k])).toEqual([0, 0, 0, 0, 0]);
  });
});

describe("kernel build vectorizer: columns that overlap", () => {
  // A kernel called directly may be given any addresses: the vector form runs only for
  // columns 0 or at least 16 bytes apart, so overlapping ones (px = vx - 4: each row reads
  // the row written just before) still give the scalar result.
  const overlapping = (name: string, types: readonly Column[]) =>
    fc.record({
      n: fc.integer({ min: 0, max: 67 }),
      offsets: fc.tuple(...types.map(() => fc.integer({ min: 0, max: 40 }))),
      data: fc.array(fc.integer({ min: -1000, max: 1000 }), { minLength: 120, maxLength: 120 }),
      scalar: fc.integer({ min: 0, max: 33 }),
      name: fc.constant(name),
    });

  it("move and integers over columns at random byte offsets within one region write what --no-vectorize writes", () => {
    const vector = instance(built.vector);
    const scalar = instance(built.scalar);
    const arbitrary = fc.oneof(overlapping("move", VECTORIZED.move.columns), overlapping("integers", ["i32", "i32"]));
    fc.assert(
      fc.property(arbitrary, ({ n, offsets, data, scalar: s, name }) => {
        const memoryAfter = (inst: ReturnType<typeof instance>) => {
          const view = new DataView(inst.memory.buffer);
          new Uint8Array(inst.memory.buffer).fill(0);
          for (let k = 0; k < data.length; k++) {
            if (name === "move") view.setFloat32(COLUMNS + 4 * k, data[k], true);
            else view.setInt32(COLUMNS + 4 * k, data[k], true);
          }
          const extra = name === "integers" ? [s] : [];
          inst.exports[name](n, ...offsets.map((o) => COLUMNS + o), ...extra);
          return new Uint8Array(inst.memory.buffer).slice();
        };
        const a = memoryAfter(vector);
        const b = memoryAfter(scalar);
        expect(a.findIndex((x, i) => x !== b[i])).toBe(-1);
      }),
      { numRuns: 500 },
    );
  });

  it("move with px = vx - 4 (a running sum in the scalar loop) gives the running sum", () => {
    const inst = instance(built.vector);
    const f = new Float32Array(inst.memory.buffer);
    f.fill(0);
    for (let k = 0; k < 9; k++) f[COLUMNS / 4 + k] = 1;
    // px = row 1, vx = row 0 of the same column; py and vy a column of their own.
    inst.exports.move(8, COLUMNS + 4, COLUMNS + REGION, COLUMNS, COLUMNS + REGION);
    expect([...f.subarray(COLUMNS / 4, COLUMNS / 4 + 9)]).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });
});
