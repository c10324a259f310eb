// The model-based run shared by the test (test/model.test.ts) and the long fuzz mode
// (npm run fuzz): random operation sequences on a world and on a plain JS model, with
// systems, deferral, snapshots, sparse tags and object fields; after every operation
// every live entity's components and values, and several queries, must agree.
import fc from "fast-check";
import { expect } from "vitest";
import { type Component, createWorld, StaleEntityError, tag, type World } from "wasm-ecs";
import {
  ALL,
  type FieldValues,
  Frozen,
  Hp,
  Label,
  Marked,
  Mass,
  Picked,
  Pos,
  Rgb,
  type Terms,
  WorldModel,
} from "./model.js";

/** Deterministic values for c from an integer seed, valid for every field type. */
function valuesFor(c: Component, seed: number): Record<string, unknown> {
  if (c === Pos) return { x: seed * 0.5, y: -seed };
  if (c === Label) return { name: `s${seed}`, n: seed };
  if (c === Hp) return { hp: seed - 5000 };
  if (c === Rgb) return { c: [seed & 255, (seed >> 3) & 255, (seed >> 5) & 255] };
  if (c === Mass) return { m: seed / 3 };
  return {};
}

const comp = fc.integer({ min: 0, max: ALL.length - 1 }).map((i) => ALL[i]);
const comps = fc.uniqueArray(comp, { maxLength: 4 });
const seed = fc.integer({ min: 0, max: 10_000 });
const pick = fc.nat();
const dense = ALL.filter((c) => !c.sparse);
const denseComp = fc.integer({ min: 0, max: dense.length - 1 }).map((i) => dense[i]);
const terms: fc.Arbitrary<Terms> = fc.record({
  all: comps,
  any: fc.uniqueArray(denseComp, { maxLength: 2 }),
  none: fc.uniqueArray(comp, { maxLength: 2 }),
});
const deferredAction = fc.oneof(
  fc.record({ k: fc.constant("write" as const), seed }),
  fc.record({ k: fc.constant("destroy" as const) }),
  fc.record({ k: fc.constant("destroyOther" as const), pick }),
  fc.record({ k: fc.constant("add" as const), c: comp, seed, withValues: fc.boolean() }),
  fc.record({ k: fc.constant("remove" as const), c: comp }),
  fc.record({ k: fc.constant("spawn" as const), cs: comps, seed }),
  fc.record({ k: fc.constant("none" as const) }),
);
type DeferredAction = typeof deferredAction extends fc.Arbitrary<infer T> ? T : never;

const op = fc.oneof(
  { weight: 4, arbitrary: fc.record({ k: fc.constant("spawn" as const), cs: comps, seed }) },
  {
    weight: 1,
    arbitrary: fc.record({ k: fc.constant("spawnMany" as const), n: fc.integer({ min: 0, max: 12 }), cs: comps, seed }),
  },
  {
    weight: 3,
    arbitrary: fc.record({ k: fc.constant("add" as const), pick, c: comp, seed, withValues: fc.boolean() }),
  },
  { weight: 2, arbitrary: fc.record({ k: fc.constant("remove" as const), pick, c: comp }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constant("set" as const), pick, c: comp, seed }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constant("destroy" as const), pick }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant("destroyStale" as const), pick }) },
  {
    weight: 1,
    arbitrary: fc.record({ k: fc.constant("destroyMany" as const), picks: fc.array(pick, { maxLength: 5 }) }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      k: fc.constant("addMany" as const),
      picks: fc.array(pick, { maxLength: 6 }),
      c: comp,
      seed,
      withValues: fc.boolean(),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ k: fc.constant("removeMany" as const), picks: fc.array(pick, { maxLength: 6 }), c: comp }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      k: fc.constant("batchQuery" as const),
      terms,
      c: comp,
      kind: fc.constantFrom("add", "remove", "destroy"),
    }),
  },
  { weight: 2, arbitrary: fc.record({ k: fc.constant("query" as const), terms }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constant("step" as const) }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant("snapshot" as const) }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant("restore" as const) }) },
  {
    weight: 2,
    arbitrary: fc.record({
      k: fc.constant("iterate" as const),
      terms,
      actions: fc.array(deferredAction, { minLength: 1, maxLength: 6 }),
    }),
  },
);
type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;

function live(model: WorldModel, p: number): number | undefined {
  const list = [...model.entities.keys()];
  return list.length === 0 ? undefined : list[p % list.length];
}

function sorted(xs: Iterable<number>): number[] {
  return [...xs].sort((a, b) => a - b);
}

/** First difference between the world and the model, or undefined. */
function difference(world: World, model: WorldModel): string | undefined {
  if (world.entityCount !== model.entities.size)
    return `entityCount ${world.entityCount} vs model ${model.entities.size}`;
  for (const [e, m] of model.entities) {
    if (!world.isAlive(e)) return `entity ${e} should be alive`;
    for (const c of ALL) {
      if (world.has(e, c) !== m.has(c)) return `entity ${e} has(${c.name}) should be ${m.has(c)}`;
      if (!m.has(c) || (c.fields.length === 0 && c.objectFields.length === 0)) continue;
      const got = JSON.stringify(world.get(e, c));
      const want = JSON.stringify(m.get(c) as FieldValues, Object.keys(world.get(e, c)));
      if (got !== want) return `entity ${e} ${c.name} is ${got}, model says ${want}`;
    }
  }
  for (const e of model.dead) if (world.isAlive(e)) return `destroyed entity ${e} is alive`;
  const checked = [
    { all: [Pos] },
    { all: [Hp], none: [Frozen] },
    { any: [Marked, Rgb] },
    {},
    { all: [Picked] },
    { all: [Label], none: [Picked] },
  ] as Terms[];
  for (const t of checked) {
    const got = sorted(world.query(t).entities());
    const want = sorted(model.query(t));
    if (JSON.stringify(got) !== JSON.stringify(want)) return `query ${JSON.stringify(termNames(t))}: ${got} vs ${want}`;
  }
  return undefined;
}

function termNames(t: Terms): Record<string, string[]> {
  return Object.fromEntries(Object.entries(t).map(([k, cs]) => [k, (cs as Component[]).map((c) => c.name)]));
}

function spawnArgs(cs: readonly Component[], s: number) {
  return cs.map((c) => (c.fields.length + c.objectFields.length > 0 ? c.with(valuesFor(c, s)) : c));
}

/** What a run keeps besides the world and the model: the last snapshot and the watch system's state. */
interface RunState {
  saved: { bytes: Uint8Array; model: WorldModel } | undefined;
  /** Whether the watch system has asked world.removed() since the log (re)started. */
  watching: boolean;
}

/** The systems every tested world runs on `step`; they check and update the model as they go. */
function addSystems(world: World, model: WorldModel, state: RunState): void {
  model.watch(Hp);
  world.system("grow", { all: [Hp], none: [Frozen] }, (q) => {
    for (const t of q) {
      const hp = t.write(Hp).hp;
      for (let i = 0; i < t.count; i++) hp[i] = (hp[i] + 1) | 0;
    }
    for (const e of model.query({ all: [Hp], none: [Frozen] })) {
      const v = model.entities.get(e)?.get(Hp) as FieldValues;
      model.set(e, Hp, { hp: ((v.hp as number) + 1) | 0 });
    }
  });
  world.system("tagger", { all: [Mass], none: [Marked] }, (q) => {
    for (const t of q) for (const e of t.entities) world.add(e, Marked);
    // Applied when the system returns, before the next one runs.
    for (const e of model.query({ all: [Mass], none: [Marked] })) model.add(e, Marked, undefined);
  });
  world.system("watch", { all: [Hp], changed: [Hp] }, (q) => {
    const got: number[] = [];
    for (const t of q) for (const r of t.rows as Uint32Array) got.push(t.entities[r]);
    const changed = model.changed.get(Hp) as Set<number>;
    expect(sorted(got)).toEqual(sorted([...changed].filter((e) => model.entities.get(e)?.has(Hp))));
    changed.clear();
    const removed = world.removed(Hp);
    if (state.watching) expect(sorted(removed)).toEqual(sorted(model.lost.get(Hp) as number[]));
    state.watching = true;
    model.lost.set(Hp, []);
  });
}

/** Runs one deferred action for the visited entity; returns what the model must apply at the flush. */
function runDeferred(
  world: World,
  model: WorldModel,
  a: DeferredAction,
  e: number,
  write: () => void,
): (() => void) | undefined {
  switch (a.k) {
    case "write":
      write();
      return undefined;
    case "destroy":
      world.destroy(e);
      return () => model.destroy(e);
    case "destroyOther": {
      const other = live(model, a.pick) as number;
      if (!world.isAlive(other)) return undefined;
      world.destroy(other);
      return () => model.destroy(other);
    }
    case "add": {
      // Sparse tags apply at once, which would change what this very iteration visits.
      if (a.c.sparse) return undefined;
      const values = a.withValues ? valuesFor(a.c, a.seed) : undefined;
      world.add(e, a.c, values);
      return () => model.add(e, a.c, values);
    }
    case "remove": {
      if (a.c.sparse) return undefined;
      const had = model.entities.get(e)?.has(a.c) ?? false;
      expect(world.remove(e, a.c)).toBe(had);
      return () => model.remove(e, a.c);
    }
    case "spawn": {
      const n = world.spawn(...spawnArgs(a.cs, a.seed));
      expect(world.isAlive(n)).toBe(true);
      model.spawn(n, new Map());
      return () => model.spawn(n, new Map(a.cs.map((c) => [c, valuesFor(c, a.seed)])));
    }
    case "none":
      return undefined;
  }
}

function iterate(world: World, model: WorldModel, t: Terms, actions: DeferredAction[]): void {
  const expected = sorted(model.query(t));
  const visited: number[] = [];
  const pending: (() => void)[] = [];
  let n = 0;
  for (const table of world.query(t)) {
    const rows = table.rows ?? Array.from({ length: table.count }, (_, r) => r);
    for (const row of rows) {
      // Fetched again for every row: a deferred spawn below is a core call, which may
      // grow memory and detach a view kept from before (the growth test forces that).
      const e = table.entities[row];
      visited.push(e);
      const a = actions[n++ % actions.length];
      const write = () => {
        if (!table.has(Pos)) return;
        const p = table.columns(Pos);
        p.x[row] = a.k === "write" ? a.seed : 0;
        model.set(e, Pos, { x: a.k === "write" ? a.seed : 0 });
      };
      const apply = runDeferred(world, model, a, e, write);
      if (apply) pending.push(apply);
    }
  }
  expect(sorted(visited)).toEqual(expected);
  for (const apply of pending) apply();
}

function run(world: World, model: WorldModel, o: Op, state: RunState): void {
  switch (o.k) {
    case "spawn": {
      const e = world.spawn(...spawnArgs(o.cs, o.seed));
      model.spawn(e, new Map(o.cs.map((c) => [c, valuesFor(c, o.seed)])));
      return;
    }
    case "spawnMany": {
      const es = world.spawnMany(o.n, ...spawnArgs(o.cs, o.seed));
      expect(es.length).toBe(o.n);
      for (const e of es) model.spawn(e, new Map(o.cs.map((c) => [c, valuesFor(c, o.seed)])));
      return;
    }
    case "add": {
      const e = live(model, o.pick);
      if (e === undefined) return;
      const values = o.withValues ? valuesFor(o.c, o.seed) : undefined;
      world.add(e, o.c, values);
      model.add(e, o.c, values);
      return;
    }
    case "remove": {
      const e = live(model, o.pick);
      if (e === undefined) return;
      expect(world.remove(e, o.c)).toBe(model.entities.get(e)?.has(o.c));
      model.remove(e, o.c);
      return;
    }
    case "set": {
      const e = live(model, o.pick);
      if (e === undefined || !model.entities.get(e)?.has(o.c)) return;
      world.set(e, o.c, valuesFor(o.c, o.seed));
      model.set(e, o.c, valuesFor(o.c, o.seed));
      return;
    }
    case "destroy": {
      const e = live(model, o.pick);
      if (e === undefined) return;
      world.destroy(e);
      model.destroy(e);
      return;
    }
    case "destroyStale": {
      if (model.dead.length === 0) return;
      const e = model.dead[o.pick % model.dead.length];
      expect(() => world.destroy(e)).toThrow(StaleEntityError);
      expect(() => world.destroy(e)).toThrow(/is stale: slot \d+ is (free|now at generation)/);
      return;
    }
    case "destroyMany": {
      const es = [...new Set(o.picks.map((p) => live(model, p)).filter((e) => e !== undefined))];
      world.destroyMany(es);
      for (const e of es) model.destroy(e);
      return;
    }
    case "addMany":
    case "removeMany": {
      const es = o.picks.map((p) => live(model, p)).filter((e) => e !== undefined);
      if (o.k === "addMany") {
        const values = o.withValues ? valuesFor(o.c, o.seed) : undefined;
        world.addMany(es, o.c, values);
        for (const e of es) model.add(e, o.c, values);
      } else {
        world.removeMany(es, o.c);
        for (const e of es) model.remove(e, o.c);
      }
      return;
    }
    case "batchQuery": {
      const es = model.query(o.terms);
      const q = world.query(o.terms);
      if (o.kind === "add") world.addMany(q, o.c);
      else if (o.kind === "remove") world.removeMany(q, o.c);
      else world.destroyMany(q);
      for (const e of es) {
        if (o.kind === "add") model.add(e, o.c, undefined);
        else if (o.kind === "remove") model.remove(e, o.c);
        else model.destroy(e);
      }
      return;
    }
    case "query":
      expect(sorted(world.query(o.terms).entities())).toEqual(sorted(model.query(o.terms)));
      expect(world.query(o.terms).count()).toBe(model.query(o.terms).length);
      return;
    case "iterate":
      iterate(world, model, o.terms, o.actions);
      return;
    case "step":
      world.step(1 / 60);
      return;
    case "snapshot":
      state.saved = { bytes: world.snapshot(), model: model.clone() };
      return;
    case "restore":
      if (state.saved === undefined) return;
      world.restore(state.saved.bytes);
      model.assign(state.saved.model);
      // Removal logs are not part of a snapshot: the next ask starts them again.
      state.watching = false;
      return;
  }
}

/** Options of the worlds a run makes. */
export interface RunOptions {
  readonly debug: boolean;
  readonly growMemoryEachCall?: boolean;
}

/** One model-based property run: `runs` random sequences of `commands` operations on worlds made with `options`. */
export async function property(runs: number, commands: number, options: RunOptions, seed?: number): Promise<void> {
  await fc.assert(
    fc.asyncProperty(
      fc.integer({ min: 0, max: 70 }),
      fc.array(op, { minLength: commands, maxLength: commands }),
      async (pad, ops) => {
        // Filler tags first, so the tested components' ids cross 32- and 64-bit word edges.
        const fillers = Array.from({ length: pad }, (_, i) => tag(`Filler${i}`));
        const world = await createWorld({
          components: [...fillers, ...ALL],
          ...options,
          ...(options.growMemoryEachCall ? { initialMemoryBytes: 1 << 20 } : {}),
        });
        const model = new WorldModel();
        const state: RunState = { saved: undefined, watching: false };
        addSystems(world, model, state);
        try {
          for (const o of ops) {
            run(world, model, o, state);
            const diff = difference(world, model);
            if (diff !== undefined) throw new Error(`after ${o.k}: ${diff}`);
          }
        } finally {
          world.dispose();
        }
      },
    ),
    seed === undefined ? { numRuns: runs } : { numRuns: runs, seed },
  );
}
