// Snapshot fuzzing shared by the test (test/reliability/snapshot-fuzz.test.ts) and
// `npm run fuzz`: damaged snapshots (flipped bytes, truncations, extensions, header
// fields, JSON edits behind a recomputed checksum) given to restore(). Each must be
// refused with SnapshotError leaving the world unchanged, or be accepted and give back
// exactly the state the snapshot was taken from. No other error, no trap. (Edits of the
// memory part behind a recomputed checksum are not tried: restore does not verify the
// core's structures, so a forged memory part is out of scope.)
import { type Component, component, createWorld, SnapshotError, tag, type World } from "wasm-ecs";
import { seal } from "../../bindings/snapshot/format.js";
import { rng as intRng } from "./rng.js";
import { stateOf } from "./state.js";

/** Floats in [0, 1) from the project's seeded PRNG. */
function rng(seed: number): () => number {
  const next = intRng(seed);
  return () => next(2 ** 32) / 2 ** 32;
}

const Position = component("Position", { x: "f32", y: "f32" });
const Health = component("Health", { hp: "i32" });
const Name = component("Name", { label: "object" });
const Picked = tag("Picked", { sparse: true });
const COMPONENTS: readonly Component[] = [Position, Health, Name, Picked];

/** Every live entity with its components' values, as text (for "unchanged" checks). */
export function stateText(world: World): string {
  return JSON.stringify(stateOf(world, COMPONENTS));
}

/** Rewrites the checksum of a snapshot-shaped buffer so that only deeper checks can catch it. */
function reseal(bytes: Uint8Array): Uint8Array {
  if (bytes.length < 32 || bytes.length % 4 !== 0) return bytes;
  const copy = new Uint8Array(bytes);
  seal(copy);
  return copy;
}

/** One damaged variant of `good`. */
function mutate(good: Uint8Array, r: () => number): Uint8Array {
  const kind = Math.floor(r() * 6);
  const b = new Uint8Array(good);
  const at = () => Math.floor(r() * b.length);
  switch (kind) {
    case 0: // flip 1..8 random bits
      for (let k = 1 + Math.floor(r() * 8); k > 0; k--) b[at()] ^= 1 << Math.floor(r() * 8);
      return b;
    case 1: // truncate
      return b.subarray(0, Math.floor(r() * b.length));
    case 2: {
      // extend with random bytes
      const out = new Uint8Array(b.length + 1 + Math.floor(r() * 64));
      out.set(b);
      for (let i = b.length; i < out.length; i++) out[i] = Math.floor(r() * 256);
      return out;
    }
    case 3: // a random header word
      new DataView(b.buffer).setUint32(4 * Math.floor(r() * 8), Math.floor(r() * 2 ** 32), true);
      return b;
    case 4: {
      // a JSON value replaced, behind a recomputed checksum: only the deeper checks remain
      const jsonBytes = new DataView(b.buffer).getUint32(16, true);
      const text = new TextDecoder().decode(b.subarray(32, 32 + jsonBytes));
      const swaps: [RegExp, string][] = [
        [/"ptr":\d+/, `"ptr":${Math.floor(r() * 2 ** 32)}`],
        [/"tables":\d+/, `"tables":${Math.floor(r() * 9)}`],
        [/\[\d+,(\d+),0,/, `[${Math.floor(r() * 9)},$1,0,`],
        [/"tracks":\d+/, `"tracks":${Math.floor(r() * 9)}`],
        [/"objects":\[/, '"objects":[[0,0,0,[]],'],
        [/"changeTick":\d+/, '"changeTick":-1'],
        [/"sparse":\[/, '"sparse":[{"id":1,"ptr":0,"words":1,"count":0},'],
      ];
      const [re, by] = swaps[Math.floor(r() * swaps.length)];
      const edited = new TextEncoder().encode(text.replace(re, by).padEnd(jsonBytes).slice(0, jsonBytes));
      if (edited.length !== jsonBytes) return b;
      b.set(edited, 32);
      return reseal(b);
    }
    default: {
      // a byte in the JSON part, resealed
      const jsonBytes = new DataView(b.buffer).getUint32(16, true);
      b[32 + Math.floor(r() * jsonBytes)] = Math.floor(r() * 256);
      return reseal(b);
    }
  }
}

/** A small populated world and its snapshot. */
export async function fuzzWorld(): Promise<{ world: World; good: Uint8Array; state: string }> {
  const world = await createWorld({ components: [...COMPONENTS], initialMemoryBytes: 1 << 20 });
  const es = world.spawnMany(40, Position.with({ x: 1 }), Health.with({ hp: 3 }));
  world.addMany(es.subarray(0, 10), Picked);
  for (let i = 0; i < 5; i++) world.add(es[i], Name, { label: `n${i}` });
  world.destroy(es[39]);
  world.query({ all: [Health], changed: [Health] }).count();
  return { world, good: world.snapshot(), state: stateText(world) };
}

export interface FuzzTally {
  refused: number;
  accepted: number;
}

/**
 * Restores `count` damaged variants of the world's snapshot. Throws on the first
 * outcome that breaks the rule (an error other than SnapshotError, a changed world
 * after a refusal, a different state after an acceptance).
 */
export async function fuzzSnapshots(count: number, seed: number): Promise<FuzzTally> {
  const { world, good, state } = await fuzzWorld();
  const r = rng(seed);
  const tally: FuzzTally = { refused: 0, accepted: 0 };
  for (let i = 0; i < count; i++) {
    // Something to lose: a change made after the snapshot.
    const extra = world.spawn(Position);
    const before = stateText(world);
    const bad = mutate(good, r);
    try {
      world.restore(bad);
    } catch (error) {
      if (!(error instanceof SnapshotError)) throw new Error(`variant ${i} (seed ${seed}): ${String(error)}`);
      if (stateText(world) !== before) throw new Error(`variant ${i} (seed ${seed}): refused, but the world changed`);
      tally.refused++;
      world.destroy(extra);
      continue;
    }
    // Accepted: either the bytes were not really changed (the exact state), or a resealed
    // edit gave another consistent state, which must then round-trip through a snapshot.
    const now = stateText(world);
    if (now !== state) {
      world.restore(world.snapshot());
      if (stateText(world) !== now) throw new Error(`variant ${i} (seed ${seed}): accepted, but does not round-trip`);
      world.restore(good);
    }
    tally.accepted++;
  }
  world.dispose();
  return tally;
}
