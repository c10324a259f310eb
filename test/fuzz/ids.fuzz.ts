// `npm run fuzz`: entity ids never run out. FUZZ_ID_SPAWNS (default 2,400,000,000) lifetime
// spawns through spawnMany / destroyMany in batches of 2^20, then FUZZ_ID_CHURN (default
// 200,000,000) per-entity spawn / destroy pairs, each beside long-lived entities whose
// values must survive. Checked on the way: every id is a small integer below 2^30; a
// destroyed handle stays stale for as long as the reuse rule promises (its slot used 255
// more times, at least 255 * 4096 spawns); the world's memory stays flat.
import { describe, expect, it } from "vitest";
import { component, createWorld, type World } from "wasm-ecs";

const SPAWNS = Number(process.env.FUZZ_ID_SPAWNS ?? 2_400_000_000);
const CHURN = Number(process.env.FUZZ_ID_CHURN ?? 200_000_000);
const BATCH = 1 << 20;
/** REUSE_QUEUE: a freed slot is reused only while this many freed slots wait. */
const QUEUE = 4096;
/** Spawns after an entity's death during which its handle is sure to stay stale. */
const STALE_FOR = 255 * QUEUE;
const SMI = 2 ** 30;

const Pos = component("Pos", { x: "f32", y: "f32" });

/** Long-lived entities with known values, spawned before the churn. */
function keepers(world: World, n: number): Uint32Array {
  const es = world.spawnMany(n, Pos.with({ x: 0, y: 0 }));
  for (let i = 0; i < n; i++) world.set(es[i], Pos, { x: i, y: -i });
  return es;
}

function expectKept(world: World, es: Uint32Array): void {
  es.forEach((e, i) => {
    if (!world.isAlive(e)) throw new Error(`long-lived entity ${e} died`);
    const p = world.get(e, Pos);
    if (p.x !== i || p.y !== -i) throw new Error(`long-lived entity ${e} holds ${p.x}, ${p.y}`);
  });
}

/** A destroyed handle and the spawn count at its death. */
interface Dead {
  readonly e: number;
  readonly at: number;
}

describe("fuzz ids", () => {
  it(`${SPAWNS} lifetime spawns in batches of ${BATCH}: ids stay below 2^30, stale handles stay stale, memory stays flat`, async () => {
    const world = await createWorld({ components: [Pos] });
    const kept = keepers(world, 1000);
    const started = performance.now();
    let spawned = 0;
    let used = -1;
    const dead: Dead[] = [];
    for (let round = 0; spawned < SPAWNS; round++) {
      const n = Math.min(BATCH, SPAWNS - spawned);
      const ids = world.spawnMany(n);
      spawned += n;
      let max = 0;
      for (let i = 0; i < n; i++) if (ids[i] > max) max = ids[i];
      if (max >= SMI) throw new Error(`round ${round}: id ${max} is not below 2^30`);
      // While this batch is alive, every handle that died less than STALE_FOR spawns ago is stale.
      for (const d of dead) {
        if (spawned - d.at <= STALE_FOR && world.isAlive(d.e))
          throw new Error(`round ${round}: ${d.e}, destroyed ${spawned - d.at} spawns ago, is alive again`);
      }
      while (dead.length > 0 && spawned - dead[0].at > STALE_FOR) dead.shift();
      if (round % 16 === 0) dead.push({ e: ids[(round * 7919) % n], at: spawned });
      world.destroyMany(ids);
      if (world.entityCount !== kept.length) throw new Error(`round ${round}: ${world.entityCount} alive`);
      if (round === 8) used = world.stats().usedBytes;
      if (round > 8 && world.stats().usedBytes !== used)
        throw new Error(`round ${round}: usedBytes moved from ${used} to ${world.stats().usedBytes}`);
      if (round % 256 === 0) {
        const s = (performance.now() - started) / 1000;
        console.log(`ids: ${spawned.toLocaleString("en")} spawns in ${s.toFixed(0)} s`);
      }
    }
    expectKept(world, kept);
    expect(spawned).toBe(SPAWNS);
    expect(world.entityCount).toBe(kept.length);
  });

  it(`${CHURN} per-entity spawn / destroy pairs beside 1000 long-lived entities`, async () => {
    const world = await createWorld({ components: [Pos] });
    const kept = keepers(world, 1000);
    const started = performance.now();
    // Every id given out, by slot and generation, with the spawn that last gave it (0: never):
    // an id may come back only after STALE_FOR spawns. The churn uses about 5,100 slots.
    const SLOTS = 1 << 16;
    const issued = new Uint32Array(SLOTS * 256);
    let used = -1;
    for (let i = 1; i <= CHURN; i++) {
      const e = world.spawn(Pos);
      if (e >= SMI) throw new Error(`spawn ${i}: id ${e} is not below 2^30`);
      const slot = e & 0x3fffff;
      if (slot >= SLOTS) throw new Error(`spawn ${i}: slot ${slot}: the churn should reuse slots`);
      const at = slot * 256 + (e >>> 22);
      const before = issued[at];
      if (before !== 0 && i - before <= STALE_FOR)
        throw new Error(`spawn ${i}: id ${e} was given out again ${i - before} spawns after its last spawn`);
      issued[at] = i;
      world.destroy(e);
      if (i === 1 << 22) used = world.stats().usedBytes;
      if ((i & 0xfffff) === 0 && used >= 0 && world.stats().usedBytes !== used)
        throw new Error(`spawn ${i}: usedBytes moved from ${used} to ${world.stats().usedBytes}`);
      if (i % 20_000_000 === 0) {
        const s = (performance.now() - started) / 1000;
        console.log(`ids: ${i.toLocaleString("en")} per-entity spawns in ${s.toFixed(0)} s`);
      }
    }
    expectKept(world, kept);
    expect(world.entityCount).toBe(kept.length);
  });
});
