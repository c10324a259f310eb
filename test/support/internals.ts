// The package's test hooks on a World (bindings/world/testing.ts), reached through the
// registered symbol they live under; they are not part of the public types.
import type { World } from "wasm-ecs";

interface TestingHooks {
  checkInvariants(): void;
  injectTrapAfterMoves(n: number): void;
}

const TESTING = Symbol.for("wasm-ecs.testing");

function hooks(world: World): TestingHooks {
  return (world as unknown as Record<symbol, TestingHooks>)[TESTING];
}

/** Walks the core's invariants (debug worlds) and the facade's (every world); throws on a broken one. */
export function checkInvariants(world: World): void {
  hooks(world).checkInvariants();
}

/** Debug worlds: the n-th single-entity migration from now traps in the core half-way. */
export function injectTrapAfterMoves(world: World, n: number): void {
  hooks(world).injectTrapAfterMoves(n);
}
