// random_access_100k: 100,000 entities with Position { x, y: f32 }; one read of x and one
// write of x + 1 per entity through the accessor, as random_access's accessor row does, in
// two phases: over the entities in spawn order, then over random_access's seeded random
// picks. Reports ns per access. Spawn order against random order separates what the code
// costs from what the cache misses cost (a record, then the column it names, per access).
// world.get / world.set are random_access's own row: as a third phase here, after the
// accessor's, they measured 152 ns per access once and 87 as the first phase (not profiled).
//
// "typed-arrays-record" is the least any archetype lookup does, over plain typed arrays in
// the same layout as the core's (assembly/constants.ts): per access the entity's record (a
// u32 pair per slot: generation << 24 | table, then the row), the generation compared,
// the column's start in that table, then the value. Beside bitECS's row (one array read at
// the id: libs/bitecs-0.4/random_access_100k.ts) it shows what the record costs by itself.
import { type Access, component, createWorld, type Query } from "wasm-ecs";
import { expectEqual, sumOf } from "../check.js";
import { picks } from "../scenarios/random_access.js";
import type { PhaseBench, PhaseImplementation } from "../types.js";

const N = 100_000;

/** The record layout of assembly/constants.ts: slot bits of an entity, table bits of a record word. */
const SLOT_BITS = 22;
const TABLE_BITS = 24;

const Position = component("Position", { x: "f32", y: "f32" });

interface State {
  readonly pos: Access<typeof Position.schema>;
  readonly ordered: Uint32Array;
  readonly random: Uint32Array;
  readonly all: Query;
}

function touch(pos: Access<typeof Position.schema>, targets: Uint32Array): void {
  for (let i = 0; i < targets.length; i++) {
    const e = targets[i];
    pos.setX(e, pos.x(e) + 1);
  }
}

function inOrder(s: State): void {
  touch(s.pos, s.ordered);
}

function atRandom(s: State): void {
  touch(s.pos, s.random);
}

const wasmEcs: PhaseImplementation<State> = {
  async setup() {
    const world = await createWorld({ components: [Position], initialEntities: N });
    const ordered = world.spawnMany(N, Position);
    const random = picks().map((i) => ordered[i]);
    return { pos: world.access(Position), ordered, random, all: world.query({ all: [Position] }) };
  },
  check(s) {
    const sumX = () => sumOf(s.all, (t) => t.columns(Position).x);
    const before = sumX();
    for (const [phase, run] of [
      ["in spawn order", inOrder],
      ["at random", atRandom],
    ] as const) {
      const start = sumX();
      run(s);
      expectEqual("random_access_100k", `sum of Position.x after a pass ${phase}`, sumX(), start + N);
    }
    expectEqual("random_access_100k", "entities with Position", s.all.count(), N);
    expectEqual("random_access_100k", "sum of Position.x after the two passes", sumX(), before + 2 * N);
  },
  phases: [
    { name: "accessor, spawn order", per: N, unit: "access", run: inOrder },
    { name: "accessor, random order", per: N, unit: "access", run: atRandom },
  ],
};

interface RecordState {
  /** Per slot: generation << TABLE_BITS | table, then the row. */
  readonly recs: Int32Array;
  /** Per table: where row 0 of Position.x lies in `view` (-1: the table lacks Position). */
  readonly base: Int32Array;
  /** All columns of all tables, as the whole-memory view of f32. */
  readonly view: Float32Array;
  readonly ordered: Uint32Array;
  readonly random: Uint32Array;
}

function touchRecords(s: RecordState, targets: Uint32Array): void {
  const { recs, base, view } = s;
  for (let i = 0; i < targets.length; i++) {
    const e = targets[i];
    const k = (e & ((1 << SLOT_BITS) - 1)) * 2;
    const w = recs[k];
    const b = base[w & ((1 << TABLE_BITS) - 1)];
    if (w >>> TABLE_BITS !== e >>> SLOT_BITS || !(b >= 0)) throw new Error(`entity ${e} has no Position`);
    const j = b + recs[k + 1];
    view[j] = view[j] + 1;
  }
}

/** N entities in table 1 (slots 1..N, generation 0, row = slot - 1); x then y, N rows each. */
const typedArraysRecord: PhaseImplementation<RecordState> = {
  setup() {
    const recs = new Int32Array(2 * (N + 1));
    const ordered = new Uint32Array(N);
    for (let i = 0; i < N; i++) {
      const slot = i + 1;
      recs[2 * slot] = 1;
      recs[2 * slot + 1] = i;
      ordered[i] = slot;
    }
    return {
      recs,
      base: Int32Array.of(-1, 0),
      view: new Float32Array(2 * N),
      ordered,
      random: picks().map((i) => ordered[i]),
    };
  },
  check(s) {
    const sumX = () => s.view.subarray(0, N).reduce((a, x) => a + x, 0);
    const before = sumX();
    touchRecords(s, s.ordered);
    expectEqual("random_access_100k", "sum of Position.x after a pass in spawn order", sumX(), before + N);
    touchRecords(s, s.random);
    expectEqual("random_access_100k", "sum of Position.x after a pass at random", sumX(), before + 2 * N);
  },
  phases: [
    { name: "accessor, spawn order", per: N, unit: "access", run: (s) => touchRecords(s, s.ordered) },
    { name: "accessor, random order", per: N, unit: "access", run: (s) => touchRecords(s, s.random) },
  ],
};

export const bench: PhaseBench = {
  kind: "phases",
  name: "random_access_100k",
  group: "micro",
  description:
    "pos.setX(e, pos.x(e) + 1) over 100k entities, in spawn order and in random_access's random order (ns per access)",
  implementations: { "wasm-ecs": wasmEcs, "typed-arrays-record": typedArraysRecord },
};
