// Trap containment: a trap inside the core (injected half-way through a migration, a
// debug-core hook) poisons the world: every later call throws WorldPoisonedError, and the
// last snapshot, restored into a fresh world, gives back the state it was taken in.
import { describe, expect, it } from "vitest";
import { ArgumentError, component, createWorld, tag, type World, WorldPoisonedError } from "wasm-ecs";
import { checkInvariants, injectTrapAfterMoves } from "../support/internals.js";
import { stateOf } from "../support/state.js";

const Pos = component("Pos", { x: "f32", y: "f32" });
const Hp = component("Hp", { hp: "i32" });
const Label = component("Label", { name: "object" });
const Frozen = tag("Frozen");
const COMPONENTS = [Pos, Hp, Label, Frozen];

function dump(world: World): string {
  return JSON.stringify(stateOf(world, COMPONENTS));
}

/** The world's injection hook (internal: not part of the public API). */
function injectTrap(world: World, moves: number): void {
  injectTrapAfterMoves(world, moves);
}

describe("trap containment", () => {
  it("every call after a trap throws WorldPoisonedError; the last snapshot restores into a fresh world", async () => {
    for (let trial = 0; trial < 100; trial++) {
      const world = await createWorld({ components: COMPONENTS, debug: true });
      const es = [...world.spawnMany(60, Pos.with({ x: trial }), Hp.with({ hp: trial }))];
      for (let i = 0; i < 10; i++) world.add(es[i], Label, { name: `e${i}` });
      const saved = world.snapshot();
      const expected = dump(world);
      world.spawnMany(5, Pos);
      injectTrap(world, 1 + (trial % 7));
      let poisoned: unknown;
      try {
        for (let i = 10; i < 60; i++) {
          world.add(es[i], i % 2 === 0 ? Frozen : Label);
          world.remove(es[i - 10], Hp);
        }
      } catch (error) {
        poisoned = error;
      }
      expect(poisoned, `trial ${trial}`).toBeInstanceOf(WorldPoisonedError);
      expect((poisoned as Error).message).toMatch(
        /^The world refuses further calls: an internal error left it half-updated/,
      );
      const refuse = (what: string, fn: () => unknown) =>
        expect(fn, `${what} after the trap`).toThrow(WorldPoisonedError);
      refuse("spawn", () => world.spawn(Pos));
      refuse("get", () => world.get(es[0], Pos));
      refuse("query", () => world.query({ all: [Pos] }));
      refuse("snapshot", () => world.snapshot());
      refuse("restore", () => world.restore(saved));
      refuse("step", () => world.step());
      expect(world.isAlive(es[0])).toBe(false);
      const fresh = await createWorld({ snapshot: saved, components: COMPONENTS, debug: true });
      expect(dump(fresh)).toBe(expected);
      checkInvariants(fresh);
      fresh.add(es[20], Frozen);
      expect(fresh.has(es[20], Frozen)).toBe(true);
    }
  });

  it("the hook exists only in the debug core", async () => {
    const world = await createWorld({ components: COMPONENTS });
    expect(() => injectTrap(world, 1)).toThrow(ArgumentError);
  });
});
