// The invariant walk (assembly/debug.ts). Random operation sequences against a plain JS
// model: the debug build runs with init(maxPages, 1), so checkInvariants() walks the
// whole core after every structural op and aborts (an exception here) on the first
// broken rule; the release build runs the same sequences and must agree with the model.
// No sequence may trap. And the walk itself: on a core broken by hand it aborts naming
// the invariant, and the release build compiles it out.
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import {
  ERR_CAPACITY,
  ERR_STALE,
  FLAG_TAG,
  H_ALIVE,
  H_MASK_WORDS,
  H_MASKS,
  H_RECORDS,
  H_RESULT,
  H_TABLES,
  OK,
  T_CAPACITY,
  T_COUNT,
  T_EDGES,
  T_STRIDE,
} from "../../bindings/core/constants.generated.js";
import { ELEMENT_TYPES, type ElementType, slotOf } from "./fixtures.js";
import { BUILDS, type Build, CoreHarness } from "./harness.js";

/** One random step: which op, three small numbers, a list of picks and a flag. */
interface Op {
  readonly kind: number;
  readonly a: number;
  readonly b: number;
  readonly c: number;
  readonly list: readonly number[];
  readonly flag: boolean;
}

const KINDS = 14;
const opArb: fc.Arbitrary<Op> = fc.record({
  kind: fc.nat({ max: KINDS - 1 }),
  a: fc.nat({ max: 1 << 16 }),
  b: fc.nat({ max: 1 << 16 }),
  c: fc.nat({ max: 100 }),
  list: fc.array(fc.nat({ max: 1 << 16 }), { maxLength: 12 }),
  flag: fc.boolean(),
});

/** A component as the model sees it: undefined type for a tag, else field 0's type and default. */
interface ModelComponent {
  readonly type: ElementType | undefined;
  readonly def: number;
}

/** The reference model: every handle ever spawned, and per live one its components and values. */
class Model {
  readonly comps: ModelComponent[] = [];
  readonly handles: number[] = [];
  readonly live = new Map<number, Map<number, number>>();

  constructor(
    readonly core: CoreHarness,
    readonly tight: boolean,
  ) {}

  register(type: ElementType | undefined, def: number): number {
    const id = type === undefined ? this.core.register([], FLAG_TAG) : this.core.register([{ type, default: [def] }]);
    if (id === ERR_CAPACITY && this.tight) return id;
    expect(id).toBe(this.comps.length);
    this.comps.push({ type, def });
    return id;
  }

  /** Components of table t, each with its default value. */
  defaultsOf(t: number): Map<number, number> {
    return new Map(this.core.maskBits(t).map((c) => [c, this.comps[c].def]));
  }

  /** e now has exactly the components of table t: kept ones keep their value, new ones take the default. */
  moveTo(e: number, t: number): void {
    const before = this.live.get(e) ?? new Map<number, number>();
    const after = this.defaultsOf(t);
    for (const [c, v] of before) if (after.has(c)) after.set(c, v);
    this.live.set(e, after);
  }

  /** Index of the first dead handle in list (what a non-skipDead batch reports), or undefined. */
  staleIndex(list: readonly number[]): number | undefined {
    const i = list.findIndex((e) => !this.live.has(e));
    return i < 0 ? undefined : i;
  }

  pick(n: number): number {
    return this.handles.length === 0 ? 0 : this.handles[n % this.handles.length];
  }

  /** Accepts `status` as `expected`, or as ERR_CAPACITY at a tight ceiling; false when nothing changed. */
  ok(status: number, expected: number): boolean {
    if (this.tight && status === ERR_CAPACITY && expected >= 0) return false;
    expect(status).toBe(expected);
    return true;
  }

  /** Checks every live entity against the model and every dead handle against isAlive. */
  verify(): void {
    const core = this.core;
    expect(core.header(H_ALIVE)).toBe(this.live.size);
    for (const e of this.handles) expect(core.raw.isAlive(e)).toBe(this.live.has(e) ? 1 : 0);
    for (const [e, values] of this.live) {
      const { table, row } = core.record(e);
      expect(core.entities(table)[row]).toBe(e);
      expect(core.maskBits(table)).toEqual([...values.keys()].sort((x, y) => x - y));
      for (const [c, v] of values) {
        const type = this.comps[c].type;
        if (type !== undefined) expect(core.read(e, c, 0, type), `entity ${e} component ${c}`).toBe(v);
      }
    }
  }
}

function step(model: Model, op: Op): void {
  const core = model.core;
  const tables = core.tableCount();
  const t = op.a % tables;
  // Half the picks come from the first few components, so entities share tables.
  const c = op.b % 2 === 0 ? (op.b >> 1) % 12 : op.b % model.comps.length;
  const e = model.pick(op.a);
  const list = op.list.map((n) => model.pick(n));
  const alive = model.live.has(e);
  switch (op.kind) {
    case 0:
    case 1: {
      const status = core.raw.spawn(t);
      if (model.tight && status === ERR_CAPACITY) return;
      expect(status).toBeGreaterThan(0);
      model.handles.push(status);
      model.moveTo(status, t);
      return;
    }
    case 2: {
      const first = core.table(t).count;
      const { status, entities } = core.spawnMany(t, op.c % 40);
      if (!model.ok(status, first)) return;
      for (const s of entities) {
        model.handles.push(s);
        model.moveTo(s, t);
      }
      return;
    }
    case 3:
    case 4: {
      const has = model.live.get(e)?.has(c) ?? false;
      if (!model.ok(core.raw.add(e, c), alive ? (has ? 1 : 0) : ERR_STALE) || !alive || has) return;
      model.live.get(e)?.set(c, model.comps[c].def);
      return;
    }
    case 5: {
      const has = model.live.get(e)?.has(c) ?? false;
      if (!model.ok(core.raw.remove(e, c), alive ? (has ? 1 : 0) : ERR_STALE) || !alive) return;
      model.live.get(e)?.delete(c);
      return;
    }
    case 6: {
      if (model.ok(core.raw.moveTo(e, t), alive ? OK : ERR_STALE) && alive) model.moveTo(e, t);
      return;
    }
    case 7:
    case 8: {
      const stale = op.flag ? undefined : model.staleIndex(list);
      const status = op.kind === 7 ? core.moveMany(list, t, op.flag) : core.addMany(list, c, op.flag);
      if (stale !== undefined) {
        expect(status).toBe(ERR_STALE);
        expect(core.header(H_RESULT)).toBe(stale);
        return;
      }
      if (!model.ok(status, OK)) return;
      for (const s of new Set(list)) {
        const values = model.live.get(s);
        if (values === undefined) continue;
        if (op.kind === 7) model.moveTo(s, t);
        else if (!values.has(c)) values.set(c, model.comps[c].def);
      }
      return;
    }
    case 9: {
      const stale = op.flag ? undefined : model.staleIndex(list);
      const status = core.removeMany(list, c, op.flag);
      if (stale !== undefined) {
        expect(status).toBe(ERR_STALE);
        expect(core.header(H_RESULT)).toBe(stale);
        return;
      }
      if (!model.ok(status, OK)) return;
      for (const s of list) model.live.get(s)?.delete(c);
      return;
    }
    case 10: {
      expect(core.raw.destroy(e)).toBe(alive ? OK : ERR_STALE);
      model.live.delete(e);
      return;
    }
    case 11: {
      const stale = op.flag ? undefined : model.staleIndex(list);
      expect(core.destroyMany(list, op.flag)).toBe(stale === undefined ? OK : ERR_STALE);
      if (stale !== undefined) expect(core.header(H_RESULT)).toBe(stale);
      else for (const s of list) model.live.delete(s);
      return;
    }
    case 12: {
      const to = op.flag ? core.raw.tableWithout(t, c) : core.raw.tableWith(t, c);
      if (model.tight && to === ERR_CAPACITY) return;
      const bits = new Set(core.maskBits(t));
      if (op.flag) bits.delete(c);
      else bits.add(c);
      expect(core.maskBits(to)).toEqual([...bits].sort((x, y) => x - y));
      return;
    }
    default: {
      const type = op.flag ? undefined : ELEMENT_TYPES[op.c % ELEMENT_TYPES.length];
      model.register(type, op.c % 3 === 0 ? 0 : op.c);
      if (model.live.size === 0) return;
      // Also overwrite one live entity's values, so moves have something to carry.
      const [target, values] = [...model.live][op.b % model.live.size];
      for (const [comp] of values) {
        const ty = model.comps[comp].type;
        if (ty === undefined) continue;
        core.write(target, comp, 0, ty, (op.a + comp) % 100);
        values.set(comp, (op.a + comp) % 100);
      }
    }
  }
}

/** Registers data components of every type plus tags, close to the 64-component mask word. */
function setUp(core: CoreHarness, tight: boolean): Model {
  const model = new Model(core, tight);
  ELEMENT_TYPES.forEach((type, i) => {
    model.register(type, i % 2 === 0 ? 0 : i + 1);
  });
  while (model.comps.length < 60) model.register(undefined, 0);
  if (tight) fillMemory(model);
  return model;
}

/** Spawns rows of a 1 KiB component until the ceiling refuses, so later ops run out of memory too. */
function fillMemory(model: Model): void {
  const core = model.core;
  const fat = core.component([{ type: "f64", length: 128 }]);
  expect(fat).toBe(model.comps.length);
  model.comps.push({ type: "f64", def: 0 });
  const t = core.tableOf([fat]);
  for (let n = 16; n > 0; n >>= 1) {
    for (;;) {
      const { status, ok, entities } = core.spawnMany(t, n);
      if (status === ERR_CAPACITY) break;
      expect(ok).toBe(true);
      for (const e of entities) {
        model.handles.push(e);
        model.moveTo(e, t);
      }
    }
  }
}

function run(build: Build, maxPages: number, ops: readonly Op[]): Promise<void> {
  return CoreHarness.create(build, { maxPages, checks: 1 }).then((core) => {
    const model = setUp(core, maxPages <= 2);
    for (const op of ops) {
      step(model, op);
      model.verify();
    }
    expect(core.raw.checkInvariants()).toBe(OK);
  });
}

/** Keeps a failing run (shrinking included) from eating the suite's time; an interrupted run fails. */
const BUDGET = { interruptAfterTimeLimit: 20_000, markInterruptAsFailure: true };

describe.each(BUILDS)("debug (%s build)", (build) => {
  test("debug invariants hold and the core agrees with the model over random operation sequences", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 20, maxLength: 120 }), (ops) => run(build, 256, ops)),
      { numRuns: 40, ...BUDGET },
    );
  });

  test("debug invariants hold over random operation sequences at a tight memory ceiling", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 50, maxLength: 250 }), (ops) => run(build, 2, ops)),
      { numRuns: 15, ...BUDGET },
    );
  });
});

/** A debug core with one f32 component A, table tA = [A] holding two entities, and the edge 0 -> tA cached. */
async function healthy(build: Build) {
  const core = await CoreHarness.create(build);
  const A = core.component([{ type: "f32" }]);
  const tA = core.tableOf([A]);
  const [e0, e1] = [core.spawn(tA), core.spawn(tA)];
  expect(core.raw.checkInvariants()).toBe(OK);
  /** u32 index of slot `slot` of table t's record. */
  const rec = (t: number, slot: number) => (core.header(H_TABLES) >>> 2) + t * T_STRIDE + slot;
  return { core, A, tA, e0, e1, rec };
}

/** The error checkInvariants() threw, or undefined when it returned. */
function walkError(core: CoreHarness): unknown {
  try {
    core.raw.checkInvariants();
  } catch (error) {
    return error;
  }
  return undefined;
}

function expectAbort(core: CoreHarness, message: string): void {
  const error = walkError(core);
  expect(error).toBeInstanceOf(Error);
  expect((error as Error).message).toMatch(new RegExp(`^core abort: ${message.replace(/[[\]()]/g, "\\$&")} at `));
}

describe("debug checkInvariants on a core broken by hand", () => {
  test("debug checkInvariants aborts naming invariant 1 when an entity's record points at another row", async () => {
    const { core, e0, e1 } = await healthy("debug");
    const [r0, r1] = [e0, e1].map((e) => (core.header(H_RECORDS) >>> 2) + slotOf(e) * 2 + 1); // word 1: the row
    const u32 = core.u32();
    [u32[r0], u32[r1]] = [u32[r1], u32[r0]];
    expectAbort(core, "invariant 1: the record of entities[row] points at that row");
  });

  test("debug checkInvariants aborts naming invariant 2 when a table's count passes its capacity", async () => {
    const { core, tA, rec } = await healthy("debug");
    core.u32()[rec(tA, T_COUNT)] = core.tget(tA, T_CAPACITY) + 1;
    expectAbort(core, "invariant 2: count <= capacity");
  });

  test("debug checkInvariants aborts naming invariant 3 when a table's mask loses a component's bit", async () => {
    const { core, A } = await healthy("debug");
    const B = core.component([{ type: "u8" }]);
    const tAB = core.tableForMask([A, B]); // made directly: no cached edge leads to it
    expect(core.raw.checkInvariants()).toBe(OK);
    const at = (core.header(H_MASKS) >>> 2) + tAB * core.header(H_MASK_WORDS) * 2 + (B >>> 5);
    core.u32()[at] &= ~(1 << (B & 31));
    expectAbort(core, "invariant 3: a table's mask has one bit per component");
  });

  test("debug checkInvariants aborts naming invariant 4 when a cached edge leads to the wrong table", async () => {
    const { core, A, tA } = await healthy("debug");
    expect(core.edge(0, A, "add")).toBe(tA);
    core.u32()[(core.tget(0, T_EDGES) >>> 2) + A * 2] = 1; // add[A] of table 0 -> table 0 (id + 1)
    expectAbort(
      core,
      "invariant 4: a cached edge leads to the table with that component (and its companion) added or removed",
    );
  });

  test("debug checkInvariants is compiled out of the release build: it returns OK over a broken record", async () => {
    const { core, tA, rec } = await healthy("release");
    core.u32()[rec(tA, T_COUNT)] = core.tget(tA, T_CAPACITY) + 1;
    expect(walkError(core)).toBeUndefined();
    expect(core.raw.checkInvariants()).toBe(OK);
  });
});
