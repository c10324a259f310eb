// views_vs_arrays_1m: `pos += vel` over 2 f32 fields for 1,000,000 entities, through the column
// views a query yields ("wasm-ecs") and over plain Float32Arrays ("typed-arrays"); the
// budget is the views within 10% of the plain arrays. One op = one pass over 1M entities.
//
// "typed-arrays-grown" is the plain loop in a process where a WebAssembly.Memory has grown
// once. Growing detaches the old buffer, which invalidates V8's isolate-wide
// ArrayBufferDetaching protector: from then on optimized code checks for detachment on
// typed-array accesses, in every typed-array loop of the thread, ECS or not (check with
// `node --trace-protector-invalidation`; the runner reports it per bench). Worlds reserve
// their memory up front, but one that outgrows the reservation brings the checks back;
// this variant measures what they cost.
import { component, createWorld, type Query, type World } from "wasm-ecs";
import { expectEqual } from "../check.js";
import type { StepBench, StepImplementation } from "../types.js";

const N = 1_000_000;

const Position = component("Position", { x: "f32", y: "f32" });
const Velocity = component("Velocity", { x: "f32", y: "f32" });

interface ViewState {
  readonly world: World;
  readonly moving: Query;
}

function moveViews(s: ViewState): void {
  for (const t of s.moving) {
    const p = t.columns(Position);
    const v = t.columns(Velocity);
    const px = p.x;
    const py = p.y;
    const vx = v.x;
    const vy = v.y;
    for (let i = 0; i < t.count; i++) {
      px[i] += vx[i];
      py[i] += vy[i];
    }
  }
}

interface ArrayState {
  readonly px: Float32Array;
  readonly py: Float32Array;
  readonly vx: Float32Array;
  readonly vy: Float32Array;
  readonly count: number;
}

function moveArrays(s: ArrayState): void {
  const { px, py, vx, vy } = s;
  for (let i = 0; i < s.count; i++) {
    px[i] += vx[i];
    py[i] += vy[i];
  }
}

/** Checks one pass from zeroed positions with velocity (1, 0.5): x sums to N, y to N / 2. */
function checkSums(name: string, xs: ArrayLike<number>[], ys: ArrayLike<number>[]): void {
  let sx = 0;
  let sy = 0;
  let n = 0;
  for (const x of xs) for (let i = 0; i < x.length; i++, n++) sx += x[i];
  for (const y of ys) for (let i = 0; i < y.length; i++) sy += y[i];
  expectEqual(name, "entities visited", n, N);
  expectEqual(name, "sum of x after one pass", sx, N);
  expectEqual(name, "sum of y after one pass", sy, N / 2);
}

const wasmEcs: StepImplementation<ViewState> = {
  async setup() {
    const world = await createWorld({ components: [Position, Velocity], initialEntities: N });
    world.spawnMany(N, Position, Velocity.withEach({ x: 1, y: 0.5 }));
    return { world, moving: world.query({ all: [Position, Velocity] }) };
  },
  step: moveViews,
  check(s) {
    moveViews(s);
    const xs: Float32Array[] = [];
    const ys: Float32Array[] = [];
    for (const t of s.moving) {
      xs.push(t.columns(Position).x);
      ys.push(t.columns(Position).y);
    }
    checkSums("views_vs_arrays_1m (wasm-ecs)", xs, ys);
  },
};

const typedArrays: StepImplementation<ArrayState> = {
  setup() {
    return {
      px: new Float32Array(N),
      py: new Float32Array(N),
      vx: new Float32Array(N).fill(1),
      vy: new Float32Array(N).fill(0.5),
      count: N,
    };
  },
  step: moveArrays,
  check(s) {
    moveArrays(s);
    checkSums("views_vs_arrays_1m (typed-arrays)", [s.px], [s.py]);
  },
};

/**
 * The same plain arrays in the loop shape the query API has: an outer for-of over
 * "tables" (here one), the inner loop bounded by a property. for-of wraps its body in
 * the iterator-close try/finally, which alone costs the inner loop about 10% in V8.
 */
function moveArraysForOf(tables: readonly ArrayState[]): void {
  for (const s of tables) {
    const { px, py, vx, vy } = s;
    for (let i = 0; i < s.count; i++) {
      px[i] += vx[i];
      py[i] += vy[i];
    }
  }
}

const typedArraysForOf: StepImplementation<readonly ArrayState[]> = {
  setup() {
    return [typedArrays.setup() as ArrayState];
  },
  step: moveArraysForOf,
  check(s) {
    moveArraysForOf(s);
    checkSums("views_vs_arrays_1m (typed-arrays-for-of)", [s[0].px], [s[0].py]);
  },
};

const typedArraysGrown: StepImplementation<ArrayState> = {
  setup() {
    new WebAssembly.Memory({ initial: 1, maximum: 2 }).grow(1);
    return typedArrays.setup() as ArrayState;
  },
  step: moveArrays,
  check(s) {
    moveArrays(s);
    checkSums("views_vs_arrays_1m (typed-arrays-grown)", [s.px], [s.py]);
  },
};

export const bench: StepBench = {
  kind: "steps",
  name: "views_vs_arrays_1m",
  group: "micro",
  description: "pos += vel (2 f32 fields) over 1M entities: query column views vs plain Float32Arrays",
  per: { count: N, unit: "entity" },
  implementations: {
    "wasm-ecs": wasmEcs,
    "typed-arrays": typedArrays,
    "typed-arrays-for-of": typedArraysForOf,
    "typed-arrays-grown": typedArraysGrown,
  },
};
