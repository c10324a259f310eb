// No write through a view the library handed out is lost while a loop holds it. While a
// query is iterated every structural change waits, and the facade makes no core call at
// all (a call could grow the memory, which detaches every view over it and silently
// drops later writes). A hostile loop body does everything the API allows, with worlds
// that reserve no memory up front and a switch that grows the memory before every core
// call (so any call inside the loop would detach the views at once); every write made
// through the views must be there after the loop.
import { describe, expect, it } from "vitest";
import { ArgumentError, component, createWorld, relation, tag, type World } from "wasm-ecs";
import { rng } from "../support/rng.js";

const Mark = component("Mark", { v: "f64" });
const Pos = component("Pos", { x: "f32", y: "f32" });
const Big = component("Big", { data: ["f64", 64] });
const Label = component("Label", { text: "object" });
const Hot = tag("Hot");
const Picked = tag("Picked", { sparse: true });
const Follows = relation("Follows", { exclusive: true, onTargetDestroyed: "remove" });
const ALL = [Mark, Pos, Big, Label, Hot, Picked, Follows];

/**
 * One random thing a loop body may do; entities it spawns join `alive`, those it removes
 * Pos from join `lostPos` (a set of their Pos is refused until the flush).
 */
function chaos(
  world: World,
  r: (n: number) => number,
  alive: number[],
  marked: readonly number[],
  lostPos: Set<number>,
): void {
  const e = alive[r(alive.length)];
  switch (r(14)) {
    case 0:
      alive.push(world.spawn(Pos.with({ x: r(100), y: r(100) }), Big, Label.with({ text: `s${alive.length}` })));
      break;
    case 1:
      for (const id of world.spawnMany(1 + r(3000), Big.with({ data: r(10) }), Hot)) alive.push(id);
      break;
    case 2:
      world.add(e, Big, { data: 3 });
      break;
    case 3:
      world.remove(e, Pos);
      lostPos.add(e);
      break;
    case 4:
      world.add(e, Picked);
      break;
    case 5:
      world.remove(e, Picked);
      break;
    case 6:
      world.add(e, Follows.to(alive[0]));
      break;
    case 7:
      world.addMany(alive.slice(0, 50), Hot);
      break;
    case 8:
      world.removeMany(world.query({ all: [Hot] }), Hot);
      break;
    case 9:
      world.addMany(world.query({ none: [Picked] }), Picked);
      break;
    case 10: {
      const m = marked[r(marked.length)];
      if (lostPos.has(m)) expect(() => world.set(m, Pos, { x: -1 })).toThrow(ArgumentError);
      else world.set(m, Pos, { x: -1 });
      break;
    }
    case 11:
      world.query({ all: [Pos], changed: [Pos] }).count();
      break;
    case 12:
      world.defer(() => world.spawn(Hot, Picked));
      break;
    default:
      world.has(e, Hot);
  }
}

async function trial(seed: number, growMemoryEachCall: boolean, sharedMemory: boolean): Promise<void> {
  const r = rng(seed);
  const world = await createWorld({ components: ALL, initialMemoryBytes: 0, growMemoryEachCall, sharedMemory });
  expect(world.stats().sharedMemory).toBe(sharedMemory);
  const marked = [...world.spawnMany(200 + r(800), Mark, Pos)];
  const alive = [...marked];
  const expected = new Map<number, number>();
  let writes = 0;
  const before = world.entityCount;
  const lostPos = new Set<number>();
  for (const t of world.query({ all: [Mark] })) {
    const v = t.columns(Mark).v;
    const es = t.entities;
    const n = t.count;
    const memory = world.stats().memoryBytes;
    for (let i = 0; i < n; i++) {
      if (r(10) < 3) chaos(world, r, alive, marked, lostPos);
      v[i] = seed * 1e6 + i;
      expected.set(es[i], v[i]);
      writes++;
      expect(v.length, "the view is still attached").toBe(n);
    }
    expect(world.stats().memoryBytes, "no growth while the loop holds views").toBe(memory);
  }
  expect(writes).toBeGreaterThan(0);
  expect(world.entityCount, "the loop body's spawns were applied").toBeGreaterThan(before);
  for (const [e, value] of expected) {
    // An entity destroyed by nothing here keeps its Mark; the loop's writes all landed.
    if (world.isAlive(e) && world.has(e, Mark)) expect(world.get(e, Mark).v).toBe(value);
  }
  expect([...expected.keys()].every((e) => world.isAlive(e))).toBe(true);
}

describe("views held by a loop", () => {
  it("keep every write while the loop body spawns, migrates, batches and tags (200 worlds growing from 0 bytes, half of them unshared)", async () => {
    for (let seed = 1; seed <= 200; seed++) await trial(seed, false, seed % 2 === 0);
  });

  it("keep every write with an unshared memory grown before every core call: the loop body makes none (50 worlds)", async () => {
    for (let seed = 1001; seed <= 1050; seed++) await trial(seed, true, false);
  });

  for (const sharedMemory of [true, false]) {
    it(`a system writing columns and spawning in a world that grows from 1 MiB to over 1 GiB: every write lands (${sharedMemory ? "shared" : "unshared"} memory)`, async () => {
      const world = await createWorld({ components: ALL, initialMemoryBytes: 1 << 20, sharedMemory });
      const movers = world.spawnMany(20_000, Pos);
      world.system("move-and-fire", { all: [Pos] }, (q) => {
        for (const t of q) {
          const p = t.write(Pos);
          for (let i = 0, n = p.x.length; i < n; i++) {
            p.x[i] += 1;
            p.y[i] = p.x[i] * 2;
            for (let k = 0; k < 25; k++) world.spawn(Big.with({ data: i }));
          }
        }
      });
      for (let step = 0; step < 5; step++) world.step();
      const stats = world.stats();
      expect(stats.memoryBytes).toBeGreaterThan(1 << 30);
      expect(world.query({ all: [Big] }).count()).toBe(5 * 20_000 * 25);
      for (const e of movers) expect(world.get(e, Pos)).toEqual({ x: 5, y: 10 });
      world.dispose();
    });
  }
});
