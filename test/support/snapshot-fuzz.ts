// Snapshot fuzzing shared by the test (test/reliability/snapshot-fuzz.test.ts) and
// `npm run fuzz`: damaged and crafted snapshots given to restore(). Damage: flipped bits
// (random, two- and three-bit patterns, bursts), truncations, extensions, header edits,
// left unsealed (the CRC must catch them). Crafted: the JSON part or the memory image
// edited and the CRC recomputed, the hostile case: words of the core header, table
// records, column descriptors, entity records, entity columns, component records, heap
// block headers, pairs and the target map, or anywhere, set to random, nearby, 2^31-style
// or borrowed values; the image cut short or lengthened with the header made to agree.
// Every variant must be refused with SnapshotError (or CapacityError) leaving the world
// exactly as it was, or be accepted with every invariant holding and a series of ordinary
// calls (spawn, add, remove, set, get, destroy, queries, pairs, targets, snapshot and
// restore) answering without a trap or an untyped error. runVariant() says which.
// This module runs inside the fuzz worker (snapshot-fuzz-worker.ts), which the runner
// (snapshot-fuzz-run.ts) watches for hangs.
import {
  CapacityError,
  type Component,
  component,
  createWorld,
  EcsError,
  relation,
  SnapshotError,
  tag,
  type World,
  WorldPoisonedError,
} from "wasm-ecs";
import {
  A_HEADER,
  C_STRIDE,
  H_COMPONENT_COUNT,
  H_COMPONENTS,
  H_HEAP_TOP,
  H_RECORDS,
  H_SIZE,
  H_SLOT_COUNT,
  H_TABLE_COUNT,
  H_TABLES,
  H_TGT_CAP,
  H_TGT_MAP,
  K_STRIDE,
  P_STRIDE,
  T_COLS,
  T_COUNT,
  T_NCOLS,
  T_NPAIRS,
  T_PAIRS,
  T_STRIDE,
} from "../../bindings/core/constants.generated.js";
import { seal } from "../../bindings/snapshot/format.js";
import { checkInvariants } from "./internals.js";
import { rng } from "./rng.js";
import { stateOf } from "./state.js";

const Position = component("Position", { x: "f32", y: "f32" });
const Health = component("Health", { hp: "i32" });
const Name = component("Name", { label: "object" });
const Picked = tag("Picked", { sparse: true });
const ChildOf = relation("ChildOf", { exclusive: true, onTargetDestroyed: "destroy" });
const Likes = relation("Likes");
const Mat = component("Mat", { m: ["f64", 4] });
const Ref = component("Ref", { to: "eid" });
const Owes = relation("Owes", { exclusive: true, data: { amount: "f32" } });
const Follows = relation("Follows", { fragmenting: false });
const RELATIONS: readonly Component[] = [ChildOf, Likes, Owes, Follows];
const COMPONENTS: readonly Component[] = [Position, Health, Name, Picked, Mat, Ref, ...RELATIONS];

/** How a variant ended. The last four are failures. */
export type Outcome = "refused" | "capacity" | "accepted" | "changed" | "trap" | "untyped" | "invariant";
export const FAILURES: readonly Outcome[] = ["changed", "trap", "untyped", "invariant"];

/** Every live entity with its components' values, as text (for "unchanged" checks). */
function stateText(world: World): string {
  return JSON.stringify(
    stateOf(
      world,
      COMPONENTS.filter((c) => !RELATIONS.includes(c)),
    ),
  );
}

/**
 * A populated world: several archetypes and sub-tables, free and recycled slots and
 * tables, cached edges, array and entity fields, relation data, a non-fragmenting
 * relation's pairs, change stamps, resources and a system that has run.
 */
export async function fuzzWorld(debug: boolean): Promise<World> {
  const world = await createWorld({ components: [...COMPONENTS], initialMemoryBytes: 1 << 20, debug });
  const es = world.spawnMany(40, Position.with({ x: 1 }), Health.with({ hp: 3 }));
  world.addMany(es.subarray(0, 10), Picked);
  for (let i = 0; i < 5; i++) world.add(es[i], Name, { label: `n${i}` });
  const parents = [world.spawn(Position), world.spawn(Health), world.spawn()];
  for (let i = 10; i < 25; i++) world.add(es[i], ChildOf.to(parents[i % 3]));
  for (let i = 20; i < 30; i++) world.add(es[i], Likes.to(parents[i % 2]));
  world.add(es[21], Likes.to(es[22]));
  world.remove(es[30], Health);
  world.add(es[30], Health);
  world.destroy(es[39]);
  world.destroy(parents[2]); // a target: its sub-tables are recycled, its children destroyed
  world.remove(es[26], Likes.to(parents[0]));
  world.query({ all: [Health], changed: [Health] }).count();
  for (let i = 0; i < 4; i++) world.add(es[i], Mat, { m: [i, i + 1, i + 2, i + 3] });
  for (let i = 4; i < 8; i++) world.add(es[i], Ref, { to: es[i + 30] });
  for (let i = 26; i < 30; i++) world.add(es[i], Owes.to(parents[i % 2]).with({ amount: i / 2 }));
  for (let i = 31; i < 39; i++) world.add(es[i], Follows.to(es[i % 5]));
  world.resources.set("time", { elapsed: 1.5, frames: [1, 2, 3] });
  world.system("heal", { write: [Health] }, (q) => {
    for (const t of q) t.write(Health).hp.fill(5);
  });
  world.step(1 / 60);
  return world;
}

/** Where things sit in a good snapshot (byte offsets into the snapshot). */
interface Layout {
  readonly mem: number;
  readonly core: number;
  readonly words: readonly [string, number, number][];
}

/** The regions a crafted edit aims at: [name, first byte, bytes] in the snapshot. */
function layoutOf(good: Uint8Array): Layout {
  const dv = new DataView(good.buffer, good.byteOffset, good.length);
  const mem = 32 + dv.getUint32(16, true);
  const core = mem + dv.getUint32(12, true);
  const h = (slot: number) => dv.getUint32(core + slot * 4, true);
  const at = (ptr: number) => mem + ptr;
  const word = (ptr: number) => dv.getUint32(mem + ptr, true);
  const regions: [string, number, number][] = [["header", core, H_SIZE * 4]];
  const tables = h(H_TABLES);
  const n = h(H_TABLE_COUNT);
  regions.push(["table records", at(tables), n * T_STRIDE * 4]);
  for (let t = 0; t < n; t++) {
    const rec = tables + t * T_STRIDE * 4;
    const cols = word(rec + T_COLS * 4);
    if (cols !== 0) regions.push(["columns", at(cols), word(rec + T_NCOLS * 4) * C_STRIDE * 4]);
    const np = word(rec + T_NPAIRS * 4);
    if (np > 0) regions.push(["pairs", at(word(rec + T_PAIRS * 4)), np * P_STRIDE * 4]);
    const rows = word(rec + T_COUNT * 4);
    if (rows > 0 && cols !== 0) regions.push(["entity column", at(word(cols)), rows * 4]);
  }
  const slots = h(H_SLOT_COUNT);
  regions.push(["slot records", at(h(H_RECORDS)), slots * 8]);
  regions.push(["components", at(h(H_COMPONENTS)), h(H_COMPONENT_COUNT) * K_STRIDE * 4]);
  if (h(H_TGT_CAP) > 0) regions.push(["target map", at(h(H_TGT_MAP)), h(H_TGT_CAP) * 16]);
  regions.push(["block headers", mem, h(H_HEAP_TOP)]); // aimed at block starts below
  regions.push(["anywhere", mem, h(H_HEAP_TOP)]);
  return { mem, core, words: regions };
}

/** A new value for a word that held `old`. */
function craftValue(old: number, next: (n: number) => number, borrowed: number): number {
  switch (next(9)) {
    case 0:
      return next(2 ** 32);
    case 1:
      return (old + 1) >>> 0;
    case 2:
      return (old - 1) >>> 0;
    case 3:
      return (old ^ (1 << next(32))) >>> 0;
    case 4:
      return 0;
    case 5:
      return 0xffffffff;
    case 6:
      return 2 ** 31 + next(4);
    case 7:
      return next(65);
    default:
      return borrowed;
  }
}

/** One damaged or crafted variant of `good`; `kind` names what was done. */
function mutate(good: Uint8Array, layout: Layout, next: (n: number) => number): { kind: string; bytes: Uint8Array } {
  const b = new Uint8Array(good);
  const dv = new DataView(b.buffer);
  const bits = b.length * 8;
  const flip = (bit: number) => {
    b[bit >>> 3] ^= 1 << (bit & 7);
  };
  const choice = next(20);
  if (choice === 0) {
    for (let k = 1 + next(8); k > 0; k--) flip(next(bits));
    return { kind: "bit flips", bytes: b };
  }
  if (choice === 1) {
    // Two or three distinct bits, anywhere or close together.
    const span = 1 + next(bits - 1);
    const base = next(bits - span + 1);
    const picked = new Set<number>();
    const n = 2 + next(2);
    while (picked.size < Math.min(n, span)) picked.add(base + next(span));
    if (picked.size < 2) picked.add((base + span) % bits);
    for (const bit of picked) flip(bit);
    return { kind: "2- or 3-bit error", bytes: b };
  }
  if (choice === 2) {
    // A burst: first and last bit flipped, any in between.
    const len = 1 + next(64);
    const start = next(bits - len);
    flip(start);
    if (len > 1) flip(start + len - 1);
    for (let i = 1; i < len - 1; i++) if (next(2) === 1) flip(start + i);
    return { kind: "burst", bytes: b };
  }
  if (choice === 3) return { kind: "truncated", bytes: b.subarray(0, next(b.length)) };
  if (choice === 4) {
    const out = new Uint8Array(b.length + 1 + next(64));
    out.set(b);
    for (let i = b.length; i < out.length; i++) out[i] = next(256);
    return { kind: "extended", bytes: out };
  }
  if (choice === 5) {
    dv.setUint32(4 * next(8), next(2 ** 32), true);
    return { kind: "header word", bytes: b };
  }
  if (choice === 6) {
    b[32 + next(layout.mem - 32)] = next(256);
    seal(b);
    return { kind: "JSON byte, resealed", bytes: b };
  }
  if (choice === 7) return { kind: "image length, resealed", bytes: resized(b, layout, next) };
  // Crafted image edits behind a recomputed CRC: one to three words.
  const edits = 1 + next(3);
  let kind = "";
  for (let k = 0; k < edits; k++) {
    // A kind of region first (each equally likely), then one region of that kind.
    const names = [...new Set(layout.words.map((w) => w[0]))];
    const name = names[next(names.length)];
    const ofKind = layout.words.filter((w) => w[0] === name);
    const [, from, size] = ofKind[next(ofKind.length)];
    let at = from + 4 * next(Math.max(1, size >>> 2));
    if (name === "block headers") at = blockHeaderWord(b, layout, next);
    if (at + 4 > b.length) continue;
    const borrowed = dv.getUint32(layout.mem + 4 * next((b.length - layout.mem) >>> 2), true);
    dv.setUint32(at, craftValue(dv.getUint32(at, true), next, borrowed), true);
    kind = name;
  }
  seal(b);
  return { kind: `image ${kind}, resealed`, bytes: b };
}

/** A word of a random block header of the image. */
function blockHeaderWord(b: Uint8Array, layout: Layout, next: (n: number) => number): number {
  const dv = new DataView(b.buffer);
  // An earlier edit may have made the heap top (or cut the image) past the bytes there are.
  const top = Math.min(layout.mem + dv.getUint32(layout.core + H_HEAP_TOP * 4, true), b.length);
  let p = layout.mem + 0;
  const starts: number[] = [];
  // The heap's first block sits after the static data: find block-shaped headers from the header block on.
  for (let q = layout.core + H_SIZE * 4; q + A_HEADER <= top && starts.length < 4096; q += 16) {
    const size = dv.getUint32(q, true);
    const kind = dv.getUint32(q + 4, true) & 0x7fffffff;
    if ((kind === 1 || kind === 2) && size > 0 && size % 16 === 0) starts.push(q);
  }
  if (starts.length > 0) p = starts[next(starts.length)];
  return p + 4 * next(4);
}

/** The memory part cut or lengthened, the header's length made to agree, resealed. */
function resized(b: Uint8Array, layout: Layout, next: (n: number) => number): Uint8Array {
  const memBytes = b.length - layout.mem;
  const newBytes = next(2) === 0 ? 16 * next(memBytes >>> 4) : memBytes + 16 * (1 + next(64));
  const out = new Uint8Array(layout.mem + newBytes);
  out.set(b.subarray(0, Math.min(b.length, out.length)));
  new DataView(out.buffer).setUint32(20, newBytes, true);
  const top = layout.core + H_HEAP_TOP * 4;
  if (next(2) === 0 && top + 4 <= out.length) new DataView(out.buffer).setUint32(top, newBytes, true);
  seal(out);
  return out;
}

/** What a fuzz run keeps between variants. */
export interface FuzzState {
  world: World;
  good: Uint8Array;
  layout: Layout;
  debug: boolean;
}

export async function fuzzState(debug: boolean): Promise<FuzzState> {
  const world = await fuzzWorld(debug);
  const good = world.snapshot();
  return { world, good, layout: layoutOf(good), debug };
}

/** Runs variant `i` of the run with `seed`: its outcome, what was done, and why it failed. */
export async function runVariant(
  s: FuzzState,
  seed: number,
  i: number,
): Promise<{ outcome: Outcome; kind: string; detail: string }> {
  const next = rng((seed * 1_000_003 + i) >>> 0);
  const { kind, bytes } = mutate(s.good, s.layout, next);
  const { world } = s;
  // Something to lose: a change made after the snapshot.
  world.spawn(Position);
  const before = stateText(world);
  const beforeBytes = world.snapshot();
  try {
    world.restore(bytes);
  } catch (error) {
    if (!(error instanceof SnapshotError || error instanceof CapacityError))
      return fail(s, classify(error), kind, error);
    const same = stateText(world) === before && equalBytes(world.snapshot(), beforeBytes);
    if (!same) return fail(s, "changed", kind, error);
    world.restore(s.good);
    return { outcome: error instanceof SnapshotError ? "refused" : "capacity", kind, detail: "" };
  }
  try {
    ordinaryCalls(world, s.debug);
    world.restore(s.good);
  } catch (error) {
    return fail(s, classify(error), kind, error);
  }
  return { outcome: "accepted", kind, detail: "" };
}

/** A failure: the world is replaced by a fresh one for the next variant. */
async function fail(s: FuzzState, outcome: Outcome, kind: string, error: unknown) {
  const fresh = await fuzzState(s.debug);
  Object.assign(s, fresh);
  const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return { outcome, kind, detail };
}

function classify(error: unknown): Outcome {
  if (error instanceof WorldPoisonedError || error instanceof WebAssembly.RuntimeError) return "trap";
  // Typed errors of the ordinary calls are answers (ordinaryCalls keeps them): one that
  // gets here is a broken invariant walk or the world's own snapshot refused.
  if (error instanceof EcsError) return "invariant";
  return "untyped";
}

function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}

/**
 * After an accepted restore: the invariant walks, then ordinary calls on what the world
 * holds now. Typed errors (EcsError other than a poisoned world) are answers; anything
 * else propagates.
 */
function ordinaryCalls(world: World, debug: boolean): void {
  const typed = (fn: () => void) => {
    try {
      fn();
    } catch (error) {
      if (!(error instanceof EcsError) || error instanceof WorldPoisonedError || error.code === "INTERNAL") throw error;
    }
  };
  checkInvariants(world); // the core's walk in a debug world, the facade's in any
  const all = world.query({}).entities();
  let sum = 0;
  for (const t of world.query({ all: [Position] })) for (let r = 0; r < t.count; r++) sum += t.columns(Position).x[r];
  world.query({ all: [ChildOf.to("*")] }).count();
  world.query({ all: [Health], changed: [Health] }).count();
  world.query({ all: [Follows.to("*")], optional: [Mat, Ref] }).count();
  const e = world.spawn(Position.with({ x: sum % 7 }), Health);
  typed(() => world.add(e, Name, { label: "new" }));
  typed(() => world.add(e, Picked));
  for (const x of Array.from(all.subarray(0, 6))) {
    typed(() => world.add(x, Health, { hp: 9 }));
    typed(() => world.get(x, Health));
    typed(() => world.remove(x, Position));
    typed(() => world.add(x, Likes.to(e)));
    typed(() => world.add(e, ChildOf.to(x)));
    typed(() => world.targets(x, ChildOf));
    typed(() => world.set(x, Health, { hp: 1 }));
    typed(() => world.get(x, Mat));
    typed(() => world.get(x, Ref));
    typed(() => world.targets(x, Follows));
    typed(() => world.add(x, Follows.to(e)));
    typed(() => world.add(x, Owes.to(e).with({ amount: 2 })));
  }
  for (const x of Array.from(all.subarray(6, 9))) typed(() => world.destroy(x));
  typed(() => world.addMany(world.query({ all: [Health] }), Picked));
  typed(() => world.destroy(e));
  world.step(1 / 60);
  world.restore(world.snapshot());
  if (debug) checkInvariants(world);
}
